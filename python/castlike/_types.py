"""The element types as Python sees them, derived from the compiled type table (_core.type_table(): the
document `castlike types --format json` prints): ONNX name and number, storage width, float format,
operator versions, and the numpy dtype of each (numpy's own, or ml_dtypes' for
bfloat16, the float8 / float6 / float4 types and the 4- and 2-bit integers when ml_dtypes is
installed).

Raw layout (when ml_dtypes is not installed, or on request): the 8- and 16-bit types numpy lacks are
unsigned integer arrays of their bit patterns (uint8 / uint16); the packed types (those narrower
than a byte: 6-, 4- and 2-bit) are either one element per byte in the low bits (as ml_dtypes stores
them; "unpacked") or ONNX's packed layout ("packed"): one little-endian bit string, element i at bits
[i*bits, (i+1)*bits), so two 4-bit or four 2-bit elements per byte and four 6-bit elements per three
bytes (the second straddling bytes 0 and 1), ceil(n * bits / 8) bytes in all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import Any, Dict, Optional, Sequence, Tuple, TypedDict, Union

import numpy as np
import numpy.typing as npt

from . import _core
from ._errors import InvalidArgumentType, TypeNotInOpset, UnknownType

# The opset a call is made at when none is given (the type table's kDefaultOpset): every keyword
# default opset of the package reads this one.
DEFAULT_OPSET: int = _core.DEFAULT_OPSET

_ml_dtypes: Optional[ModuleType]
try:  # optional: the ML element types as numpy dtypes
    import ml_dtypes as _ml_dtypes
except ImportError:  # pragma: no cover - exercised by the no-ml_dtypes test in a subprocess
    _ml_dtypes = None


class _Value(TypedDict):
    bits: str   # "0x7e"
    value: str  # the exact decimal expansion: "448"


@dataclass(frozen=True)
class FloatFormat:
    """A float type's format, as the type table states it."""
    exponent_bits: int
    mantissa_bits: int  # stored bits, without the hidden one
    bias: int
    encoding: str       # "ieee", "fn", "fnuz", "finite-only" or "exponent-only"
    finite_only: bool
    has_nan: bool
    has_infinity: bool
    has_negative_zero: bool
    max_bits: str                       # the largest finite value: its bits ("0x7e") ...
    max_value: str                      # ... and its exact decimal ("448")
    smallest_subnormal_bits: Optional[str]   # None: no subnormals (FLOAT8E8M0 has no mantissa)
    smallest_subnormal_value: Optional[str]


@dataclass(frozen=True)
class OperatorVersion:
    """One version of Cast or CastLike that lists a type."""
    version: int
    opsets: Tuple[int, int]              # the opsets at which it is in force, both included
    destination_reads: Tuple[str, ...]   # the attributes a conversion into the type reads there


@dataclass(frozen=True)
class ElementType:
    name: str        # as ONNX spells it: "FLOAT8E4M3FN"
    onnx: int        # TensorProto.DataType
    numpy_name: str  # as numpy / ml_dtypes spell it: "float8_e4m3fn" ("str" for STRING)
    bits: int        # storage width of one element; 0 for STRING
    kind: str        # "float", "signed", "unsigned", "bool", "string"
    since: int       # the first operator version that lists it (Cast's and CastLike's numbers agree)
    first_opsets: Tuple[Tuple[str, Optional[int]], ...]  # (("Cast", opset), ("CastLike", opset)): the
                     # first opset of each operator that lists it, None where none does (a tuple: the
                     # type stays hashable)
    signed: bool          # a signed integer, or a float with a sign bit
    float8_family: bool   # an 8-bit float with sign, exponent and mantissa (what saturate is for)
    narrow_float: bool    # a float of 8 bits or fewer
    packed: bool          # narrower than a byte: ONNX packs it into one little-endian bit string
    packing: Optional[Tuple[int, int]]   # (elements, bytes) of the smallest whole-byte group; None: STRING
    float_format: Optional[FloatFormat]  # None for the types that are not floats
    versions: Tuple[Tuple[str, Tuple[OperatorVersion, ...]], ...]  # per operator, the versions listing it

    def first_opset(self, operator: str) -> Optional[int]:
        """The first opset at which `operator` ("Cast" or "CastLike") lists the type; None when no
        version of it does (for CastLike: the types a later Cast version brought, none since)."""
        return dict(self.first_opsets)[operator]

    def operator_versions(self, operator: str) -> Tuple[OperatorVersion, ...]:
        """The versions of `operator` ("Cast" or "CastLike") that list the type, oldest first."""
        return dict(self.versions)[operator]

    # Cached: castlike.cast reads them on every call, and a tiny array's call is mostly such reads.
    @cached_property
    def dtype(self) -> Optional[np.dtype[Any]]:
        """The numpy dtype of the type, or None when it needs ml_dtypes and ml_dtypes is missing."""
        return _DTYPES.get(self.name)

    @cached_property
    def raw_dtype(self) -> Optional[np.dtype[Any]]:
        """The unsigned integer dtype holding one element's bits (uint8 for the packed types); None
        for STRING, which has no bits."""
        return None if self.bits == 0 else np.dtype("uint%d" % max(8, self.bits))


