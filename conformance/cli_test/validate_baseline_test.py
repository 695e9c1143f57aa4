#!/usr/bin/env python3
"""`castlike validate` against baselines (--expect, --expect-strict, --write-expect) and its JUnit
report (--format junit), on a results file this test writes: four spec examples, one with two wrong
elements (a discrepancy), one rejected with a hostile message (control bytes, markup, U+FFFE/U+FFFF),
one with an element that failed alone, one that passes. Each scenario is one ctest entry.

usage: validate_baseline_test.py --castlike BIN --source DIR SCENARIO
       validate_baseline_test.py --castlike BIN --source DIR junit_call_failures --library SO --vectors DIR
"""
import argparse
import copy
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

WRONG = "test_cc_castlike_FLOAT_to_FLOAT8E4M3FN"      # elements 0 and 1 off by one
REJECTED = "test_cc_castlike_FLOAT16_to_INT4"         # the whole call rejected
ELEMENT_ERROR = "test_cc_castlike_INT4_to_INT8"       # element 0 failed alone
PASSING = "test_cc_castlike_FLOAT_to_UINT4"
CASES = [WRONG, REJECTED, ELEMENT_ERROR, PASSING]
HOSTILE = "bad\x01\x1b<&>\"']]>\uffff\ufffe\t|\nline2 \u00e9 \U0001F600"
# What the report shows of it: control characters but tab as \xNN (castlike's printable text), and
# what the JUnit report shows: U+FFFE / U+FFFF, which XML 1.0 cannot carry, as \ufffe / \uffff.
HOSTILE_SHOWN = "bad\\x01\\x1b<&>\"']]>\uffff\ufffe\t|\\x0aline2 \u00e9 \U0001F600"
HOSTILE_IN_XML = HOSTILE_SHOWN.replace("\uffff", "\\uffff").replace("\ufffe", "\\ufffe")

failed = []


def check(condition, what):
    print(("ok:     " if condition else "FAILED: ") + what)
    if not condition:
        failed.append(what)


UNSPECIFIED = "STRING_to_FLOAT_op25_not_numbers"  # written by the test: every element unspecified


def write_unspecified_case(work):
    doc = {"format": "castlike-vectors", "format_version": 1, "kind": "generated", "name": UNSPECIFIED,
           "source": {"generator": "validate_baseline_test"}, "opset": 25, "from": "STRING", "to": "FLOAT",
           "attributes": {}, "shape": [2], "input": {"text": ["Hello", "1.2.3"]},
           "expected": {"bits": ["0x00000000", "0x00000000"], "outcome": ["unspecified", "unspecified"],
                        "rule": ["STR.NOT_A_NUMBER", "STR.NOT_A_NUMBER"]}}
    path = os.path.join(work, UNSPECIFIED + ".json")
    with open(path, "w") as f:
        json.dump(doc, f)
    return path


class Env:
    def __init__(self, args, work, cases=CASES):
        self.castlike = args.castlike
        self.work = work
        spec = os.path.join(args.source, "vectors", "spec-examples")
        self.vector_args = []
        lines = [{"format": "castlike-results", "format_version": 1, "implementation": {"name": "hostile-test"}}]
        for name in cases:
            path = write_unspecified_case(work) if name == UNSPECIFIED else os.path.join(spec, name + ".json")
            self.vector_args += ["--vectors", path]
            raw = open(path, "rb").read()
            doc = json.loads(raw)
            line = {"case": name, "sha256": hashlib.sha256(raw).hexdigest(), "from": doc["from"], "to": doc["to"]}
            bits = list(doc["expected"]["bits"])
            if name in (REJECTED, UNSPECIFIED):
                line.update(status="rejected", stage="run", message=HOSTILE)
            elif name == WRONG:
                for i in (0, 1):
                    bits[i] = "0x%02x" % (int(bits[i], 16) ^ 1)
                line.update(status="ok", bits=bits)
            elif name == ELEMENT_ERROR:
                bits[0] = None
                line.update(status="ok", bits=bits, errors=[{"index": 0, "message": "element 0 failed"}])
            else:
                line.update(status="ok", bits=bits)
            lines.append(line)
        lines.append({"end": True, "cases": len(lines) - 1})
        self.results = os.path.join(work, "results.jsonl")
        with open(self.results, "w", encoding="utf-8") as f:
            for line in lines:
                f.write(json.dumps(line, ensure_ascii=False) + "\n")

    def run(self, *extra):
        cmd = [self.castlike, "validate", "--results", self.results] + self.vector_args + [str(e) for e in extra]
        p = subprocess.run(cmd, capture_output=True)
        print("+ %s -> exit %d" % (" ".join(cmd[1:2] + [str(e) for e in extra]), p.returncode))
        return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")

    def baseline(self, doc, name):
        path = os.path.join(self.work, name)
        with open(path, "w") as f:
            json.dump(doc, f, indent=1)
        return path

    def written_baseline(self, rejections=2):
        path = os.path.join(self.work, "written.json")
        rc, _, err = self.run("--write-expect", path, "--quiet")
        check(rc == 1, "--write-expect keeps the run's exit status (1: failures and rejections)")
        check("wrote baseline %s: 1 discrepancies, %d rejections" % (path, rejections) in err,
              "--write-expect names what it wrote")
        with open(path) as f:
            return path, json.load(f)


