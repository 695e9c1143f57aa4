"""castlike.cast: the kernel library on numpy arrays."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

import numpy as np

from . import _core
from ._arguments import text
from ._errors import InvalidArgument, InvalidArgumentType, InvalidAttribute, UnknownOpset, fail, raise_for
from ._types import (DEFAULT_OPSET, ElementType, TypeLike, check_listed, element_type, from_raw, native_array,
                     raw_bytes, storage_bytes, type_of_array)

Array = np.ndarray[Any, Any]

# What the library's int64_t parameters (opset, saturate) hold; an int beyond it is no opset or
# attribute value at all, refused here as the library refuses one it does not know.
_INT64 = range(-(1 << 63), 1 << 63)


def integer(name: str, value: Any) -> int:
    """`value` as an int when it is one (a Python or numpy integer, not a bool); TypeError otherwise."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return int(value)
    raise InvalidArgumentType("%s must be an int, not %r" % (name, value))


def checked_opset(opset: Any, context: str) -> int:
    """The opset as an int the library takes: TypeError for a non-int, UnknownOpset ("<context>: <the
    C API's sentence>") for one no int64 holds, as for any other opset the library does not know."""
    n = integer("opset", opset)
    if n not in _INT64:
        fail(UnknownOpset, context)
    return n


def source_of(array: Any, from_type: Optional[TypeLike]) -> Tuple[Array, ElementType]:
    """(array, its element type): numpy's inference unless from_type names the type of raw bits. An
    array of the other byte order is taken as its values in native order (native_array)."""
    if from_type is not None:
        t = element_type(from_type)
        a = native_array(array, dtype=object if t.kind == "string" else None)
        if t.kind != "string" and t.dtype is not None and a.dtype == t.dtype:
            return a, t
        if t.kind != "string" and a.dtype != t.raw_dtype:
            raise InvalidArgumentType("from_type=%s takes an array of %s or of its bits as %s, not %s"
                            % (t.name, t.dtype if t.dtype is not None else t.raw_dtype, t.raw_dtype, a.dtype))
        return a, t
    a = native_array(array)
    found = type_of_array(a)
    if found is None:
        raise InvalidArgumentType("numpy dtype %s is not an ONNX element type; give from_type= for an array of raw bits"
                        % a.dtype)
    return a, found


def texts_of(a: Array) -> List[str]:
    """The texts of a STRING array: str elements, or bytes decoded as UTF-8."""
    out = []
    for x in a.reshape(-1):
        if isinstance(x, bytes):
            try:
                x = x.decode("utf-8")
            except UnicodeDecodeError as e:
                raise InvalidArgument("a STRING element is not UTF-8: %r" % x) from e
        elif not isinstance(x, str):
            raise InvalidArgumentType("a STRING element must be str or bytes, not %s" % type(x).__name__)
        out.append(text("a STRING element", x))
    return out


def attributes(saturate: Any, round_mode: Any) -> Tuple[Optional[int], Optional[str]]:
    """The node's attributes as the library takes them: saturate an int (True / False as 1 / 0),
    round_mode a str, None for not set. TypeError for another type; InvalidAttribute for a saturate
    no int64 holds (the library's answer for any saturate but 0 and 1)."""
    number = None
    if saturate is not None:
        if isinstance(saturate, (bool, np.bool_)):
            saturate = int(saturate)
        if not isinstance(saturate, (int, np.integer)):
            raise InvalidArgumentType("saturate must be 0, 1, True, False or None, not %r" % (saturate,))
        number = int(saturate)
        if number not in _INT64:
            fail(InvalidAttribute, "saturate=%d" % number)
    if round_mode is not None and not isinstance(round_mode, str):
        raise InvalidArgumentType("round_mode must be 'up', 'down', 'nearest' or None, not %r" % (round_mode,))
    return number, None if round_mode is None else text("round_mode", round_mode)


