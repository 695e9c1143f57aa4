"""FLOAT6E2M3 and FLOAT6E3M2, the two types only Cast-28 lists: their facts, ml_dtypes' dtypes, the
6-bit packing checked against onnx's own packer, conversions through Cast-28 (kernels, reference,
ml_dtypes), the NaN readings of A2, and the errors of a CastLike request for them."""

import math

import numpy as np
import pytest

import castlike
from castlike import _core
from castlike._types import from_raw, raw_bytes

ml_dtypes = pytest.importorskip("ml_dtypes")

FLOAT6 = {"FLOAT6E2M3": (27, "float6_e2m3fn", 7.5), "FLOAT6E3M2": (28, "float6_e3m2fn", 28.0)}
PACKED = [t.name for t in castlike.types() if t.packed]
CAST28 = dict(operator="Cast", opset=28)


# ---- facts ------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(FLOAT6))
def test_types_know_float6(name):
    onnx_number, numpy_name, _ = FLOAT6[name]
    t = castlike.element_type(name)
    assert t in castlike.types()
    assert (t.onnx, t.numpy_name, t.bits, t.kind, t.packed) == (onnx_number, numpy_name, 6, "float", True)
    assert t.first_opset("Cast") == 28 and t.first_opset("CastLike") is None
    assert t.dtype == np.dtype(getattr(ml_dtypes, numpy_name)) and t.raw_dtype == np.uint8
    assert castlike.element_type(onnx_number) is t
    assert castlike.element_type(getattr(ml_dtypes, numpy_name)) is t
    assert castlike.element_type(name.lower()) is t
    hash(t)  # ElementType stays usable as a key


def test_every_other_type_keeps_its_first_opsets():
    for t in castlike.types():
        if t.name in FLOAT6:
            continue
        assert t.first_opset("CastLike") == max(t.since, 15)
        assert t.first_opset("Cast") == t.since


def test_packed_types_are_every_type_narrower_than_a_byte():
    assert sorted(PACKED) == sorted(["INT4", "UINT4", "FLOAT4E2M1", "INT2", "UINT2", "FLOAT6E2M3", "FLOAT6E3M2"])
    assert all(0 < castlike.element_type(n).bits < 8 for n in PACKED)


# ---- packing against onnx.numpy_helper ---------------------------------------------------------

def onnx_packers():
    numpy_helper = pytest.importorskip("onnx.numpy_helper")
    return numpy_helper


@pytest.mark.parametrize("name", ["FLOAT6E2M3", "FLOAT6E3M2"])
@pytest.mark.parametrize("count", range(10))
def test_6bit_packing_matches_onnx(name, count):
    numpy_helper = onnx_packers()
    rng = np.random.default_rng(count)
    values = rng.integers(0, 64, size=count, dtype=np.uint8)
    values[:min(count, 2)] = [0x3F, 0x15][:min(count, 2)]  # all ones, then alternating bits
    theirs = numpy_helper._pack_6bit(values)
    assert theirs.size == math.ceil(count * 6 / 8)
    ours = raw_bytes(values, name, layout="unpacked")
    assert ours.tobytes() == theirs.tobytes()
    # onnx's packed bytes back to one element per byte, with our unpacker and with theirs
    back = from_raw(theirs, name, (count,), as_raw=True)
    assert back.tolist() == values.tolist()
    assert numpy_helper._unpack_6bit(ours, (count,)).tolist() == values.tolist()
    # and through the type's dtype: the same codes as ml_dtypes' one byte per element
    typed = from_raw(theirs, name, (count,))
    assert typed.dtype == castlike.element_type(name).dtype
    assert typed.view(np.uint8).tolist() == values.tolist()


@pytest.mark.parametrize("name", PACKED)
def test_every_packed_type_packs_as_onnx_does(name):
    numpy_helper = onnx_packers()
    t = castlike.element_type(name)
    pack = {2: numpy_helper._pack_2bitx4, 4: numpy_helper._pack_4bitx2, 6: numpy_helper._pack_6bit}[t.bits]
    for count in range(10):
        values = np.random.default_rng(100 + count).integers(0, 1 << t.bits, size=count, dtype=np.uint8)
        assert raw_bytes(values, t, layout="unpacked").tobytes() == pack(values.copy()).tobytes(), (name, count)
        assert castlike._types.storage_bytes(t, count) == _core.storage_bytes(name, count)


