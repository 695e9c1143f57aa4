"""The third-party peers castlike judges: one row each, the one place a peer is written. Every peer
script and ctest reads it: the adapter entry point (scripts/peers/adapter PEER), the checks of the
baselines, the exhaustive runs, the findings and the comparison page.

Standard library only and free of relative imports: the peer scripts load this file from the
source tree by its path before any venv exists (scripts/peers/__init__.py).

Where a peer's checks run (`runs`), as the ctest labels have them:

    ci          CI's `peers` label: the vector baseline, the exhaustive checks and the findings'
                reproductions
    ci-vectors  CI's `peers` label: the vector baseline only (no exhaustive mode: too slow for it)
    ci-sampled  CI's `peers` label on a fixed 1/8 of the vectors; every vector and the exhaustive
                checks under `third-party-full`
    full        only under `third-party-full` (and scripts/peers/validate-peers)
    opt-in      only when asked for, under `third-party-opt-in`: its pinned wheels are too large
                for CI (a peer is never run by default)

A selection (`select`) is a comma-separated list of peer names and of these `runs` values.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Optional, Tuple

RUNS = ("ci", "ci-vectors", "ci-sampled", "full", "opt-in")
# The selection of the every-float32-input check (ctest label third-party-exhaustive).
EVERY_FLOAT32 = "every-float32"


@dataclass(frozen=True)
class Peer:
    name: str
    description: str
    requirements: str  # scripts/peers/requirements/<this>.txt, the pinned versions; also the venv's name
    adapter: str  # "module:callable" in castlike.peers, called with `argument` (when not None)
    argument: Optional[str]
    attributes: bool  # takes saturate / round_mode; False: one behaviour, judged against each reading
    exhaustive: bool  # its adapter has the every-input mode (castlike.peers.exhaustive)
    runs: str  # one of RUNS
    every_float32: bool = False  # its every-float32-input run is checked (third-party-exhaustive)
    # Its vector check also runs the shape pass, on the check's cases (scripts/check/check-known-discrepancies;
    # castlike.peers.shapes).
    shapes: bool = True

    def implementation(self) -> Any:
        """The peer as an implementation for castlike.validate (its runtime must be importable)."""
        module, _, name = self.adapter.partition(":")
        make = getattr(importlib.import_module("castlike.peers." + module), name)
        return make() if self.argument is None else make(self.argument)


PEERS: Tuple[Peer, ...] = (
    Peer("onnxruntime", "onnxruntime's InferenceSession (CPU), graph optimizations off, outputs read as raw bytes",
         "onnxruntime", "onnxruntime_session:OnnxruntimeSession", None, True, True, "ci"),
    # No shape pass: a Python model of the operator (numpy over whole arrays), without paths chosen by
    # a call's length or alignment, and an evaluator built per call would make the pass its slowest.
    Peer("onnx-reference", "onnx.reference.ReferenceEvaluator through onnx's backend API",
         "onnx-reference", "onnx_reference:onnx_reference", None, True, False, "ci-vectors", shapes=False),
    Peer("ml-dtypes", "numpy astype between numpy's and ml_dtypes' types; no opsets, no attributes",
         "ml-dtypes", "ml_dtypes_astype:MlDtypesAstype", None, False, True, "ci"),
    Peer("openvino", "OpenVINO's ONNX frontend, CPU plugin, the input fed at run time (its Convert kernel)",
         "openvino", "openvino_compiled:OpenvinoCompiled", "fed", True, True, "ci-sampled", every_float32=True),
    # No shape pass: the input is an initializer, so every call compiles a model (constant folding
    # computes the cast then) and the pass's 180,000 calls would be as many compilations; the fed row
    # judges the Convert kernel's paths by length and offset.
    Peer("openvino-constant", "OpenVINO with the input as an initializer (constant folding computes the cast)",
         "openvino", "openvino_compiled:OpenvinoCompiled", "constant", True, True, "ci-sampled", shapes=False),
    # XLA compiles a program per (pair, call length): its shape pass over every case takes about
    # 150 s a path (docs/third-party-report.md, "Shapes", has the measured times and why the head
    # offsets, which cost calls and no compilation, cannot reach XLA's code).
    Peer("jax", "jax.numpy astype, jitted, XLA on CPU, jax_enable_x64; no opsets, no attributes",
         "jax", "jax_convert:JaxConvert", "astype", False, True, "ci-sampled", every_float32=True),
    Peer("jax-lax", "jax.lax.convert_element_type, jitted, XLA on CPU; no opsets, no attributes",
         "jax", "jax_convert:JaxConvert", "lax", False, True, "full"),
    Peer("tract", "tract's ONNX loader and runnable model (numpy's types only)",
         "tract", "tract_onnx:TractOnnx", None, True, True, "ci-sampled", every_float32=True),
    Peer("torch", "PyTorch's Tensor.to(dtype) on the CPU; no opsets, no attributes",
         "torch", "torch_to:TorchTo", None, False, True, "opt-in", every_float32=True),
)


def names() -> Tuple[str, ...]:
    return tuple(p.name for p in PEERS)


def get(name: str) -> Peer:
    """The row of peer `name`; ValueError naming the peers when there is none."""
    for p in PEERS:
        if p.name == name:
            return p
    raise ValueError("unknown peer %r (one of %s)" % (name, ", ".join(names())))


def attributeless() -> frozenset[str]:
    """The peers without saturate / round_mode attributes."""
    return frozenset(p.name for p in PEERS if not p.attributes)


def select(spec: Optional[str]) -> Tuple[Peer, ...]:
    """The peers of a selection: comma-separated names, `runs` values (RUNS) and EVERY_FLOAT32 (the
    peers whose every-float32 run is checked), opt-in ones aside, in the registry's order.
    Without one, every peer but the opt-in ones. ValueError for an unknown item."""
    wanted: set[str] = set()
    for item in (spec or ",".join(r for r in RUNS if r != "opt-in")).split(","):
        if item in RUNS:
            wanted.update(p.name for p in PEERS if p.runs == item)
        elif item == EVERY_FLOAT32:
            wanted.update(p.name for p in PEERS if p.every_float32 and p.runs != "opt-in")
        elif item in names():
            wanted.add(item)
        else:
            raise ValueError("unknown peer or group %r; a selection is %s" % (item, selection_help()))
    return tuple(p for p in PEERS if p.name in wanted)


def select_exhaustive(spec: str) -> Tuple[str, ...]:
    """The names of a selection's peers, each with an exhaustive mode; ValueError naming one without."""
    peers = select(spec)
    lacking = [p.name for p in peers if not p.exhaustive]
    if lacking:
        raise ValueError("no exhaustive mode: %s (castlike.peers.registry)" % ", ".join(lacking))
    return tuple(p.name for p in peers)


def selection_help() -> str:
    """What a selection may name, for a script's --help."""
    return "comma-separated peers (%s) or groups (%s, %s)" % (", ".join(names()), ", ".join(RUNS), EVERY_FLOAT32)


if __name__ == "__main__":  # `python -m castlike.peers.registry`: the table
    for p in PEERS:
        print("%-18s %-11s %-15s %-10s %-10s %s" % (
            p.name, p.runs, p.requirements, "attributes" if p.attributes else "none",
            "exhaustive" if p.exhaustive else "-", p.description))
