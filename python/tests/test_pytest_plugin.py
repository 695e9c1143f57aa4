"""castlike.pytest_plugin, run through pytester: selection, failure texts, baselines, isolation, usage errors.

Most runs are in-process and read the four vector files of FLOAT -> FLOAT8E4M3FN (--castlike-vectors),
which keeps each run well under a second; the xdist and segfault runs are subprocesses.
"""

import importlib.metadata
import json
import xml.etree.ElementTree as ET

import pytest

import castlike
import castlike.conformance_suite  # noqa: F401  (imported once here: pytester's in-process runs keep it)
import castlike.pytest_plugin

pytest_plugins = ["pytester"]


def _entry_point_installed():
    try:
        points = importlib.metadata.entry_points(group="pytest11")
    except TypeError:  # Python 3.9
        points = importlib.metadata.entry_points().get("pytest11", [])
    return any(p.value == "castlike.pytest_plugin" for p in points)


# Installed, the entry point loads the plugin; registering it again with -p would be an error.
PLUGIN = [] if _entry_point_installed() else ["-p", "castlike.pytest_plugin"]
PAIR = "FLOAT-FLOAT8E4M3FN"
CASES = castlike.list_cases(pairs=PAIR)  # 4: op25, op25-sat0, and two spec examples (op21, op21-sat0)
# "--option=value": pytest finds the rootdir before plugins add their options, so a separate value
# that is an existing path would count as a path argument there (and put the rootdir above it).
VECTORS = ["--castlike-vectors=" + c["path"] for c in CASES]
FAILING = ["FLOAT-FLOAT8E4M3FN-op25-sat0", "spec-FLOAT-FLOAT8E4M3FN-op21-sat0"]  # saturate=0: WRONG fails these

WRONG = '''
import castlike

def cast(x, to, *, saturate=None, round_mode=None, opset=25):
    """castlike.cast, but FLOAT8E4M3FN ignores saturate=0: beyond +-448 gives 0x7e / 0xfe, not NaN."""
    if to == "FLOAT8E4M3FN" and saturate == 0:
        saturate = 1
    return castlike.cast(x, to, saturate=saturate, round_mode=round_mode, opset=opset)
'''


def run(pytester, *args, subprocess=False, own=True):
    # With --castlike-impl and no path pytest runs the suite alone; "." adds the project's own test
    # (test_own), which the counts below include.
    if own and "--castlike-impl" in args:
        args = args + (".",)
    if subprocess:
        return pytester.runpytest_subprocess(*PLUGIN, *args)
    # In-process, castlike's modules are already imported when -p asks pytest to rewrite their asserts.
    return pytester.runpytest(*PLUGIN, "-W", "ignore::pytest.PytestAssertRewriteWarning", *args)


@pytest.fixture
def project(pytester):
    """A project with an ordinary test of its own and the wrong implementation in wrongimpl.py."""
    pytester.makepyfile(test_own="def test_own():\n    pass\n", wrongimpl=WRONG)
    return pytester


def test_kernels_pass_beside_the_projects_own_tests(project):
    # --castlike-pairs on the packaged vectors; no positional argument: the suite alone.
    result = run(project, "--castlike-impl", "builtin:kernels", "--castlike-pairs", PAIR, "-v", own=False)
    result.assert_outcomes(passed=len(CASES))
    result.stdout.fnmatch_lines(["castlike/conformance_suite.py::test_castlike[[]FLOAT-FLOAT8E4M3FN-op25-sat0] PASSED*"])
    assert "test_own" not in result.stdout.str()
    # With a positional argument: that file plus the suite, nothing twice.
    run(project, "--castlike-impl", "builtin:kernels", *VECTORS, "test_own.py").assert_outcomes(passed=len(CASES) + 1)


