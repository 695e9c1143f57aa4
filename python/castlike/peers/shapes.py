"""The shape pass of a peer (scripts/peers/adapter PEER --shapes): castlike.validate on the peer's
implementation with its shape pass (the shape plan's lengths, offsets and long calls,
harness/generation/shape_plan.hpp), written as a `castlike-peer-shapes` document that
scripts/check/check-known-discrepancies compares with vectors/known-discrepancies/shapes-<peer>.json.

A results file answers each case in one call, so the peers' shapes are judged here, in the peer's
venv, through the package. The document holds

- the pass's counts and its wrong elements by position kind (a wrong element right in an aligned
  call of full blocks: behaviour that depends on the shape), with the first ones of each kind;
- the inputs whose bits differ from one call to another (a NaN's payload kept in long calls and
  canonicalised in short ones: allowed, as any NaN is, and shown all the same; or a value-pass
  failure that short calls get right), each with the bits and the call lengths that gave them:
  every such input, since a finding's reproduction takes its call length from here
  (castlike.peers.findings).
"""

from __future__ import annotations

import inspect
import json
import time
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

import numpy as np

from .. import _validate
from .._types import bits_dtype, element_type
from .._validate import Implementation

FORMAT = "castlike-peer-shapes"


def _element_bits(a: Any, type_name: str) -> Optional[np.ndarray[Any, Any]]:
    """Each element's bit pattern (the packed types unpacked), or None for texts and answers that
    are not arrays of the type (a bad answer is the validator's to report)."""
    t = element_type(type_name)
    if t.name == "STRING" or not isinstance(a, np.ndarray):
        return None
    if a.dtype != (t.dtype if t.dtype is not None else bits_dtype(t)) or a.dtype == object:
        return None
    flat = np.ascontiguousarray(a).reshape(-1)
    if flat.dtype.itemsize != bits_dtype(t).itemsize:
        return None
    return flat.view(bits_dtype(t)).astype(np.uint64) & np.uint64((1 << t.bits) - 1)


class Observed:
    """`impl`, noting for each input of the case being judged (`case`) the bits each element came
    back with and the lengths of the calls that gave them, so that bits that depend on the call
    show even where every answer is right."""

    def __init__(self, impl: Implementation) -> None:
        self.impl = impl
        self.case = ""
        # (case, input bits) -> {output bits: call lengths}
        self.seen: Dict[Tuple[str, int], Dict[int, Set[int]]] = {}
        self.types: Dict[str, Tuple[str, str]] = {}  # case -> (from, to)
        self.__signature__ = inspect.signature(impl)
        for key in ("castlike_name", "castlike_description", "castlike_in_place"):
            if hasattr(impl, key):
                setattr(self, key, getattr(impl, key))

    def __call__(self, x: Any, to: str, **kwargs: Any) -> Any:
        out = self.impl(x, to, **kwargs)
        if not isinstance(x, np.ndarray) or x.dtype == object:  # texts: no bits
            return out
        source = kwargs.get("from_type") or element_type(x.dtype).name
        answer = kwargs.get("out") if out is None else out
        ins, outs = _element_bits(x, source), _element_bits(answer, to)
        if ins is not None and outs is not None and ins.size == outs.size:
            self.types[self.case] = (source, to)
            for i, o in zip(ins.tolist(), outs.tolist()):
                self.seen.setdefault((self.case, i), {}).setdefault(o, set()).add(int(ins.size))
        return out

    def finish_case(self) -> Optional[Dict[str, Any]]:
        """The case's inputs that came back with other bits in other calls: how many, and each with
        its bits and the call lengths that gave them (None: there are none). Forgets the case."""
        inputs = sorted((i, outs) for (_, i), outs in self.seen.items() if len(outs) > 1)
        types, self.seen, self.types = self.types.get(self.case), {}, {}
        if not inputs or types is None:
            return None
        s, d = (element_type(t) for t in types)
        width_in, width_out = (s.bits + 3) // 4, (d.bits + 3) // 4
        return {"case": self.case, "inputs": len(inputs),
                "by_input": [{"input": "0x%0*x" % (width_in, i),
                              "bits": {"0x%0*x" % (width_out, o): _lengths(n) for o, n in sorted(outs.items())}}
                             for i, outs in inputs]}


def _lengths(lengths: Set[int]) -> str:
    """Call lengths as ranges: "1-37, 129, 1024"."""
    out: List[str] = []
    for n in sorted(lengths):
        if out and out[-1].split("-")[-1] == str(n - 1):
            out[-1] = out[-1].split("-")[0] + "-" + str(n)
        else:
            out.append(str(n))
    return ", ".join(out)


def run(impl: Implementation, name: str, vectors: Sequence[str], cases: Optional[List[str]] = None) -> Dict[str, Any]:
    """The peer's shape document (module text) over the vector files at `vectors`: one validation
    per case, so that each case's wrong elements are counted by position kind (a sampled check
    compares the rows of its cases only)."""
    observed = Observed(impl)
    start, cpu = time.time(), time.process_time()
    totals = {"calls": 0, "wrong": 0, "failed_calls": 0}
    line, rows, first_problem = "", [], ""
    bits_by_call: List[Dict[str, Any]] = []
    for entry in _validate.list_cases(list(vectors), cases=cases):
        observed.case = entry["name"]
        shapes = _validate.validate(observed, vectors=[entry["path"]], name=name).shapes()
        by_call = observed.finish_case()
        if by_call is not None:
            bits_by_call.append(by_call)
        if not shapes["ran"]:
            continue
        line = shapes["line"]
        for key, field in (("calls", "calls"), ("wrong", "fail"), ("failed_calls", "failed_calls")):
            totals[key] += shapes[field]
        first_problem = first_problem or shapes["first_call_problem"]
        if shapes["fail"] or shapes["failed_calls"]:
            rows.append({"case": entry["name"], "wrong_by_position": shapes["by_position"],
                         "failed_calls": shapes["failed_calls"],
                         "first_wrong": [{"position": f["position"], "shape": f["shape"], "rule": f["rule"],
                                          "from": f["from"], "to": f["to"], "call": f["call"],
                                          "input": f["input"], "expected": f["expected"], "actual": f["actual"],
                                          "reproduce": f["reproduce"]} for f in shapes["failures"]]})
    return {"format": FORMAT, "format_version": 1, "implementation": name, "shapes": line, **totals,
            "first_call_problem": first_problem, "cases": rows, "bits_by_call": bits_by_call,
            "seconds": {"wall": round(time.time() - start, 1), "cpu": round(time.process_time() - cpu, 1)}}


def write(doc: Dict[str, Any], path: str) -> None:
    with open(path, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=True)
        f.write("\n")