def scenario_round_trip(env):
    path, doc = env.written_baseline()
    check(doc["format"] == "castlike-known-discrepancies" and doc["format_version"] == 1, "the baseline's format")
    check([(d["case"], d["rule"], d["failures"]) for d in doc["discrepancies"]] == [(WRONG, "F8.RNE", 2)],
          "the discrepancy row (case, rule, failures)")
    check(sorted(r["case"] for r in doc["rejections"]) == sorted([REJECTED, ELEMENT_ERROR]), "the rejection rows")
    check(HOSTILE_SHOWN in [r["message"] for r in doc["rejections"]], "the hostile message as the report shows it")
    check(open(path, "rb").read().isascii(), "the baseline is ASCII")
    for strict in ([], ["--expect-strict"]):
        rc, out, _ = env.run("--expect", path, *strict)
        check(rc == 0, "--expect of its own --write-expect exits 0 %s" % strict)
        first = out.splitlines()[:2]
        check(first == ["castlike validate: hostile-test: PASS against the baseline",
                        "baseline %s: 3 known, 0 new, 0 changed, 0 vanished" % path], "the report starts with the summary")
    again = os.path.join(env.work, "again.json")
    rc, _, _ = env.run("--expect", path, "--write-expect", again, "--quiet")
    check(rc == 0 and open(again, "rb").read() == open(path, "rb").read(), "writing it again gives the same bytes")
    rc, out, _ = env.run("--expect", path, "--quiet")
    check(out == "hostile-test: baseline %s: 3 known, 0 new, 0 changed, 0 vanished; 62 pass, 2 fail, 0 unspecified, "
                 "26 rejected; 2 rejection(s); PASS\n" % path, "the verdict line starts with the baseline summary")


def scenario_new_changed_vanished(env):
    _, doc = env.written_baseline()
    edited = copy.deepcopy(doc)
    edited["rejections"] = [r for r in edited["rejections"] if r["case"] != REJECTED]  # -> new
    edited["discrepancies"][0]["failures"] = 3                                         # -> changed
    edited["discrepancies"].append({"case": PASSING, "rule": "INT4.RNE_WRAP", "failures": 1, "explained_by": ""})
    path = env.baseline(edited, "edited.json")
    rc, out, _ = env.run("--expect", path)
    check(rc == 1, "a new and a changed row fail (exit 1)")
    lines = out.splitlines()
    check(lines[1] == "baseline %s: 1 known, 1 new, 1 changed, 1 vanished" % path, "the summary counts")
    new_at, changed_at, vanished_at = (out.find(s) for s in ("\nnew (1)", "\nchanged (1)", "\nvanished (1)"))
    full_at = out.find("the run itself, without the baseline:")
    check(0 < new_at < changed_at < vanished_at < full_at, "new, changed, vanished, then the full report")
    check("  rejection %s (opset 21): %s" % (REJECTED, HOSTILE_SHOWN) in out, "the new rejection with its call and message")
    check("  discrepancy %s, F8.RNE: 2 failure(s), unexplained\n      baseline: 3 failure(s), unexplained" % WRONG in out,
          "the changed row with the baseline's count")
    check("castlike explain --from FLOAT --to FLOAT8E4M3FN --opset 21 --bits 0x" in out[changed_at:vanished_at],
          "the changed row's first failing cases with their reproduce lines")
    check("fixed? remove them from" in out[vanished_at:full_at], "a vanished row asks whether it was fixed")
    rc, out, _ = env.run("--expect", path, "--format", "json")
    b = json.loads(out)["baseline"]
    check(rc == 1 and b["ok"] is False and b["known"] == 1 and len(b["new"]) == 1 and len(b["changed"]) == 1 and
          len(b["vanished"]) == 1 and b["not_run"] == [] and b["strict"] is False, "the JSON report's baseline section")
    check(b["changed"][0]["now"]["first_failures"][0]["index"] == 0, "the changed row's first failures in JSON")

    # Vanished only: reported, exit 0; with --expect-strict exit 1.
    vanished = copy.deepcopy(doc)
    vanished["discrepancies"].append({"case": PASSING, "rule": "INT4.RNE_WRAP", "failures": 1, "explained_by": ""})
    path = env.baseline(vanished, "vanished.json")
    rc, out, _ = env.run("--expect", path)
    check(rc == 0 and "vanished (1)" in out, "a vanished row is reported and passes by default")
    rc, out, _ = env.run("--expect", path, "--expect-strict")
    check(rc == 1 and out.startswith("castlike validate: hostile-test: FAIL"), "--expect-strict fails on a vanished row")

    # A row of a case outside the vector set: not run.
    not_run = copy.deepcopy(doc)
    not_run["rejections"].append({"case": "FLOAT_to_INT2_op25", "message": "NOT_IMPLEMENTED"})
    path = env.baseline(not_run, "not_run.json")
    rc, out, _ = env.run("--expect", path)
    check(rc == 0 and "3 known, 0 new, 0 changed, 0 vanished, 1 not run" in out, "a row of a case not in the set is not run")
    rc, _, _ = env.run("--expect", path, "--expect-strict")
    check(rc == 1, "--expect-strict fails on a not-run row")

    # An empty baseline: everything new, and the exit status of a run without one.
    empty = env.baseline({"format": "castlike-known-discrepancies", "format_version": 1, "discrepancies": [],
                          "rejections": []}, "empty.json")
    rc, out, _ = env.run("--expect", empty)
    check(rc == 1 and "0 known, 3 new, 0 changed, 0 vanished" in out, "an empty baseline: every row is new")


