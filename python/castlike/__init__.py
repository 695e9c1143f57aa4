"""castlike: the ONNX CastLike / Cast conversions, exactly (a reference in exact rationals) and fast
(vectorised kernels with runtime dispatch), and a harness that judges any implementation against
the reference, explaining each failure by rule and by the reading of the specification it follows.

    castlike.cast(array, to, ...)         the kernels on numpy arrays
    castlike.expected(array, to, ...)     the reference's bits, outcome class and rule per element
    castlike.explain(value, to, ...)      one element explained, as `castlike explain` prints it
    castlike.validate(impl, ...)          judge a Python implementation on the vectors (or on every
                                          input of a configuration: exhaustive=...)
    castlike.fuzz(impl, ...)              fuzz a Python implementation against the reference
    castlike.hypothesis                   Hypothesis strategies: a pair's decisive inputs, lengths
    castlike.onnx_backend                 judge any onnx.backend.base.Backend (onnxruntime, ...)
    castlike.peers                        the pinned third-party peers, results files, exhaustive streams
    pytest --castlike-impl module:callable   the pytest plugin (castlike.pytest_plugin)

docs/python.md in the source tree is the guide.
"""

import importlib
from typing import TYPE_CHECKING, Any, List

if TYPE_CHECKING:  # what type checkers see: the names as their modules define them (imported lazily below)
    from ._cast import cast as cast
    from ._errors import AttributeNotInOpset as AttributeNotInOpset
    from ._errors import BufferTooSmall as BufferTooSmall
    from ._errors import CallbackAborted as CallbackAborted
    from ._errors import CastlikeError as CastlikeError
    from ._errors import InternalError as InternalError
    from ._errors import InvalidArgument as InvalidArgument
    from ._errors import InvalidArgumentType as InvalidArgumentType
    from ._errors import InvalidAttribute as InvalidAttribute
    from ._errors import OutOfMemory as OutOfMemory
    from ._errors import Rejected as Rejected
    from ._errors import SizeOverflow as SizeOverflow
    from ._errors import StringType as StringType
    from ._errors import TypeNotInOpset as TypeNotInOpset
    from ._errors import UnknownOpset as UnknownOpset
    from ._errors import UnknownType as UnknownType
    from ._errors import UnsupportedIsa as UnsupportedIsa
    from ._facts import NEWEST_OPSET as NEWEST_OPSET
    from ._facts import __version__ as __version__
    from ._facts import active_isa as active_isa
    from ._facts import force_isa as force_isa
    from ._facts import isa_levels as isa_levels
    from ._facts import rules as rules
    from ._facts import type_table as type_table
    from ._facts import types as types
    from ._fuzz import Finding as Finding
    from ._fuzz import FuzzResult as FuzzResult
    from ._fuzz import fuzz as fuzz
    from ._reference import Expected as Expected
    from ._reference import ExpectedElement as ExpectedElement
    from ._reference import Explanation as Explanation
    from ._reference import expected as expected
    from ._reference import explain as explain
    from ._types import TYPES as TYPES
    from ._types import ElementType as ElementType
    from ._types import FloatFormat as FloatFormat
    from ._types import OperatorVersion as OperatorVersion
    from ._types import element_type as element_type
    from ._types import has_ml_dtypes as has_ml_dtypes
    from ._report import ExhaustiveReport as ExhaustiveReport
    from ._validate import PartialOutput as PartialOutput
    from ._report import Report as Report
    from ._validate import default_vectors as default_vectors
    from ._validate import exhaustive_configurations as exhaustive_configurations
    from ._validate import list_cases as list_cases
    from ._validate import validate as validate

# The public names and the module each lives in. They are imported on first use (PEP 562), so that
# importing castlike, which pytest does for the plugin in every run of a venv that has the package,
# costs nothing until something of it is used (numpy, ml_dtypes and the extension module load then).
_WHERE = {
    "cast": "_cast", "expected": "_reference", "explain": "_reference", "Expected": "_reference",
    "ExpectedElement": "_reference", "Explanation": "_reference", "TYPES": "_types", "ElementType": "_types",
    "FloatFormat": "_types", "OperatorVersion": "_types", "type_table": "_facts",
    "element_type": "_types", "has_ml_dtypes": "_types", "validate": "_validate", "list_cases": "_validate",
    "default_vectors": "_validate", "exhaustive_configurations": "_validate", "Report": "_validate",
    "ExhaustiveReport": "_validate", "PartialOutput": "_validate", "types": "_facts", "rules": "_facts",
    "isa_levels": "_facts", "active_isa": "_facts", "force_isa": "_facts", "__version__": "_facts",
    "NEWEST_OPSET": "_facts", "fuzz": "_fuzz", "FuzzResult": "_fuzz", "Finding": "_fuzz",
}
for _name in ("CastlikeError", "InvalidArgument", "InvalidArgumentType", "UnknownType", "TypeNotInOpset",
              "AttributeNotInOpset", "UnknownOpset", "SizeOverflow", "BufferTooSmall", "UnsupportedIsa",
              "InvalidAttribute", "StringType", "CallbackAborted", "OutOfMemory", "InternalError", "Rejected"):
    _WHERE[_name] = "_errors"


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError("module 'castlike' has no attribute %r" % name)
    value = getattr(importlib.import_module("." + _WHERE[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_WHERE))


__all__ = [
    "cast", "expected", "explain", "validate", "list_cases", "default_vectors", "exhaustive_configurations",
    "Report", "ExhaustiveReport", "PartialOutput", "Expected", "ExpectedElement", "Explanation", "ElementType",
    "FloatFormat", "OperatorVersion", "element_type", "types", "type_table", "rules", "isa_levels", "active_isa",
    "force_isa", "has_ml_dtypes", "NEWEST_OPSET", "fuzz", "FuzzResult", "Finding",
    "CastlikeError", "InvalidArgument", "InvalidArgumentType", "UnknownType", "TypeNotInOpset",
    "AttributeNotInOpset", "UnknownOpset", "SizeOverflow", "BufferTooSmall", "UnsupportedIsa", "InvalidAttribute",
    "StringType", "CallbackAborted", "OutOfMemory", "InternalError", "Rejected",
]
