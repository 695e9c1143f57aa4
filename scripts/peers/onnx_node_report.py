"""Prints the outcome of scripts/check/check-onnx-generated-tests in at most 80 columns: the counts per
operator and opset, the differing elements by the reading that names them, what was not judged,
the profile under which onnx's data agree, and the comparison with the baseline.
"""
import collections
import textwrap
from pathlib import Path

from .onnx_node_judging import Outcome

WIDTH = 80
SHOWN = 25  # problems printed (the reports in --work have them all)


def _wrapped(text: str, indent: str = "  ", later: str = "    ") -> str:
    return textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=later, break_on_hyphens=False)


def print_outcome(outcome: Outcome, baseline_name: Path) -> None:
    print(_wrapped(outcome.summary, "", "  "))
    print()
    print("%-24s %6s %9s %7s %7s %7s %7s" % ("", "cases", "elements", "agree", "unspec.", "differ", "not j."))
    total: "collections.Counter[str]" = collections.Counter()
    for (operator, opset, note), g in sorted(outcome.groups.items()):
        total.update(g)
        label = "%s, opset %d%s" % (operator, opset, ", " + note if note else "")
        print("%-24s %6d %9d %7d %7d %7d %7d" % (label, g["cases"], g["elements"], g["agree"], g["unspecified"],
                                                 g["differ"], g["not_judged"]))
    print("%-24s %6d %9d %7d %7d %7d %7d" % ("total", total["cases"], total["elements"], total["agree"],
                                             total["unspecified"], total["differ"], total["not_judged"]))
    print()
    print("differing elements, by the readings that name them (docs/semantics.md):")
    if not outcome.readings:
        print("  none")
    for readings, r in sorted(outcome.readings.items(), key=lambda kv: (-kv[1]["elements"], kv[0])):
        print("  %5d in %3d cases, rules %s" % (r["elements"], len(r["cases"]), ", ".join(sorted(r["rules"]))))
        print(_wrapped(readings.replace("|", ", ") if readings else "UNEXPLAINED: no reading reproduces them",
                       "        ", "        "))
    print("not judged:" + ("" if outcome.not_judged else " none"))
    for reason, c in sorted(outcome.not_judged.items()):
        print(_wrapped("%d cases, %d elements: %s" % (c["cases"], c["elements"], reason)))
    if outcome.profile:
        print(_wrapped("agree completely under the profile %s (verified: %s)" % (outcome.profile,
                                                                              outcome.profile_result), "", "  "))
    else:
        print(_wrapped("no profile of reference switches makes them agree completely%s" % (
            " (" + outcome.profile_result + ")" if outcome.profile_result else ""), "", "  "))
    if outcome.given_profile:
        print(_wrapped("--profile %s: %s" % outcome.given_profile, "", "  "))
    if outcome.baseline:
        print("baseline %s:" % baseline_name)
        print("  " + ", ".join("%d %s" % (n, label) for label, n in outcome.baseline.items()))
    for p in outcome.problems[:SHOWN]:
        print(_wrapped("DIFFERS: " + p, "", "  "))
    if len(outcome.problems) > SHOWN:
        print("... and %d more" % (len(outcome.problems) - SHOWN))
    if any(not p.startswith("profile ") for p in outcome.problems):
        print(_wrapped("check-onnx-generated-tests: the run differs from the baseline; if intended, "
                       "run scripts/check/check-onnx-generated-tests --update and review the diff", "", "  "))
