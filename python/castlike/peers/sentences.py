"""The texts a report quotes: the sentences a bug verdict quotes (docs/specification.md section 6,
word for word from the ONNX operator pages) and which one fixes a failure's result (its rule's row
whose conditions hold for the call, else the page example the failure is an element of; none where
the pages leave it open), and each rule's source and contradiction in docs/semantics.md."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any


def shown(value: dict[str, Any]) -> str:
    if "text" in value:
        return "text %s" % json.dumps(value["text"])
    return "`%s` (%s)" % (value["bits"], value.get("exact") or value.get("value"))


@dataclass(frozen=True)
class Sentence:
    """A row of docs/specification.md section 6: the sentence a bug verdict under `rule` quotes."""
    rule: str
    applies: str  # "any", or "key=value" / "key!=value" conditions joined by ", "
    page: str
    text: str


def sentences(specification: str) -> dict[str, list[Sentence]]:
    """The rows of docs/specification.md section 6, per rule id (a row may name several rules)."""
    section = specification.split("## 6. The sentences a bug verdict quotes", 1)
    if len(section) != 2:
        raise ValueError("the specification has no section \"6. The sentences a bug verdict quotes\"")
    out: dict[str, list[Sentence]] = {}
    for line in section[1].splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if len(cells) != 4 or not cells[0].startswith("`"):
            continue
        for rule in re.findall(r"`([A-Z0-9_.]+)`", cells[0]):
            out.setdefault(rule, []).append(Sentence(rule, cells[1], cells[2], cells[3].replace("\\|", "|")))
    return out


def call_attributes(f: dict[str, Any], reading: str) -> dict[str, str]:
    """What a sentence's conditions test: the call's saturate and round_mode (their defaults when the
    call omits them), the source type and the reading naming the failure."""
    saturate = re.search(r"saturate=(\d)", f["call"])
    mode = re.search(r"round_mode=(\w+)", f["call"])
    return {"saturate": saturate.group(1) if saturate else "1", "round_mode": mode.group(1) if mode else "up",
            "from": f["from"], "reading": reading}


def holds(applies: str, attributes: dict[str, str]) -> bool:
    """Whether a row's "applies to" cell holds for a failure's attributes."""
    if applies == "any":
        return True
    for condition in applies.split(", "):
        m = re.fullmatch(r"(\w+)(!?=)(\S+)", condition)
        if not m or m.group(1) not in attributes:
            raise ValueError("specification section 6: cannot read the condition %r" % condition)
        if (attributes[m.group(1)] == m.group(3)) != (m.group(2) == "="):
            return False
    return True


def is_example(f: dict[str, Any]) -> bool:
    """Whether a failure is an element of an example printed on a CastLike page: the spec-example
    vector files bear the names of ONNX's node tests, all of which begin with "test_"."""
    return str(f["case"]).startswith("test_")


def quoted(f: dict[str, Any], rule: str, reading: str, table: dict[str, list[Sentence]]) -> Sentence | None:
    """The sentence that fixes a failure's result: its rule's row whose conditions hold, else its
    page example; None where the pages leave the result open."""
    attributes = call_attributes(f, reading)
    row = next((r for r in table.get(rule, []) if holds(r.applies, attributes)), None)
    if row:
        return row
    if is_example(f):
        opset = re.sub(r"\D.*", "", f["call"].split("opset ")[-1])
        return Sentence(rule, "example", "CastLike-%s, example `%s`" % (opset, f["case"]),
                        "its input %s gives %s" % (shown(f["input"]), shown(f["expected"])))
    return None


def rule_sources(semantics: str) -> dict[str, str]:
    """Each rule id's "source" cell in docs/semantics.md section 4 (the fourth column of its row)."""
    out: dict[str, str] = {}
    for line in semantics.splitlines():
        m = re.match(r"\| `([A-Z0-9_.]+)` \|", line)
        if m:
            cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
            if len(cells) >= 4:
                out[m.group(1)] = cells[3]
    return out


def contradictions(semantics: str) -> dict[str, str]:
    """Each contradiction's heading and its "Readings." sentence in docs/semantics.md section 5:
    {"A8": "A8 Float to INT4/UINT4 ...: The int4 technical note and ..."}."""
    out: dict[str, str] = {}
    for m in re.finditer(r"^### (A\d+) (.+?)\n(.*?)(?=^### |^## )", semantics, re.S | re.M):
        readings = re.search(r"\*\*Readings\.\*\* (.+?)(?:\n- |\n\n)", m.group(3), re.S)
        text = " ".join(readings.group(1).split()) if readings else ""
        out[m.group(1)] = "%s %s. %s" % (m.group(1), m.group(2), text)
    return out
