"""The pytest plugin (entry point pytest11 `castlike`): the conformance suite as pytest tests.

    pytest --castlike-impl mypkg.convert:cast       a callable like castlike.cast (or an ONNX backend)
    pytest --castlike-impl builtin:kernels          castlike.cast itself

One test per vector file (pair x opset x attributes), named by the readable id of list_cases():
test_castlike[FLOAT-FLOAT8E4M3FN-op25-sat0] (-k selects; -x, --junitxml, -n N work as usual). A
failing test shows the verdict, the first failing elements of each rule (bits, exact values, the
reading that explains them, a `castlike explain` line), the rejections and the failed calls.

The implementation may instead come from a fixture `castlike_impl` (a conftest.py at the rootdir
overrides --castlike-impl); `from castlike.pytest_plugin import test_castlike` in a test module
runs the suite there, with the fixtures that module sees, without --castlike-impl.
--castlike-expect FILE (a castlike-known-discrepancies baseline) makes the known rows of a case an
xfail, strictly: a new, changed or vanished row fails, and so does a failed call (crash, hang).
Without --castlike-impl and without test_castlike in a test module the plugin does nothing.

Give path options as --castlike-vectors=DIR, --castlike-expect=FILE: pytest picks its rootdir before
plugins add their options, so there a separate value that is an existing path counts as a test path.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import pytest

import castlike
from castlike._report import Report
from castlike._validate import Case, Implementation

Row = Dict[str, Any]

SUITE = Path(__file__).with_name("conformance_suite.py")  # the test module --castlike-impl adds
# The implementation of --castlike-impl (per process: xdist workers resolve it again).
_IMPL = pytest.StashKey[Implementation]()
# The selected cases, computed once per process in list_cases' deterministic order.
_CASES = pytest.StashKey[List[Case]]()
EXAMPLES = 3                # failing elements shown per rule


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("castlike", "castlike: ONNX CastLike / Cast conformance (castlike.validate)")
    group.addoption("--castlike-impl", metavar="MODULE:CALLABLE",
                    help="run the conformance suite on this callable (castlike.cast's signature) or ONNX "
                         "backend; builtin:kernels is castlike.cast. A castlike_impl fixture overrides it.")
    group.addoption("--castlike-vectors", metavar="DIR", action="append",
                    help="vector directory or file (repeatable; default: the packaged curated set and spec examples)")
    group.addoption("--castlike-pairs", metavar="LIST", help="only these pairs: FROM-TO[,FROM-TO...]")
    group.addoption("--castlike-isolate", action="store_true",
                    help="each call in a child process: a crash or hang fails its test, not the session")
    group.addoption("--castlike-timeout", metavar="S", type=float, default=10.0,
                    help="with --castlike-isolate: seconds per call (default 10)")
    group.addoption("--castlike-expect", metavar="FILE",
                    help="baseline (castlike-known-discrepancies): its rows are strict xfails")


def pytest_configure(config: pytest.Config) -> None:
    opt = config.option
    here = config.invocation_params.dir
    # Relative paths are made absolute now, so that every xdist worker and every item reads the same files.
    if opt.castlike_vectors:
        opt.castlike_vectors = [str(here / v) for v in opt.castlike_vectors]
    if opt.castlike_expect:
        opt.castlike_expect = str(here / opt.castlike_expect)
    if opt.castlike_impl is not None:
        config.stash[_IMPL] = _resolve(opt.castlike_impl, here)
        # `pytest --castlike-impl X` alone runs the suite (not the tests of the directory it is run
        # in); with paths, the suite is collected beside them (pytest drops duplicates).
        if config.args_source == pytest.Config.ArgsSource.ARGS:
            config.args.append(str(SUITE))
        else:
            config.args[:] = [str(SUITE)]
    if opt.castlike_vectors or opt.castlike_pairs or opt.castlike_expect:
        cases = _cases(config)  # a bad selection is a usage error now, not a collection error
        if opt.castlike_expect:
            _check_baseline(opt.castlike_expect, cases[0])


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> Optional[pytest.Module]:
    # Installed, the suite lies outside the rootdir, where pytest's node ids would be "::test_castlike[...]"
    # (and the JUnit classname empty): it is named by its path in site-packages instead.
    if module_path == SUITE and not module_path.is_relative_to(parent.config.rootpath):
        return pytest.Module.from_parent(parent, path=module_path, nodeid="castlike/conformance_suite.py")
    return None


def _cases(config: pytest.Config) -> List[Case]:
    if _CASES not in config.stash:
        opt = config.option
        try:
            cases = castlike.list_cases(opt.castlike_vectors, pairs=opt.castlike_pairs)
        except (ValueError, OSError) as e:
            raise pytest.UsageError("--castlike-vectors / --castlike-pairs: %s" % e) from None
        if not cases:
            raise pytest.UsageError("--castlike-vectors / --castlike-pairs: no vector file in the selection (%s, %s)"
                                    % (opt.castlike_vectors, opt.castlike_pairs))
        config.stash[_CASES] = cases
    return config.stash[_CASES]


def _check_baseline(path: str, case: Case) -> None:
    # The baseline is read strictly by Report.compare; comparing a tiny run of the kernels with it
    # reports a malformed file once, as a usage error, instead of in every test.
    try:
        castlike.validate(castlike.cast, vectors=[case["path"]]).compare(path)
    except ValueError as e:
        raise pytest.UsageError("--castlike-expect: %s" % e) from None


def _resolve(spec: str, here: Path) -> Implementation:
    """The implementation named by --castlike-impl; a usage error says what is wrong with the spec."""
    usage = "--castlike-impl %r: " % spec
    module_name, sep, attr = spec.partition(":")
    if not sep and module_name:  # a module that is an ONNX backend (onnxruntime.backend)
        try:
            return _as_impl(_import(module_name, here), module_only=True)
        except TypeError:
            raise pytest.UsageError(usage + "expected MODULE:CALLABLE (e.g. mypkg.convert:cast), an ONNX backend "
                                    "module (e.g. onnxruntime.backend) or builtin:kernels") from None
        except Exception as e:
            raise pytest.UsageError(usage + "cannot import %s (%s: %s)" % (module_name, type(e).__name__, e)) from None
    if not (sep and module_name and attr):
        raise pytest.UsageError(usage + "expected MODULE:CALLABLE (e.g. mypkg.convert:cast), an ONNX backend "
                                "module (e.g. onnxruntime.backend) or builtin:kernels")
    if module_name == "builtin":
        if attr != "kernels":
            raise pytest.UsageError(usage + "the builtin implementation is builtin:kernels (castlike.cast)")
        return castlike.cast
    missing = object()
    obj: Any
    try:
        obj = _import(module_name, here)
        for part in attr.split("."):
            if inspect.ismodule(obj) and not hasattr(obj, part):
                # onnxruntime:backend names a submodule that its package does not import itself
                _import(obj.__name__ + "." + part, here, missing_ok=True)
            obj = getattr(obj, part, missing)
    except Exception as e:  # whatever the user's module raises on import: a usage error, not a traceback
        raise pytest.UsageError(usage + "cannot import %s (%s: %s)" % (module_name, type(e).__name__, e)) from None
    if obj is missing:
        raise pytest.UsageError(usage + "%s has no attribute %r" % (module_name, attr))
    try:
        return _as_impl(obj)
    except TypeError as e:
        raise pytest.UsageError(usage + str(e)) from None


def _import(module_name: str, here: Path, missing_ok: bool = False) -> Optional[ModuleType]:
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if missing_ok and e.name == module_name:
            return None
        # `pytest` (unlike `python -m pytest`) has no invocation directory on sys.path: look there too.
        if e.name != module_name.split(".")[0] or str(here) in sys.path:
            raise
        sys.path.insert(0, str(here))
        return importlib.import_module(module_name)


def _as_impl(obj: Any, module_only: bool = False) -> Implementation:
    """A callable like castlike.cast from `obj`: itself, or an ONNX backend wrapped by castlike.onnx_backend.
    module_only: obj is a module named without an attribute, which must be a backend."""
    try:
        from castlike.onnx_backend import implementation, is_backend
    except ImportError:  # not in this build, or onnx not installed: then obj cannot be a backend either
        pass
    else:
        # Backends first: a backend class is callable too, but not with cast's signature.
        if is_backend(obj):
            return implementation(obj)
    if module_only:
        raise TypeError("%r is not an ONNX backend module" % (obj,))
    if not callable(obj):
        raise TypeError("%r is neither a callable like castlike.cast(x, to, *, saturate, round_mode, opset) "
                        "nor an ONNX backend" % (obj,))
    impl: Implementation = obj
    return impl


@pytest.fixture(scope="session")
def castlike_impl(pytestconfig: pytest.Config) -> Implementation:
    """The implementation under test: --castlike-impl's. Define a fixture of this name to use another."""
    if _IMPL not in pytestconfig.stash:
        pytest.fail("castlike: no implementation: give --castlike-impl MODULE:CALLABLE (or builtin:kernels) "
                    "or define a fixture castlike_impl", pytrace=False)
    return pytestconfig.stash[_IMPL]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "castlike_case" in metafunc.fixturenames:
        cases = _cases(metafunc.config)
        metafunc.parametrize("castlike_case", cases, ids=[c["id"] for c in cases])


