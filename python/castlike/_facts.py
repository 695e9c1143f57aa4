"""The library's facts: element types, rule ids, kernel ISA levels, version."""

from typing import List, Tuple

from . import _core
from ._types import TYPES, ElementType

__version__: str = _core.version()

# The newest opset castlike knows (onnx 1.23.2: 28; CastLike-25 is in force from 25 to 28). A newer
# opset is refused (UnknownOpset); pass this one instead where the newer opset left CastLike as it was.
NEWEST_OPSET: int = _core.newest_opset()


def types() -> List[ElementType]:
    """Every element type (ElementType: ONNX name and number, numpy name, bits, kind, first version,
    first opset per operator); FLOAT6E2M3 and FLOAT6E3M2 are Cast's only, from Cast-28."""
    return list(TYPES.values())


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
    """Runs the kernels at `level` for the whole process (ValueError if this CPU lacks it)."""
    _core.force_isa(level)