def cast(array: Any, to: TypeLike, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
         opset: int = DEFAULT_OPSET, from_type: Optional[TypeLike] = None, raw: bool = False, unpack: bool = False,
         out: Optional[Array] = None, operator: str = "CastLike") -> Array:
    """CastLike(array, <a tensor of type `to`>) by the kernel library, as a model at `opset` runs it
    (operator="Cast": Cast(array, to=`to`), the same conversion with Cast's versions).

    array      a numpy array (or anything np.asarray takes) of an ONNX element type: numpy's
               float32, int8, ..., ml_dtypes' bfloat16, float8_*, float4_e2m1fn, int4, ... , str /
               bytes objects for STRING; or raw bits (uint8 / uint16 / ...) with from_type= naming
               the type (the packed types, 6-, 4- and 2-bit, one element per byte, in the low bits).
    to         the destination: ONNX name ("FLOAT8E4M3FN"), ONNX number, or numpy dtype.
    saturate, round_mode
               the node's attributes; None = not set (the opset's default applies).
    opset      CastLike 15 .. 28, Cast 13 .. 28 (castlike.NEWEST_OPSET): the types and attributes
               must exist at the operator version in force there (TypeNotInOpset, ...); a newer
               opset is UnknownOpset. A type no CastLike version lists (the 6-bit floats) is
               Cast's only: operator="Cast" at an opset from its first_opset("Cast") on.
    operator   "CastLike" (default) or "Cast".
    raw        return the destination's bits even when it has a dtype.
    out        an array to write the result into (C-contiguous, writable, exactly the dtype and
               shape the call would return); it is returned.

    An array of the other byte order (big-endian '>f4', say) is read as its values (a byte-swapped
    copy in native order); the result is in native byte order.

    Returns an array of `to` with the input's shape: its numpy / ml_dtypes dtype, or when there is
    none (ml_dtypes not installed) or raw=True the raw bits: uint8 / uint16 arrays of the input's
    shape, and for the packed types ONNX's packed layout, a 1-D uint8 array of ceil(n * bits / 8)
    bytes, one little-endian bit string with element 0 in the lowest bits (6-bit: four elements
    per three bytes; unpack=True: one element per byte in the input's shape). STRING results are
    object arrays of str. The GIL is released while the kernels run. Errors raise
    castlike.CastlikeError subclasses (also ValueError, OverflowError...).
    """
    a, src = source_of(array, from_type)
    dst = element_type(to)
    saturate, round_mode = attributes(saturate, round_mode)
    if operator not in ("Cast", "CastLike"):
        raise InvalidArgument("operator must be 'Cast' or 'CastLike', not %r" % (operator,))
    context = "%s %s -> %s at opset %s" % (operator, src.name, dst.name, opset)
    opset = checked_opset(opset, context)
    check_listed(src, dst, operator, opset)
    shape = a.shape
    n = int(a.size)
    if dst.kind == "string":
        source = texts_of(a) if src.kind == "string" else raw_bytes(a, src)
        status, texts = _core.cast_to_texts(source, src.name, n, opset, saturate, round_mode, operator)
        raise_for(status, context)
        strings = np.empty(n, dtype=object)
        strings[:] = texts
        return strings.reshape(shape)
    layout = "unpacked" if unpack else "packed"
    result = out
    if out is not None:
        bytes_out = _output_bytes(out, dst, shape, n, raw, layout)
    else:
        bytes_out = np.empty(storage_bytes(dst, n), dtype=np.uint8)
    direct = result is not None and (not dst.packed or (result.dtype == np.uint8 and layout == "packed" and
                                                       (raw or dst.dtype is None)))
    target = bytes_out if result is None or direct else np.empty(storage_bytes(dst, n), dtype=np.uint8)
    if src.kind == "string":
        status, _ = _core.cast_from_texts(texts_of(a), dst.name, target, opset, saturate, round_mode, operator)
    else:
        status, _ = _core.cast_raw(raw_bytes(a, src), src.name, n, dst.name, target, opset, saturate, round_mode,
                                   operator)
    raise_for(status, context)
    if result is None:
        return from_raw(bytes_out, dst, shape, as_raw=raw, layout=layout)
    if not direct:  # a packed result one element per byte: unpacked into the caller's array
        _core.unpack(dst.name, target, bytes_out)
    return result


def _output_bytes(out: Any, dst: ElementType, shape: Tuple[int, ...], n: int, raw: bool,
                  layout: str) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """The bytes of a caller's `out` array, checked against what cast() would return."""
    if not isinstance(out, np.ndarray) or not out.flags.c_contiguous or not out.flags.writeable:
        raise InvalidArgumentType("out must be a writable C-contiguous numpy array")
    use_dtype = dst.dtype is not None and not raw
    if use_dtype:
        want_dtype, want_shape = dst.dtype, shape
    elif dst.packed and layout == "packed":
        want_dtype, want_shape = np.dtype(np.uint8), (storage_bytes(dst, n),)
    else:
        want_dtype, want_shape = dst.raw_dtype, shape
    if out.dtype != want_dtype or out.shape != tuple(want_shape):
        raise InvalidArgument("out has dtype %s and shape %s; this call returns dtype %s, shape %s"
                         % (out.dtype, out.shape, want_dtype, tuple(want_shape)))
    return out.reshape(-1).view(np.uint8)