def test_castlike(castlike_case: Case, castlike_impl: Implementation, pytestconfig: pytest.Config) -> None:
    """One vector file judged by castlike.validate (the packaged suite, castlike/conformance_suite.py,
    is this function; importing it into a test module runs the suite there)."""
    opt = pytestconfig.option
    try:
        impl = _as_impl(castlike_impl)
    except TypeError as e:
        pytest.fail("castlike_impl: %s" % e, pytrace=False)
    # Only this case's file is loaded: loading the whole set per test would cost seconds each.
    report = castlike.validate(impl, vectors=[castlike_case["path"]], cases=[castlike_case["name"]],
                               isolate=opt.castlike_isolate, timeout=opt.castlike_timeout, examples_per_rule=EXAMPLES)
    if opt.castlike_expect:
        _judge_against(report, castlike_case["name"], opt.castlike_expect)
    elif not report.ok:
        shapes = report.shapes()
        # The shape pass's wrong elements (right in an aligned call): by position kind, each with its call.
        more = ["shape pass: %s wrong (%s)" % (shapes["fail"], ", ".join(
            "%s %d" % kv for kv in sorted(shapes["by_position"].items())))] if shapes["fail"] else []
        more += ["  position %s, in a call of %s:\n%s" % (f["position"], f["shape"], f["block"].rstrip("\n"))
                 for f in shapes["failures"]]
        if shapes["failed_calls"]:
            more.append("shape pass: %d failed calls (%s)" % (shapes["failed_calls"], shapes["first_call_problem"]))
        pytest.fail(_message(report.verdict, report.discrepancies(), report.call_failures(), more), pytrace=False)


