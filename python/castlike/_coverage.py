"""An implementation's declared coverage (its castlike_coverage attribute: the pairs and settings
it converts, as castlike.validate's text describes) in the form the harness reads a plug-in's."""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional

from ._errors import InvalidArgument, InvalidArgumentType
from ._types import element_type


def declared_coverage(impl: Any) -> Optional[str]:
    """impl.castlike_coverage (see the module's text) as the harness reads a declaration: one entry a
    line, "OPERATORS FROM TO saturate=S round_mode=M" (* for every setting); None without it."""
    declared = getattr(impl, "castlike_coverage", None)
    if declared is None:
        return None
    if isinstance(declared, (str, bytes, Mapping)) or not isinstance(declared, Iterable):
        raise InvalidArgumentType("castlike_coverage must be a list of \"FROM-TO\" strings or dicts")
    lines = []
    for entry in declared:
        if isinstance(entry, str):
            src, dash, dst = entry.partition("-")
            if not dash:
                raise InvalidArgument("castlike_coverage: %r is not a pair FROM-TO" % entry)
            entry = {"from": src, "to": dst}
        if not isinstance(entry, Mapping) or "from" not in entry or "to" not in entry:
            raise InvalidArgument("castlike_coverage: %r is neither \"FROM-TO\" nor a dict with from and to" % (entry,))
        unknown = set(entry) - {"from", "to", "saturate", "round_mode", "operators"}
        if unknown:
            raise InvalidArgument("castlike_coverage: unknown keys %s in %r" % (sorted(unknown), entry))
        operators = list(entry.get("operators", ["CastLike"]))
        if not operators or any(op not in ("CastLike", "Cast") for op in operators):
            raise InvalidArgument("castlike_coverage: operators must be \"CastLike\" and/or \"Cast\": %r" % (entry,))
        saturate, round_mode = entry.get("saturate"), entry.get("round_mode")
        if saturate not in (None, 0, 1) or isinstance(saturate, bool):
            raise InvalidArgument("castlike_coverage: saturate must be 0, 1 or None: %r" % (entry,))
        if round_mode not in (None, "up", "down", "nearest"):
            raise InvalidArgument("castlike_coverage: round_mode must be up, down, nearest or None: %r" % (entry,))
        lines.append("%s %s %s saturate=%s round_mode=%s" % (
            ",".join(op for op in ("CastLike", "Cast") if op in operators), element_type(entry["from"]).name,
            element_type(entry["to"]).name, "*" if saturate is None else saturate,
            "*" if round_mode is None else round_mode))
    return "\n".join(lines) + "\n" if lines else ""
