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
import datetime
import html
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from . import PEERS
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
                "description": c.get("description", ""), "report": link + "/" + c["report"]}
               for c in findings["classes"] if case in c["cases"]]
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
    element_totals = {}
    for f, _ in peers:
        t = dict.fromkeys(RANK, 0)
        for r in out_rows:
            c = r["cells"][f["peer"]]
            if c["status"] == LACKS:
                t[LACKS] += r["elements"]
                continue
            failing = 0
            for k in c["classes"]:
                t[k["standing"]] += k["failures"]
                failing += k["failures"]
            t[AGREES] += r["elements"] - failing
        element_totals[f["peer"]] = t
    data = {"format": "castlike-comparison", "format_version": 1,
            "implementations": [{"peer": f["peer"], "implementation": f["implementation"],
                                 "description": f["description"], "machine": f.get("machine", "")} for f, _ in peers],
            "totals": totals, "element_totals": element_totals, "rows": out_rows}
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
            cells.append("<td class=\"%s\"><b>%.1f%%</b> exact<br>%d bug%s, %d reading%s%s<br>lacks %s of %s</td>" % (
                status.replace(" ", "-"), share, s["bugs"], "s"[:s["bugs"] != 1], s["readings"],
                "s"[:s["readings"] != 1], "".join(", %d %s" % (s[k], label) for k, label in (
                    ("unspecified", "unspecified"), ("no_attribute", "no-attr.")) if s[k]),
                "{:,}".format(s["lacks"]), "{:,}".format(s["elements"])))
        out.append("<tr><th>%s</th>%s</tr>" % (e(family), "".join(cells)))
    return "".join(out) + "</table>"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def inline(text: str) -> str:
    """Markdown's inline marks of the reports as HTML: `code`, **bold**, [text](link)."""
    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", out)
    return re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)", lambda m: "<a href=\"%s\">%s</a>" % (
        html.escape(html.unescape(m.group(2))), m.group(1)), out)


def table_cells(line: str) -> list[str]:
    """The cells of a Markdown table row (an escaped bar stays inside its cell)."""
    return [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def rendered(markdown: str) -> str:
    """The HTML of a report as castlike.peers.findings writes them: headings, paragraphs, lists,
    quotes and tables (the subset they use)."""
    out: list[str] = []
    lines = markdown.splitlines()
    k = 0
    while k < len(lines):
        line = lines[k]
        if line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            out.append("<h%d>%s</h%d>" % (level + 1, inline(line[level:].strip()), level + 1))
        elif line.startswith("| ") and k + 1 < len(lines) and lines[k + 1].startswith("| ---"):
            rows = ["<tr>%s</tr>" % "".join("<th>%s</th>" % inline(c) for c in table_cells(line))]
            k += 2
            while k < len(lines) and lines[k].startswith("|"):
                rows.append("<tr>%s</tr>" % "".join("<td>%s</td>" % inline(c) for c in table_cells(lines[k])))
                k += 1
            out.append("<table>%s</table>" % "".join(rows))
            continue
        elif line.startswith("- "):
            items = []
            while k < len(lines) and lines[k].startswith("- "):
                items.append("<li>%s</li>" % inline(lines[k][2:]))
                k += 1
            out.append("<ul>%s</ul>" % "".join(items))
            continue
        elif line.startswith("> "):
            out.append("<blockquote>%s</blockquote>" % inline(line[2:]))
        elif line.strip():
            out.append("<p>%s</p>" % inline(line))
        k += 1
    return "\n".join(out)


def reports_page(directory: Path, index: dict[str, Any]) -> str:
    """One HTML page holding every report of a peer's directory, each under an anchor named after
    its file (what the comparison page's cells link to)."""
    names = sorted({c["report"] for c in index["classes"]})
    body = ["<section id=\"%s\">%s</section>" % (html.escape(Path(n).stem), rendered((directory / n).read_text()))
            for n in names if (directory / n).is_file()]
    return ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>castlike findings: %s</title><style>"
            "body{font:14px sans-serif;margin:1em auto;max-width:75em}table{border-collapse:collapse}"
            "td,th{border:1px solid #888;padding:2px 4px;vertical-align:top}blockquote{border-left:4px solid #999;"
            "margin:0.5em 0;padding-left:0.8em;color:#333}section{border-top:3px solid #444;margin-top:2em}"
            "</style></head><body>\n<p><a href=\"../comparison.html\">every implementation compared</a></p>\n%s\n"
            "</body></html>\n") % (html.escape(index["implementation"]), "\n".join(body))


