"""The checks of what a caller passes as text, as a path and as a timeout, before any of it reaches
the extension module: a string the C++ side would cut at a NUL or cannot encode (a lone
surrogate) is refused here with castlike's error, naming the argument, rather than judged on
another text or failing inside the binding."""

from __future__ import annotations

import math
import numbers
import os
from typing import Any, Union

import numpy as np

from ._errors import InvalidArgument, InvalidArgumentType

# What a path argument may be (path() decodes it).
AnyPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


def text(name: str, value: Any) -> str:
    """`value` when it is a str the library can take: no NUL, encodable as UTF-8."""
    if not isinstance(value, str):
        raise InvalidArgumentType("%s must be a str, not %r" % (name, value))
    if "\0" in value:
        raise InvalidArgument("%s=%r holds a NUL character" % (name, value))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidArgument("%s=%r is not UTF-8 text (a lone surrogate)" % (name, value)) from None
    return value


def path(name: str, value: Any) -> str:
    """A path argument as a str: str, bytes (decoded as os.fsdecode does) or os.PathLike; refused
    when it holds a NUL or cannot be passed on as UTF-8 (bytes that are not UTF-8)."""
    if not isinstance(value, (str, bytes, os.PathLike)):
        raise InvalidArgumentType("%s must be a path (str, bytes or os.PathLike), not %r" % (name, value))
    decoded = os.fsdecode(value)
    if "\0" in decoded:
        raise InvalidArgument("%s=%r holds a NUL character" % (name, decoded))
    try:
        decoded.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidArgument("%s=%r is not a UTF-8 path; castlike reads and writes UTF-8 paths only"
                              % (name, decoded)) from None
    return decoded


def timeout(value: Any) -> float:
    """A timeout in seconds: a finite number above 0 (numpy's numbers included, not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidArgumentType("timeout must be a number of seconds, not %r" % (value,))
    seconds = float(value)
    if not math.isfinite(seconds) or seconds <= 0:
        raise InvalidArgument("timeout must be a finite number of seconds above 0, not %r" % (value,))
    return seconds


def flag(name: str, value: Any) -> bool:
    """A yes/no argument: a bool (numpy's included); anything else would read as true or false by
    accident (shapes="no" is true)."""
    if not isinstance(value, (bool, np.bool_)):
        raise InvalidArgumentType("%s must be True or False, not %r" % (name, value))
    return bool(value)
