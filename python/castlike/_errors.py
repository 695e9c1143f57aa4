"""The exceptions castlike raises: one class per status of the C API (include/castlike/castlike.h),
each also a subclass of the built-in exception a Python programmer would catch for it."""

from . import _core


class CastlikeError(Exception):
    """Base of every castlike error. `status` is the C API's status number (0 for none)."""
    status = 0


class InvalidArgument(CastlikeError, ValueError):
    status = 1


class UnknownType(CastlikeError, ValueError):
    status = 2


class TypeNotInOpset(CastlikeError, ValueError):
    status = 3


class AttributeNotInOpset(CastlikeError, ValueError):
    status = 4


class UnknownOpset(CastlikeError, ValueError):
    status = 5


class SizeOverflow(CastlikeError, OverflowError):
    status = 6


class BufferTooSmall(CastlikeError, ValueError):
    status = 7


class UnsupportedIsa(CastlikeError, RuntimeError):
    status = 8


class InvalidAttribute(CastlikeError, ValueError):
    status = 9


class StringType(CastlikeError, TypeError):
    status = 10


class CallbackAborted(CastlikeError, RuntimeError):
    status = 11


class OutOfMemory(CastlikeError, MemoryError):
    status = 12


class InternalError(CastlikeError, RuntimeError):
    status = 13


BY_STATUS = {c.status: c for c in (InvalidArgument, UnknownType, TypeNotInOpset, AttributeNotInOpset, UnknownOpset,
                                    SizeOverflow, BufferTooSmall, UnsupportedIsa, InvalidAttribute, StringType,
                                    CallbackAborted, OutOfMemory, InternalError)}


def raise_for(status, context):
    """Raises the exception of a non-zero status: "<context>: <the C API's sentence>"."""
    if status == 0:
        return
    cls = BY_STATUS.get(status, InternalError)
    raise cls("%s: %s" % (context, _core.status_message(status)))


class Rejected(Exception):
    """Raised by an implementation under test to decline a call (an unsupported type, say): the case
    is reported as rejected with this message."""
