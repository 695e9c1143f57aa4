#!/usr/bin/env python3
"""The HTML validation report, rendered by a real browser (headless Chromium).

Makes a report with every kind of finding: `castlike validate --library` on the segfault test
plug-in (conformance/hostile/) over vectors it gets wrong in a way a named reading explains
(STRING -> INT16, strtol's prefix reading), an expectation it contradicts with no reading
(html_report_wrong_expected: unexplained failures), a call that crashes (hostile_trigger_99_text: a
failed call), a pair it rejects, and an input full of markup and control characters. Then

  - `chromium --dump-dom`: the matrix has a cell per type pair, the expected pairs carry the expected
    status and count and link to their details; every in-page link has its target; the failing-case
    tables have their columns; no script, no external resource; the hostile input is text;
  - `chromium --screenshot` at 1280 px: the PNG (decoded with zlib alone) really shows the colours
    of explained and unexplained failures, failed calls and rejections, each as a cell-sized block,
    and the statuses' colours are distinct;
  - a second page, of a plug-in wrong only in the shape pass (the phase-fault plug-in of
    conformance/plugins/): its pair is marked so in the matrix, never green.

Chromium is part of the test set-up (scripts/bootstrap installs it): a machine without it fails
this test, saying so, rather than skipping it silently.

  check_html_report.py --castlike EXE --plugin SO --shape-plugin SO --source-dir DIR --out-dir DIR
"""
import argparse
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png_pixels  # noqa: E402

failures = []


def check(ok, what):
    print(("ok      " if ok else "FAILED  ") + what)
    if not ok:
        failures.append(what)
    return ok


class Dom(html.parser.HTMLParser):
    """The dumped DOM as a list of elements: tag, attributes, text inside, parent index."""

    VOID = {"meta", "br", "col", "img", "link", "input", "hr", "source", "wbr", "base", "area", "embed", "track"}

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.elements, self.stack = [], []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        element = {"tag": tag, "attrs": dict(attrs), "text": "", "parent": self.stack[-1] if self.stack else None}
        self.elements.append(element)
        if tag not in self.VOID:
            self.stack.append(len(self.elements) - 1)

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.elements[self.stack[depth]]["tag"] == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        for index in self.stack:
            self.elements[index]["text"] += data

    def find(self, tag, cls=None, inside=None):
        out = []
        for i, e in enumerate(self.elements):
            if e["tag"] != tag or (cls and cls not in e["attrs"].get("class", "").split()):
                continue
            if inside is not None:
                p = e["parent"]
                while p is not None and p != inside:
                    p = self.elements[p]["parent"]
                if p is None:
                    continue
            out.append(i)
        return out


def find_chromium():
    """The browser, or None (said so): Chromium is part of the test set-up, never skipped silently."""
    chromium = shutil.which(os.environ.get("CASTLIKE_CHROMIUM") or "chromium")
    if not chromium:
        print("FAILED  chromium not found: this test renders the HTML report in a real browser; "
              "scripts/bootstrap installs it (Debian package chromium), or set CASTLIKE_CHROMIUM")
    return chromium


def verdict():
    """The exit status of a check script: 1 when a check failed (how many said)."""
    if failures:
        print(f"{len(failures)} check(s) failed")
    return 1 if failures else 0


def run_chromium(chromium, profile, args, timeout=180):
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
           "--force-device-scale-factor=1", f"--user-data-dir={profile}"] + args
    print("--- " + " ".join(cmd))
    return subprocess.run(cmd, capture_output=True, timeout=timeout)


def made_page(chromium, cmd, page_path, shot, what):
    """Runs `cmd` (a failing validate writing the page at page_path), then the screenshot at 1280 px and
    the DOM of the page; None (said so) when the page was not made."""
    made = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    print(made.stdout + made.stderr, end="")
    if not check(made.returncode == 1 and os.path.exists(page_path), f"{what}: exits 1 (got {made.returncode}), writes the page"):
        return None
    with tempfile.TemporaryDirectory() as profile:
        run_chromium(chromium, profile, [f"--screenshot={shot}", "--window-size=1280,2000", "file://" + page_path])
        dumped = run_chromium(chromium, profile, ["--dump-dom", "file://" + page_path])
    return Dom(dumped.stdout.decode("utf-8"))


