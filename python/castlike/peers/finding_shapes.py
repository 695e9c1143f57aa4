"""What the peer's shape pass adds to its findings (castlike.peers.findings): the wrong elements of
some call shapes only, as failures of their classes, and the call length a reproduction makes for
each failure."""

from __future__ import annotations

import re
from typing import Any

from .finding_classes import FindingClass, minimal
from .reproduction import Example

def _shown_value(text: str) -> dict[str, Any]:
    """A value as the shape document shows it ("0xffc0 (-nan) (any NaN of that sign)") as a JSON
    report has it ({"bits": "0xffc0", "exact": "-nan"}); the shape pass has no texts."""
    m = re.match(r"(0x[0-9a-f]+) \((.*?)\)", text)
    if not m:
        raise ValueError("shape document: %r is not a value" % text)
    return {"bits": m.group(1), "exact": m.group(2)}


def shape_failures(shapes: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The wrong elements of a peer's shape document, as a JSON report's failures: each with its
    rule, the reading of its row's explanation ("unexplained" for a bug or none), its position kind,
    its call ("length 3, input offset 0, output offset 0, element 0") and that call's length."""
    out: list[dict[str, Any]] = []
    for row in (shapes or {}).get("cases", []):
        explained = row.get("explained_by", "")
        reading = explained if explained and not explained.startswith("bug") else "unexplained"
        for w in row["first_wrong"]:
            length = re.match(r"length (\d+)", w["shape"])
            if "rule" not in w or not length:
                raise ValueError("shape document: case %s has wrong elements without their rule or call "
                                 "(made before they were recorded): rerun its shape pass" % row["case"])
            out.append({"case": row["case"], "from": w["from"], "to": w["to"], "call": w["call"], "rule": w["rule"],
                        "input": _shown_value(w["input"]), "expected": _shown_value(w["expected"]),
                        "actual": _shown_value(w["actual"]), "explained_by": [reading], "position": w["position"],
                        "shape": w["shape"], "length": int(length.group(1)),
                        "wrong_by_position": row["wrong_by_position"]})
    return out


def shape_wrong(c: FindingClass) -> int:
    """The wrong elements of a class's shape failures' cases (the document keeps the first few)."""
    rows = {f["case"]: f["wrong_by_position"] for f in c.shape_failures}
    return sum(n for by_position in rows.values() for n in by_position.values())


def call_lengths(shapes: dict[str, Any] | None) -> dict[tuple[str, int], dict[int, int]]:
    """(case, input bits) -> {output bits: the shortest call that gave them}, for the inputs whose
    bits the shape pass saw depend on the call."""
    out: dict[tuple[str, int], dict[int, int]] = {}
    for row in (shapes or {}).get("bits_by_call", []):
        for each in row["by_input"]:
            out[(row["case"], int(each["input"], 16))] = {int(b, 16): int(re.split(r"[-,]", n)[0])
                                                         for b, n in each["bits"].items()}
    return out


def length_of(f: dict[str, Any], lengths: dict[tuple[str, int], dict[int, int]]) -> int:
    """The elements of the call a reproduction makes for failure f: the shape pass's length for it
    (a shape failure's own call, else the shortest call that gave its output), else 1."""
    if "length" in f:
        return int(f["length"])
    if "bits" not in f["input"] or "bits" not in f["actual"]:
        return 1
    by_output = lengths.get((f["case"], int(f["input"]["bits"], 16)), {})
    return by_output.get(int(f["actual"]["bits"], 16), 1)


def plain_call(f: dict[str, Any]) -> bool:
    """Whether a shape failure's call is one a reproduction can make: its buffers start where the
    peer puts them (no head offset, not in place), only its length set."""
    return f["shape"].startswith("length ") and ", input offset 0, output offset 0," in f["shape"]


def examples_of(c: FindingClass, lengths: dict[tuple[str, int], dict[int, int]]) -> list[Example]:
    """A class's reproduction cases: its minimal failures on the vectors, then in the shape pass,
    each in a call of the length that shows it."""
    return [Example.of(f, c.rule, length_of(f, lengths)) for f in minimal(c.failures) + minimal(
        [f for f in c.shape_failures if plain_call(f)])]