def test_6bit_element_straddles_bytes():
    # Elements 0..3 = 0x01, 0x3F, 0x00, 0x2A: one little-endian bit string, element 1 in bits 6..11.
    packed = raw_bytes(np.uint8([0x01, 0x3F, 0x00, 0x2A]), "FLOAT6E2M3", layout="unpacked")
    assert packed.tolist() == [0xC1, 0x0F, 0xA8]


def test_pack_refuses_other_types_and_wrong_sizes():
    with pytest.raises(ValueError, match=r"FLOAT is not a packed type \(the types narrower than a byte: .*FLOAT6E2M3"):
        _core.pack("FLOAT", np.zeros(4, np.uint8), np.zeros(16, np.uint8))
    with pytest.raises(ValueError, match="UINT8 is not a packed type"):
        _core.unpack("UINT8", np.zeros(1, np.uint8), np.zeros(1, np.uint8))
    with pytest.raises(ValueError, match="packed buffer of 2 bytes; 3 elements of FLOAT6E3M2 take 3"):
        _core.pack("FLOAT6E3M2", np.zeros(3, np.uint8), np.zeros(2, np.uint8))
    with pytest.raises(ValueError, match="packed buffer of 1 bytes is too small: 2 elements of FLOAT6E2M3 take 2"):
        _core.unpack("FLOAT6E2M3", np.zeros(1, np.uint8), np.zeros(2, np.uint8))


# ---- conversions at Cast-28 ----------------------------------------------------------------------

def test_cast_from_float_known_values():
    x = np.float32([7.75, 100, np.inf, -np.inf, -0.0, 0.0625, 0.1875, np.nan, -np.nan])
    e2m3 = castlike.cast(x, "FLOAT6E2M3", raw=True, unpack=True, **CAST28)
    # 7.75 and beyond saturate to 7.5 (0x1f); the tie 0.0625 goes to even 0; 0.1875 to 0.25 (0x02)
    assert e2m3.tolist() == [0x1F, 0x1F, 0x1F, 0x3F, 0x20, 0x00, 0x02, 0x00, 0x00]
    e3m2 = castlike.cast(x, "FLOAT6E3M2", raw=True, unpack=True, **CAST28)
    # 7.75 rounds to 8 (0x18); 100 and inf saturate to 28 (0x1f)
    assert e3m2.tolist()[:5] == [0x18, 0x1F, 0x1F, 0x3F, 0x20] and e3m2.tolist()[7:] == [0x00, 0x00]
    want = castlike.expected(x, "FLOAT6E2M3", **CAST28)
    assert list(want.rule) == ["F6.SAT", "F6.SAT", "F6.INF", "F6.INF", "F6.RNE", "F6.RNE", "F6.RNE",
                               "F6.NAN.ZERO", "F6.NAN.ZERO"]
    assert want.bits.tolist() == e2m3.tolist()


@pytest.mark.parametrize("name", sorted(FLOAT6))
def test_nan_readings(name):
    x = np.float32([np.nan, -np.nan])
    top = castlike.element_type(name).dtype.type(FLOAT6[name][2]).view(np.uint8)
    got = {v: castlike.expected(x, name, variants=v, **CAST28) for v in ("A2=zero", "A2=six", "A2=negzero")}
    assert got["A2=zero"].bits.tolist() == [0x00, 0x00] and set(got["A2=zero"].rule) == {"F6.NAN.ZERO"}
    assert got["A2=six"].bits.tolist() == [int(top), int(top)] and set(got["A2=six"].rule) == {"F6.NAN.MAX"}
    assert got["A2=negzero"].bits.tolist() == [0x20, 0x00] and set(got["A2=negzero"].rule) == {"F6.NAN.NEGZERO"}
    # A2=negzero is ml_dtypes' reading, sign for sign
    assert x.astype(castlike.element_type(name).dtype).view(np.uint8).tolist() == [0x20, 0x00]


