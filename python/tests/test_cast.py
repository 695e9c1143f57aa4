"""castlike.cast: the kernels agree with the reference on every pair; layouts, STRING, errors."""

import itertools

import ml_dtypes
import numpy as np
import pytest

import castlike

NUMERIC = [t.name for t in castlike.types() if t.name != "STRING"]


def sample(t, n=64, seed=0):
    """n patterns of type t: every pattern for types of <= 8 bits, else specials plus random bits."""
    rng = np.random.default_rng(seed)
    if t.bits <= 8:
        bits = np.arange(1 << t.bits, dtype=np.uint8)
        if t.name == "BOOL":
            bits = np.array([0, 1], dtype=np.uint8)
    else:
        bits = rng.integers(0, 1 << t.bits, size=n, dtype=np.uint64).astype(t.raw_dtype)
    return castlike._types.from_raw(castlike._types.raw_bytes(bits, t, layout="unpacked"), t, bits.shape)


def node_of(*names):
    """CastLike-25 where CastLike lists both types, else Cast at the first opset that lists both
    (the FLOAT6 types: Cast-28): one conversion table either way."""
    ts = [castlike.element_type(n) for n in names]
    if all(t.first_opset("CastLike") is not None for t in ts):
        return dict(operator="CastLike", opset=25)
    return dict(operator="Cast", opset=max(t.first_opset("Cast") for t in ts))


@pytest.mark.parametrize("src,dst", list(itertools.product(NUMERIC, NUMERIC)))
def test_cast_agrees_with_reference(src, dst):
    s = castlike.element_type(src)
    x = sample(s)
    node = node_of(src, dst)
    got = castlike.cast(x, dst, raw=True, unpack=True, **node)
    want = castlike.expected(x, dst, **node)
    exact = want.outcome == "exact"
    assert np.array_equal(got[exact], want.bits[exact])
    nan = want.outcome == "nan"
    if nan.any():
        assert np.isnan(castlike.cast(x, dst, **node).astype(np.float64)[nan]).all()


def test_dtypes_and_shape():
    x = np.linspace(-500, 500, 24, dtype=np.float32).reshape(2, 3, 4)
    y = castlike.cast(x, "FLOAT8E4M3FN")
    assert y.dtype == np.dtype(ml_dtypes.float8_e4m3fn) and y.shape == (2, 3, 4)
    assert castlike.cast(x, np.float16).dtype == np.float16
    assert castlike.cast(x, 17).dtype == y.dtype  # ONNX number
    assert castlike.cast(x, "INT4").dtype == np.dtype(ml_dtypes.int4)


def test_raw_layouts():
    x = np.array([1, -1, 7, -8, 3], dtype=np.float32)
    packed = castlike.cast(x, "INT4", raw=True)
    assert packed.dtype == np.uint8 and packed.tolist() == [0xF1, 0x87, 0x03]  # element 0 in the low nibble
    unpacked = castlike.cast(x, "INT4", raw=True, unpack=True)
    assert unpacked.tolist() == [0x1, 0xF, 0x7, 0x8, 0x3]
    bits = castlike.cast(np.float32([0.5]), "FLOAT8E4M3FN", raw=True)
    assert bits.dtype == np.uint8 and bits.tolist() == [0x30]
    # raw bits in, named by from_type
    assert castlike.cast(np.uint8([0x30]), "FLOAT", from_type="FLOAT8E4M3FN").tolist() == [0.5]
    assert castlike.cast(np.uint8([0xF]), "FLOAT", from_type="INT4").tolist() == [-1.0]


def test_saturate_and_round_mode():
    x = np.float32([1e6, -1e6, 3.0])
    assert castlike.cast(x, "FLOAT8E4M3FN").astype(np.float32).tolist() == [448, -448, 3]
    y = castlike.cast(x, "FLOAT8E4M3FN", saturate=False).astype(np.float32)
    assert np.isnan(y[:2]).all() and y[2] == 3
    e = castlike.cast(np.float32([3.0]), "FLOAT8E8M0", round_mode="down", raw=True)
    assert e.tolist() == [128]  # 2^1
    assert castlike.cast(np.float32([3.0]), "FLOAT8E8M0", round_mode="up", raw=True).tolist() == [129]


def test_strings_both_ways():
    x = np.float32([0.1, 65504, -0.0, np.inf, np.nan, 1e-7])
    assert castlike.cast(x, "STRING").tolist() == ["0.1", "65504.0", "-0.0", "inf", "nan", "1e-07"]
    t = np.array(["1.5", " 2 ", "-inf", "1e5", "abc"])
    y = castlike.cast(t, "FLOAT16")
    assert y[:3].tolist() == [1.5, 2.0, -np.inf] and y[3] == np.float16(np.inf) and np.isnan(y[4])
    assert castlike.cast(np.array([b"7"], dtype=object), "INT8").tolist() == [7]
    assert castlike.cast(np.array(["a", "b"]), "STRING").tolist() == ["a", "b"]
    assert castlike.cast(np.array([True, False]), "STRING").tolist() == ["True", "False"]


