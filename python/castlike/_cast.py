"""castlike.cast: the kernel library on numpy arrays."""

import numpy as np

from . import _core
from ._errors import raise_for
from ._types import check_listed, element_type, from_raw, raw_bytes, storage_bytes, type_of_array


def source_of(array, from_type):
    """(array, its element type): numpy's inference unless from_type names the type of raw bits."""
    if from_type is not None:
        t = element_type(from_type)
        a = np.asarray(array, dtype=object if t.name == "STRING" else None)
        if t.name != "STRING" and t.dtype is not None and a.dtype == t.dtype:
            return a, t
        if t.name != "STRING" and a.dtype != t.raw_dtype:
            raise TypeError("from_type=%s takes an array of %s or of its bits as %s, not %s"
                            % (t.name, t.dtype if t.dtype is not None else t.raw_dtype, t.raw_dtype, a.dtype))
        return a, t
    a = np.asarray(array)
    t = type_of_array(a)
    if t is None:
        raise TypeError("numpy dtype %s is not an ONNX element type; give from_type= for an array of raw bits"
                        % a.dtype)
    return a, t


def texts_of(a):
    out = []
    for x in a.reshape(-1):
        if isinstance(x, bytes):
            try:
                x = x.decode("utf-8")
            except UnicodeDecodeError as e:
                raise ValueError("a STRING element is not UTF-8: %r" % x) from e
        elif not isinstance(x, str):
            raise TypeError("a STRING element must be str or bytes, not %s" % type(x).__name__)
        out.append(x)
    return out


def attributes(saturate, round_mode):
    if saturate is not None:
        if isinstance(saturate, (bool, np.bool_)):
            saturate = int(saturate)
        if not isinstance(saturate, (int, np.integer)):
            raise TypeError("saturate must be 0, 1, True, False or None, not %r" % (saturate,))
        saturate = int(saturate)
    if round_mode is not None and not isinstance(round_mode, str):
        raise TypeError("round_mode must be 'up', 'down', 'nearest' or None, not %r" % (round_mode,))
    return saturate, round_mode


def cast(array, to, *, saturate=None, round_mode=None, opset=25, from_type=None, raw=False, unpack=False, out=None,
         operator="CastLike"):
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
               opset is UnknownOpset. FLOAT6E2M3 and FLOAT6E3M2 are Cast-28's only (no CastLike
               version lists them): operator="Cast", opset=28.
    operator   "CastLike" (default) or "Cast".
    raw        return the destination's bits even when it has a dtype.
    out        an array to write the result into (C-contiguous, writable, exactly the dtype and
               shape the call would return); it is returned.

    Returns an array of `to` with the input's shape: its numpy / ml_dtypes dtype, or when there is
    none (ml_dtypes not installed) or raw=True the raw bits: uint8 / uint16 arrays of the input's
    shape, and for the packed types ONNX's packed layout, a 1-D uint8 array of ceil(n * bits / 8)
    bytes, one little-endian bit string with element 0 in the lowest bits (6-bit: four elements
    per three bytes; unpack=True: one element per byte in the input's shape). STRING results are object arrays of str. The GIL is released while the
    kernels run. Errors raise castlike.CastlikeError subclasses (also ValueError, OverflowError...).
    """
    a, src = source_of(array, from_type)
    dst = element_type(to)
    saturate, round_mode = attributes(saturate, round_mode)
    if not isinstance(opset, (int, np.integer)) or isinstance(opset, bool):
        raise TypeError("opset must be an int, not %r" % (opset,))
    if operator not in ("Cast", "CastLike"):
        raise ValueError("operator must be 'Cast' or 'CastLike', not %r" % (operator,))
    context = "%s %s -> %s at opset %d" % (operator, src.name, dst.name, opset)
    check_listed(src, dst, operator, int(opset))
    shape = a.shape
    n = int(a.size)
    if dst.name == "STRING":
        source = texts_of(a) if src.name == "STRING" else raw_bytes(a, src)
        status, texts = _core.cast_to_texts(source, src.name, n, int(opset), saturate, round_mode, operator)
        raise_for(status, context)
        out = np.empty(n, dtype=object)
        out[:] = texts
        return out.reshape(shape)
    layout = "unpacked" if unpack else "packed"
    result = None
    if out is not None:
        result = out
        out = _output_bytes(out, dst, shape, n, raw, layout)
    else:
        out = np.empty(storage_bytes(dst, n), dtype=np.uint8)
    direct = result is not None and (not dst.packed or (result.dtype == np.uint8 and layout == "packed" and
                                                       (raw or dst.dtype is None)))
    target = out if result is None or direct else np.empty(storage_bytes(dst, n), dtype=np.uint8)
    if src.name == "STRING":
        status, _ = _core.cast_from_texts(texts_of(a), dst.name, target, int(opset), saturate, round_mode,
                                          operator)
    else:
        status, _ = _core.cast_raw(raw_bytes(a, src), src.name, n, dst.name, target, int(opset), saturate, round_mode,
                                   operator)
    raise_for(status, context)
    if result is None:
        return from_raw(out, dst, shape, as_raw=raw, layout=layout)
    if not direct:  # a packed result one element per byte: unpacked into the caller's array
        _core.unpack(dst.name, target, out)
    return result


def _output_bytes(out, dst, shape, n, raw, layout):
    """The bytes of a caller's `out` array, checked against what cast() would return."""
    if not isinstance(out, np.ndarray) or not out.flags.c_contiguous or not out.flags.writeable:
        raise TypeError("out must be a writable C-contiguous numpy array")
    use_dtype = dst.dtype is not None and not raw
    if use_dtype:
        want_dtype, want_shape = dst.dtype, shape
    elif dst.packed and layout == "packed":
        want_dtype, want_shape = np.dtype(np.uint8), (storage_bytes(dst, n),)
    else:
        want_dtype, want_shape = dst.raw_dtype, shape
    if out.dtype != want_dtype or out.shape != tuple(want_shape):
        raise ValueError("out has dtype %s and shape %s; this call returns dtype %s, shape %s"
                         % (out.dtype, out.shape, want_dtype, tuple(want_shape)))
    return out.reshape(-1).view(np.uint8)
