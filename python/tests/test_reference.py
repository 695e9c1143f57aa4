"""castlike.expected and castlike.explain: the reference's bits, outcome classes, rules, texts."""

import numpy as np
import pytest

import castlike


def test_expected_per_element():
    e = castlike.expected(np.float32([0.479, 1e6, np.nan]), "FLOAT8E4M3FN", saturate=0)
    assert e.bits.tolist() == [0x2F, 0x7F, 0x7F]
    assert e.outcome.tolist() == ["exact", "nan", "nan"]
    assert e.rule.tolist() == ["F8.RNE", "F8.NOSAT.OVERFLOW", "F8.NAN"]
    assert e[0] == castlike.ExpectedElement(0x2F, "exact", "F8.RNE")
    assert len(e) == 3


def test_expected_texts_of_numbers_are_judged_by_value():
    # numpy's str for FLOAT16 (scientific from 1e3 up); a number's text has outcome round-trip (any
    # text that reads back to the same element passes), an integer's and a bool's too.
    e = castlike.expected(np.float16([65504, 0.1, np.nan]), "STRING")
    assert e.values.tolist() == ["6.55e+04", "0.1", "nan"]
    assert e.outcome.tolist() == ["round-trip", "round-trip", "round-trip"]
    assert castlike.expected(np.int8([-128]), "STRING").outcome.tolist() == ["round-trip"]
    assert castlike.expected(np.array([True]), "STRING").values.tolist() == ["True"]
    # A type numpy lacks prints its value as float32 does: 448, not a shorter 450.
    assert castlike.expected(np.uint8([0x7E]), "STRING", from_type="FLOAT8E4M3FN").values.tolist() == ["448.0"]


def test_expected_rules_are_the_reference_rules():
    ids = {name for name, _ in castlike.rules()}
    e = castlike.expected(np.arange(-8, 8, dtype=np.int8), "UINT2")
    assert set(e.rule.tolist()) <= ids


def test_expected_strings_and_profiles():
    e = castlike.expected(np.array(["1e-50", "x"]), "FLOAT8E8M0")
    assert e.outcome.tolist()[1] == "unspecified"
    x = np.uint8([0x00])
    # E8M0 0x00 is 2^-127: the default profile reads it as the spec examples print it (0), the exact
    # profile as its definition (docs/semantics.md)
    assert castlike.expected(x, "FLOAT", from_type="FLOAT8E8M0").values[0] == 0
    assert castlike.expected(x, "FLOAT", from_type="FLOAT8E8M0", profile="exact").values[0] == np.float32(2.0 ** -127)
    with pytest.raises(ValueError, match="unknown profile"):
        castlike.expected(x, "FLOAT", from_type="FLOAT8E8M0", profile="nonsense")
    with pytest.raises(ValueError):
        castlike.expected(x, "FLOAT", from_type="FLOAT8E8M0", variants="A99=zz")


def test_explain_text_and_fields():
    e = castlike.explain(np.float32(0.479), "FLOAT8E4M3FN")
    assert e.value == 0x2F and e.outcome == "exact" and e.rule == "F8.RNE"
    assert e.input_exact == "0.4790000021457672119140625" and e.output_exact == "0.46875"
    lines = e.text.splitlines()
    assert lines[0] == "FLOAT -> FLOAT8E4M3FN  opset 25 (CastLike-25), saturate=1 (default), round_mode=up (default)"
    assert lines[1] == "input     0x3ef53f7d (bit pattern)"
    assert "below     0x2f  0.46875" in lines and "above     0x30  0.5" in lines
    assert str(e) == e.text


def test_explain_bits_arrays_and_errors():
    e = castlike.explain(bits=0x7F, from_type="FLOAT8E4M3FN", to="FLOAT")
    assert e.outcome == "nan"
    many = castlike.explain(np.float32([1, 2]), "INT4")
    assert [m.value for m in many] == [1, 2]
    assert castlike.explain("2.5", "INT8", from_type="STRING").value == 2
    with pytest.raises(ValueError, match="does not fit"):
        castlike.explain(bits=0x1FF, from_type="FLOAT8E4M3FN", to="FLOAT")
    with pytest.raises(ValueError, match="at opset 19"):
        castlike.explain(np.float32(1), "FLOAT8E8M0", opset=19)
    with pytest.raises(TypeError, match="from_type"):
        castlike.explain(bits=1, to="FLOAT")
