"""Findings a peer's maintainer can act on: one Markdown report per failing (rule, reading) class of a
peer, each with a reproduction in the peer's own API (castlike.peers.reproduction), and an index
(findings.json) that the comparison page (castlike.peers.comparison) is made from.

The input is `castlike validate --format json --examples N` of the peer's results, with N at least
its failure count (every failure is then in the report, each with the readings that explain it).
A failure's class is its rule and the reading that explains its whole (case, rule) row (the
baseline's row), else the first reading, in the validator's order, that explains it ("unexplained"
when none does); a reading that an element the peer gets right in that case contradicts (the row's
"contradicted") is refused: a reading is a model of the peer, not of its failures alone. Whether a
class is a bug follows from the reading's name (docs/semantics.md, "Readings found in peers"):
`A<n>=...` and `profile ...` read one of the contradictions A1-A12 (not a bug), and so do the
readings of OPEN_BY_THE_PAGES under its rules (the pages leave the result open);
`saturate=`/`round_mode=` is the attribute ignored (a bug where the peer takes the attribute, a
missing attribute where it has none, so that a combination of `A<n>=` readings with it is a reading
there); any other name, alone or in a combination, departs
from a sentence the ONNX page states plainly (a bug), but only where a sentence of the pages fixes the
result: the table of docs/specification.md section 6 quotes, per rule and call, the sentence of the
operator page (operator, version) that a bug verdict quotes, and a failing element of a page's
example (a spec-example vector) is a bug against that example. Any other failure is unspecified by
the pages (UNSPECIFIED), whatever the peer gives; a class with both is split in two.

A report's title states the behaviour from its extent: on every input of a configuration where the
peer's exhaustive runs have it (the failing intervals, the peer's outputs just outside them), else
on the vectors (the first input, the expected and the actual value).

The peer's shape pass (vectors/known-discrepancies/shapes-<peer>.json, castlike.peers.shapes) adds
what depends on the call's shape. A wrong element that only some call shapes give (a vector loop's
tail) joins the class of its rule and of the reading its row is explained by, shown apart from the
vectors' failures with the call that gave it. And a reproduction calls with the length that showed
its output: where the shape pass saw an input come back with other bits in other calls, the
shortest call that gave the finding's output; one element otherwise. A script sets a call's length,
not where its buffers start: a shape failure of a misaligned or in-place call (a head) stays in its
report's table, with its call, and out of the script.

Standard library only: it runs beside the castlike command-line tool, not in a peer's venv.

    python -m castlike.peers.findings --peer PEER --report REPORT.json --types TYPES.json
        --semantics docs/semantics.md --specification docs/specification.md --out DIR
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import ATTRIBUTELESS, PEERS
from .reproduction import REPRODUCIBLE, Example, TypeFacts, parse_types, script
from .sentences import Sentence, call_attributes, contradictions, quoted, rule_sources, sentences, shown

ONNX_PAGES = {"Cast": "https://onnx.ai/onnx/operators/onnx__Cast.html",
              "CastLike": "https://onnx.ai/onnx/operators/onnx__CastLike.html"}
SHOWN_EXAMPLES = 3  # minimal inputs per report; the extent counts them all
SHOWN_INTERVALS = 10  # exhaustive intervals listed per report; their total counts them all
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
    # Wrong elements of the shape pass only (shape_failures()): right in the case's own call.
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
    """BUG, READING or NO_ATTRIBUTE for a class's reading on `peer` under `rule` (the module docstring's rule)."""
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


def peer_named(report: dict[str, Any]) -> str:
    """"ml_dtypes 0.7.0": the report's description up to its first parenthesis or comma."""
    return re.split(r" \(|, ", report["description"], maxsplit=1)[0] or report["implementation"]


def operator_of(call: str) -> str:
    """The operator of a failure's call ("Cast at opset 28, saturate=0"; CastLike's calls name none)."""
    return "Cast" if call.startswith("Cast at ") else "CastLike"