def test_wrong_callable_fails_with_bits_rule_reading_and_reproduce_line(project):
    result = run(project, "--castlike-impl", "wrongimpl:cast", *VECTORS)
    result.assert_outcomes(passed=len(CASES) - 1, failed=2)
    result.stdout.fnmatch_lines(["*test_castlike[[]FLOAT-FLOAT8E4M3FN-op25-sat0]*",
                                 "cast: 653 pass, 748 fail, 0 unspecified, 0 rejected; 0 rejection(s); FAIL",
                                 "discrepancy FLOAT_to_FLOAT8E4M3FN_op25_sat0, F8.NOSAT.OVERFLOW: 746 failure(s), "
                                 "explained by saturate=1 -- saturate=0: *",
                                 "    input    0x7f7fffff (3.40282346638528*",
                                 "    expected 0x7f (nan)*",
                                 "    actual   0x7e (448)",
                                 "    reading  saturate=1",
                                 "    castlike explain --from FLOAT --to FLOAT8E4M3FN --opset 25 --saturate 0 --bits 0x7f7fffff"])
    text = result.stdout.str()
    # pytrace=False: no traceback of the plugin or of castlike.validate.
    assert "Traceback" not in text and "_validate.py" not in text and "def test_castlike" not in text


def test_k_selects_by_id_and_x_stops(project):
    result = run(project, "--castlike-impl", "wrongimpl:cast", *VECTORS, "-k", "op25-sat0")
    result.assert_outcomes(failed=1, deselected=len(CASES) + 1 - 1)
    result = run(project, "--castlike-impl", "wrongimpl:cast", *VECTORS, "-k", "spec and not sat0")
    result.assert_outcomes(passed=1, deselected=len(CASES))
    result = run(project, "--castlike-impl", "wrongimpl:cast", *VECTORS, "-x", "-p", "no:randomly")
    result.assert_outcomes(passed=2, failed=1)  # test_own, op25, then op25-sat0 stops the run


def test_junitxml_has_a_testcase_per_vector_file(project):
    result = run(project, "--castlike-impl", "wrongimpl:cast", *VECTORS, "--junitxml=report.xml")
    result.assert_outcomes(passed=len(CASES) - 1, failed=2)
    cases = ET.parse(project.path / "report.xml").getroot().iter("testcase")
    suite = {c.get("name"): c for c in cases if c.get("classname") == "castlike.conformance_suite"}
    assert sorted(suite) == sorted("test_castlike[%s]" % c["id"] for c in CASES)
    failure = suite["test_castlike[FLOAT-FLOAT8E4M3FN-op25-sat0]"].find("failure")
    assert failure.get("message").startswith("Failed: cast: 653 pass, 748 fail")
    assert "castlike explain --from FLOAT" in failure.text


def test_xdist_gives_the_same_results(project):
    pytest.importorskip("xdist")
    result = run(project, "--castlike-impl", "wrongimpl:cast", *VECTORS, "-n", "2", subprocess=True)
    result.assert_outcomes(passed=len(CASES) - 1, failed=2)
    result.stdout.fnmatch_lines(["FAILED castlike/conformance_suite.py::test_castlike[[]FLOAT-FLOAT8E4M3FN-op25-sat0]*"])


def write_baseline_of_wrong(project, name):
    """The baseline of WRONG's own run on the four cases (two of them with two rows each)."""
    namespace = {}
    exec(compile(WRONG, "wrongimpl.py", "exec"), namespace)
    castlike.validate(namespace["cast"], vectors=[c["path"] for c in CASES]).write_baseline(project.path / name)


