#!/usr/bin/env python3
"""The HTML page of `castlike validate --exhaustive`, rendered by a real browser (headless Chromium).

Makes three pages, between them every status a configuration takes but "unspecified":
  - planted: a raw output stream of FLOAT16 -> FLOAT8E4M3FN (saturate=1) with one output altered
    (castlike_exhaustive_expand --alter 0x3c00, the exhaustive tests' fixture): one unexplained
    failing interval;
  - hostile: the segfault test plug-in (conformance/hostile/), copied to a path full of markup,
    control characters and invalid UTF-8, on INT8 -> INT16 (input 0x63 crashes: a failed call) and
    INT8 -> UINT8 (rejected);
  - reading: the reference under A2=six on FLOAT16 -> FLOAT4E2M1 (two intervals of NaNs, explained
    by the reading) and FLOAT16 -> FLOAT (passes).
Then, per page, `chromium --dump-dom`: the summary, the configurations table with its columns and
the expected status of each row, every in-page link resolving, the failing-interval and failed-call
tables with their columns and reproduce lines, no script and no external resource, the hostile path
as text; and `chromium --screenshot` at 1280 px: each status colour really on screen as a cell-sized
block (decoded with zlib alone).

  check_exhaustive_html.py --castlike EXE --expand EXE --plugin SO --out-dir DIR
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png_pixels  # noqa: E402
from check_html_report import Dom, check, find_chromium, run_chromium, verdict  # noqa: E402

INTERVAL_COLUMNS = ["first input", "last input", "count", "expected", "actual", "rule", "reading", "reproduce"]
CONFIG_COLUMNS = ["status", "configuration", "call", "inputs", "pass", "fail", "unspecified", "rejected",
                  "in failed calls", "failing intervals", "wrong in shapes"]
SHAPE_COLUMNS = ["position", "length", "offsets (input, output)", "element", "input", "expected", "actual", "rule",
                 "reproduce"]


def render(chromium, name, out_dir, cmd, stdin=None):
    """Runs `cmd` (it writes the page to --out), dumps the DOM and takes a screenshot."""
    page = os.path.join(out_dir, f"exhaustive-{name}.html")
    shot = os.path.join(out_dir, f"exhaustive-{name}.png")
    for stale in (page, shot):
        if os.path.exists(stale):
            os.remove(stale)
    cmd = cmd + ["--format", "html", "--out", page]
    print("--- " + " ".join(os.fsdecode(c) if isinstance(c, bytes) else c for c in cmd))
    made = subprocess.run(cmd, stdin=stdin, capture_output=True, timeout=300)
    print((made.stdout + made.stderr).decode(errors="replace"), end="")
    if not check(made.returncode == 1 and os.path.exists(page), f"{name}: castlike exits 1 (got {made.returncode}) and writes the page"):
        return None
    with tempfile.TemporaryDirectory() as profile:
        s = run_chromium(chromium, profile, [f"--screenshot={shot}", "--window-size=1280,1400", "file://" + page])
        d = run_chromium(chromium, profile, ["--dump-dom", "file://" + page])
    if not check(s.returncode == 0 and os.path.exists(shot) and d.returncode == 0 and b"<table" in d.stdout,
                 f"{name}: chromium renders the page and dumps its DOM"):
        return None
    return open(page, encoding="utf-8").read(), Dom(d.stdout.decode("utf-8")), png_pixels.decode(shot), d.stdout.decode()


def common_checks(name, page, dom):
    """What every page holds: self-contained, links resolve, summary first, the configurations table."""
    E = dom.elements
    check(not dom.find("script") and not dom.find("iframe") and not dom.find("img") and not dom.find("link")
          and "src=" not in page and "url(" not in page and "@import" not in page,
          f"{name}: no script, frame, image, linked style sheet or external resource")
    hrefs = [e["attrs"]["href"] for e in E if "href" in e["attrs"]]
    ids = [e["attrs"]["id"] for e in E if "id" in e["attrs"]]
    missing = sorted({h[1:] for h in hrefs} - set(ids))
    check(hrefs and all(h.startswith("#") for h in hrefs) and not missing and len(ids) == len(set(ids)),
          f"{name}: every one of the {len(hrefs)} links is in-page and has its target, ids unique (missing: {missing[:5]})")
    summary = dom.find("table", "summary")
    heads = [E[i]["text"] for i in dom.find("th", inside=summary[0])] if summary else []
    # A "coverage" row follows when a configuration is not covered or pairs are required, a "shape
    # pass" row when the implementation was called in shapes.
    check(heads[:6] == ["implementation", "selection", "inputs judged", "inputs", "failed calls", "not judged"]
          and heads[6:] in ([], ["coverage"], ["shape pass"], ["coverage", "shape pass"]),
          f"{name}: the summary's rows {heads}")
    h1 = dom.find("h1")
    check(h1 and E[h1[0]]["text"].startswith("FAIL"), f"{name}: the verdict FAIL heads the page")
    tables = dom.find("table", "configs")
    heads = [E[i]["text"] for i in dom.find("th", inside=tables[0])] if tables else []
    check(heads == CONFIG_COLUMNS, f"{name}: the configurations table's columns {heads}")
    rows = {}
    for r in dom.find("tr", inside=tables[0]) if tables else []:
        cells = dom.find("td", inside=r)
        if cells:
            rows[E[cells[1]]["text"]] = (E[cells[0]]["attrs"].get("class"), E[cells[0]]["text"], dom.find("a", inside=cells[1]))
    for t in dom.find("table", "cases"):
        heads = [E[i]["text"] for i in dom.find("th", inside=t)]
        if heads[:1] == ["position"]:
            check(heads == SHAPE_COLUMNS, f"{name}: shape failure table columns {heads}")
        else:
            check(heads == INTERVAL_COLUMNS, f"{name}: failing-interval table columns {heads}")
    return rows


def section_text(dom, anchor):
    for i in dom.find("section", "pair"):
        if dom.elements[i]["attrs"].get("id") == anchor:
            return dom.elements[i]["text"]
    return ""


def colours_on_screen(name, page, image, statuses):
    colour = {m.group(1): m.group(2) for m in re.finditer(r"\.(st-[a-z]+)\{background:#([0-9a-f]{6})", page)}
    for cls, what in statuses:
        rgb = bytes.fromhex(colour.get(cls, "000000"))
        # A status cell is at least 130 px wide and 22 px high, its word at the left: rows with 40 px
        # of the colour side by side are a cell, never text or the legend's 15 px swatches.
        rows = png_pixels.solid_rows(image, rgb, 40)
        check(rows >= 10, f"{name}: the screenshot shows a cell of {what} (#{colour.get(cls)}): {rows} rows of 40 px")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--castlike", required=True)
    parser.add_argument("--expand", required=True, help="castlike_exhaustive_expand")
    parser.add_argument("--plugin", required=True, help="the segfault test plug-in")
    parser.add_argument("--out-dir", required=True)
    args = parser.parse_args()
    chromium = find_chromium()
    if not chromium:
        return 1
    os.makedirs(args.out_dir, exist_ok=True)

    # planted: one altered output, one unexplained interval.
    config = "FLOAT16-FLOAT8E4M3FN-sat1"
    stream = os.path.join(args.out_dir, "exhaustive-planted.raw")
    with open(stream, "wb") as f:
        subprocess.run([args.expand, config, "--alter", "0x3c00"], stdout=f, check=True, timeout=120)
    with open(stream, "rb") as f:
        got = render(chromium, "planted", args.out_dir,
                     [args.castlike, "validate", "--exhaustive", "--config", config, "--raw-outputs", "-"], stdin=f)
    if got:
        page, dom, image, _ = got
        rows = common_checks("planted", page, dom)
        check(rows.get(config, (None,))[:2] == ("st-bug", "unexplained") and rows[config][2],
              f"planted: {config} is unexplained and links to its details ({rows.get(config)})")
        text = section_text(dom, "config-" + config)
        check(re.search(r"0x3c00 \(1\)\s*the same\s*1\s*0x38 \(1\)\s*0x39 \(1\.125\)\s*F8\.RNE\s*none \(unexplained\)", text)
              and f"castlike explain --from FLOAT16 --to FLOAT8E4M3FN --opset 25 --saturate 1 --bits 0x3c00" in text,
              "planted: the interval 0x3c00 .. 0x3c00: bits and values, expected 0x38, actual 0x39, rule, "
              "no reading, reproduce line")
        colours_on_screen("planted", page, image, [("st-bug", "unexplained failures")])

    # hostile: a plug-in path full of markup, control characters and invalid UTF-8; a crash; a rejection.
    hostile = os.path.join(os.fsencode(args.out_dir), b"<b>evil<i>\x1b[31m\xff\x07.so")
    shutil.copyfile(args.plugin, hostile)
    got = render(chromium, "hostile", args.out_dir,
                 [os.fsencode(args.castlike), b"validate", b"--exhaustive", b"--library", hostile, b"--config", b"INT8-INT16",
                  b"--config", b"INT8-UINT8", b"--batch", b"1", b"--timeout", b"1", b"--jobs", b"2"])
    if got:
        page, dom, image, dumped = got
        rows = common_checks("hostile", page, dom)
        check(rows.get("INT8-INT16", (None,))[:2] == ("st-call", "failed calls") and rows["INT8-INT16"][2],
              f"hostile: INT8-INT16 has failed calls and links to its details ({rows.get('INT8-INT16')})")
        check(rows.get("INT8-UINT8", (None,))[:2] == ("st-rej", "rejected"), f"hostile: INT8-UINT8 is rejected ({rows.get('INT8-UINT8')})")
        calls = [e for e in dom.elements if e["attrs"].get("id") == "failed-calls"]
        text = calls[0]["text"] if calls else ""
        check("inputs 0x63 .. 0x63 (1 input)" in text and "crashed with SIGSEGV" in text
              and re.search(r"castlike validate --exhaustive --library \S+ --timeout 1 --config INT8-INT16 --range 0x63\.\.0x63 --batch 1", text),
              "hostile: the failed call's input interval, what happened and the command that judges it again")
        check("only INT8 -> INT16" in section_text(dom, "config-INT8-UINT8"), "hostile: the rejection's reason")
        check("not covered" in page and "1 configuration of 1 pair" in page,
              "hostile: INT8-UINT8, every call rejected, is reported as not covered in the summary")
        check(not dom.find("b") and not dom.find("i") and "<b>evil<i>\\x1b[31m\\xff\\x07.so" in dumped.replace("&lt;", "<").replace("&gt;", ">")
              and not any(c in dumped for c in "\x1b\x07\ufffd"),
              "hostile: the path's markup, control characters and invalid UTF-8 are shown as text")
        colours_on_screen("hostile", page, image, [("st-call", "failed calls"), ("st-rej", "rejected")])

    # reading: NaNs of FLOAT16 become +6 under A2=six, explained; FLOAT16 -> FLOAT passes.
    got = render(chromium, "reading", args.out_dir,
                 [args.castlike, "validate", "--exhaustive", "--builtin", "reference", "--variants", "A2=six",
                  "--config", "FLOAT16-FLOAT4E2M1", "--config", "FLOAT16-FLOAT"])
    if got:
        page, dom, image, _ = got
        rows = common_checks("reading", page, dom)
        check(rows.get("FLOAT16-FLOAT4E2M1", (None,))[:2] == ("st-expl", "explained"), f"reading: FLOAT16-FLOAT4E2M1 is explained")
        check(rows.get("FLOAT16-FLOAT", (None,))[:2] == ("st-pass", "pass") and not rows["FLOAT16-FLOAT"][2],
              "reading: FLOAT16-FLOAT passes and has no details")
        text = section_text(dom, "config-FLOAT16-FLOAT4E2M1")
        # +NaN's interval is also A2=signed-max's (+6); -NaN's, which gives +6 too, is not.
        check(text.count("A2=six, A2=signed-max, profile exact") == 1 and text.count("A2=six, profile exact") == 1
              and "0x7c01" in text and "0xfc01" in text and "1023" in text,
              "reading: two intervals of 1023 NaNs, each explained by A2=six")
        colours_on_screen("reading", page, image, [("st-expl", "explained failures"), ("st-pass", "passing")])

    print(f"pages and screenshots: {args.out_dir}/exhaustive-*.html, *.png")
    return verdict()


if __name__ == "__main__":
    sys.exit(main())
