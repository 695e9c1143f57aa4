"""The failing classes of a peer (castlike.peers.findings): a failure's (rule, reading) class, whether
it is a bug, a reading, a missing attribute or unspecified, the class's extent and minimal inputs,
and the split of a bug class into the failures a sentence of the pages covers and the others."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import ATTRIBUTELESS
from .reproduction import TypeFacts
from .sentences import Sentence, call_attributes, quoted

SHOWN_EXAMPLES = 3  # minimal inputs per report; the extent counts them all
BUG, READING, NO_ATTRIBUTE, UNSPECIFIED = "bug", "reading", "no attribute", "unspecified"
# The file-name suffix of the part of a class that no sentence of the pages covers.
UNSPECIFIED_SUFFIX = "--unspecified"
# Readings of a result no sentence of the ONNX pages fixes, with the rules (id prefixes) where it is
# open and why: a bug verdict needs a sentence the output violates.
OPEN_BY_THE_PAGES = {
    "text-int-prefix": ("INT.", "BOOL.", "the pages read decimal texts to numbers but say nothing of a fraction or an "
                        "exponent in a text cast to an integer or to BOOL"),
    "text-bool-nonempty": ("BOOL.", "no sentence says how a text converts to BOOL"),
    "nan-sign": ("FLOAT.", "the pages fix a NaN's sign only in the Cast float8 table (and \"-nan\" is "
                 "not among the texts they reserve); elsewhere NaN stays NaN, its sign open"),
}
# The file name of the one note per attributeless peer gathering its "no attribute" classes.
NO_ATTRIBUTE_NOTE = "no-attribute"


@dataclass
class FindingClass:
    rule: str
    reading: str  # the reading naming each failure (see classes()), or "unexplained"
    failures: list[dict[str, Any]] = field(default_factory=list)
    # The readings refused for its failures: each with the first right element contradicting it.
    refused: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Set on the part of a class that no sentence of the pages covers (see split()).
    unspecified: bool = False
    # Where a class was split: the (source, destination, attributes) of its failures' calls, the
    # configurations of the exhaustive runs that belong to it; None: every configuration.
    calls: set[tuple[str, str, str]] | None = None
    # Wrong elements of the shape pass only (finding_shapes.shape_failures()): right in the case's own call.
    shape_failures: list[dict[str, Any]] = field(default_factory=list)

    @property
    def all_failures(self) -> list[dict[str, Any]]:
        return self.failures + self.shape_failures

    @property
    def key(self) -> str:
        """A file name: the rule and the reading, with what a path cannot hold replaced."""
        return re.sub(r"[^A-Za-z0-9.=+-]", "_", "%s--%s%s" % (self.rule, self.reading,
                                                            UNSPECIFIED_SUFFIX if self.unspecified else ""))


def reading_parts(reading: str) -> list[str]:
    """The single readings of a combination ("A9=through-float32+e5m2-overflow-nan")."""
    return [] if reading == "unexplained" else reading.split("+")


def is_open(part: str, rule: str) -> bool:
    """Whether the single reading `part` reads a result the pages leave open under `rule`."""
    return part in OPEN_BY_THE_PAGES and rule.startswith(OPEN_BY_THE_PAGES[part][:-1])


def standing(reading: str, peer: str, rule: str = "") -> str:
    """BUG, READING or NO_ATTRIBUTE for a class's reading on `peer` under `rule` (castlike.peers.findings' rule)."""
    parts = reading_parts(reading)
    if not parts:
        return BUG
    attribute = [p for p in parts if p.startswith(("saturate=", "round_mode="))]
    if attribute and peer not in ATTRIBUTELESS:
        return BUG
    # A peer without the attribute cannot ignore it: the rest of the combination decides.
    rest = [p for p in parts if p not in attribute]
    if all(re.match(r"A\d+=", p) or p.startswith("profile ") or is_open(p, rule) for p in rest):
        return READING if rest else NO_ATTRIBUTE
    return BUG


def classes(report: dict[str, Any], peer: str = "") -> list[FindingClass]:
    """The failing (rule, reading) classes of a JSON validation report, largest first; ValueError
    when the report holds fewer failures than it counts (made with too small --examples). Where
    several readings stand for `peer`, one that is not a bug is preferred: a model of the peer that
    reads an open point explains the outputs as well as one that departs from a sentence, so the
    outputs alone prove no bug."""
    found: dict[tuple[str, str], FindingClass] = {}
    contradicted = {(d["case"], d["rule"]): {c["reading"]: dict(c, case=d["case"]) for c in d.get("contradicted", [])}
                    for d in report["discrepancies"]}

    def mildest(readings: list[str], rule: str) -> list[str]:
        return sorted(readings, key=lambda r: standing(r, peer, rule) == BUG) if peer else readings

    # The reading that explains a whole (case, rule) row names each of its failures, where one does
    # and no right element of the row's case contradicts it.
    whole = {(d["case"], d["rule"]): next((r for r in mildest(d["explained_by"].split("|"), d["rule"])
                                           if r not in contradicted[(d["case"], d["rule"])]), "")
             for d in report["discrepancies"] if d["explained_by"]}
    for rule in report["rules"]:
        listed = rule.get("first_failures", [])
        if len(listed) != rule["counts"]["fail"]:
            raise ValueError("rule %s: %d failures, %d in the report; make it with --examples %d or more" % (
                rule["rule"], rule["counts"]["fail"], len(listed), rule["counts"]["fail"]))
        for f in listed:
            refused = contradicted.get((f["case"], rule["rule"]), {})
            standing_readings = mildest([r for r in f["explained_by"] if r not in refused], rule["rule"])
            reading = whole.get((f["case"], rule["rule"]), "")
            if not reading or reading not in standing_readings:
                reading = standing_readings[0] if standing_readings else "unexplained"
            c = found.setdefault((rule["rule"], reading), FindingClass(rule["rule"], reading))
            c.failures.append(f)
            for r in f["explained_by"]:
                if r in refused:
                    c.refused.setdefault(r, refused[r])
    return sorted(found.values(), key=lambda c: (-len(c.failures), c.rule, c.reading))


def pairs_of(failures: list[dict[str, Any]]) -> list[tuple[str, int]]:
    """The extent: failing elements per (pair, call), most first."""
    counts: dict[str, int] = {}
    for f in failures:
        where = "%s -> %s (%s)" % (f["from"], f["to"], f["call"])
        counts[where] = counts.get(where, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


def intervals_of(c: "FindingClass", exhaustive: dict[str, Any] | None) -> list[tuple[str, dict[str, Any]]]:
    """The extent on every input: the intervals of the peer's exhaustive runs (castlike validate
    --exhaustive, kept in vectors/known-discrepancies/exhaustive-<peer>.json) of the configurations
    the class fails in on the vectors (same pair and attributes), with the class's rule, that its
    reading explains (an "unexplained" class's: those no reading explains, or only readings
    the class refuses), as (configuration, interval)."""
    if not exhaustive:
        return []
    calls = c.calls if c.calls is not None else {call_key(f) for f in c.failures}
    return [(conf["id"], i) for conf in exhaustive["configurations"] for i in conf["intervals"]
            if i["rule"] == c.rule and configuration_call(conf["id"]) in calls
            and (c.reading in i["readings"] or (c.reading == "unexplained" and set(i["readings"]) <= set(c.refused)))]


def _size(f: dict[str, Any]) -> int:
    return len(str(f["input"].get("exact", f["input"].get("text", ""))))


def minimal(failures: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Up to SHOWN_EXAMPLES failures of the pairs with the most failures, one per destination where
    it can, each the one whose input reads shortest (the simplest value to type in a bug report)."""
    best: dict[str, dict[str, Any]] = {}
    for f in failures:
        k = "%s -> %s (%s)" % (f["from"], f["to"], f["call"])
        if k not in best or _size(f) < _size(best[k]):
            best[k] = f
    ranked = [best[k] for k, _ in pairs_of(failures)]
    chosen: list[dict[str, Any]] = []
    for f in ranked:
        if len(chosen) < SHOWN_EXAMPLES and f["to"] not in {c["to"] for c in chosen}:
            chosen.append(f)
    for f in ranked:
        if len(chosen) < SHOWN_EXAMPLES and f not in chosen:
            chosen.append(f)
    return chosen