def value_of(t: TypeFacts, bits: int) -> str:
    """A pattern's value as a title states it: "nan", "-inf", "448", "-0", "2^-133" (exact: a float
    of at most 32 bits, or a power of two, is written exactly)."""
    if t.is_nan(bits):
        return "NaN" if t.encoding in ("fnuz", "exponent-only") or not bits >> (t.bits - 1) else "-NaN"
    if t.encoding == "exponent-only":
        return "2^%d" % (bits - (1 << (t.bits - 1)) + 1)
    if not t.exponent_bits:  # an integer type (BOOL included)
        signed = t.numpy_name.startswith("int")
        return str(bits - (1 << t.bits) if signed and bits >> (t.bits - 1) else bits)
    sign = "-" if bits >> (t.bits - 1) else ""
    exponent = (bits >> t.mantissa_bits) & ((1 << t.exponent_bits) - 1)
    mantissa = bits & ((1 << t.mantissa_bits) - 1)
    if t.encoding == "ieee" and exponent == (1 << t.exponent_bits) - 1:
        return sign + "inf"
    bias = (1 << (t.exponent_bits - 1)) - (0 if t.encoding == "fnuz" else 1)
    value = Fraction(mantissa if not exponent else mantissa + (1 << t.mantissa_bits), 1 << t.mantissa_bits) * \
        Fraction(2) ** (max(exponent, 1) - bias)
    if value.numerator == 1 and value.denominator >= 1 << 16:  # a small power of two: 2^-126
        return "%s2^-%d" % (sign, value.denominator.bit_length() - 1)
    if value.denominator == 1 and value.numerator >= 1 << 32 and value.numerator & (value.numerator - 1) == 0:
        return "%s2^%d" % (sign, value.numerator.bit_length() - 1)
    text = repr(float(value))  # the shortest decimal that reads back: every value here is a double
    text = text[:-2] if text.endswith(".0") else text
    return sign + text


def configuration_parts(conf: str) -> tuple[str, str, str]:
    """("FLOAT", "FLOAT8E4M3FN", "saturate=0") of "FLOAT-FLOAT8E4M3FN-sat0" (a configuration id)."""
    parts = conf.split("-")
    attributes = ["saturate=" + p[3:] if p.startswith("sat") else "round_mode=" + p for p in parts[2:]]
    return parts[0], parts[1], ", ".join(attributes)


