"""What a hostile (or merely careless) caller of the package gets: castlike's own clear errors, never
a binding's signature dump or a misleading sentence, and every option the command line has. Marked
`hostile` (scripts/tests/test-python -m hostile selects them)."""

import re
from pathlib import Path

import numpy as np
import pytest

import castlike

pytestmark = pytest.mark.hostile

SOURCE = Path(__file__).resolve().parents[2]
X = np.array([0.479, 1e6, -3.0, np.nan], dtype=np.float32)


@pytest.mark.parametrize("call", [
    lambda: castlike.cast(X, "FLOAT9"),
    lambda: castlike.cast(X, 99),
    lambda: castlike.cast(X, np.complex64),
    lambda: castlike.cast(X.view(np.uint32), "FLOAT16", from_type="FLOAT9"),
    lambda: castlike.expected(X, "float9"),
    lambda: castlike.explain(X[0], "FLOAT9"),
    lambda: castlike.element_type("FLOAT9"),
])
def test_unknown_type_is_castlike_unknown_type(call):
    with pytest.raises(castlike.UnknownType) as e:
        call()
    assert isinstance(e.value, ValueError)  # still what a caller catching ValueError expects
    assert re.search(r"one of .*FLOAT8E4M3FN|castlike's: 1, 2|is not an ONNX element type", str(e.value)), e.value


@pytest.mark.parametrize("opset", [10 ** 20, -(10 ** 20), 1 << 63, np.uint64(1 << 63)])
@pytest.mark.parametrize("function", [castlike.cast, castlike.expected, castlike.explain])
def test_opset_no_int64_holds_is_unknown_opset(function, opset):
    with pytest.raises(castlike.UnknownOpset) as e:
        function(X, "FLOAT16", opset=opset)
    text = str(e.value)
    assert "at opset %d" % int(opset) in text and "newest this library knows" in text, text
    assert "incompatible function arguments" not in text


def test_saturate_no_int64_holds_is_invalid_attribute():
    with pytest.raises(castlike.InvalidAttribute, match="saturate=100000000000000000000: invalid attribute value"):
        castlike.cast(X, "FLOAT8E4M3FN", saturate=10 ** 20)


@pytest.mark.parametrize("bits", [1 << 32, 1 << 70, -1])
def test_bit_pattern_beyond_the_type_is_invalid_argument(bits):
    with pytest.raises(castlike.InvalidArgument, match="bit pattern .* does not fit in FLOAT's 32 bits"):
        castlike.explain(bits=bits, from_type="FLOAT", to="FLOAT16")


def test_non_integer_opset_is_a_type_error():
    for function in (castlike.cast, castlike.expected, castlike.explain):
        with pytest.raises(TypeError, match="opset must be an int, not 25.0"):
            function(X, "FLOAT16", opset=25.0)


def test_big_endian_array_is_read_as_its_values():
    big = X.astype(">f4")
    assert big.tobytes() != X.tobytes()  # really the other byte order
    want = castlike.cast(X, "FLOAT8E4M3FN", raw=True)
    np.testing.assert_array_equal(castlike.cast(big, "FLOAT8E4M3FN", raw=True), want)
    np.testing.assert_array_equal(castlike.cast(X.astype(">f8"), "FLOAT16"), castlike.cast(X, "FLOAT16"))
    np.testing.assert_array_equal(castlike.expected(big, "FLOAT8E4M3FN").bits, castlike.expected(X, "FLOAT8E4M3FN").bits)
    assert castlike.explain(big[0], "FLOAT8E4M3FN").value == castlike.explain(X[0], "FLOAT8E4M3FN").value
    # raw bits of the other byte order, with from_type=
    bits = np.array([0x3f80, 0x7fc1, 0xff80], dtype=np.uint16)
    np.testing.assert_array_equal(castlike.cast(bits.astype(">u2"), "FLOAT", from_type="BFLOAT16"),
                                  castlike.cast(bits, "FLOAT", from_type="BFLOAT16"))


def every_other_wrong(x, to, *, saturate=None, round_mode=None, opset=25):
    """castlike.cast with the lowest bit of every even element flipped: one failing interval per
    even input."""
    out = castlike.cast(x, to, saturate=saturate, round_mode=round_mode, opset=opset, raw=True)
    out.reshape(-1)[::2] ^= 1
    return out


def test_exhaustive_max_intervals():
    config = "FLOAT16-FLOAT8E4M3FN-sat1"
    default = castlike.validate(every_other_wrong, exhaustive=config).configurations()[0]
    assert len(default["intervals"]) == 1000  # the command line's default
    kept = castlike.validate(every_other_wrong, exhaustive=config, max_intervals=3).configurations()[0]
    assert len(kept["intervals"]) == 3 and kept["fail"] == default["fail"] == 1 << 15
    for bad in (0, -1, 1 << 64):
        with pytest.raises(ValueError, match="max_intervals must be from 1"):
            castlike.validate(every_other_wrong, exhaustive=config, max_intervals=bad)


def named_by_nothing(x, to, **kwargs):
    return castlike.cast(x, to, **kwargs)


def implementation_line(text):
    """The report's implementation line, its continuation lines (wrapped to 80 columns) joined."""
    lines = text.splitlines()
    [first] = [i for i, line in enumerate(lines) if line.startswith("implementation:")]
    words = [lines[first]]
    for line in lines[first + 1:]:
        if not line.startswith("  "):
            break
        words.append(line.strip())
    return " ".join(words)


def test_text_report_names_the_implementation():
    report = castlike.validate(named_by_nothing, pairs=["FLOAT-FLOAT16"])
    line = implementation_line(report.text())
    assert line == "implementation: the Python callable %s.named_by_nothing (castlike.validate)" % __name__, line
    named = castlike.validate(named_by_nothing, pairs=["FLOAT-FLOAT16"], description="mine, 1.0")
    assert implementation_line(named.text()) == "implementation: mine, 1.0"


def test_documented_bits_are_what_python_prints():
    """docs/python.md states e.bits as print shows it (decimal numbers, not hex)."""
    doc = (SOURCE / "docs" / "python.md").read_text()
    found = re.search(r"^print\(e\.bits\) +# prints (.*)$", doc, re.M)
    assert found, "docs/python.md has no `print(e.bits)  # prints ...` line"
    e = castlike.expected(X, "FLOAT8E4M3FN", saturate=0)
    assert found.group(1).split() == str(e.bits).split()


def test_onnxruntime_backend_run_is_quiet(capfd):
    """onnxruntime warns on stderr about CastLike models castlike builds ("Could not find a CPU kernel
    and hence can't constant fold CastLike node": its optimizer's note on an initializer input of a
    float8 or 4-bit type); through castlike.onnx_backend a run prints none of that, and the severity
    kept is ERROR, so that its errors still show."""
    onnxruntime_backend = pytest.importorskip("onnxruntime.backend")
    from castlike import onnx_backend
    impl = onnx_backend.implementation(onnxruntime_backend)
    capfd.readouterr()
    report = castlike.validate(impl, pairs=["FLOAT8E4M3FN-FLOAT", "INT4-FLOAT", "FLOAT-STRING"])
    assert report.total["pass"] > 0
    assert capfd.readouterr().err == ""
    assert impl.prepare_kwargs["log_severity_level"] == onnx_backend.ONNXRUNTIME_ERRORS
    # The caller's own choice is kept.
    loud = onnx_backend.implementation(onnxruntime_backend, log_severity_level=0)
    assert loud.prepare_kwargs["log_severity_level"] == 0
