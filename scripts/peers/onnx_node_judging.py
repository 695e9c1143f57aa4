"""The judgement of onnx's generated Cast/CastLike node tests (scripts/check/check-onnx-generated-tests):
castlike's vector files of the cases, onnx's outputs as a results file, `castlike validate` against
the baseline, the derived profile judged again, and the counts. Runs in the onnx-reference venv.
"""
import collections
import itertools
import json
import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional, Union

import onnx

from . import onnx_node_cases as cases_module
from . import onnx_node_results as results
from . import onnx_node_vectors as vectors
from . import peer_venv

PEER = "onnx-reference"  # the pinned venv, and so the onnx, whose generators run
SWITCH = re.compile(r"^A(\d+)=(\S+)$")


class CheckError(Exception):
    """The check could not run (castlike or onnx answered in a way it cannot judge)."""


@dataclass
class Judged:
    case: cases_module.Case
    inputs: list[str]
    outputs: list[str]  # onnx's expected output elements
    # castlike's (bits or text, outcome, rule) per element, and the vector file: _write_set sets them
    answers: list[tuple[str, str, str]] = field(default_factory=list)
    path: Path = field(default_factory=Path)


@dataclass
class Outcome:
    ok: bool = True
    problems: list[str] = field(default_factory=list)
    summary: str = ""
    groups: dict[tuple[str, int, str], "collections.Counter[str]"] = field(default_factory=dict)  # _group -> Counter
    readings: dict[str, dict[str, Any]] = field(default_factory=dict)  # explained_by -> elements, cases, rules
    # reason -> Counter(cases, elements)
    not_judged: dict[str, "collections.Counter[str]"] = field(default_factory=dict)
    profile: Optional[str] = None
    profile_result: str = ""
    given_profile: Optional[tuple[str, str]] = None  # (--profile, what it gave)
    baseline: dict[str, int] = field(default_factory=dict)

    def fail(self, problem: str) -> None:
        self.ok = False
        self.problems.append(problem)


def generated_cases() -> list[cases_module.Case]:
    try:
        return cases_module.collect()
    except cases_module.CaseError as e:
        raise CheckError(str(e))


def plant_first_agreeing(judged: list[Judged]) -> None:
    """Flips the lowest bit of the first element of onnx's data that castlike's answer matches
    exactly (the self-test's planted wrong expected value)."""
    for j in judged:
        for i, (out, answer) in enumerate(zip(j.outputs, j.answers)):
            if j.case.to_type != "STRING" and answer[1] == "exact" and out == answer[0]:
                digits = len(out) - 2
                j.outputs[i] = "0x%0*x" % (digits, int(out, 16) ^ 1)
                return
    raise CheckError("no agreeing element to plant a wrong value in")


def _validate(castlike: str, vector_dir: Path, results_path: Path, report_path: Path,
              extra: list[Union[str, Path]]) -> Any:
    cmd: list[Union[str, Path]] = [castlike, "validate", "--vectors", vector_dir, "--results", results_path,
                                   "--format", "json", "--out", report_path, "--quiet", *extra]
    run = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise CheckError("castlike validate (exit %d): %s" % (run.returncode, run.stderr.strip()))
    with open(report_path) as f:
        return json.load(f)


def _write_set(castlike: str, judged: list[Judged], directory: Path, profile: str, widths: dict[str, int]) -> Path:
    """The vector files of `judged` under `profile` and onnx's outputs as their results file."""
    directory.mkdir(parents=True, exist_ok=True)
    for j in judged:
        try:
            j.answers = vectors.answers(castlike, j.case, j.inputs, profile)
        except vectors.CastlikeError as e:
            raise CheckError(str(e))
        j.path = directory / (j.case.name + ".json")
        j.path.write_text(vectors.vector_file(j.case, j.inputs, j.answers, widths, profile, onnx.__version__))
    results_path = directory.with_suffix(".results.jsonl")
    results.write(results_path, onnx.__version__, [(j.case, j.path, j.outputs) for j in judged])
    return results_path


