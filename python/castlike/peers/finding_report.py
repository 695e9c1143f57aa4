"""The texts of the findings (castlike.peers.findings): a report's title from its extent, the
Markdown report of a class, the note of an attributeless peer's classes, and the cause lines."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

from .finding_classes import (BUG, NO_ATTRIBUTE, READING, UNSPECIFIED, FindingClass,
                              configuration_parts, intervals_of, minimal, pairs_of, plain, reading_parts)
from .finding_shapes import length_of, plain_call, shape_wrong
from .reproduction import TypeFacts
from .sentences import Sentence, quoted, shown

ONNX_PAGES = {"Cast": "https://onnx.ai/onnx/operators/onnx__Cast.html",
              "CastLike": "https://onnx.ai/onnx/operators/onnx__CastLike.html"}
SHOWN_INTERVALS = 10  # exhaustive intervals listed per report; their total counts them all


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