def baseline_page(chromium, run, baseline, out_dir, colour):
    """The page with --expect: the baseline the run wrote (3 rows), less the INT8 -> INT16 row (so it is new)
    and with a row the run does not give (vanished). The summary says so near the verdict, the new
    row is listed first and links to its pair, STRING -> INT16 (all its rows known) is "known"."""
    doc = json.load(open(baseline, encoding="utf-8"))
    doc["discrepancies"] = [d for d in doc["discrepancies"] if d["case"] != "html_report_wrong_expected"]
    doc["discrepancies"].append({"case": "STRING_to_INT16_op25", "rule": "INT.WRAP", "failures": 3, "explained_by": ""})
    expect = os.path.join(out_dir, "baseline-less-one.json")
    json.dump(doc, open(expect, "w", encoding="utf-8"), indent=1)
    page_path, shot = os.path.join(out_dir, "report-expect.html"), os.path.join(out_dir, "report-expect.png")
    dom = made_page(chromium, run + ["--expect", expect, "--out", page_path], page_path, shot, "--expect")
    if dom is None:
        return
    E = dom.elements
    summary = dom.find("table", "summary")
    rows = [E[i]["text"] for i in dom.find("tr", inside=summary[0])] if summary else []
    check(rows and rows[0].startswith("baseline") and "3 known, 1 new, 0 changed, 1 vanished" in rows[0],
          f"--expect: the summary's first row is the baseline's counts ({rows[:1]})")
    section = [i for i in dom.find("section") if E[i]["attrs"].get("id") == "baseline"]
    trs = [dom.find("td", inside=t) for t in (dom.find("tr", inside=section[0]) if section else [])]
    trs = [[E[c]["text"] for c in t] + [E[a]["attrs"].get("href") for a in dom.find("a", inside=t[2])] for t in trs if t]
    check(len(trs) == 2 and trs[0][0] == "new" and "html_report_wrong_expected" in trs[0][1] and trs[0][3:] == ["#pair-INT8-INT16"]
          and trs[1][0] == "vanished", f"--expect: the new row first, linked to its pair; then the vanished row ({trs})")
    hrefs = {e["attrs"]["href"][1:] for e in E if e["attrs"].get("href", "").startswith("#")}
    ids = {e["attrs"]["id"] for e in E if "id" in e["attrs"]}
    check(hrefs and hrefs <= ids, f"--expect: every in-page link has its target (missing: {sorted(hrefs - ids)[:5]})")
    cells = {E[i]["attrs"].get("title", "").split(":")[0]: E[i]["attrs"].get("class") for i in dom.find("td", inside=dom.find("table", "m")[0])}
    string_int16, int8_int16 = cells.get("STRING \u2192 INT16"), cells.get("INT8 \u2192 INT16")
    check(string_int16 == "st-known" and int8_int16 == "st-bug",
          f"--expect: STRING -> INT16 is known, INT8 -> INT16 (a new row) stays unexplained ({string_int16}, {int8_int16})")
    check(any("st-known" in E[i]["attrs"].get("class", "") for i in dom.find("span", "sw")), "--expect: the legend shows \"known\"")
    rows = png_pixels.solid_rows(png_pixels.decode(shot), bytes.fromhex(colour.get("st-known", "000000")), 30)
    check(rows >= 10, f"--expect: the screenshot shows a known cell (#{colour.get('st-known')}): {rows} rows of 30 px")