def _split(castlike: str, cases: list[cases_module.Case],
           widths: dict[str, int]) -> tuple[list[Judged], list[tuple[cases_module.Case, str]]]:
    """The cases castlike can judge, and the reason for each it cannot."""
    judged: list[Judged] = []
    not_judged: list[tuple[cases_module.Case, str]] = []
    for case in cases:
        missing = [t for t in (case.from_type, case.to_type) if t not in widths]
        if missing:
            not_judged.append((case, "castlike has no type %s" % missing[0]))
            continue
        try:
            inputs = cases_module.element_values(case.input, widths[case.from_type])
            outputs = cases_module.element_values(case.output, widths[case.to_type])
            vectors.answers(castlike, case, inputs[:1])
        except vectors.CastlikeError as e:
            # castlike's "error: WHAT; hint: ..." line: the WHAT is the reason.
            reason = str(e).split("error: ", 1)[-1].split("; hint:", 1)[0]
            not_judged.append((case, "castlike refuses it: " + reason))
            continue
        judged.append(Judged(case, inputs, outputs))
    return judged, not_judged


def _candidates(discrepancies: list[dict[str, Any]]) -> Optional[list[str]]:
    """Profiles of reference switches that could reproduce every row: per switch, the settings
    every row naming it shares, in the validator's order; None when a row names no switch."""
    shared: dict[int, list[str]] = {}
    for row in discrepancies:
        switches = [m for m in (SWITCH.match(r) for r in row["explained_by"].split("|")) if m]
        if not switches:
            return None
        by_key: "collections.OrderedDict[int, list[str]]" = collections.OrderedDict()
        for m in switches:
            by_key.setdefault(int(m.group(1)), []).append(m.group(0))
        for key, settings in by_key.items():
            shared[key] = [s for s in shared[key] if s in settings] if key in shared else settings
    if any(not s for s in shared.values()):
        return None
    if not shared:
        return ["default"]  # nothing differs
    keys = sorted(shared)
    return [",".join(combo) for combo in itertools.product(*(shared[k] for k in keys))][:8]


def _verify_profile(castlike: str, judged: list[Judged], profile: str, widths: dict[str, int], work: Path,
                    tag: str) -> tuple[Optional[int], str]:
    """The elements that still differ under `profile` (None: castlike refuses the profile)."""
    try:
        results_path = _write_set(castlike, judged, work / ("vectors-" + tag), profile, widths)
    except CheckError as e:
        return None, str(e)
    report = _validate(castlike, work / ("vectors-" + tag), results_path, work / ("report-%s.json" % tag), [])
    return int(report["total"]["fail"] + report["total"]["rejected"]), ""


def _group(case: cases_module.Case) -> tuple[str, int, str]:
    """Where a case's counts go: its operator and opset, the `_expanded` CastLike bodies apart."""
    return (case.operator, case.opset, "expanded" if "_expanded" in case.name else "")


def _count(outcome: Outcome, judged: list[Judged], not_judged: list[tuple[cases_module.Case, str]],
           report: Any) -> None:
    fails: "collections.Counter[str]" = collections.Counter()
    for row in report["discrepancies"]:
        fails[row["case"]] += row["failures"]
        entry = outcome.readings.setdefault(row["explained_by"] or "", {"elements": 0, "cases": set(), "rules": set()})
        entry["elements"] += row["failures"]
        entry["cases"].add(row["case"])
        entry["rules"].add(row["rule"])
    for j in judged:
        g = outcome.groups.setdefault(_group(j.case), collections.Counter())
        unspecified = sum(1 for a in j.answers if a[1] == "unspecified")
        g.update(cases=1, elements=j.case.elements, differ=fails[j.case.name], unspecified=unspecified,
                 agree=j.case.elements - unspecified - fails[j.case.name])
    for case, reason in not_judged:
        outcome.groups.setdefault(_group(case), collections.Counter()).update(
            cases=1, elements=case.elements, not_judged=case.elements)
        outcome.not_judged.setdefault(reason, collections.Counter()).update(cases=1, elements=case.elements)


def _summary(outcome: Outcome, cases: list[cases_module.Case]) -> str:
    total: "collections.Counter[str]" = collections.Counter()
    for g in outcome.groups.values():
        total.update(g)
    explained = sum(r["elements"] for k, r in outcome.readings.items() if k)
    not_judged = "; ".join("%s (%d cases, %d elements)" % (reason, c["cases"], c["elements"])
                           for reason, c in sorted(outcome.not_judged.items())) or "none"
    agree = ("agree completely under " + outcome.profile) if outcome.profile else \
        "no profile of reference switches makes them agree completely"
    return ("onnx %s's generated Cast/CastLike node tests: %d cases, %d elements; judged: %d elements "
            "(%d agree, %d unspecified, %d differ: %d named by a reading, %d unexplained); not judged: %s; %s" % (
                onnx.__version__, len(cases), total["elements"], total["elements"] - total["not_judged"],
                total["agree"], total["unspecified"], total["differ"], explained, total["differ"] - explained,
                not_judged, agree))