def test_baseline_of_the_known_discrepancies_makes_them_xfail(project):
    write_baseline_of_wrong(project, "known.json")
    result = run(project, "--castlike-impl", "wrongimpl:cast", *VECTORS, "--castlike-expect=known.json", "-rx")
    result.assert_outcomes(passed=len(CASES) - 1, xfailed=2)
    assert result.ret == 0
    result.stdout.fnmatch_lines(["XFAIL *test_castlike[[]FLOAT-FLOAT8E4M3FN-op25-sat0] - known discrepancy: "
                                 "discrepancy FLOAT_to_FLOAT8E4M3FN_op25_sat0, F8.NOSAT.INF: 2 failure(s), *"])

    # Strict: the same baseline on an implementation that now passes those cases fails them.
    result = run(project, "--castlike-impl", "builtin:kernels", *VECTORS, "--castlike-expect=known.json")
    result.assert_outcomes(passed=len(CASES) - 1, failed=2)
    result.stdout.fnmatch_lines(["[[]XPASS(strict)] baseline *known.json, case FLOAT_to_FLOAT8E4M3FN_op25_sat0: "
                                 "0 known, 0 new, 0 changed, 2 vanished*",
                                 "vanished: discrepancy FLOAT_to_FLOAT8E4M3FN_op25_sat0, F8.NOSAT.INF: 2 failure(s)*"])

    # A changed count and a row the baseline lacks fail, naming them, with the known rows listed after.
    doc = json.loads((project.path / "known.json").read_text())
    rows = [r for r in doc["discrepancies"] if r["case"] == "FLOAT_to_FLOAT8E4M3FN_op25_sat0"]
    rows[0]["failures"] += 1
    doc["discrepancies"].remove(rows[1])
    (project.path / "changed.json").write_text(json.dumps(doc))
    result = run(project, "--castlike-impl", "wrongimpl:cast", *VECTORS, "--castlike-expect=changed.json")
    result.assert_outcomes(passed=len(CASES) - 1, failed=1, xfailed=1)
    result.stdout.fnmatch_lines(["baseline *changed.json, case FLOAT_to_FLOAT8E4M3FN_op25_sat0: "
                                 "0 known, 1 new, 1 changed, 0 vanished",
                                 "discrepancy FLOAT_to_FLOAT8E4M3FN_op25_sat0, F8.NOSAT.OVERFLOW: 746 failure(s)*",
                                 "  FLOAT_to_FLOAT8E4M3FN_op25_sat0[[]2] (opset 25, saturate=0)",
                                 "discrepancy FLOAT_to_FLOAT8E4M3FN_op25_sat0, F8.NOSAT.INF: 2 failure(s), explained by "
                                 "saturate=1 (the baseline has: *F8.NOSAT.INF: 3 failure(s)*"])


def test_a_failed_call_is_never_excused_by_the_baseline(project):
    write_baseline_of_wrong(project, "known.json")
    project.makepyfile(hangs='''
import time, wrongimpl

def cast(x, to, *, saturate=None, **attributes):
    if saturate == 0:
        time.sleep(600)  # killed by --castlike-timeout
    return wrongimpl.cast(x, to, saturate=saturate, **attributes)
''')
    result = run(project, "--castlike-impl", "hangs:cast", "--castlike-isolate", "--castlike-timeout", "1", *VECTORS,
                 "--castlike-expect=known.json", "-k", "op25-sat0 and not spec")
    result.assert_outcomes(failed=1, deselected=len(CASES))
    result.stdout.fnmatch_lines(["baseline *known.json, case FLOAT_to_FLOAT8E4M3FN_op25_sat0: 0 known, 0 new, 0 changed, "
                                 "0 vanished, 2 not run",
                                 "failed call (timed out, opset 25, saturate=0): no answer within 1 s (the child was killed)"])


def test_malformed_baseline_is_a_usage_error(project):
    (project.path / "bad.json").write_text('{"format": "castlike-known-discrepancies", "format_version": 1}')
    result = run(project, "--castlike-impl", "builtin:kernels", *VECTORS, "--castlike-expect=bad.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --castlike-expect: baseline *bad.json: *"])