# The published table, parsed once: castlike.type_table() returns it whole (counts of types, pairs
# and configurations, operator versions), the rows become ElementType.
TYPE_TABLE: Dict[str, Any] = json.loads(_core.type_table())


def _float_format(f: Optional[Dict[str, Any]]) -> Optional[FloatFormat]:
    if f is None:
        return None
    subnormal: Optional[_Value] = f["smallest_subnormal"]
    return FloatFormat(f["exponent_bits"], f["mantissa_bits"], f["bias"], f["encoding"], f["finite_only"], f["has_nan"],
                       f["has_infinity"], f["has_negative_zero"], f["max"]["bits"], f["max"]["value"],
                       subnormal["bits"] if subnormal else None, subnormal["value"] if subnormal else None)


def _element_type(t: Dict[str, Any]) -> ElementType:
    operators: Dict[str, Dict[str, Any]] = t["operators"]
    return ElementType(
        t["name"], t["onnx"], t["numpy"], t["bits"], t["kind"], t["since_version"],
        tuple(sorted((op, o["first_opset"]) for op, o in operators.items())),
        t["signed"], t["float8_family"], t["narrow_float"], t["packed"],
        (t["packing"]["elements"], t["packing"]["bytes"]) if t["packing"] else None, _float_format(t["float"]),
        tuple(sorted((op, tuple(OperatorVersion(v["version"], (v["opsets"][0], v["opsets"][1]),
                                                tuple(v["destination_reads"])) for v in o["versions"]))
                     for op, o in operators.items())))


TYPES: Dict[str, ElementType] = {t["name"]: _element_type(t) for t in TYPE_TABLE["types"]}
BY_ONNX: Dict[int, ElementType] = {t.onnx: t for t in TYPES.values()}
# The one type of kind "string": it has no bits, and texts (str / bytes objects) are its values.
_STRING_TYPE: ElementType = next(t for t in TYPES.values() if t.kind == "string")
# Per operator, the first opset of its oldest version (earlier opsets are the library's errors).
_FIRST_OPSET: Dict[str, int] = {op: min(v["opsets"][0] for v in versions)
                                 for op, versions in TYPE_TABLE["operators"].items()}


def _dtype_named(numpy_name: str) -> Optional[np.dtype[Any]]:
    if numpy_name == "str":
        return np.dtype(object)
    if numpy_name == "bool":
        return np.dtype(np.bool_)
    found: Optional[np.dtype[Any]] = None
    if hasattr(np, numpy_name) and numpy_name != "bfloat16":
        found = np.dtype(getattr(np, numpy_name))
    elif _ml_dtypes is not None and hasattr(_ml_dtypes, numpy_name):
        found = np.dtype(getattr(_ml_dtypes, numpy_name))
    return found


_DTYPES: Dict[str, np.dtype[Any]] = {
    name: d for name, d in ((t.name, _dtype_named(t.numpy_name)) for t in TYPES.values()) if d is not None}
_BY_DTYPE: Dict[np.dtype[Any], ElementType] = {d: TYPES[name] for name, d in _DTYPES.items()
                                                if TYPES[name] is not _STRING_TYPE}


# What names an element type: an ONNX name ("FLOAT8E4M3FN"), an ONNX number (17), an ElementType, or
# a numpy dtype or anything np.dtype takes (np.float32, ml_dtypes.float8_e4m3fn, "float16").
TypeLike = Union[str, int, np.integer[Any], ElementType, npt.DTypeLike]


def has_ml_dtypes() -> bool:
    """Whether ml_dtypes is installed (the ML element types then have numpy dtypes)."""
    return _ml_dtypes is not None


def element_type(t: TypeLike) -> ElementType:
    """An ElementType from an ONNX name ("FLOAT8E4M3FN"), an ONNX number (17), an ElementType or a
    numpy dtype (float32, ml_dtypes.float8_e4m3fn); castlike.UnknownType (a ValueError) naming what
    exists otherwise, a TypeError for what names no type at all."""
    if t.__class__ is str:
        found = TYPES.get(t)
        if found is not None:
            return found
    if isinstance(t, ElementType):
        return t
    if t is None:  # np.dtype(None) would read it as float64
        raise InvalidArgumentType("None is not an element type (give an ONNX name such as 'FLOAT8E4M3FN', an ONNX "
                                  "number, or a numpy dtype)")
    if isinstance(t, str):
        found = TYPES.get(t.upper())
        if found is None:
            raise UnknownType("unknown element type %r (one of %s)" % (t, ", ".join(TYPES)))
        return found
    if isinstance(t, (int, np.integer)) and not isinstance(t, bool):
        if int(t) not in BY_ONNX:
            raise UnknownType("no ONNX element type has the number %d (castlike's: %s)"
                             % (t, ", ".join(str(n) for n in sorted(BY_ONNX))))
        return BY_ONNX[int(t)]
    try:
        d = np.dtype(t)  # type: ignore[arg-type]  # whatever it is: np.dtype says whether it names a dtype
    except TypeError:
        raise InvalidArgumentType("not an element type: %r (give an ONNX name such as 'FLOAT8E4M3FN', an ONNX "
                                  "number, or a numpy dtype)" % (t,)) from None
    if d.kind in "USO":
        return _STRING_TYPE
    if d in _BY_DTYPE:
        return _BY_DTYPE[d]
    raise UnknownType("numpy dtype %s is not an ONNX element type" % d)


