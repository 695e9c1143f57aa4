"""castlike: the ONNX CastLike / Cast conversions, exactly (a reference in exact rationals) and fast
(vectorised kernels with runtime dispatch), and a harness that judges any implementation against
the reference, explaining each failure by rule and by the reading of the specification it follows.

    castlike.cast(array, to, ...)         the kernels on numpy arrays
    castlike.expected(array, to, ...)     the reference's bits, outcome class and rule per element
    castlike.explain(value, to, ...)      one element explained, as `castlike explain` prints it
    castlike.validate(impl, ...)          judge a Python implementation on the vectors (or on every
                                          input of a configuration: exhaustive=...)
    castlike.onnx_backend                 judge any onnx.backend.base.Backend (onnxruntime, ...)
    castlike.peers                        the pinned third-party peers, results files, exhaustive streams
    pytest --castlike-impl module:callable   the pytest plugin (castlike.pytest_plugin)

docs/python.md in the source tree is the guide.
"""

from . import _core
from ._cast import cast
from ._errors import (AttributeNotInOpset, BufferTooSmall, CallbackAborted, CastlikeError, InternalError,
                      InvalidArgument, InvalidAttribute, OutOfMemory, Rejected, SizeOverflow, StringType,
                      TypeNotInOpset, UnknownOpset, UnknownType, UnsupportedIsa)
from ._reference import Expected, ExpectedElement, Explanation, expected, explain
from ._types import TYPES, ElementType, element_type, has_ml_dtypes
from ._validate import (ExhaustiveReport, PartialOutput, Report, default_vectors, exhaustive_configurations,
                        list_cases, validate)

__version__ = _core.version()


def types():
    """The 24 element types (ElementType: ONNX name and number, numpy name, bits, kind, first version)."""
    return list(TYPES.values())


def rules():
    """Every rule id of the reference with its one-line summary: [(id, summary), ...]."""
    return [tuple(r) for r in _core.rules()]


def isa_levels():
    """The kernel levels this build and CPU have ("scalar", "avx2", "avx512", "neon")."""
    return list(_core.isa_levels())


def active_isa():
    return _core.active_isa()


def force_isa(level):
    """Runs the kernels at `level` for the whole process (ValueError if this CPU lacks it)."""
    _core.force_isa(level)


__all__ = [
    "cast", "expected", "explain", "validate", "list_cases", "default_vectors", "exhaustive_configurations",
    "Report", "ExhaustiveReport", "PartialOutput", "Expected", "ExpectedElement", "Explanation", "ElementType",
    "element_type", "types", "rules", "isa_levels", "active_isa", "force_isa", "has_ml_dtypes",
    "CastlikeError", "InvalidArgument", "UnknownType", "TypeNotInOpset", "AttributeNotInOpset", "UnknownOpset",
    "SizeOverflow", "BufferTooSmall", "UnsupportedIsa", "InvalidAttribute", "StringType", "CallbackAborted",
    "OutOfMemory", "InternalError", "Rejected",
]