def plain(description: str) -> str:
    """A reading's description without the validator's note on where it comes from."""
    return description.split(" (a reading found in peers")[0]


def configuration_parts(conf: str) -> tuple[str, str, str]:
    """("FLOAT", "FLOAT8E4M3FN", "saturate=0") of "FLOAT-FLOAT8E4M3FN-sat0" (a configuration id)."""
    parts = conf.split("-")
    attributes = ["saturate=" + p[3:] if p.startswith("sat") else "round_mode=" + p for p in parts[2:]]
    return parts[0], parts[1], ", ".join(attributes)


def call_key(f: dict[str, Any]) -> tuple[str, str, str]:
    """A failure's (source, destination, "saturate=S, round_mode=M"), as configuration_call gives."""
    a = call_attributes(f, "")
    return f["from"], f["to"], "saturate=%s, round_mode=%s" % (a["saturate"], a["round_mode"])


def configuration_call(conf: str) -> tuple[str, str, str]:
    src, dst, attributes = configuration_parts(conf)
    a = call_attributes({"call": attributes, "from": src}, "")
    return src, dst, "saturate=%s, round_mode=%s" % (a["saturate"], a["round_mode"])


def split(c: FindingClass, status: str, table: dict[str, list[Sentence]]) -> list[tuple[FindingClass, str]]:
    """A bug class as its failures that a sentence of the pages covers (a bug) and those it does not
    (UNSPECIFIED); any other class as it is."""
    if status != BUG:
        return [(c, status)]

    def parts(failures: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        covered = [f for f in failures if quoted(f, c.rule, c.reading, table)]
        kept = {id(f) for f in covered}
        return covered, [f for f in failures if id(f) not in kept]

    (covered, rest), (shape_covered, shape_rest) = parts(c.failures), parts(c.shape_failures)
    if not rest and not shape_rest:
        return [(c, BUG)]
    if not covered and not shape_covered:
        return [(FindingClass(c.rule, c.reading, rest, c.refused, True, None, shape_rest), UNSPECIFIED)]
    return [(FindingClass(c.rule, c.reading, covered, c.refused, False, {call_key(f) for f in covered + shape_covered},
                          shape_covered), BUG),
            (FindingClass(c.rule, c.reading, rest, c.refused, True, {call_key(f) for f in rest + shape_rest},
                          shape_rest), UNSPECIFIED)]


def reaches(peer: str, failure: dict[str, Any], types: dict[str, TypeFacts]) -> bool:
    """Whether a failure's pair reaches the peer's own code: for ml_dtypes, a pair with a text on one
    side and numpy's own type on the other is numpy's object-array conversion alone."""
    if peer != "ml-dtypes" or "STRING" not in (failure["from"], failure["to"]):
        return True
    other = failure["to"] if failure["from"] == "STRING" else failure["from"]
    return not re.fullmatch(r"bool|str|float(16|32|64)|u?int(8|16|32|64)", types[other].numpy_name)
