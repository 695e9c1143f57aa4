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
import sys
from pathlib import Path
from typing import Any

from . import PEERS
from .finding_classes import (BUG, NO_ATTRIBUTE, NO_ATTRIBUTE_NOTE, READING, UNSPECIFIED, FindingClass, classes,
                              intervals_of, plain, reaches, split, standing)
from .finding_report import cause_of, markdown, note, note_title, peer_named, title
from .finding_shapes import call_lengths, examples_of, shape_failures, shape_wrong
from .reproduction import REPRODUCIBLE, TypeFacts, parse_types, script
from .sentences import contradictions, rule_sources, sentences

# What the comparison page and the tests take from here; the parts live in finding_classes.py (the
# classes and their standing), finding_shapes.py (the shape pass's part) and finding_report.py (the texts).
__all__ = ["BUG", "NO_ATTRIBUTE", "READING", "UNSPECIFIED", "FindingClass", "classes", "split", "standing", "title",
           "write_findings", "main"]


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