@pytest.mark.parametrize("name", sorted(FLOAT6))
def test_every_float6_pattern_decodes_as_ml_dtypes_does(name):
    t = castlike.element_type(name)
    x = np.arange(64, dtype=np.uint8).view(t.dtype)
    got = castlike.cast(x, "FLOAT", **CAST28)
    assert got.tolist() == x.astype(np.float32).tolist()
    assert castlike.cast(x, name, raw=True, unpack=True, **CAST28).tolist() == list(range(64))  # identity


@pytest.mark.parametrize("name", sorted(FLOAT6))
def test_kernels_agree_with_ml_dtypes_on_float32(name):
    # Every float32 whose exponent reaches the type's range and a little beyond, in steps that hit
    # every rounding boundary of the 6-bit grid, plus random patterns: ml_dtypes rounds to nearest
    # even and saturates as the reference does (they part only on NaN, A2).
    t = castlike.element_type(name)
    lo, hi = np.float32(2.0 ** -12).view(np.uint32), np.float32(64.0).view(np.uint32)
    grid = np.arange(lo, hi, 1 << 15, dtype=np.uint32)
    rand = np.random.default_rng(6).integers(0, 1 << 32, size=20000, dtype=np.uint64).astype(np.uint32)
    x = np.concatenate([grid, grid | 0x80000000, rand]).view(np.float32)
    x = x[~np.isnan(x)]
    ours = castlike.cast(x, name, raw=True, unpack=True, **CAST28)
    with np.errstate(all="ignore"):
        theirs = x.astype(t.dtype).view(np.uint8)
    assert np.array_equal(ours, theirs), x[ours != theirs][:5]
    assert np.array_equal(ours, castlike.expected(x, name, **CAST28).bits)


def test_packed_result_and_out_argument():
    x = np.float32([1, -1, 7.5, 0.125, 3])
    packed = castlike.cast(x, "FLOAT6E2M3", raw=True, **CAST28)
    assert packed.dtype == np.uint8 and packed.size == 4  # ceil(5 * 6 / 8)
    unpacked = castlike.cast(x, "FLOAT6E2M3", raw=True, unpack=True, **CAST28)
    assert raw_bytes(unpacked, "FLOAT6E2M3", layout="unpacked").tolist() == packed.tolist()
    for kwargs in ({}, {"raw": True}, {"raw": True, "unpack": True}):
        want = castlike.cast(x, "FLOAT6E2M3", **kwargs, **CAST28)
        out = np.empty_like(want)
        assert castlike.cast(x, "FLOAT6E2M3", out=out, **kwargs, **CAST28) is out
        assert out.tobytes() == want.tobytes()
    # FLOAT6 to FLOAT6 through Cast-28: E2M3 7.5 becomes E3M2 8 (0x18), rounded to even
    assert castlike.cast(np.float32([7.5]).astype(ml_dtypes.float6_e2m3fn), "FLOAT6E3M2", raw=True,
                         unpack=True, **CAST28).tolist() == [0x18]


def test_explain_float6():
    e = castlike.explain(np.float32(7.75), "FLOAT6E2M3", **CAST28)
    assert e.value == 0x1F and e.rule == "F6.SAT" and e.output_exact == "7.5"
    assert "Cast-28" in e.attributes
    n = castlike.explain(bits=0x7FC00000, from_type="FLOAT", to="FLOAT6E3M2", variants="A2=six", **CAST28)
    assert n.value == 0x1F and n.rule == "F6.NAN.MAX"


# ---- errors: CastLike has no version with FLOAT6 ----------------------------------------------------