def test_conftest_fixture_overrides_the_option_and_serves_an_imported_suite(project):
    project.makeconftest('''
import pytest, wrongimpl

@pytest.fixture(scope="session")
def castlike_impl():
    return wrongimpl.cast
''')
    result = run(project, "--castlike-impl", "builtin:kernels", *VECTORS)
    result.assert_outcomes(passed=len(CASES) - 1, failed=2)
    # No option: the suite imported into the project's own test module, with the conftest's implementation.
    project.makepyfile(test_conformance="from castlike.pytest_plugin import test_castlike\n")
    result = run(project, *VECTORS, "-v")
    result.assert_outcomes(passed=len(CASES) - 1, failed=2)
    result.stdout.fnmatch_lines(["*test_conformance.py::test_castlike[[]FLOAT-FLOAT8E4M3FN-op25] PASSED*"])


def test_an_implementation_that_raises_fails_naming_the_rejection(project):
    project.makepyfile(declines='''
def cast(x, to, **attributes):
    raise NotImplementedError("no float8 here")
''')
    result = run(project, "--castlike-impl", "declines:cast", *VECTORS, "-k", "op25-sat0 and not spec")
    result.assert_outcomes(failed=1, deselected=len(CASES))
    result.stdout.fnmatch_lines(["rejection FLOAT_to_FLOAT8E4M3FN_op25_sat0: NotImplementedError: no float8 here"])


def test_isolated_segfault_fails_its_tests_and_the_session_goes_on(project):
    project.makepyfile(crashes='''
import os, signal

def cast(x, to, **attributes):
    os.kill(os.getpid(), signal.SIGSEGV)
''')
    result = run(project, "--castlike-impl", "crashes:cast", "--castlike-isolate", "--castlike-timeout", "60",
                 *VECTORS, "-p", "no:faulthandler", subprocess=True)
    result.assert_outcomes(passed=1, failed=len(CASES))  # a complete report: pytest itself did not crash
    result.stdout.fnmatch_lines(["*: 0 pass, 0 fail, 0 unspecified, 0 rejected; 0 rejection(s); 1 failed call(s); FAIL",
                                 "failed call (crashed, opset 25): the implementation's process died with SIGSEGV"])


def test_impl_in_a_submodule_its_package_does_not_import(project):
    # As onnxruntime:backend: the package's __init__ does not import the submodule the spec names.
    project.mkpydir("adapters")
    (project.path / "adapters" / "wrong.py").write_text(WRONG)
    result = run(project, "--castlike-impl", "adapters:wrong.cast", *VECTORS)
    result.assert_outcomes(passed=len(CASES) - 1, failed=2)


@pytest.mark.parametrize("spec, message", [
    ("nosuchmodule:f", "cannot import nosuchmodule (ModuleNotFoundError: No module named 'nosuchmodule')"),
    ("castlike:nosuch", "castlike has no attribute 'nosuch'"),
    ("notaspec", "cannot import notaspec (ModuleNotFoundError: No module named 'notaspec')"),
    ("wrongimpl", "expected MODULE:CALLABLE (e.g. mypkg.convert:cast), an ONNX backend module (*) or builtin:kernels"),
    ("castlike:__version__", "* is neither a callable like castlike.cast(*) nor an ONNX backend"),
    ("builtin:reference", "the builtin implementation is builtin:kernels (castlike.cast)"),
])
def test_a_bad_impl_spec_is_a_usage_error(project, spec, message):
    result = run(project, "--castlike-impl", spec)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --castlike-impl '%s': %s" % (spec, message)])
    assert "Traceback" not in result.stderr.str() + result.stdout.str()


def test_bad_selection_is_a_usage_error(project):
    result = run(project, "--castlike-impl", "builtin:kernels", "--castlike-pairs", "FLOAT-FLOAT9")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["ERROR: --castlike-vectors / --castlike-pairs: unknown element type 'FLOAT9'*"])


def test_without_the_option_the_plugin_does_nothing(project):
    result = run(project, "--collect-only", "-q")
    result.stdout.fnmatch_lines(["test_own.py::test_own", "", "1 test collected*"])
    run(project).assert_outcomes(passed=1)
