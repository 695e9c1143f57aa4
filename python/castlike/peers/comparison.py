"""One page comparing every implementation: a row per vector file (a type pair at one operator,
opset and attribute setting), a column per peer, each cell saying whether the peer agrees with
castlike's default reading there, which reading it follows, which bug it has, or that it lacks the
conversion (it rejected the call). Made from the peers' findings (castlike.peers.findings: each
peer's findings.json) and the vector files; writes comparison.json and comparison.html (no script,
no external resource). Standard library only.

    python -m castlike.peers.comparison --findings DIR [--findings DIR ...] --vectors DIR [--vectors DIR ...]
        --out DIR
"""

from __future__ import annotations

import argparse
import html
import json
import os
import sys
from pathlib import Path
from typing import Any

from .findings import BUG, NO_ATTRIBUTE, READING, UNSPECIFIED

AGREES, LACKS = "agrees", "lacks"
# The worst standing of a cell's classes decides its colour.
RANK = {AGREES: 0, NO_ATTRIBUTE: 1, UNSPECIFIED: 2, READING: 3, BUG: 4, LACKS: 5}
COLOURS = {AGREES: "#b7e1b0", NO_ATTRIBUTE: "#d9d9d9", UNSPECIFIED: "#e3d3f0", READING: "#f6d58e", BUG: "#f08a80",
           LACKS: "#9fb7d9"}


# The type families of the summary, by destination type, each with the test of a type's name; the
# first that holds names the family.
FAMILIES: tuple[tuple[str, Any], ...] = (
    ("FLOAT8E8M0", lambda t: t == "FLOAT8E8M0"),
    ("float8", lambda t: t.startswith("FLOAT8")),
    ("4-/6-bit floats", lambda t: t.startswith(("FLOAT4", "FLOAT6"))),
    ("4-/2-bit integers", lambda t: t in ("INT4", "UINT4", "INT2", "UINT2")),
    ("16-bit floats", lambda t: t in ("FLOAT16", "BFLOAT16")),
    ("wider floats", lambda t: t in ("FLOAT", "DOUBLE")),
    ("text", lambda t: t == "STRING"),
    ("integers", lambda t: True),  # BOOL and the 8- to 64-bit integers
)


def family_of(destination: str) -> str:
    return next(name for name, holds in FAMILIES if holds(destination))