def extent_title(c: FindingClass, exhaustive: dict[str, Any] | None, types: dict[str, TypeFacts]) -> str:
    """The behaviour on every input of the configuration where the class has the most failing
    inputs: "FLOAT -> FLOAT8E4M3FN with saturate=0: inputs in [480, 496) and (-496, -480] give
    448 / -448 (expected NaN / -NaN); NaN just outside"; "" without exhaustive intervals."""
    found = intervals_of(c, exhaustive)
    if not found:
        return ""
    counts: dict[str, int] = {}
    for conf, i in found:
        counts[conf] = counts.get(conf, 0) + i["count"]
    conf = max(counts, key=lambda k: (counts[k], k))
    src, dst, attributes = configuration_parts(conf)
    if src not in types or dst not in types:
        return ""
    ts, td = types[src], types[dst]
    shown_intervals = sorted((i for k, i in found if k == conf), key=lambda i: -i["count"])
    ranges: list[str] = []
    outputs: list[str] = []
    expected: list[str] = []
    for i in shown_intervals[:2]:
        first, last = int(i["first"], 16), int(i["last"], 16)
        a, b = value_of(ts, first), value_of(ts, last)
        after = value_of(ts, last + 1) if last + 1 < 1 << ts.bits else ""
        negative = a.startswith("-")
        if {a.lstrip("-"), b.lstrip("-")} & {"NaN", "inf"}:  # special values: their bit patterns say which
            a, b, after = "0x%0*x" % ((ts.bits + 3) // 4, first), "0x%0*x" % ((ts.bits + 3) // 4, last), ""
        if first == last:
            ranges.append(a)
        elif after and after[0].isdigit() == (not negative) and not after.lstrip("-").startswith(("inf", "NaN")):
            # the next pattern's value closes it: [480, 496) above zero, (-496, -480] below
            ranges.append("(%s, %s]" % (after, a) if negative else "[%s, %s)" % (a, after))
        else:
            ranges.append("%s to %s" % (a, b))
        for values, key in ((outputs, "actual"), (expected, "expected")):
            v = value_of(td, int(i[key], 16))
            if v not in values:
                values.append(v)
    more = len(shown_intervals) - 2
    where = " and ".join(ranges) + (" and %d more interval%s" % (more, "s"[:more != 1]) if more > 0 else "")
    text = "%s -> %s%s: %s input%s in %s give%s %s (expected %s)" % (
        src, dst, " with " + attributes if attributes else "", "{:,}".format(counts[conf]),
        "s"[:counts[conf] != 1], where, "s"[:counts[conf] == 1], " / ".join(outputs), " / ".join(expected))
    # The peer's outputs just outside the intervals (the known file's witnesses): where they are right
    # and differ from the failing ones, the behaviour is not monotonic.
    known_configurations = (exhaustive or {}).get("configurations", [])
    witnesses: dict[str, Any] = next((k.get("witnesses", {}) for k in known_configurations if k["id"] == conf), {})
    outside = []
    for i in shown_intervals[:2]:
        for x in (int(i["first"], 16) - 1, int(i["last"], 16) + 1):
            got = witnesses.get("0x%0*x" % ((ts.bits + 3) // 4, x))
            if got is not None and value_of(td, int(got, 16)) not in outside:
                outside.append(value_of(td, int(got, 16)))
    if outside and not set(outside) & set(outputs):
        text += "; %s just outside%s" % (" / ".join(outside), ": not monotonic" if set(outside) & set(expected)
                                         and c.rule.endswith("OVERFLOW") else "")
    if len(counts) > 1:
        text += " (and %d other configuration%s)" % (len(counts) - 1, "s"[:len(counts) != 2])
    return text


def vectors_title(c: FindingClass) -> str:
    """The behaviour on the vectors: the first minimal input, what it gives, what it should give
    (in the shape pass, where the vectors' own calls have none of the class)."""
    failures = c.failures or c.shape_failures
    f = minimal(failures)[0]
    pairs = list(dict.fromkeys(p.split(" (")[0] for p, _ in pairs_of(failures)))
    n = len(c.failures) or shape_wrong(c)
    return "%s -> %s (%s): %s gives %s, expected %s (%d element%s in %d pair%s%s)" % (
        f["from"], f["to"], f["call"], brief(f["input"]), brief(f["actual"]), brief(f["expected"]),
        n, "s"[:n != 1], len(pairs), "s"[:len(pairs) != 1], "" if c.failures else ", in some call shapes only")


def call_shown(f: dict[str, Any], lengths: dict[tuple[str, int], dict[int, int]]) -> str:
    """A failure's call as a report's table shows it: "opset 25"; with the call's length where
    the output depends on it ("opset 25, in a call of 64 copies"); a shape failure's position and
    call ("opset 25; shape pass: tail, length 3, input offset 0, output offset 0, element 0")."""
    if "shape" in f:
        return "%s; shape pass: %s, %s" % (f["call"], f["position"], f["shape"])
    n = length_of(f, lengths)
    return f["call"] if n == 1 else "%s, in a call of %d copies" % (f["call"], n)


def brief(value: dict[str, Any]) -> str:
    """A value as a title states it: its exact value (a text quoted)."""
    if "text" in value:
        return json.dumps(value["text"])
    exact = str(value.get("exact") or value.get("value") or value["bits"])
    try:
        v = Fraction(exact)
    except ValueError:  # nan, inf
        return exact
    if v and v.numerator == 1 and v.denominator >= 1 << 16:  # 2^-127, not its 90 decimal digits
        return "2^-%d" % (v.denominator.bit_length() - 1)
    if v.denominator != 1 and float(v) == v and len(exact) > 24:
        return repr(float(v))  # the shortest decimal that reads back to it (a double holds it)
    return exact


def title(who: str, c: FindingClass, status: str, exhaustive: dict[str, Any] | None = None,
          types: dict[str, TypeFacts] | None = None) -> str:
    """The behaviour exactly, from the class's extent (extent_title, else vectors_title), and what
    it is when not a bug."""
    behaviour = extent_title(c, exhaustive, types or {}) or vectors_title(c)
    kind = {BUG: "", READING: " (a reading `%s` of a point the ONNX sources leave open, not a bug)" % c.reading,
            NO_ATTRIBUTE: " (the attribute does not exist here)",
            UNSPECIFIED: " (no sentence of the ONNX pages fixes this result: unspecified, not a bug)"}[status]
    return "%s: %s%s" % (who, behaviour, kind)


def markdown(peer: str, report: dict[str, Any], c: FindingClass, status: str, descriptions: dict[str, str],
             sources: dict[str, str], points: dict[str, str], repro_name: str | None,
             exhaustive: dict[str, Any] | None = None, machine: str = "",
             table: dict[str, list[Sentence]] | None = None, types: dict[str, TypeFacts] | None = None,
             cause: dict[str, str] | None = None, lengths: dict[tuple[str, int], dict[int, int]] | None = None) -> str:
    operator = operator_of(c.all_failures[0]["call"])
    lines = ["# " + title(peer_named(report), c, status, exhaustive, types), ""]
    lines.append("Implementation: %s." % report["description"].split(", results file")[0])
    lines.append("")
    if machine:
        lines += ["Machine the results come from: %s." % machine, ""]
    lines.append("## What the ONNX page says")
    lines.append("")
    lines.append("Operator page: %s. Rule `%s` (castlike's id; its sources: %s)." % (
        ONNX_PAGES[operator], c.rule, sources.get(c.rule, "see docs/semantics.md")))
    lines.append("")
    if status == BUG:
        said = list(dict.fromkeys(q for f in c.all_failures for q in [quoted(f, c.rule, c.reading, table or {})] if q))
        lines += ["The sentence the output violates:", ""]
        for q in said[:3]:
            lines += ["> %s: %s" % (q.page, q.text), ""]
    if status == READING:
        lines += ["**Not a bug**: the ONNX sources contradict each other or leave a choice here, and this is one "
                  "reading of them (`%s`: %s)." % (c.reading, plain(descriptions.get(c.reading, ""))), ""]
        for p in sorted({re.match(r"(A\d+)", part).group(1) for part in reading_parts(c.reading)  # type: ignore[union-attr]
                         if re.match(r"A\d+", part)}):
            lines += ["- The ambiguous point, %s" % points.get(p, p), ""]
    elif status == UNSPECIFIED:
        lines += ["**Not a bug**: no sentence of the ONNX pages fixes the result of these inputs (castlike's "
                  "docs/specification.md section 6 lists the sentences a bug verdict can quote, and says what they "
                  "leave open), and none is an element of a page's example. castlike's default reading gives the "
                  "expected values below; the peer %s." % (
                      "gives values no named reading does" if c.reading == "unexplained" else
                      "behaves as `%s` (%s)" % (c.reading, plain(descriptions.get(c.reading, "")))), ""]
    elif status == NO_ATTRIBUTE:
        lines += ["**Not a bug of this API**: %s has no `saturate` / `round_mode`; it behaves as `%s` (%s). An ONNX "
                  "runtime built on it must apply the attribute itself." % (peer, c.reading,
                                                                            plain(descriptions.get(c.reading, ""))), ""]
    elif c.reading == "unexplained":
        lines += ["**A bug**: no reading of the ONNX sources gives these outputs.", ""]
    else:
        lines += ["**A bug**: the output departs from that sentence. What the peer does "
                  "instead (`%s`): %s." % (c.reading, plain(descriptions.get(c.reading, ""))), ""]
    lines += cause_lines(cause)
    lines += ["## Minimal inputs", "", "| pair | call | input | expected | actual |", "| --- | --- | --- | --- | --- |"]
    for f in minimal(c.failures) + minimal(c.shape_failures):
        lines.append("| %s -> %s | %s | %s | %s | %s |" % (f["from"], f["to"], call_shown(f, lengths or {}),
                                                         shown(f["input"]), shown(f["expected"]), shown(f["actual"])))
    if c.refused:
        lines += ["", "## Readings refused", "",
                  "Each gives these failures, but an element the peer gets right contradicts it:", ""]
        for r, w in sorted(c.refused.items()):
            lines.append("- `%s`: in %s it gives %s for %s, where the peer gives %s, as it should" % (
                r, w["case"], shown(w["reading_gives"]), shown(w["input"]), shown(w["actual"])))
    lines += ["", "## Extent", "", "%d failing element%s on castlike's vectors (%s):" % (
        len(c.failures), "s"[:len(c.failures) != 1], ", ".join(report["vectors"])), ""]
    for where, n in pairs_of(c.failures):
        lines.append("- %s: %d" % (where, n))
    if c.shape_failures:
        rows = {f["case"]: f for f in c.shape_failures}
        wrong = shape_wrong(c)
        lines += ["", "Wrong in some call shapes only (castlike's shape pass: the same cases in calls of other lengths "
                  "and offsets; right in the case's own call): %d element%s:" % (wrong, "s"[:wrong != 1]), ""]
        for case, f in sorted(rows.items()):
            lines.append("- %s -> %s (%s), case `%s`: %s" % (f["from"], f["to"], f["call"], case, ", ".join(
                "%s %d" % kv for kv in sorted(f["wrong_by_position"].items()))))
    found = intervals_of(c, exhaustive)
    if found:
        lines += ["", "On every input of a configuration (castlike's exhaustive runs): %d input%s in %d interval%s%s:"
                  % (sum(i["count"] for _, i in found), "s"[:sum(i["count"] for _, i in found) != 1], len(found),
                     "s"[:len(found) != 1], ", the first %d shown" % SHOWN_INTERVALS if len(found) > SHOWN_INTERVALS
                     else ""), ""]
        ids = {f for f, _ in found}
        truncated = [conf for conf in (exhaustive or {}).get("configurations", [])
                     if conf.get("intervals_truncated") and conf["id"] in ids]
        if truncated:
            lines += ["(the runs kept only their first intervals; the configurations' failures in all: %s.)"
                      % ", ".join("%s %d" % (conf["id"], conf["fail"]) for conf in truncated), ""]
        for conf, i in found[:SHOWN_INTERVALS]:
            lines.append("- %s: `%s`..`%s` (%d input%s), expected `%s` / actual `%s` at the first" % (
                conf, i["first"], i["last"], i["count"], "s"[:i["count"] != 1], i["expected"], i["actual"]))
    lines += ["", "## Reproduction", ""]
    if repro_name:
        lines += ["[`%s`](%s), committed beside this report (written by castlike's `scripts/peers/peer-findings`), "
                  "runs with the peer alone (no castlike): it prints each input, the expected and the actual value, "
                  "and exits 1 while the behaviour is there (0 once every output is a correct one, 3 when an output "
                  "is neither). An expected NaN is any NaN (of the expected sign under a float8 rule)."
                  % (repro_name, repro_name)
                  + ("" if all(length_of(f, lengths or {}) == 1 for f in minimal(c.failures) + minimal(
                      c.shape_failures)) else " Each input goes in one call of the length its row above "
                     "names (copies of it), since the peer's output depends on the call's length; the others "
                     "as one element.")
                  + ("" if all(plain_call(f) for f in minimal(c.shape_failures)) else
                     " A row of a misaligned or in-place call is not in the script, which sets a call's length "
                     "only: `castlike validate` on the peer shows it in its shape pass."), ""]
    else:
        lines += ["No reproduction in this peer's API is generated yet: `scripts/peers/repro-peer %s FROM:TO INPUT` "
                  "(needs castlike) reproduces each input above." % peer, ""]
    return "\n".join(lines)


def reaches(peer: str, failure: dict[str, Any], types: dict[str, TypeFacts]) -> bool:
    """Whether a failure's pair reaches the peer's own code: for ml_dtypes, a pair with a text on one
    side and numpy's own type on the other is numpy's object-array conversion alone."""
    if peer != "ml-dtypes" or "STRING" not in (failure["from"], failure["to"]):
        return True
    other = failure["to"] if failure["from"] == "STRING" else failure["from"]
    return not re.fullmatch(r"bool|str|float(16|32|64)|u?int(8|16|32|64)", types[other].numpy_name)


def note_title(who: str) -> str:
    return "%s: no saturate / round_mode attribute: one behaviour for every setting (not a bug of this API)" % who


def note(who: str, report: dict[str, Any], noted: list[FindingClass], descriptions: dict[str, str],
         repro: str | None, causes: list[dict[str, str] | None] | None = None) -> str:
    """The one note of an attributeless peer: each class that only the attribute it lacks explains."""
    lines = ["# " + note_title(who), "",
             "Implementation: %s." % report["description"].split(", results file")[0], "",
             "%s has no `saturate` and no `round_mode`: it converts one way whatever a case asks, so the cases "
             "that ask for the other setting fail. An ONNX runtime built on it must apply the attribute itself. "
             "Each row is the setting the peer behaves as, with one input:" % who, "",
             "| rule | behaves as | elements | pair | call | input | expected | actual |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for c in noted:
        f = minimal(c.failures or c.shape_failures)[0]
        lines.append("| `%s` | `%s`: %s | %d | %s -> %s | %s | %s | %s | %s |" % (
            c.rule, c.reading, plain(descriptions.get(c.reading, "")), len(c.failures), f["from"], f["to"], f["call"],
            shown(f["input"]), shown(f["expected"]), shown(f["actual"])))
    for cause in dict.fromkeys(json.dumps(k, sort_keys=True) for k in causes or [] if k):
        lines += [""] + cause_lines(json.loads(cause))[:-1]
    lines += ["", "## Reproduction", ""]
    if repro:
        lines += ["[`%s`](%s), committed beside this note, runs each input above with the peer alone; it exits 1 "
                  "while the peer behaves so." % (repro, repro), ""]
    return "\n".join(lines)


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


def examples_of(c: FindingClass, lengths: dict[tuple[str, int], dict[int, int]]) -> list[Example]:
    """A class's reproduction cases: its minimal failures on the vectors, then in the shape pass,
    each in a call of the length that shows it."""
    return [Example.of(f, c.rule, length_of(f, lengths)) for f in minimal(c.failures) + minimal(
        [f for f in c.shape_failures if plain_call(f)])]


def plain_call(f: dict[str, Any]) -> bool:
    """Whether a shape failure's call is one a reproduction can make: its buffers start where the
    peer puts them (no head offset, not in place), only its length set."""
    return f["shape"].startswith("length ") and ", input offset 0, output offset 0," in f["shape"]


def cause_of(peer: str, c: FindingClass, causes: list[dict[str, str]]) -> dict[str, str] | None:
    """The entry of docs/findings/causes.json for a class: its peer, its rule (or "*"), and one of
    its single readings (or "unexplained")."""
    parts = reading_parts(c.reading) or ["unexplained"]
    return next((k for k in causes if k["peer"] == peer and k["rule"] in ("*", c.rule) and k["reading"] in parts),
                None)


def cause_lines(cause: dict[str, str] | None) -> list[str]:
    if not cause:
        return []
    return ["## Cause in the peer's source", "",
            "[%s](%s) (%s): %s." % (cause["where"], cause["url"], cause["version"], cause["cause"]), ""]


def write_findings(peer: str, report: dict[str, Any], types: dict[str, TypeFacts], semantics: str,
                   out: Path, exhaustive: dict[str, Any] | None = None, machine: str = "",
                   specification: str = "", causes: list[dict[str, str]] | None = None,
                   shapes: dict[str, Any] | None = None) -> dict[str, Any]:
    """Writes one Markdown report (and, for the peers of REPRODUCIBLE, one reproduction script) per
    class into `out`, and out/findings.json; returns that index. `shapes`: the peer's shape
    document (the module docstring)."""
    out.mkdir(parents=True, exist_ok=True)
    # A class that no longer fails must not leave its report behind (the directory is the peer's alone).
    for stale in list(out.glob("*.md")) + list(out.glob("*.py")):
        stale.unlink()
    descriptions = {e["candidate"]: e["description"] for r in report["rules"] for e in r.get("explanations", [])}
    sources, points = rule_sources(semantics), contradictions(semantics)
    table = sentences(specification)
    index: dict[str, Any] = {"format": "castlike-findings", "format_version": 1, "peer": peer,
                             "implementation": report["implementation"], "description": report["description"],
                             "vectors": report["vectors"], "machine": machine, "classes": [],
                             "rejections": [{"case": r["case"], "call": r["call"], "message": r["message"]}
                                            for r in report["rejections"]],
                             "cases_with_failures": sorted({d["case"] for d in report["discrepancies"]})}
    found = classes(report, peer)
    for f in shape_failures(shapes):
        c = next((c for c in found if (c.rule, c.reading) == (f["rule"], f["explained_by"][0])), None)
        if c is None:
            c = FindingClass(f["rule"], f["explained_by"][0])
            found.append(c)
        c.shape_failures.append(f)
    lengths = call_lengths(shapes)
    # The failures of pairs whose elements never reach the peer's own code are not its findings.
    reached = [FindingClass(c.rule, c.reading, [f for f in c.failures if reaches(peer, f, types)], c.refused,
                            shape_failures=[f for f in c.shape_failures if reaches(peer, f, types)]) for c in found]
    index["not_the_peer"] = sum(len(c.all_failures) for c in found) - sum(len(c.all_failures) for c in reached)
    reached = [c for c in reached if c.all_failures]
    noted = [c for c in reached if standing(c.reading, peer, c.rule) == NO_ATTRIBUTE]
    if noted:
        repro = NO_ATTRIBUTE_NOTE + ".py" if peer in REPRODUCIBLE else None
        if repro:
            examples = [examples_of(c, lengths)[0] for c in noted]
            (out / repro).write_text(script(peer, peer_named(report), note_title(peer_named(report)), examples, types))
            (out / repro).chmod(0o755)
        (out / (NO_ATTRIBUTE_NOTE + ".md")).write_text(note(peer_named(report), report, noted, descriptions, repro,
                                                            [cause_of(peer, c, causes or []) for c in noted]))
    parts = [part for c in reached for part in split(c, standing(c.reading, peer, c.rule), table)]
    for c, status in parts:
        repro_name = None
        report_name = c.key + ".md"
        if status == NO_ATTRIBUTE:
            report_name = NO_ATTRIBUTE_NOTE + ".md"
            repro_name = NO_ATTRIBUTE_NOTE + ".py" if peer in REPRODUCIBLE else None
        else:
            if peer in REPRODUCIBLE:
                examples = examples_of(c, lengths)
                repro_name = c.key + ".py"
                (out / repro_name).write_text(script(peer, peer_named(report), title(
                    peer_named(report), c, status, exhaustive, types), examples, types))
                (out / repro_name).chmod(0o755)
            (out / report_name).write_text(markdown(peer, report, c, status, descriptions, sources, points,
                                                    repro_name, exhaustive, machine, table, types,
                                                    cause_of(peer, c, causes or []), lengths))
        cases: dict[str, int] = {}
        for f in c.failures:
            cases[f["case"]] = cases.get(f["case"], 0) + 1
        index["classes"].append({"rule": c.rule, "reading": c.reading, "standing": status,
                                 "description": plain(descriptions.get(c.reading, "")), "failures": len(c.failures),
                                 "exhaustive_inputs": sum(i["count"] for _, i in intervals_of(c, exhaustive)),
                                 "report": report_name, "reproduction": repro_name, "cases": cases,
                                 "refused": sorted(c.refused)}
                                | ({"shape_failures": shape_wrong(c)} if c.shape_failures else {}))
    (out / "findings.json").write_text(json.dumps(index, indent=1, sort_keys=True) + "\n")
    return index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m castlike.peers.findings", description=__doc__.splitlines()[0])
    parser.add_argument("--peer", required=True, choices=PEERS)
    parser.add_argument("--report", required=True, help="castlike validate --format json --examples N")
    parser.add_argument("--types", required=True, help="the output of `castlike types --format json`")
    parser.add_argument("--semantics", required=True, help="docs/semantics.md")
    parser.add_argument("--specification", required=True, help="docs/specification.md (its section 6: the "
                                                                "sentences a bug verdict quotes)")
    parser.add_argument("--out", required=True, help="directory for the reports")
    parser.add_argument("--exhaustive", help="the peer's exhaustive known file (its failing intervals), if any")
    parser.add_argument("--causes", help="docs/findings/causes.json: where behaviours come from in the peers' "
                                         "sources")
    parser.add_argument("--machine", default="", help="the CPU the results come from (model, instruction sets)")
    parser.add_argument("--shapes", help="the peer's shape document (vectors/known-discrepancies/shapes-<peer>.json), "
                                         "if any")
    args = parser.parse_args(argv)
    try:
        report = json.loads(Path(args.report).read_text())
        types = parse_types(Path(args.types).read_text())
        exhaustive = json.loads(Path(args.exhaustive).read_text()) if args.exhaustive else None
        shapes = json.loads(Path(args.shapes).read_text()) if args.shapes else None
        index = write_findings(args.peer, report, types, Path(args.semantics).read_text(), Path(args.out), exhaustive,
                               args.machine, Path(args.specification).read_text(),
                               json.loads(Path(args.causes).read_text())["causes"] if args.causes else None, shapes)
    except (OSError, ValueError, KeyError) as e:
        print("findings: error: %s" % e, file=sys.stderr)
        return 2
    bugs = sum(1 for c in index["classes"] if c["standing"] == BUG)
    print("%s: %d classes (%d bugs) -> %s" % (args.peer, len(index["classes"]), bugs, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