def shape_page(chromium, castlike, plugin, src, out_dir, colour):
    """A pair wrong only in the shape pass (the phase-fault plug-in: right in each file's own call,
    wrong in calls that start inside a byte) is never green: its cell has the shape status, the mark
    and the wrong elements, links to the shape section, and the legend explains it; the screenshot
    shows its colour."""
    page_path, shot = os.path.join(out_dir, "report-shapes.html"), os.path.join(out_dir, "report-shapes.png")
    for stale in (page_path, shot):
        if os.path.exists(stale):
            os.remove(stale)
    dom = made_page(chromium, [castlike, "validate", "--library", plugin, "--vectors", os.path.join(src, "vectors/generated"),
                               "--pairs", "FLOAT4E2M1-FLOAT", "--format", "html", "--out", page_path],
                    page_path, shot, "shapes")
    if dom is None:
        return
    E = dom.elements
    matrix = dom.find("table", "m")
    cells = {E[i]["attrs"].get("title", "").split(":")[0]: i for i in dom.find("td", inside=matrix[0])} if matrix else {}
    cell = cells.get("FLOAT4E2M1 \u2192 FLOAT")
    text = E[cell]["text"] if cell is not None else ""
    links = dom.find("a", inside=cell) if cell is not None else []
    href = E[links[0]]["attrs"].get("href") if links else None
    check(cell is not None and E[cell]["attrs"].get("class") == "st-shape" and re.fullmatch("\u25c6[0-9.k]+", text)
          and href == "#shapes", f"shapes: FLOAT4E2M1 -> FLOAT is marked wrong only in some shapes, linked to them "
                                 f"({E[cell]['attrs'].get('class') if cell is not None else None}, {text!r}, {href})")
    check("shape pass:" in (E[cell]["attrs"].get("title", "") if cell is not None else ""), "shapes: the tooltip counts them")
    ids = {e["attrs"]["id"] for e in E if "id" in e["attrs"]}
    check("shapes" in ids, "shapes: the shape section is there")
    legend = [E[i]["text"] for i in dom.find("li") if any(E[s]["attrs"].get("class") == "sw st-shape"
                                                         for s in dom.find("span", inside=i))]
    check(legend and "\u25c6 wrong only in some call shapes" in legend[0] and legend[0].rstrip().endswith("(1)"),
          f"shapes: the legend explains the mark and counts the pair ({legend})")
    rows = png_pixels.solid_rows(png_pixels.decode(shot), bytes.fromhex(colour.get("st-shape", "000000")), 30)
    check(rows >= 10, f"shapes: the screenshot shows the cell (#{colour.get('st-shape')}): {rows} rows of 30 px")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--castlike", required=True)
    parser.add_argument("--plugin", required=True, help="the segfault test plug-in")
    parser.add_argument("--shape-plugin", required=True, help="the phase-fault plug-in (wrong only in some shapes)")
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--out-dir", required=True)
    args = parser.parse_args()

    chromium = find_chromium()
    if not chromium:
        return 1

    src = args.source_dir
    os.makedirs(args.out_dir, exist_ok=True)
    report = os.path.join(args.out_dir, "report.html")
    screenshot = os.path.join(args.out_dir, "report.png")
    for stale in (report, screenshot):
        if os.path.exists(stale):
            os.remove(stale)
    vectors = ["conformance/hostile/vectors/hostile_trigger_99_text.json", "conformance/hostile/vectors/hostile_z_ordinary.json",
               "vectors/generated/INT8_to_INT16_op25.json", "vectors/generated/INT8_to_STRING_op25.json",
               "vectors/generated/STRING_to_INT16_op25.json", "conformance/html_report/vectors",
               "vectors/spec-examples/test_cc_castlike_FLOAT_to_FLOAT8E4M3FN.json"]
    baseline = os.path.join(args.out_dir, "baseline.json")
    run = [args.castlike, "validate", "--library", args.plugin, "--timeout", "2", "--format", "html"]
    for v in vectors:
        run += ["--vectors", os.path.join(src, v)]
    cmd = run + ["--out", report, "--write-expect", baseline]
    print("--- " + " ".join(cmd))
    made = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    print(made.stdout + made.stderr, end="")
    if not check(made.returncode == 1 and os.path.exists(report), f"castlike validate exits 1 (got {made.returncode}) and writes {report}"):
        return 1
    page = open(report, encoding="utf-8").read()

    with tempfile.TemporaryDirectory() as profile:
        shot = run_chromium(chromium, profile, [f"--screenshot={screenshot}", "--window-size=1280,2000", "file://" + report])
        check(shot.returncode == 0 and os.path.exists(screenshot),
              f"chromium --screenshot exits 0 (got {shot.returncode}) and writes the PNG")
        dumped = run_chromium(chromium, profile, ["--dump-dom", "file://" + report])
        check(dumped.returncode == 0 and b"<table" in dumped.stdout, f"chromium --dump-dom exits 0 (got {dumped.returncode})")
        if failures:
            print(shot.stderr.decode(errors="replace") + dumped.stderr.decode(errors="replace"))
            return 1
    dom = Dom(dumped.stdout.decode("utf-8"))
    E = dom.elements

    # Static and self-contained.
    check(not dom.find("script") and not dom.find("iframe") and not dom.find("img") and not dom.find("link"),
          "no script, frame, image or linked style sheet")
    hrefs = [e["attrs"]["href"] for e in E if "href" in e["attrs"]]
    check(all(h.startswith("#") for h in hrefs) and "src=" not in page and "url(" not in page and "@import" not in page,
          "every link is in-page; no external resource")
    ids = [e["attrs"]["id"] for e in E if "id" in e["attrs"]]
    check(len(ids) == len(set(ids)), "element ids are unique")
    missing = sorted({h[1:] for h in hrefs} - set(ids))
    check(hrefs and not missing, f"every href=\"#x\" of the {len(hrefs)} links has an id=\"x\" (missing: {missing[:5]})")

    # The matrix: one cell per pair of the type table (Cast-28's types); the pairs of the report with their status, count and link.
    n = json.loads(subprocess.run([args.castlike, "types", "--format", "json"], capture_output=True, text=True,
                                  check=True, timeout=60).stdout)["type_count"]
    tables = dom.find("table", "m")
    check(len(tables) == 1, "one pair matrix")
    cells = dom.find("td", inside=tables[0]) if tables else []
    check(len(cells) == n * n, f"the matrix has {n * n} cells (got {len(cells)})")
    types = [E[i]["text"] for i in dom.find("span", inside=tables[0])] if tables else []
    want = {("INT8", "INT16"): ("st-bug", "2"), ("STRING", "INT16"): ("st-expl", "6"),
            ("INT8", "STRING"): ("st-call", "\u27151"), ("FLOAT", "FLOAT8E4M3FN"): ("st-rej", "\u2013")}
    for (a, b), (cls, count) in want.items():
        if len(types) != n or len(cells) != n * n:
            break
        cell = E[cells[types.index(a) * n + types.index(b)]]
        links = dom.find("a", inside=cells[types.index(a) * n + types.index(b)])
        href = E[links[0]]["attrs"].get("href") if links else None
        check(cell["attrs"].get("class") == cls and cell["text"] == count and href == f"#pair-{a}-{b}",
              f"cell {a} -> {b}: class {cls}, count {count!r}, link #pair-{a}-{b} "
              f"(got {cell['attrs'].get('class')}, {cell['text']!r}, {href})")
    statuses = [E[i]["attrs"].get("class") for i in cells]
    check(statuses.count("st-none") == n * n - 4, "the pairs without vectors are marked so")

    # The failing cases as tables with their columns, and what they say.
    columns = ["case", "element", "input", "expected", "actual", "rule", "reading", "reproduce"]
    case_tables = dom.find("table", "cases")
    check(len(case_tables) >= 2, f"failing-case tables for the two failing pairs (got {len(case_tables)})")
    shape_columns = ["position", "case", "length", "offsets (input, output)", "element", "input", "expected", "actual",
                     "reproduce"]
    for t in case_tables:
        heads = [E[i]["text"] for i in dom.find("th", inside=t)]
        if heads[:1] == ["position"]:  # the shape pass's table: wrong only in some call shapes
            check(heads == shape_columns, f"shape failure table columns {heads}")
        else:
            check(heads == columns, f"failing-case table columns {heads}")
    text_of = {E[i]["attrs"]["id"]: E[i]["text"] for i in dom.find("section", "pair")}
    bug, expl = text_of.get("pair-INT8-INT16", ""), text_of.get("pair-STRING-INT16", "")
    check("none (unexplained)" in bug and "castlike explain --from INT8 --to INT16 --opset 25 --bits 0x80" in bug,
          "the unexplained pair shows its cases as unexplained with their reproduce lines")
    check("text-int-prefix" in expl and "castlike explain --from STRING --to INT16 --opset 25 '2.5e+1'" in expl,
          "the explained pair names the reading")
    check("crashed with SIGSEGV" in text_of.get("pair-INT8-STRING", ""), "the failed call says what happened")
    rejected = text_of.get("pair-FLOAT-FLOAT8E4M3FN", "")
    check("only INT8 -> INT16, INT8 -> STRING and STRING -> INT16" in rejected and "test_cc_castlike_FLOAT_to_FLOAT8E4M3FN" in rejected,
          "the rejected pair shows the reason and the case")
    # The hostile input is text on the page: its markup escaped, its control characters shown as escapes.
    check("12</td><script>alert(1)</script>\\u001b[31m\\u0007" in expl and not any(c in dumped.stdout.decode() for c in "\x1b\x07\u202e"),
          "markup, control and bidirectional characters of an input are shown as text")
    summary = E[dom.find("table", "summary")[0]]["text"] if dom.find("table", "summary") else ""
    check(re.search(r"1 unexplained.*INT\.WRAP", summary) and re.search(r"1 explained by a named reading.*INT\.TRUNC", summary),
          "the summary splits failing rules into unexplained and explained")

    # The screenshot: the status colours on screen, a whole cell's worth each.
    colour = {m.group(1): m.group(2) for m in re.finditer(r"\.(st-[a-z]+)\{background:#([0-9a-f]{6})", page)}
    check(len(colour) == 10 and len(set(colour.values())) == 10 and "ffffff" not in colour.values(),
          f"ten distinct status colours, none the page's white ({colour})")
    image = png_pixels.decode(screenshot)
    for cls, what in [("st-bug", "unexplained failures"), ("st-expl", "explained failures"), ("st-call", "failed calls"),
                      ("st-rej", "rejected")]:
        rgb = bytes.fromhex(colour.get(cls, "000000"))
        # A matrix cell is 42 x 22 px, its count in the middle 8 rows: rows with 30 px of the colour
        # side by side are a cell, never text or the legend's 15 px swatches.
        rows = png_pixels.solid_rows(image, rgb, 30)
        check(rows >= 10, f"the screenshot shows a cell of {what} (#{colour.get(cls)}): {rows} rows of 30 px")
    baseline_page(chromium, run, baseline, args.out_dir, colour)
    shape_page(chromium, args.castlike, args.shape_plugin, src, args.out_dir, colour)
    print(f"screenshot: {screenshot}\nreport:     {report}")
    return verdict()


if __name__ == "__main__":
    sys.exit(main())
