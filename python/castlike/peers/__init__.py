"""The pinned third-party peers castlike reports on, as implementations for castlike.validate, and
what their adapter (scripts/peers/adapter PEER, `python -m castlike.peers PEER`) does with them: results
files for `castlike validate --results` (castlike.peers.results) and the raw outputs of every input
of a configuration for `castlike validate --exhaustive --raw-outputs` (castlike.peers.exhaustive).
Which peers there are, how each is run and where its checks run: castlike.peers.registry.

Each implementation carries castlike_name, castlike_description and castlike_info (the results
file's header: name, version, description).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict

from . import registry

if TYPE_CHECKING:  # the registry and its findings tools run without numpy (the page test in ctest)
    from .._validate import Implementation

PEERS = registry.names()
# The peers whose API has no saturate / round_mode attributes: one behaviour, judged against each
# reading (a reading "saturate=0" of theirs is the attribute missing, not ignored).
ATTRIBUTELESS = registry.attributeless()


def implementation(name: str) -> Implementation:
    """The implementation of peer `name` (its runtime must be importable)."""
    impl: Implementation = registry.get(name).implementation()
    return impl


def info(impl: Implementation) -> Dict[str, Any]:
    """The results file's implementation header of an implementation: castlike_info, else its name,
    version and description attributes."""
    found = getattr(impl, "castlike_info", None)
    if found:
        return dict(found)
    out = {"name": getattr(impl, "castlike_name", None) or getattr(impl, "__qualname__", type(impl).__name__)}
    for key in ("version", "description"):
        value = getattr(impl, "castlike_" + key, None)
        if value:
            out[key] = value
    return out