def native_array(x: Any, dtype: Optional[npt.DTypeLike] = None) -> np.ndarray[Any, Any]:
    """np.asarray(x, dtype) in native byte order: an array of the other byte order (a big-endian
    '>f4' one here) becomes a copy with its bytes swapped, bit for bit the same values, so that its
    raw bytes are the little-endian layout ONNX and the library read."""
    a = np.asarray(x, dtype=dtype)
    if a.dtype.isnative:
        return a
    return a.byteswap().view(a.dtype.newbyteorder("="))


def type_of_array(a: Any) -> Optional[ElementType]:
    """The element type of an array's dtype; None for a raw unsigned array (ambiguous)."""
    a = np.asarray(a)
    if a.dtype.kind in "USO":
        return _STRING_TYPE
    return _BY_DTYPE.get(a.dtype)


def storage_bytes(t: TypeLike, count: int) -> int:
    t = element_type(t)
    return (count * t.bits + 7) // 8


def raw_bytes(a: Any, t: TypeLike, layout: str = "unpacked") -> np.ndarray[Any, np.dtype[np.uint8]]:
    """The ONNX raw layout (the packed types packed) of an array of type t, as a 1-D uint8 array.
    `a` has t's dtype, or its raw form (bits in uint8/uint16/...; for the packed types one element
    per byte when layout == "unpacked", ONNX-packed bytes when layout == "packed")."""
    t = element_type(t)
    a = np.ascontiguousarray(a)
    flat: np.ndarray[Any, np.dtype[np.uint8]] = a.reshape(-1).view(np.uint8)
    if t.packed and layout != "packed":
        out = np.empty(storage_bytes(t, flat.size), dtype=np.uint8)
        _core.pack(t.name, flat, out)
        return out
    return flat


def from_raw(raw: Union[bytes, bytearray, memoryview, np.ndarray[Any, Any]], t: TypeLike, shape: Sequence[int],
             as_raw: bool = False, layout: str = "unpacked") -> np.ndarray[Any, Any]:
    """An array of type t and `shape` from ONNX raw bytes: t's dtype when there is one (and not
    as_raw), else the raw form (the packed types unpacked, or packed bytes with layout="packed")."""
    t = element_type(t)
    if isinstance(raw, (bytes, bytearray, memoryview)):
        raw = np.frombuffer(raw, dtype=np.uint8)
    count = 1
    for d in shape:
        count *= d
    dtype = None if as_raw else t.dtype
    if t.packed:
        if dtype is None and layout == "packed":
            return raw.copy()
        values = np.empty(count, dtype=np.uint8)
        _core.unpack(t.name, np.ascontiguousarray(raw), values)
        return (values.view(dtype) if dtype is not None else values).reshape(shape)
    bits = raw.view(bits_dtype(t))
    return (bits.view(dtype) if dtype is not None else bits.copy()).reshape(shape)


def bits_dtype(t: ElementType) -> np.dtype[Any]:
    """t.raw_dtype of a numeric type (TypeError for STRING, which has no bits)."""
    if t.raw_dtype is None:
        raise InvalidArgumentType("%s has no bit patterns" % t.name)
    return t.raw_dtype


def check_listed(src: ElementType, dst: ElementType, operator: str, opset: int) -> None:
    """Raises TypeNotInOpset when `operator` at `opset` does not list src or dst, saying where the
    type is listed: a type only Cast lists (first_opset("CastLike") is None) has no CastLike opset to
    point to, so a CastLike request for it must point to Cast. Opsets the operator does not
    know, and operators it does not, are left to the library's own errors."""
    if operator not in ("Cast", "CastLike"):
        return
    if opset < _FIRST_OPSET[operator] or opset > _core.newest_opset():
        return
    for t in (src, dst):
        first = t.first_opset(operator)
        if first is not None and first <= opset:
            continue
        context = "%s %s -> %s at opset %d" % (operator, src.name, dst.name, opset)
        if first is None:
            other = "Cast" if operator == "CastLike" else "CastLike"
            elsewhere = t.first_opset(other)
            raise TypeNotInOpset("%s: no %s version lists %s; %s-%s does (operator=%r, opset=%s)"
                                 % (context, operator, t.name, other, elsewhere, other, elsewhere))
        raise TypeNotInOpset("%s: %s is listed from %s-%d on (opset=%d or newer)"
                             % (context, t.name, operator, first, first))
