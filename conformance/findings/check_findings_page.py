#!/usr/bin/env python3
"""The findings and the comparison page (castlike.peers.findings, castlike.peers.comparison), end to
end on made-up peers, the page rendered by headless Chromium.

Two results files are written by hand from four generated vector files, each answer the expected
bits but for planted differences: "onnxruntime" gives +6 for NaN to FLOAT4E2M1 (the reading
A2=six), an INT4 value no reading gives (unspecified: no sentence of the pages fixes the 4-bit
integers), 0x01 for an overflow to FLOAT8E4M3FN with saturate=0 (a bug against the float 8 table)
and rejects INT8 -> INT16 (lacks it); "ml-dtypes"
saturates ±inf to FLOAT8E4M3FN with saturate=0 (saturate=1: an attribute its API lacks). `castlike validate` judges
them, the findings module writes the reports (each class: title, sentence, bug or reading, minimal
inputs, extent, reproduction) and the comparison page; then

  - the reports say "Not a bug" for the reading and the unspecified class, "A bug" for the float 8
    one, quote its sentence and give the minimal input's bits;
  - `chromium --dump-dom`: one row per vector file, one column per implementation, each planted cell
    with its status, every class linked to its report (rendered on the peer's index.html), no script;
  - `chromium --screenshot`: each status's colour on screen, and the colours are distinct.

  check_findings_page.py --castlike EXE --source-dir DIR --out-dir DIR
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "html_report"))
import png_pixels  # noqa: E402
from check_html_report import Dom, check, run_chromium, verdict  # noqa: E402

CASES = ["FLOAT_to_FLOAT4E2M1_op25", "FLOAT_to_INT4_op25", "INT8_to_INT16_op25", "FLOAT_to_FLOAT8E4M3FN_op25_sat0"]


def results(path, peer, files, change):
    """A results file answering each case with its expected bits, as `change(case, bits)` edits them
    (None: the call is rejected)."""
    lines = [{"format": "castlike-results", "format_version": 1, "implementation": {"name": peer, "version": "0"},
              "vectors": [str(f) for f in files]}]
    for f in files:
        data = f.read_bytes()
        case = json.loads(data)
        bits = change(case, list(case["expected"]["bits"]))
        line = {"case": case["name"], "sha256": hashlib.sha256(data).hexdigest(), "from": case["from"], "to": case["to"]}
        if bits is None:
            line.update(status="rejected", stage="load", message="NOT_IMPLEMENTED: no kernel <b>here</b>")
        else:
            line.update(status="ok", bits=bits)
        lines.append(line)
    lines.append({"end": True, "cases": len(files)})
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))


def onnxruntime_answers(case, bits):
    if case["name"] == "INT8_to_INT16_op25":
        return None
    if case["to"] == "FLOAT4E2M1":  # every NaN gives +6: A2=six
        return ["0x07" if r in ("F4.NAN.ZERO",) else b for b, r in zip(bits, case["expected"]["rule"])]
    if case["to"] == "INT4":  # the first exact element: a value no reading gives, where no sentence
        i = case["expected"]["outcome"].index("exact")  # fixes the result (unspecified)
        bits[i] = "0x05" if bits[i] != "0x05" else "0x06"
    if case["to"] == "FLOAT8E4M3FN":  # the first overflow gives 0x01: no reading, the float 8 table (bug)
        i = case["expected"]["rule"].index("F8.NOSAT.OVERFLOW")
        bits[i] = "0x01"
    return bits


def ml_dtypes_answers(case, bits):
    if case["to"] == "FLOAT8E4M3FN":  # +-inf saturates although saturate=0: the attribute is missing
        return ["0x7e" if r == "F8.NOSAT.INF" and b == "0x7f" else "0xfe" if r == "F8.NOSAT.INF" else b
                for b, r in zip(bits, case["expected"]["rule"])]
    return bits


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--castlike", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--out-dir", required=True)
    args = parser.parse_args()
    root = Path(args.source_dir).resolve()
    sys.path.insert(0, str(root / "python"))
    from castlike.peers import comparison, findings

    chromium = shutil.which(os.environ.get("CASTLIKE_CHROMIUM") or "chromium")
    if not check(chromium is not None, "chromium found (scripts/bootstrap installs it, or set CASTLIKE_CHROMIUM)"):
        return verdict()
    out = Path(args.out_dir).resolve() / "findings-page"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    files = [root / "vectors" / "generated" / (c + ".json") for c in CASES]
    types = out / "types.json"
    types.write_text(subprocess.run([args.castlike, "types", "--format", "json"], capture_output=True, text=True,
                                    check=True).stdout)
    dirs = []
    for peer, answers in (("onnxruntime", onnxruntime_answers), ("ml-dtypes", ml_dtypes_answers)):
        res, rep = out / (peer + ".results.jsonl"), out / (peer + ".json")
        results(res, peer, files, answers)
        vec = [a for f in files for a in ("--vectors", str(f))]
        made = subprocess.run([args.castlike, "validate"] + vec + ["--results", str(res), "--format", "json",
                                                                   "--examples", "100000", "--out", str(rep)],
                              capture_output=True, text=True)
        check(made.returncode == 1, "%s: castlike validate finds the planted failures (exit %d) %s" % (
            peer, made.returncode, made.stderr.strip()))
        code = findings.main(["--peer", peer, "--report", str(rep), "--types", str(types), "--semantics",
                              str(root / "docs" / "semantics.md"), "--specification",
                              str(root / "docs" / "specification.md"), "--out", str(out / peer)])
        check(code == 0, "%s: the findings are written (exit %d)" % (peer, code))
        dirs.append(out / peer)
    index = json.loads((out / "onnxruntime" / "findings.json").read_text())
    standings = {(c["rule"], c["reading"]): c["standing"] for c in index["classes"]}
    check(standings == {("F4.NAN.ZERO", "A2=six"): "reading", ("INT4.RNE_WRAP", "unexplained"): "unspecified",
                        ("F8.NOSAT.OVERFLOW", "unexplained"): "bug"},
          "onnxruntime: a reading, an unspecified class (no sentence) and a bug (%s)" % standings)
    reading = (out / "onnxruntime" / "F4.NAN.ZERO--A2=six.md").read_text()
    check("**Not a bug**" in reading and "A2 FLOAT4E2M1 and FLOAT6 from NaN" in reading and "`0x07`" in reading
          and "onnx__CastLike.html" in reading, "the reading's report: not a bug, the ambiguous point, the bits, the page")
    open_ = (out / "onnxruntime" / "INT4.RNE_WRAP--unexplained--unspecified.md").read_text()
    check("**Not a bug**" in open_ and "no sentence of the ONNX pages" in open_,
          "the unspecified class's report: not a bug, no sentence fixes it")
    bug = (out / "onnxruntime" / "F8.NOSAT.OVERFLOW--unexplained.md").read_text()
    check(bug.startswith("# onnxruntime 0: FLOAT -> FLOAT8E4M3FN (opset 25, saturate=0):") and "**A bug**" in bug
          and "> Cast-25 (since 19): \"The behavior changes if the parameter 'saturate' is set to False.\"" in bug
          and "1 failing element" in bug, "the bug's report: a title, a bug, the quoted sentence, the extent")
    repro = (out / "onnxruntime" / "F8.NOSAT.OVERFLOW--unexplained.py").read_text()
    check("import castlike" not in repro and "InferenceSession" in repro and "helper.make_node" in repro,
          "the bug's reproduction builds a one-node model for onnxruntime and needs no castlike")
    ml = json.loads((out / "ml-dtypes" / "findings.json").read_text())
    check([c["standing"] for c in ml["classes"]] == ["no attribute"],
          "ml-dtypes: saturate=1 where its API has no attribute (%s)" % [c["standing"] for c in ml["classes"]])
    page_args = [a for d in dirs for a in ("--findings", str(d))] + [a for f in files for a in ("--vectors", str(f))]
    check(comparison.main(page_args + ["--out", str(out)]) == 0, "the comparison page is written")
    page_path, shot = out / "comparison.html", out / "comparison.png"
    with tempfile.TemporaryDirectory() as profile:
        run_chromium(chromium, profile, [f"--screenshot={shot}", "--window-size=1280,1000", page_path.as_uri()])
        dumped = run_chromium(chromium, profile, ["--dump-dom", page_path.as_uri()])
    check(dumped.returncode == 0 and shot.exists(), "chromium renders the page and its screenshot")
    dom = Dom(dumped.stdout.decode("utf-8"))
    E = dom.elements
    tables = dom.find("table", "pairs")
    trs = dom.find("tr", inside=tables[0]) if tables else []
    heads = [E[i]["text"] for i in dom.find("th", inside=tables[0])] if tables else []
    check(len(trs) == len(CASES) + 1 and heads == ["case", "elements", "onnxruntime", "ml-dtypes"],
          "one row per vector file, one column per implementation (%d rows, %s)" % (len(trs) - 1, heads))
    cells = {}
    for tr in trs[1:]:
        tds = dom.find("td", inside=tr)
        cells[E[tds[0]]["text"]] = [E[t]["attrs"].get("class") for t in tds[2:]]
    want = {"FLOAT_to_FLOAT4E2M1_op25": ["reading", "agrees"], "FLOAT_to_INT4_op25": ["unspecified", "agrees"],
            "INT8_to_INT16_op25": ["lacks", "agrees"], "FLOAT_to_FLOAT8E4M3FN_op25_sat0": ["bug", "no-attribute"]}
    check(cells == want, "each cell has its status (%s)" % cells)
    links = [E[i]["attrs"]["href"] for i in dom.find("a")]
    anchors = {h: (out / h.split("#")[0]).read_text() if (out / h.split("#")[0]).is_file() else "" for h in links}
    check(len(links) == 4 and all("<section id=\"%s\">" % h.split("#")[1] in page for h, page in anchors.items()),
          "every class links to its report, rendered on its peer's page (%s)" % links)
    check(not dom.find("script") and "<b>here</b>" not in dumped.stdout.decode("utf-8"),
          "no script; a peer's message is text, not markup")
    page = page_path.read_text()
    colour = {m.group(1): m.group(2) for m in re.finditer(r"td\.([a-z-]+)\{background:#([0-9a-f]{6})", page)}
    check(len(set(colour.values())) == len(colour) == 6, "six distinct status colours (%s)" % colour)
    image = png_pixels.decode(str(shot))
    for status, rgb in colour.items():
        rows = png_pixels.solid_rows(image, bytes.fromhex(rgb), 30)
        check(rows >= 10, "the screenshot shows a %s cell (#%s): %d rows of 30 px" % (status, rgb, rows))
    return verdict()


if __name__ == "__main__":
    sys.exit(main())