@pytest.mark.parametrize("opset", [25, 28])
def test_castlike_requests_are_refused_naming_cast_28(opset):
    x = np.float32([1.0])
    message = r"CastLike FLOAT -> FLOAT6E2M3 at opset %d: no CastLike version lists FLOAT6E2M3; " \
              r"Cast-28 does \(operator='Cast', opset=28\)" % opset
    with pytest.raises(castlike.TypeNotInOpset, match=message):
        castlike.cast(x, "FLOAT6E2M3", opset=opset)
    with pytest.raises(castlike.TypeNotInOpset, match=message):
        castlike.expected(x, "FLOAT6E2M3", opset=opset)
    with pytest.raises(castlike.TypeNotInOpset, match=message):
        castlike.explain(x[0], "FLOAT6E2M3", opset=opset)
    src = np.float32([1.0]).astype(ml_dtypes.float6_e3m2fn)
    with pytest.raises(castlike.TypeNotInOpset, match="no CastLike version lists FLOAT6E3M2; Cast-28 does"):
        castlike.cast(src, "FLOAT", opset=opset)


def test_cast_before_28_is_refused_naming_cast_28():
    with pytest.raises(castlike.TypeNotInOpset,
                       match=r"Cast FLOAT -> FLOAT6E3M2 at opset 25: FLOAT6E3M2 is listed from Cast-28 on"):
        castlike.cast(np.float32([1.0]), "FLOAT6E3M2", operator="Cast", opset=25)
    with pytest.raises(castlike.TypeNotInOpset, match="listed from Cast-28 on"):
        castlike.expected(np.float32([1.0]), "FLOAT6E3M2", operator="Cast", opset=27)
    # opsets the operator does not know keep their own error
    with pytest.raises(castlike.UnknownOpset):
        castlike.cast(np.float32([1.0]), "FLOAT6E3M2", operator="Cast", opset=29)


def test_exhaustive_configurations_cover_every_pair_of_the_type_table():
    # The ids are the C++ enumeration's: every source to every numeric destination, the types only
    # Cast-28 lists among them (derived from the table, no type named here), so the count is the
    # one `castlike types --format json` publishes plus the structured sets of the wide sources.
    ids = castlike.exhaustive_configurations()
    assert len(ids) == len(set(ids))
    pairs = {tuple(i.split("-")[:2]) for i in ids}
    numeric = [t.name for t in castlike.types() if t.kind != "string"]
    assert pairs == {(a.name, b) for a in castlike.types() for b in numeric}
    every_input = [i for i in ids if 0 < castlike.element_type(i.split("-")[0]).bits <= 32]
    assert len(every_input) == castlike.type_table()["exhaustive_configurations"]
    cast_only = [t.name for t in castlike.types() if t.first_opset("CastLike") is None]
    assert cast_only and all(any(i.split("-")[1] == name for i in ids) for name in cast_only)


def test_exhaustive_judges_a_cast_only_configuration_as_cast_28():
    # A configuration with a type no CastLike version lists is called as Cast-28 (operator="Cast"),
    # as the command line calls it; a callable without operator= rejects it with the reason.
    cast_only = [t for t in castlike.types() if t.first_opset("CastLike") is None]
    source = min((t for t in castlike.types() if t.kind == "float" and t.bits <= 16), key=lambda t: t.bits)
    config = "%s-%s" % (source.name, cast_only[0].name)
    assert config in castlike.exhaustive_configurations()
    seen = []

    def spy(x, to, **kw):
        seen.append((kw.get("operator"), kw.get("opset")))
        return castlike.cast(x, to, **kw)

    r = castlike.validate(spy, exhaustive=config)
    assert r.ok, r.text()
    assert set(seen) == {("Cast", 28)}
    (c,) = r.configurations()
    assert c["inputs"] == 1 << source.bits and c["fail"] == 0

    def no_operator(x, to, saturate=None, round_mode=None, opset=25, from_type=None):
        return castlike.cast(x, to, saturate=saturate, round_mode=round_mode, opset=opset, from_type=from_type)

    # Rejected on every input: the configuration is not covered (reported with the reason, not a
    # failure: coverage-aware verdicts).
    r = castlike.validate(no_operator, exhaustive=config)
    assert "not covered" in r.text() and "no operator= argument" in r.text()

