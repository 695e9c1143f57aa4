"""The library's facts: element types, rule ids, kernel ISA levels, version."""

from . import _core
from ._types import TYPES

__version__ = _core.version()

# The newest opset castlike knows (onnx 1.23.2: 28; CastLike-25 is in force from 25 to 28). A newer
# opset is refused (UnknownOpset); pass this one instead where the newer opset left CastLike as it was.
NEWEST_OPSET = _core.newest_opset()


def types():
    """Every element type (ElementType: ONNX name and number, numpy name, bits, kind, first version,
    first opset per operator); FLOAT6E2M3 and FLOAT6E3M2 are Cast's only, from Cast-28."""
    return list(TYPES.values())


def rules():
    """Every rule id of the reference with its one-line summary: [(id, summary), ...]."""
    return [tuple(r) for r in _core.rules()]


def isa_levels():
    """The kernel levels this build and CPU have ("scalar", "avx2", "avx512", "neon")."""
    return list(_core.isa_levels())


def active_isa():
    """The level the kernels run at."""
    return _core.active_isa()


def force_isa(level):
    """Runs the kernels at `level` for the whole process (ValueError if this CPU lacks it)."""
    _core.force_isa(level)
