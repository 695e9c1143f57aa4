"""castlike.types() and castlike.type_table(): the type table as the C++ publishes it, checked against
what ml_dtypes and numpy say of each type (an independent source), so that a fact the published
document states wrongly, or a row it drops, fails here."""

from fractions import Fraction

import numpy as np
import pytest

import castlike

ml_dtypes = pytest.importorskip("ml_dtypes")


def exact(text: str) -> Fraction:
    return Fraction(text)


def test_the_document_and_the_rows_agree() -> None:
    table = castlike.type_table()
    assert table["format"] == "castlike-types" and table["format_version"] == 1
    assert [t["name"] for t in table["types"]] == [t.name for t in castlike.types()]
    assert table["type_count"] == len(castlike.types()) and table["pairs"] == table["type_count"] ** 2
    for operator, versions in table["operators"].items():
        for v in versions:
            listed = [t for t in castlike.types() if any(o.version == v["version"] for o in t.operator_versions(operator))]
            assert v["types"] == len(listed) and v["pairs"] == len(listed) ** 2, (operator, v)
    table["types"].clear()  # a copy: the package's own table is untouched
    assert castlike.type_table()["types"]


@pytest.mark.parametrize("t", [t for t in castlike.types() if t.float_format and t.dtype is not None],
                         ids=lambda t: t.name)
def test_float_facts_match_ml_dtypes(t: castlike.ElementType) -> None:
    f = t.float_format
    assert f is not None and t.dtype is not None
    info = ml_dtypes.finfo(t.dtype) if t.name != "FLOAT" and t.name != "DOUBLE" and t.name != "FLOAT16" \
        else np.finfo(t.dtype)
    assert exact(f.max_value) == Fraction(float(info.max)), t.name
    assert int(f.max_bits, 16) == int(np.array(info.max, dtype=t.dtype).view(t.raw_dtype)), t.name
    assert f.mantissa_bits == info.nmant, t.name
    if f.smallest_subnormal_value is not None:
        assert exact(f.smallest_subnormal_value) == Fraction(float(info.smallest_subnormal)), t.name
    assert f.has_infinity == bool(np.isinf(np.array(np.inf).astype(t.dtype))), t.name
    assert f.has_nan == bool(np.isnan(np.array(np.nan).astype(t.dtype))), t.name


def test_attributes_a_destination_reads() -> None:
    e8m0 = castlike.element_type("FLOAT8E8M0").operator_versions("CastLike")
    assert [(v.version, v.destination_reads) for v in e8m0] == [(24, ("saturate", "round_mode")),
                                                                (25, ("saturate", "round_mode"))]
    fn = castlike.element_type("FLOAT8E4M3FN").operator_versions("Cast")
    assert fn[0].version == 19 and all(v.destination_reads == ("saturate",) for v in fn)
    assert all(not v.destination_reads for t in castlike.types() if t.kind != "float"
               for op in ("Cast", "CastLike") for v in t.operator_versions(op))
    # Consecutive versions tile the opsets: each starts where the previous one ended.
    for op in ("Cast", "CastLike"):
        versions = castlike.element_type("FLOAT").operator_versions(op)
        assert all(a.opsets[1] + 1 == b.opsets[0] for a, b in zip(versions, versions[1:]))
        assert versions[-1].opsets[1] == castlike.NEWEST_OPSET


def test_packing_follows_the_width() -> None:
    for t in castlike.types():
        if t.packing is None:
            assert t.name == "STRING"
            continue
        elements, nbytes = t.packing
        assert elements * t.bits == nbytes * 8 and t.packed == (t.bits < 8), t.name
