"""The element types as Python sees them, derived from the compiled type table (_core.types()):
ONNX name and number, storage width, and the numpy dtype of each (numpy's own, or ml_dtypes' for
bfloat16, the float8 / float4 types and the 4- and 2-bit integers when ml_dtypes is installed).

Raw layout (when ml_dtypes is not installed, or on request): the 8- and 16-bit types numpy lacks are
unsigned integer arrays of their bit patterns (uint8 / uint16); the 4- and 2-bit types are either one
element per byte in the low bits (as ml_dtypes stores them; "unpacked") or ONNX's packed layout:
element 0 in the low bits of byte 0, two (4-bit) or four (2-bit) elements per byte ("packed").
"""

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from . import _core

try:  # optional: the ML element types as numpy dtypes
    import ml_dtypes as _ml_dtypes
except ImportError:  # pragma: no cover - exercised by the no-ml_dtypes test in a subprocess
    _ml_dtypes = None


@dataclass(frozen=True)
class ElementType:
    name: str        # as ONNX spells it: "FLOAT8E4M3FN"
    onnx: int        # TensorProto.DataType
    numpy_name: str  # as numpy / ml_dtypes spell it: "float8_e4m3fn" ("str" for STRING)
    bits: int        # storage width of one element; 0 for STRING
    kind: str        # "float", "signed", "unsigned", "bool", "string"
    since: int       # the first CastLike version that has it

    # Cached: castlike.cast reads them on every call, and a tiny array's call is mostly such reads.
    @cached_property
    def packed(self):
        return self.bits in (2, 4)

    @cached_property
    def dtype(self):
        """The numpy dtype of the type, or None when it needs ml_dtypes and ml_dtypes is missing."""
        return _DTYPES.get(self.name)

    @cached_property
    def raw_dtype(self):
        """The unsigned integer dtype holding one element's bits (uint8 for the 4- and 2-bit types)."""
        return None if self.bits == 0 else np.dtype("uint%d" % max(8, self.bits))


TYPES = {t["name"]: ElementType(t["name"], t["onnx"], t["numpy"], t["bits"], t["kind"], t["since"])
         for t in _core.types()}
BY_ONNX = {t.onnx: t for t in TYPES.values()}


def _dtype_named(numpy_name):
    if numpy_name == "str":
        return np.dtype(object)
    if numpy_name == "bool":
        return np.dtype(np.bool_)
    if hasattr(np, numpy_name) and numpy_name != "bfloat16":
        return np.dtype(getattr(np, numpy_name))
    if _ml_dtypes is not None and hasattr(_ml_dtypes, numpy_name):
        return np.dtype(getattr(_ml_dtypes, numpy_name))
    return None


_DTYPES = {name: d for name, d in ((t.name, _dtype_named(t.numpy_name)) for t in TYPES.values()) if d is not None}
_BY_DTYPE = {d: TYPES[name] for name, d in _DTYPES.items() if name != "STRING"}


def has_ml_dtypes():
    return _ml_dtypes is not None


def element_type(t):
    """An ElementType from an ONNX name ("FLOAT8E4M3FN"), an ONNX number (17), an ElementType or a
    numpy dtype (float32, ml_dtypes.float8_e4m3fn); a ValueError naming what exists otherwise."""
    if t.__class__ is str:
        found = TYPES.get(t)
        if found is not None:
            return found
    if isinstance(t, ElementType):
        return t
    if isinstance(t, str):
        found = TYPES.get(t.upper())
        if found is None:
            raise ValueError("unknown element type %r (one of %s)" % (t, ", ".join(TYPES)))
        return found
    if isinstance(t, (int, np.integer)) and not isinstance(t, bool):
        if int(t) not in BY_ONNX:
            raise ValueError("no ONNX element type has the number %d (CastLike's: %s)"
                             % (t, ", ".join(str(n) for n in sorted(BY_ONNX))))
        return BY_ONNX[int(t)]
    try:
        d = np.dtype(t)
    except TypeError:
        raise TypeError("not an element type: %r (give an ONNX name such as 'FLOAT8E4M3FN', an ONNX "
                        "number, or a numpy dtype)" % (t,)) from None
    if d.kind in "USO":
        return TYPES["STRING"]
    if d in _BY_DTYPE:
        return _BY_DTYPE[d]
    raise ValueError("numpy dtype %s is not an ONNX element type" % d)


def type_of_array(a):
    """The element type of an array's dtype; None for a raw unsigned array (ambiguous)."""
    a = np.asarray(a)
    if a.dtype.kind in "USO":
        return TYPES["STRING"]
    return _BY_DTYPE.get(a.dtype)


def storage_bytes(t, count):
    t = element_type(t)
    return (count * t.bits + 7) // 8


def raw_bytes(a, t, layout="unpacked"):
    """The ONNX raw layout (packed for 4-/2-bit types) of an array of type t, as a 1-D uint8 array.
    `a` has t's dtype, or its raw form (bits in uint8/uint16/...; for 4-/2-bit types one element per
    byte when layout == "unpacked", ONNX-packed bytes when layout == "packed")."""
    t = element_type(t)
    a = np.ascontiguousarray(a)
    if t.packed:
        if layout == "packed":
            return a.view(np.uint8).reshape(-1)
        values = a.view(np.uint8).reshape(-1)
        out = np.empty(storage_bytes(t, values.size), dtype=np.uint8)
        _core.pack(t.name, values, out)
        return out
    return a.reshape(-1).view(np.uint8)


def from_raw(raw, t, shape, as_raw=False, layout="unpacked"):
    """An array of type t and `shape` from ONNX raw bytes: t's dtype when there is one (and not
    as_raw), else the raw form (4-/2-bit types unpacked, or packed bytes with layout="packed")."""
    t = element_type(t)
    raw = np.frombuffer(raw, dtype=np.uint8) if isinstance(raw, (bytes, bytearray, memoryview)) else raw
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
    bits = raw.view(t.raw_dtype)
    return (bits.view(dtype) if dtype is not None else bits.copy()).reshape(shape)