def summary(data: dict[str, Any]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per family (of the destination type) and peer: elements, the share exact (neither failing nor
    rejected), the bugs and readings (distinct classes: root causes) and the elements it lacks."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for family, _ in FAMILIES:
        rows = [r for r in data["rows"] if family_of(r["to"]) == family]
        out[family] = {}
        for p in data["implementations"]:
            peer = p["peer"]
            elements = sum(r["elements"] for r in rows)
            lacks = sum(r["elements"] for r in rows if r["cells"][peer]["status"] == LACKS)
            classes = [k for r in rows for k in r["cells"][peer]["classes"]]
            failing = sum(k["failures"] for k in classes)
            kinds = {s: len({(k["rule"], k["reading"]) for k in classes if k["standing"] == s})
                     for s in (BUG, READING, NO_ATTRIBUTE, UNSPECIFIED)}
            out[family][peer] = {"elements": elements, "exact": elements - lacks - failing, "lacks": lacks,
                                 "bugs": kinds[BUG], "readings": kinds[READING], "no_attribute": kinds[NO_ATTRIBUTE],
                                 "unspecified": kinds[UNSPECIFIED]}
    return out


def call_label(case: dict[str, Any]) -> str:
    """"CastLike opset 25, saturate=0" for a vector file's operator, opset and attributes."""
    attributes = "".join(", %s=%s" % (k, v) for k, v in sorted(case.get("attributes", {}).items()))
    return "%s opset %s%s" % (case.get("operator", "CastLike"), case["opset"], attributes)


def elements_of(case: dict[str, Any]) -> int:
    """A vector file's element count: its shape's product."""
    n = 1
    for d in case["shape"]:
        n *= d
    return n


def vector_rows(roots: list[Path]) -> list[dict[str, Any]]:
    """Every vector file's case name, pair and call, sorted by name."""
    rows = []
    for root in roots:
        for p in sorted(root.glob("*.json")) if root.is_dir() else [root]:
            case = json.loads(p.read_text())
            rows.append({"case": case["name"], "from": case["from"], "to": case["to"], "call": call_label(case),
                         "elements": elements_of(case)})
    if not rows:
        raise ValueError("no vector files in %s" % ", ".join(map(str, roots)))
    return sorted(rows, key=lambda r: r["case"])


def cell(findings: dict[str, Any], case: str, link: str) -> dict[str, Any]:
    """One peer's cell for one case: its status and the classes behind it."""
    for r in findings["rejections"]:
        if r["case"] == case:
            return {"status": LACKS, "message": r["message"], "classes": []}
    classes = [{"rule": c["rule"], "reading": c["reading"], "standing": c["standing"], "failures": c["cases"][case],
                "report": link + "/" + c["report"]} for c in findings["classes"] if case in c["cases"]]
    if not classes:
        return {"status": AGREES, "classes": []}
    return {"status": max((c["standing"] for c in classes), key=RANK.__getitem__), "classes": classes}


def comparison(peers: list[tuple[dict[str, Any], str]], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The page's data: `peers` as (findings index, link to its directory from the page)."""
    out_rows: list[dict[str, Any]] = []
    for row in rows:
        cells = {f["peer"]: cell(f, row["case"], link) for f, link in peers}
        out_rows.append({**row, "cells": cells})
    totals = {f["peer"]: {s: sum(1 for r in out_rows if r["cells"][f["peer"]]["status"] == s) for s in RANK}
              for f, _ in peers}
    data = {"format": "castlike-comparison", "format_version": 1,
            "implementations": [{"peer": f["peer"], "implementation": f["implementation"],
                                 "description": f["description"]} for f, _ in peers],
            "totals": totals, "rows": out_rows}
    data["summary"] = summary(data)
    return data


def summary_table(data: dict[str, Any]) -> str:
    e = html.escape
    peers = data["implementations"]
    out = ["<table class=\"summary\"><tr><th>family</th>" + "".join("<th>%s</th>" % e(p["peer"]) for p in peers)
           + "</tr>"]
    for family, _ in FAMILIES:
        cells = []
        for p in peers:
            s = data["summary"][family][p["peer"]]
            if not s["elements"]:
                cells.append("<td>-</td>")
                continue
            share = 100.0 * s["exact"] / s["elements"]
            status = BUG if s["bugs"] else READING if s["readings"] else UNSPECIFIED if s["unspecified"] else \
                NO_ATTRIBUTE if s["no_attribute"] else \
                LACKS if s["lacks"] else AGREES
            cells.append("<td class=\"%s\"><b>%.1f%%</b> exact<br>%d bug%s, %d reading%s%s<br>lacks %d of %d</td>" % (
                status.replace(" ", "-"), share, s["bugs"], "s"[:s["bugs"] != 1], s["readings"],
                "s"[:s["readings"] != 1], "".join(", %d %s" % (s[k], label) for k, label in (
                    ("unspecified", "unspecified"), ("no_attribute", "no-attr.")) if s[k]),
                s["lacks"], s["elements"]))
        out.append("<tr><th>%s</th>%s</tr>" % (e(family), "".join(cells)))
    return "".join(out) + "</table>"


def page(data: dict[str, Any]) -> str:
    """The HTML page of comparison(): a legend, the totals, the table."""
    e = html.escape
    peers = [p["peer"] for p in data["implementations"]]
    css = "".join("td.%s{background:%s}" % (s.replace(" ", "-"), c) for s, c in COLOURS.items())
    out = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>castlike: every implementation compared</title>",
           "<style>body{font:13px sans-serif;margin:1em}table{border-collapse:collapse}"
           "td,th{border:1px solid #888;padding:2px 4px;vertical-align:top}th{background:#eee;position:sticky;top:0}"
           "td ul{margin:0;padding-left:1em}" + css + "</style></head><body>",
           "<h1>Every implementation compared</h1>",
           "<h2>Which implementation to trust, by the type cast to</h2>",
           "<p>Per family of destination types and implementation: the share of the vectors' elements it converts "
           "exactly as castlike's default reading, then its root causes: bugs (a plain sentence of the ONNX page "
           "departed from), readings (an ambiguous or open point read another way), no-attribute classes, and the "
           "elements it lacks (rejected calls). Counts in elements; 0 elements: no vector of the family.</p>",
           summary_table(data),
           "<p>One row per vector file (a type pair at one operator, opset and attribute setting), one column per "
           "implementation. Each cell: <b>agrees</b> with castlike's default reading; follows a <b>reading</b> of an "
           "ambiguous point of the ONNX sources; has a <b>bug</b> (departs from a plain sentence of the ONNX page); "
           "has <b>no attribute</b> (the API has no saturate / round_mode); departs where the result is "
           "<b>unspecified</b> (no sentence of the pages fixes it: not a bug); <b>lacks</b> the conversion (rejected). "
           "Each class links to its report.</p>",
           "<table class=\"legend\"><tr>" + "".join("<td class=\"%s\">%s</td>" % (s.replace(" ", "-"), s)
                                                    for s in RANK) + "</tr></table>",
           "<h2>Totals (rows)</h2><table class=\"totals\"><tr><th>implementation</th>" +
           "".join("<th>%s</th>" % s for s in RANK) + "</tr>"]
    for p in data["implementations"]:
        out.append("<tr><td>%s</td>%s</tr>" % (e(p["implementation"]), "".join(
            "<td>%d</td>" % data["totals"][p["peer"]][s] for s in RANK)))
    out.append("</table><h2>Pairs</h2><table class=\"pairs\"><tr><th>case</th><th>pair</th><th>call</th>" +
               "".join("<th>%s</th>" % e(p) for p in peers) + "</tr>")
    rows = []
    for row in data["rows"]:
        cells = []
        for p in peers:
            c = row["cells"][p]
            if c["status"] == LACKS:
                body = "lacks: %s" % e(c["message"][:80])
            elif c["status"] == AGREES:
                body = "agrees"
            else:
                body = "<ul>%s</ul>" % "".join("<li><a href=\"%s\">%s</a>: %s (%d)</li>" % (
                    e(k["report"]), e(k["standing"]), e("%s %s" % (k["rule"], k["reading"])), k["failures"])
                    for k in c["classes"])
            cells.append("<td class=\"%s\">%s</td>" % (c["status"].replace(" ", "-"), body))
        rows.append("<tr><td>%s</td><td>%s -&gt; %s</td><td>%s</td>%s</tr>" % (
            e(row["case"]), e(row["from"]), e(row["to"]), e(row["call"]), "".join(cells)))
    # The rows on one line: the page renders comparison.json, which is what to review and diff;
    # a line per row would read as hundreds of repeated lines to a line-based duplicate finder.
    out.append("".join(rows))
    out.append("</table></body></html>\n")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m castlike.peers.comparison", description=__doc__.splitlines()[0])
    parser.add_argument("--findings", action="append", required=True, help="a peer's findings directory (repeatable)")
    parser.add_argument("--vectors", action="append", required=True, help="vector directory or file (repeatable)")
    parser.add_argument("--out", required=True, help="directory for comparison.json and comparison.html")
    args = parser.parse_args(argv)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        peers = []
        for d in map(Path, args.findings):
            index = json.loads((d / "findings.json").read_text())
            if index.get("format") != "castlike-findings":
                raise ValueError("%s: not a castlike-findings index" % (d / "findings.json"))
            peers.append((index, Path(os.path.relpath(d, out)).as_posix()))
        data = comparison(peers, vector_rows([Path(v) for v in args.vectors]))
        (out / "comparison.json").write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
        (out / "comparison.html").write_text(page(data))
    except (OSError, ValueError, KeyError) as e:
        print("comparison: error: %s" % e, file=sys.stderr)
        return 2
    print("comparison: %d rows x %d implementations -> %s" % (len(data["rows"]), len(peers), out / "comparison.html"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