def junit(env, *extra):
    rc, out, err = env.run("--format", "junit", *extra)
    try:
        root = ET.fromstring(out.encode("utf-8"))
    except ET.ParseError as e:
        check(False, "the JUnit report parses as XML (%s)" % e)
        return rc, None
    check(True, "the JUnit report parses as XML")
    return rc, root


def counts_add_up(root, what):
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    n = {k: sum(1 for c in cases if c.find(k) is not None) for k in ("failure", "error", "skipped")}
    for element in (root, suite):
        check(int(element.get("tests")) == len(cases) and int(element.get("failures")) == n["failure"] and
              int(element.get("errors")) == n["error"] and int(element.get("skipped")) == n["skipped"],
              "%s: <%s> counts add up (%d tests: %s)" % (what, element.tag, len(cases), n))
    check(all(sum(c.find(k) is not None for k in ("failure", "error", "skipped")) <= 1 for c in cases),
          "%s: at most one of failure, error, skipped per test case" % what)
    return {c.get("name"): c for c in cases}


def scenario_junit(env):
    rc, root = junit(env)
    if root is None:
        return
    check(rc == 1, "exit 1 as in text")
    cases = counts_add_up(root, "no baseline")
    check(sorted(cases) == sorted(CASES), "one test case per vector file")
    check(cases[WRONG].get("classname") == "castlike.FLOAT.FLOAT8E4M3FN", "classname castlike.FROM.TO")
    failure = cases[WRONG].find("failure")
    check(failure is not None and failure.get("message") == "F8.RNE: 2 failing element(s), unexplained",
          "the failing case's failure message")
    text = failure.text if failure is not None else ""
    for needle in ("rule F8.RNE", "%s[0] (opset 21)" % WRONG, "  input    0x3ef535b8 (0.4789254665374755859375)",
                   "  expected 0x2f (0.46875)", "  actual   0x2e (0.4375)", "  reading  none (unexplained)",
                   "  castlike explain --from FLOAT --to FLOAT8E4M3FN --opset 21 --bits 0x3ef535b8"):
        check(needle in text, "the failure text lists %r" % needle)
    rejected = cases[REJECTED].find("failure")
    check(rejected is not None and rejected.get("type") == "rejection", "a rejected call is a failure of type rejection")
    check(rejected is not None and rejected.get("message") == "rejected: " + HOSTILE_IN_XML,
          "the hostile message survives escaping exactly (control bytes, markup, U+FFFE/U+FFFF, tab, emoji)")
    check(cases[ELEMENT_ERROR].find("failure") is not None, "an element that failed alone is a failure")
    check(len(list(cases[PASSING])) == 0, "a passing case is an empty test case")


