"""The exceptions castlike raises: one class per status of the C API (include/castlike/types.h),
each also a subclass of the built-in exception a Python programmer would catch for it. The status
numbers are the extension module's (_core.statuses()), by the header's names."""

from typing import Dict, NoReturn, Type

from . import _core

_STATUS = _core.statuses()


class CastlikeError(Exception):
    """Base of every castlike error. `status` is the C API's status number (0 for none)."""
    status = 0


class InvalidArgument(CastlikeError, ValueError):
    status = _STATUS["INVALID_ARGUMENT"]


class InvalidArgumentType(CastlikeError, TypeError):
    """An argument of the wrong Python type (None where a type name belongs, ...)."""
    status = _STATUS["INVALID_ARGUMENT"]


class UnknownType(CastlikeError, ValueError):
    status = _STATUS["UNKNOWN_TYPE"]


class TypeNotInOpset(CastlikeError, ValueError):
    status = _STATUS["TYPE_NOT_IN_OPSET"]


class AttributeNotInOpset(CastlikeError, ValueError):
    status = _STATUS["ATTRIBUTE_NOT_IN_OPSET"]


class UnknownOpset(CastlikeError, ValueError):
    status = _STATUS["UNKNOWN_OPSET"]


class SizeOverflow(CastlikeError, OverflowError):
    status = _STATUS["SIZE_OVERFLOW"]


class BufferTooSmall(CastlikeError, ValueError):
    status = _STATUS["BUFFER_TOO_SMALL"]


class UnsupportedIsa(CastlikeError, RuntimeError):
    status = _STATUS["UNSUPPORTED_ISA"]


class InvalidAttribute(CastlikeError, ValueError):
    status = _STATUS["INVALID_ATTRIBUTE"]


class StringType(CastlikeError, TypeError):
    status = _STATUS["STRING_TYPE"]


class CallbackAborted(CastlikeError, RuntimeError):
    status = _STATUS["CALLBACK_ABORTED"]


class OutOfMemory(CastlikeError, MemoryError):
    status = _STATUS["OUT_OF_MEMORY"]


class InternalError(CastlikeError, RuntimeError):
    status = _STATUS["INTERNAL"]


BY_STATUS: Dict[int, Type[CastlikeError]] = {
    c.status: c for c in (InvalidArgument, UnknownType, TypeNotInOpset, AttributeNotInOpset, UnknownOpset,
                          SizeOverflow, BufferTooSmall, UnsupportedIsa, InvalidAttribute, StringType, CallbackAborted,
                          OutOfMemory, InternalError)}


def raise_for(status: int, context: str) -> None:
    """Raises the exception of a non-zero status: "<context>: <the C API's sentence>"."""
    if status != 0:
        fail(BY_STATUS.get(status, InternalError), context)


def fail(cls: Type[CastlikeError], context: str) -> NoReturn:
    """Raises `cls` as the C API's status of that class reads: "<context>: <the C API's sentence>"."""
    raise cls("%s: %s" % (context, _core.status_message(cls.status)))


class Rejected(Exception):
    """Raised by an implementation under test to decline a call (an unsupported type, say): the case
    is reported as rejected with this message."""