def _judge_against(report: Report, name: str, baseline: str) -> None:
    """Strict xfail: known rows only -> xfail; new / changed / vanished rows or a failed call -> fail."""
    comparison = report.compare(baseline)
    # The baseline's rows of other cases are "not run" here: only this case's rows count.
    new = [r for r in comparison["new"] if r["case"] == name]
    changed = [(was, now) for was, now in comparison["changed"] if now["case"] == name]
    vanished = [r for r in comparison["vanished"] if r["case"] == name]
    unknown = {_key(r) for r in new} | {_key(now) for _, now in changed}
    known = [r for r in report.discrepancies() if _key(r) not in unknown]
    failed_calls = report.call_failures()
    not_run = [r for r in comparison["not_run"] if r["case"] == name]  # rows of this case whose call failed
    summary = "baseline %s, case %s: %d known, %d new, %d changed, %d vanished%s" % (
        baseline, name, len(known), len(new), len(changed), len(vanished),
        ", %d not run" % len(not_run) if not_run else "")
    if new or changed or failed_calls:
        rows = new + [dict(now, text="%s (the baseline has: %s)" % (now["text"], was["text"])) for was, now in changed]
        more = ["known: " + r["text"] for r in known] + ["vanished: " + r["text"] for r in vanished]
        pytest.fail(_message(summary, rows, failed_calls, more), pytrace=False)
    if vanished:
        pytest.fail(_message("[XPASS(strict)] " + summary + ": rows of the baseline no longer seen (fixed? remove "
                             "them from the baseline)", [], [], ["vanished: " + r["text"] for r in vanished]),
                    pytrace=False)
    if known:
        pytest.xfail("known discrepancy: " + "; ".join(r["text"] for r in known))


def _key(row: Row) -> Tuple[str, str, str, str]:
    return row["kind"], row["case"], row["rule"], row["message"]


def _message(headline: str, rows: Sequence[Row], failed_calls: Iterable[Row], more: Iterable[str] = ()) -> str:
    """The failure text: the headline, then each row (rule or rejection) with its first failing elements."""
    summaries = dict(castlike.rules())
    lines = [headline]
    for call in failed_calls:
        lines += ["", "failed call (%s, %s): %s" % (call["kind"], call["call"], call["message"])]
    for row in rows:
        rule = " -- %s" % summaries[row["rule"]] if row["rule"] in summaries else ""
        lines += ["", row["text"] + rule]
        lines += [example["block"].rstrip("\n") for example in row["examples"]]
        if row["kind"] == "discrepancy" and row["failures"] > len(row["examples"]):
            more_failures = row["failures"] - len(row["examples"])
            lines.append("  ... %d more failing element(s) of %s" % (more_failures, row["rule"]))
    if more:
        lines += [""] + list(more)
    return "\n".join(lines)