def scenario_junit_baseline(env):
    path, doc = env.written_baseline()
    rc, root = junit(env, "--expect", path)
    if root is None:
        return
    check(rc == 0, "all known: exit 0")
    cases = counts_add_up(root, "all known")
    skipped = cases[WRONG].find("skipped")
    check(skipped is not None and skipped.get("message") == "known discrepancy: F8.RNE: 2 failing element(s), unexplained",
          "a known discrepancy is skipped with its row")
    check(cases[REJECTED].find("skipped") is not None, "a known rejection is skipped")
    check(root.find("testsuite/properties/property[@name='baseline']").get("value") == path, "the baseline property")

    edited = copy.deepcopy(doc)
    edited["discrepancies"][0]["failures"] = 5
    edited["discrepancies"].append({"case": PASSING, "rule": "INT4.RNE_WRAP", "failures": 1, "explained_by": ""})
    edited["rejections"].append({"case": "FLOAT_to_INT2_op25", "message": "NOT_IMPLEMENTED"})
    path = env.baseline(edited, "edited.json")
    rc, root = junit(env, "--expect", path)
    if root is None:
        return
    cases = counts_add_up(root, "changed and vanished")
    failure = cases[WRONG].find("failure")
    check(rc == 1 and failure is not None and failure.get("message").startswith("changed (baseline: 5 failure(s)"),
          "a changed row fails")
    out = cases[PASSING].find("system-out")
    check(len(cases) == 4 and cases[PASSING].find("failure") is None and out is not None and
          "vanished from the baseline" in out.text, "a vanished row is the case's system-out")
    rc, root = junit(env, "--expect", path, "--expect-strict")
    if root is None:
        return
    cases = counts_add_up(root, "strict")
    check(cases[PASSING].find("failure") is not None, "--expect-strict: a vanished row is a failure")
    extra = cases.get("FLOAT_to_INT2_op25")
    check(extra is not None and extra.get("classname") == "castlike.baseline" and extra.find("failure") is not None,
          "--expect-strict: a not-run row of a case outside the set is a failing test case")


def scenario_junit_unspecified_rejection(args, work):
    """A rejected call whose elements are all unspecified fails nothing: exit 0, and a skipped test
    case in JUnit; with a baseline it is a row like any other."""
    env = Env(args, work, CASES + [UNSPECIFIED])
    rc, root = junit(env)
    if root is None:
        return
    cases = counts_add_up(root, "unspecified rejection")
    skipped = cases[UNSPECIFIED].find("skipped")
    check(skipped is not None and skipped.get("message").startswith("every element's result is unspecified; rejected: "),
          "a rejected call of unspecified elements is skipped")
    alone = Env(args, tempfile.mkdtemp(dir=work), [UNSPECIFIED])
    rc_text, out, _ = alone.run()
    rc, root = junit(alone)
    check(rc_text == 0 and rc == 0 and root is not None and root.get("skipped") == "1" and
          out.startswith("castlike validate: hostile-test: PASS"), "and alone, the run passes, in text and JUnit alike")
    path, _ = env.written_baseline(rejections=3)
    rc, root = junit(env, "--expect", path)
    check(rc == 0 and root is not None and counts_add_up(root, "known")[UNSPECIFIED].find("skipped") is not None,
          "with a baseline that knows it: skipped, exit 0")


def scenario_junit_call_failures(env, args):
    cmd = [args.castlike, "validate", "--library", args.library, "--vectors", args.vectors, "--timeout", "1",
           "--format", "junit"]
    p = subprocess.run(cmd, capture_output=True)
    try:
        root = ET.fromstring(p.stdout)
    except ET.ParseError as e:
        check(False, "the JUnit report parses as XML (%s)" % e)
        return
    check(p.returncode == 1, "exit 1")
    cases = counts_add_up(root, "failed calls")
    errors = [c for c in cases.values() if c.find("error") is not None]
    check(len(errors) >= 1, "a failed call is an <error>")
    for c in errors:
        e = c.find("error")
        check(e.get("type") in ("crashed", "invalid output") and e.get("message") and e.get("message") in (e.text or ""),
              "the error names what happened (type %r, message %r)" % (e.get("type"), e.get("message")))
        check("reproduce: castlike validate --library" in (e.text or ""), "the error text has the reproduce command")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--castlike", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--library")
    parser.add_argument("--vectors")
    parser.add_argument("scenario")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        if args.scenario == "junit_call_failures":
            scenario_junit_call_failures(None, args)
        elif args.scenario == "junit_unspecified_rejection":
            scenario_junit_unspecified_rejection(args, work)
        else:
            globals()["scenario_" + args.scenario](Env(args, work))
    if failed:
        print("%d check(s) failed" % len(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