def _write_baseline(written: Path, baseline_path: Path, outcome: Outcome) -> None:
    with open(written) as f:
        doc = json.load(f)
    out = {"format": doc["format"], "format_version": doc["format_version"], "implementation": "onnx-generated-tests",
           "description": outcome.summary, "pinned": peer_venv.pins(PEER),
           "vectors": ["onnx==%s onnx.backend.test.case.node: %s (generated)" % (
               onnx.__version__, ", ".join(m + ".py" for m in cases_module.MODULES))],
           "discrepancies": doc["discrepancies"], "rejections": doc["rejections"]}
    tmp = baseline_path.with_name(baseline_path.name + ".tmp")
    tmp.write_text(json.dumps(out, indent=1, ensure_ascii=True) + "\n")
    os.replace(tmp, baseline_path)


def _compare(outcome: Outcome, report: Any, baseline_path: Path) -> None:
    b = report["baseline"]
    outcome.baseline = {"known": b["known"], "new": len(b["new"]), "changed": len(b["changed"]),
                        "vanished": len(b["vanished"]), "not run": len(b["not_run"])}

    def row(r: dict[str, Any]) -> str:
        return "%s %s (%s failures, %s)" % (r["case"], r.get("rule", ""), r.get("failures", "-"),
                                            r.get("explained_by") or "unexplained")

    for label in ("new", "vanished", "not_run"):
        for r in b[label]:
            outcome.fail("%s row: %s" % (label.replace("_", " "), row(r)))
    for c in b["changed"]:
        outcome.fail("changed row: %s, baseline: %s" % (row(c["now"]), row(c["baseline"])))
    with open(baseline_path) as f:
        doc = json.load(f)
    if doc.get("description") != outcome.summary:
        outcome.fail("summary differs from the baseline's description, which says: %s" % doc.get("description"))
    if doc.get("pinned") != peer_venv.pins(PEER):
        outcome.fail("the pinned versions changed: %s -> %s" % (doc.get("pinned"), peer_venv.pins(PEER)))


def check(castlike: str, cases: list[cases_module.Case], baseline_path: Path, profile: Optional[str], work: Path,
          update: bool = False, plant: Optional[Callable[[list[Judged]], None]] = None) -> Outcome:
    """Judges the cases at their own operator, opset and attributes; compares with the baseline
    (or rewrites it with `update`); verifies `profile`, or the one the readings named."""
    outcome = Outcome()
    try:
        widths = vectors.known_types(castlike)
    except vectors.CastlikeError as e:
        raise CheckError(str(e))
    judged, not_judged = _split(castlike, cases, widths)
    results_path = _write_set(castlike, judged, work / "vectors", "default", widths)
    if plant:
        plant(judged)
        results.write(results_path, onnx.__version__, [(j.case, j.path, j.outputs) for j in judged])
    written = work / "baseline.json"
    extra: list[Union[str, Path]] = (["--write-expect", written] if update
                                     else ["--expect", baseline_path, "--expect-strict"])
    report = _validate(castlike, work / "vectors", results_path, work / "report.json", extra)
    _count(outcome, judged, not_judged, report)
    if report["total"]["rejected"] or report["call_failures"]:
        outcome.fail("castlike validate rejected %d elements of onnx's data" % report["total"]["rejected"])
    for i, candidate in enumerate(_candidates(report["discrepancies"]) or []):
        differing, refused = _verify_profile(castlike, judged, candidate, widths, work, "derived-%d" % i)
        outcome.profile_result = refused if differing is None else "%d elements still differ" % differing
        if differing == 0:
            outcome.profile, outcome.profile_result = candidate, "every judged element agrees"
            break
    if profile:
        differing, refused = _verify_profile(castlike, judged, profile, widths, work, "given")
        if refused:
            raise CheckError("--profile %s: %s" % (profile, refused))
        assert differing is not None  # no refusal: a count
        outcome.given_profile = (profile, "%d elements differ" % differing)
        if differing != 0:
            outcome.fail("profile %s: %s" % outcome.given_profile)
    outcome.summary = _summary(outcome, cases)
    if update:
        _write_baseline(written, baseline_path, outcome)
    else:
        _compare(outcome, report, baseline_path)
    return outcome