@pytest.mark.parametrize("kwargs,error,text", [
    (dict(to="FLOAT8E4M3FN", opset=14), castlike.UnknownOpset, "opset"),
    (dict(to="FLOAT8E4M3FN", opset=29), castlike.UnknownOpset, "to opset 28, the newest"),
    (dict(to="FLOAT8E4M3FN", opset=18), castlike.TypeNotInOpset, "FLOAT -> FLOAT8E4M3FN at opset 18"),
    (dict(to="FLOAT16", opset=15, saturate=1), castlike.AttributeNotInOpset, "opset 15"),
    (dict(to="FLOAT8E8M0", round_mode="sideways"), castlike.InvalidAttribute, "FLOAT8E8M0"),
    (dict(to="FLOAT8E4M3FN", saturate=2), castlike.InvalidAttribute, "saturate"),
])
def test_statuses_raise_named_exceptions(kwargs, error, text):
    with pytest.raises(error, match=text) as info:
        castlike.cast(np.float32([1.0]), **kwargs)
    assert isinstance(info.value, (castlike.CastlikeError, ValueError))


def test_opsets_after_25_run_castlike_25():
    assert castlike.NEWEST_OPSET == 28
    x = np.float32([1.1, 3.0])
    for opset in (26, 27, castlike.NEWEST_OPSET):
        assert castlike.cast(x, "FLOAT8E8M0", round_mode="down", opset=opset, raw=True).tolist() == [0x7F, 0x80]
        assert castlike.cast(np.int8([1, -2]), "INT2", opset=opset, raw=True, unpack=True).tolist() == [1, 2]


def test_cast_operator_has_its_own_versions():
    # Cast exists from opset 13 (Cast-13: no saturate), CastLike from 15; one conversion table.
    x = np.float32([1.0, 65520.0])
    assert castlike.cast(x, "FLOAT16", opset=13, operator="Cast", raw=True).tolist() == [0x3C00, 0x7C00]
    assert castlike.cast(x, "FLOAT16", opset=28, operator="Cast", raw=True).tolist() == [0x3C00, 0x7C00]
    with pytest.raises(castlike.UnknownOpset, match="CastLike FLOAT -> FLOAT16 at opset 13"):
        castlike.cast(x, "FLOAT16", opset=13)
    with pytest.raises(castlike.UnknownOpset, match="Cast FLOAT -> FLOAT16 at opset 12"):
        castlike.cast(x, "FLOAT16", opset=12, operator="Cast")
    with pytest.raises(castlike.AttributeNotInOpset, match="saturate needs opset >= 19"):
        castlike.cast(x, "FLOAT16", opset=13, operator="Cast", saturate=0)
    with pytest.raises(ValueError, match="operator must be 'Cast' or 'CastLike', not 'cast'"):
        castlike.cast(x, "FLOAT16", operator="cast")
    assert list(castlike.expected(x, "FLOAT16", opset=13, operator="Cast").rule) == ["FLOAT.RNE", "FLOAT.OVERFLOW"]
    with pytest.raises(ValueError, match="opset 13 has no CastLike"):
        castlike.expected(x, "FLOAT16", opset=13)
    assert "opset 13 (Cast-13)" in str(castlike.explain(x[0], "FLOAT16", opset=13, operator="Cast"))


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown element type 'FLOAT9'"):
        castlike.cast(np.float32([1]), "FLOAT9")
    with pytest.raises(TypeError, match="complex128 is not an ONNX element type|not an ONNX element type"):
        castlike.cast(np.array([1j]), "FLOAT")
    with pytest.raises(TypeError, match="from_type=FLOAT8E4M3FN"):
        castlike.cast(np.float32([1]), "FLOAT", from_type="FLOAT8E4M3FN")
    with pytest.raises(TypeError, match="saturate"):
        castlike.cast(np.float32([1]), "FLOAT8E4M3FN", saturate="yes")
    with pytest.raises(ValueError, match="not UTF-8"):
        castlike.cast(np.array([b"\xff"], dtype=object), "FLOAT")
    with pytest.raises(ValueError, match="no ONNX element type has the number 99"):
        castlike.cast(np.float32([1]), 99)


def test_empty_and_non_contiguous():
    assert castlike.cast(np.float32([]), "FLOAT8E5M2").size == 0
    x = np.arange(20, dtype=np.float32)[::3]
    assert castlike.cast(x, "INT8").tolist() == x.astype(np.int8).tolist()


def test_isa_levels():
    levels = castlike.isa_levels()
    assert "scalar" in levels and castlike.active_isa() in levels
    with pytest.raises(ValueError, match="unknown level"):
        castlike.force_isa("sse9")


@pytest.mark.parametrize("to,kwargs", [("FLOAT8E4M3FN", {}), ("FLOAT16", {}), ("INT4", {}), ("INT4", {"raw": True}),
                                       ("INT4", {"raw": True, "unpack": True}), ("BFLOAT16", {"raw": True})])
def test_out_argument(to, kwargs):
    x = np.float32([1, -1, 2.5, 1e6, 7])
    want = castlike.cast(x, to, **kwargs)
    out = np.empty_like(want)
    assert castlike.cast(x, to, out=out, **kwargs) is out
    assert out.tobytes() == want.tobytes()


def test_out_argument_is_checked():
    with pytest.raises(ValueError, match="returns dtype float16"):
        castlike.cast(np.float32([1]), "FLOAT16", out=np.empty(1, np.float32))
    with pytest.raises(TypeError, match="writable C-contiguous"):
        castlike.cast(np.float32([1, 2]), "FLOAT16", out=np.empty(4, np.float16)[::2])
