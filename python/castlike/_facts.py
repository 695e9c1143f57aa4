"""The library's facts: element types, rule ids, kernel ISA levels, version."""

import json

from typing import Any, Dict, List, Tuple

from . import _core
from ._arguments import text
from ._errors import InvalidArgument
from ._types import TYPE_TABLE, TYPES, ElementType

__version__: str = _core.version()

# The newest opset castlike knows (onnx 1.23.2: 28; CastLike-25 is in force from 25 to 28). A newer
# opset is refused (UnknownOpset); pass this one instead where the newer opset left CastLike as it was.
NEWEST_OPSET: int = _core.newest_opset()


def types() -> List[ElementType]:
    """Every element type, in the type table's order (ElementType: ONNX name and number, numpy name,
    bits, kind, sign, packing, float format, and per operator the versions that list it, their opsets
    and the attributes a conversion into it reads there); a type no CastLike version lists is Cast's
    only (first_opset("CastLike") is None)."""
    return list(TYPES.values())


def type_table() -> Dict[str, Any]:
    """The whole published table, as `castlike types --format json` prints it (format castlike-types,
    vectors/schema/castlike-types.schema.json): the rows, per operator version its opsets and how
    many types and pairs it has, and the number of exhaustive configurations."""
    copy: Dict[str, Any] = json.loads(json.dumps(TYPE_TABLE))  # the caller may change it
    return copy


def rules() -> List[Tuple[str, str]]:
    """Every rule id of the reference with its one-line summary: [(id, summary), ...]."""
    return [(rule, summary) for rule, summary in _core.rules()]


def isa_levels() -> List[str]:
    """The kernel levels this build and CPU have ("scalar", "avx2", "avx512", "neon")."""
    return list(_core.isa_levels())


def active_isa() -> str:
    """The level the kernels run at."""
    return _core.active_isa()


def force_isa(level: str) -> None:
    """Runs the kernels at `level` for the whole process (castlike.InvalidArgument, a ValueError, for
    a name that is no level or a level this build or CPU lacks: the binding's message)."""
    try:
        _core.force_isa(text("level", level))
    except ValueError as e:
        if isinstance(e, InvalidArgument):
            raise
        raise InvalidArgument(str(e)) from None