def report_link(report: str) -> str:
    """A class's link from the page: its report's anchor on the peer's rendered page."""
    directory, name = report.rsplit("/", 1)
    return "%s/index.html#%s" % (directory, Path(name).stem)


def glossary(data: dict[str, Any]) -> dict[str, str]:
    """Each reading a cell names, with its description (from the findings)."""
    out: dict[str, str] = {}
    for row in data["rows"]:
        for cell in row["cells"].values():
            for k in cell["classes"]:
                out.setdefault(k["reading"], k.get("description", ""))
    return dict(sorted(out.items()))


def page(data: dict[str, Any]) -> str:
    """The HTML page of comparison(): the summary by family, the legend, the totals in elements, the
    readings glossed, the detail with a family filter (CSS only, no script) and sticky headers, and
    where the results come from."""
    e = html.escape
    peers = [p["peer"] for p in data["implementations"]]
    families = [name for name, _ in FAMILIES]
    css = "".join("td.%s{background:%s}" % (s.replace(" ", "-"), c) for s, c in COLOURS.items())
    # The filter: one radio per family before the detail table; a checked one hides the other rows.
    css += "".join("#f-%s:checked~table.pairs tr.row:not(.f-%s){display:none}" % (slug(f), slug(f)) for f in families)
    out = ["<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>castlike: every implementation compared</title>",
           "<style>body{font:13px sans-serif;margin:1em}table{border-collapse:collapse}"
           "td,th{border:1px solid #888;padding:2px 4px;vertical-align:top}th{background:#eee}"
           "table.pairs th{position:sticky;top:0;z-index:2}table.pairs td:first-child{position:sticky;left:0;"
           "background:#fff;z-index:1}td ul{margin:0;padding-left:1em}table.pairs{font-size:12px}"
           "table.pairs td{max-width:13em;overflow-wrap:anywhere}"
           "dl.gloss dt{font-family:monospace;font-weight:bold}dl.gloss dd{margin:0 0 0.3em 2em}"
           "label{margin-right:1em;white-space:nowrap}" + css + "</style></head><body>",
           "<h1>Every implementation compared</h1>",
           "<h2>Which implementation to trust, by the type cast to</h2>",
           "<p>Per family of destination types and implementation: the share of the vectors' elements it converts "
           "exactly as castlike's default reading, then its root causes: bugs (an output against a quoted sentence "
           "of the ONNX page), readings (an ambiguous point read another way), unspecified (the pages fix no result "
           "there), no-attribute classes, and the elements it lacks (rejected calls). Counts in elements; "
           "-: no vector of the family.</p>",
           summary_table(data),
           "<p>Each cell below: <b>agrees</b> with castlike's default reading; follows a <b>reading</b> of an "
           "ambiguous point of the ONNX sources; has a <b>bug</b> (violates a sentence of the ONNX page that its "
           "report quotes); has <b>no attribute</b> (the API has no saturate / round_mode); departs where the result "
           "is <b>unspecified</b> (no sentence of the pages fixes it: not a bug); <b>lacks</b> the conversion "
           "(rejected). Each class links to its report, with its failing elements in parentheses.</p>",
           "<table class=\"legend\"><tr>" + "".join("<td class=\"%s\">%s</td>" % (s.replace(" ", "-"), s)
                                                    for s in RANK) + "</tr></table>",
           "<h2>Totals (elements)</h2><table class=\"totals\"><tr><th>implementation</th>" +
           "".join("<th>%s</th>" % s for s in RANK) + "</tr>"]
    for p in data["implementations"]:
        out.append("<tr><td>%s</td>%s</tr>" % (e(p["implementation"]), "".join(
            "<td>{:,}</td>".format(data["element_totals"][p["peer"]][s]) for s in RANK)))
    out.append("</table><h2>Readings named below</h2><dl class=\"gloss\">" + "".join(
        "<dt>%s</dt><dd>%s</dd>" % (e(r), e(d or "no named reading gives these outputs" if r == "unexplained" else d))
        for r, d in glossary(data).items()) + "</dl>")
    out.append("<h2 id=\"pairs\">Pairs</h2><p>Show: <input type=\"radio\" name=\"family\" id=\"f-all\" checked>"
               "<label for=\"f-all\">every family</label>" + "".join(
                   "<input type=\"radio\" name=\"family\" id=\"f-%s\"><label for=\"f-%s\">%s</label>" % (
                       slug(f), slug(f), e(f)) for f in families) + "</p>")
    # The radios must be the table's siblings for the filter's selectors: close the paragraph first.
    out[-1] = out[-1].replace("<p>Show: ", "Show: ").replace("</label></p>", "</label>")
    # The case name says the pair and the call (BFLOAT16_to_FLOAT8E4M3FN_op25_sat0): one narrow column
    # for it leaves the width to the implementations.
    out.append("<table class=\"pairs\"><tr><th>case</th><th>elements</th>" +
               "".join("<th>%s</th>" % e(p) for p in peers) + "</tr>")
    rows = []
    for row in data["rows"]:
        cells = []
        for p in peers:
            c = row["cells"][p]
            if c["status"] == LACKS:
                body = "lacks: %s" % e(c["message"].split(". ")[0].split("\n")[0][:60])
            elif c["status"] == AGREES:
                body = "agrees"
            else:
                item = "<li><a href=\"%s\">%s</a>: %s <span title=\"%s\">%s</span> (%s)</li>"
                body = "<ul>%s</ul>" % "".join(item % (
                    e(report_link(k["report"])), e(k["standing"]), e(k["rule"]), e(k.get("description", "")),
                    e(k["reading"]), "{:,}".format(k["failures"])) for k in c["classes"])
            cells.append("<td class=\"%s\">%s</td>" % (c["status"].replace(" ", "-"), body))
        rows.append("<tr class=\"row f-%s\"><td title=\"%s -&gt; %s, %s\">%s</td><td>%s</td>%s</tr>" % (
            slug(family_of(row["to"])), e(row["from"]), e(row["to"]), e(row["call"]), e(row["case"]),
            "{:,}".format(row["elements"]), "".join(cells)))
    # The rows on one line: the page renders comparison.json, which is what to review and diff;
    # a line per row would read as hundreds of repeated lines to a line-based duplicate finder.
    out.append("".join(rows))
    out.append("</table>")
    prov = data.get("provenance", {})
    out.append("<h2>Where these results come from</h2><ul>" + "".join("<li>%s</li>" % x for x in [
        "made by <code>%s</code> on %s" % (e(prov.get("command", "")), e(prov.get("date", "")))] + [
        "%s: %s%s" % (e(p["peer"]), e(p["description"]), "; machine: " + e(p["machine"]) if p.get("machine") else "")
        for p in data["implementations"]]) + "</ul></body></html>\n")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m castlike.peers.comparison", description=__doc__.splitlines()[0])
    parser.add_argument("--findings", action="append", required=True, help="a peer's findings directory (repeatable)")
    parser.add_argument("--vectors", action="append", required=True, help="vector directory or file (repeatable)")
    parser.add_argument("--out", required=True, help="directory for comparison.json and comparison.html")
    parser.add_argument("--command", default="scripts/peers/peer-findings --page-only",
                        help="the command the page says it was made by")
    parser.add_argument("--date", help="the date it says (default: today, UTC)")
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
        # The columns in the peers' own order (castlike.peers.PEERS), whatever order they came in.
        peers.sort(key=lambda p: PEERS.index(p[0]["peer"]) if p[0]["peer"] in PEERS else len(PEERS))
        data = comparison(peers, vector_rows([Path(v) for v in args.vectors]))
        data["provenance"] = {"command": args.command,
                              "date": args.date or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")}
        for d in map(Path, args.findings):  # each peer's reports, rendered, for the cells' links
            (d / "index.html").write_text(reports_page(d, json.loads((d / "findings.json").read_text())))
        (out / "comparison.json").write_text(json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n")
        (out / "comparison.html").write_text(page(data))
    except (OSError, ValueError, KeyError) as e:
        print("comparison: error: %s" % e, file=sys.stderr)
        return 2
    print("comparison: %d rows x %d implementations -> %s" % (len(data["rows"]), len(peers), out / "comparison.html"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
