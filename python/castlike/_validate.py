"""castlike.validate: judge a Python implementation with the harness's own pipeline.

The implementation is any callable with castlike.cast's signature:

    impl(x, to, *, saturate=None, round_mode=None, opset=25) -> numpy array

x is the case's input tensor (its shape; the source type's numpy / ml_dtypes dtype, an object array
of str for STRING; without ml_dtypes the raw bits (castlike._types), and then the call also gets
from_type=<the source's ONNX name>), `to` the destination's ONNX name, the attributes as the vector file's call states them (None: not set). It answers with an array
of the destination type and x's shape (its dtype, or its raw bits; the packed 6-, 4- and 2-bit
types may also come ONNX-packed as a 1-D uint8 array), or castlike.PartialOutput(array, {index: message}) when some
elements failed. Raising declines the call (a rejection, with the exception as the reason); an
answer of the wrong type, dtype or size, or texts that are not str / UTF-8, is a failed call. With
isolate=True each call runs in a child process, so that a crash, a hang (timeout) or an exit of the
implementation is a failed call of that case and the validation goes on.
"""

import inspect
import os
import signal
import time
import traceback
from pathlib import Path

import numpy as np

from . import _core
from ._types import element_type, from_raw, raw_bytes, storage_bytes


class PartialOutput:
    """An answer in which some elements failed: `errors` maps element index -> message."""

    def __init__(self, values, errors):
        self.values, self.errors = values, dict(errors)


def default_vectors():
    """The vector directories validate() uses by default: the curated set and the spec examples
    (installed with the package; in a source tree, its vectors/)."""
    here = Path(__file__).resolve().parent
    for base in (here / "vectors", here.parents[1] / "vectors"):
        if (base / "generated").is_dir() and (base / "spec-examples").is_dir():
            return [str(base / "spec-examples"), str(base / "generated")]
    raise FileNotFoundError("castlike's vectors are not installed beside the package (%s)" % here)


def _paths(vectors):
    if vectors is None:
        return default_vectors()
    if isinstance(vectors, (str, os.PathLike)):
        vectors = [vectors]
    return [str(v) for v in vectors]


def case_id(entry):
    """A readable test id: FLOAT-FLOAT8E4M3FN-op25-sat0, FLOAT8E8M0 round modes as -down, spec
    examples prefixed with spec-."""
    parts = [entry["from"], entry["to"], "op%d" % entry["opset"]]
    if entry["saturate"] is not None:
        parts.append("sat%d" % entry["saturate"])
    if entry["round_mode"] is not None:
        parts.append(entry["round_mode"])
    if entry.get("operator", "CastLike") != "CastLike":
        parts.append(entry["operator"].lower())
    text = "-".join(parts)
    return ("spec-" + text) if entry["kind"] == "spec-example" else text


def _selected(entries, cases, pairs):
    keep = entries
    if pairs is not None:
        wanted = set()
        for p in ([pairs] if isinstance(pairs, str) else pairs):
            for item in p.split(","):
                src, _, dst = item.strip().partition("-")
                wanted.add((element_type(src).name, element_type(dst).name))
        keep = [e for e in keep if (e["from"], e["to"]) in wanted]
    if cases is not None:
        if callable(cases):
            keep = [e for e in keep if cases(e)]
        else:
            names = {cases} if isinstance(cases, str) else set(cases)
            keep = [e for e in keep if e["name"] in names or e["id"] in names]
    return keep


def list_cases(vectors=None, *, cases=None, pairs=None):
    """The cases of a vector set (default: the packaged one) as dicts: name, id, path, from, to,
    opset, saturate, round_mode, elements, kind. Ids that two cases share get the case name added."""
    entries = _core.VectorSet.load(_paths(vectors)).entries()
    seen = {}
    for e in entries:
        e["id"] = case_id(e)
        seen[e["id"]] = seen.get(e["id"], 0) + 1
    for e in entries:
        if seen[e["id"]] > 1:
            e["id"] = e["id"] + "-" + e["name"]
    return _selected(entries, cases, pairs)


# ---- calling the implementation ----------------------------------------------------------------

def _input_array(case):
    src = element_type(case["from"])
    shape = tuple(case["shape"])
    if src.name == "STRING":
        a = np.empty(len(case["texts"]), dtype=object)
        a[:] = case["texts"]
        return a.reshape(shape)
    return from_raw(np.frombuffer(case["raw"], dtype=np.uint8), src, shape)


class BadAnswer(Exception):
    pass


def _answer_bytes(out, dst, shape, count):
    """The ONNX raw bytes (or texts) of an implementation's answer; BadAnswer says what is wrong."""
    if dst.name == "STRING":
        a = np.asarray(out, dtype=object) if not isinstance(out, np.ndarray) else out
        if a.shape != shape:
            raise BadAnswer("returned shape %s, the input has %s" % (a.shape, shape))
        texts = []
        for x in a.reshape(-1):
            if isinstance(x, bytes):
                try:
                    x = x.decode("utf-8")
                except UnicodeDecodeError:
                    raise BadAnswer("returned a text that is not UTF-8: %r" % x[:40]) from None
            elif isinstance(x, np.str_):
                x = str(x)
            elif not isinstance(x, str):
                raise BadAnswer("returned a %s where STRING takes str or bytes" % type(x).__name__)
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                raise BadAnswer("returned a text that is not UTF-8 (lone surrogates): %r" % x[:40]) from None
            texts.append(x)
        return texts
    if not isinstance(out, np.ndarray):
        raise BadAnswer("returned %s, not a numpy array" % type(out).__name__)
    if dst.dtype is not None and out.dtype == dst.dtype:
        if out.shape != shape:
            raise BadAnswer("returned shape %s, the input has %s" % (out.shape, shape))
        return bytes(raw_bytes(out, dst))
    if out.dtype == dst.raw_dtype:
        if out.shape == shape:
            return bytes(raw_bytes(out, dst, layout="unpacked"))
        if dst.packed and out.ndim == 1 and out.size == storage_bytes(dst, count):
            return out.tobytes()
        raise BadAnswer("returned %s bits of shape %s, the input has %s" % (out.dtype, out.shape, shape))
    raise BadAnswer("returned dtype %s; %s takes %s" % (
        out.dtype, dst.name, dst.dtype if dst.dtype is not None else "its bits as %s" % dst.raw_dtype))


def takes_operator(impl):
    """Whether `impl` accepts operator= (a keyword of that name, or **kwargs)."""
    try:
        parameters = inspect.signature(impl).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "operator" or p.kind is p.VAR_KEYWORD for p in parameters)


def _call(impl, case):
    """The implementation on one case, in this process: the answer tuple of _core.validate. A Cast
    case goes to implementations that take operator= only: the conversion is CastLike's, but the
    opsets a Cast node has are not (Cast exists from opset 13, CastLike from 15)."""
    x = _input_array(case)
    kwargs = dict(saturate=case["saturate"], round_mode=case["round_mode"], opset=case["opset"])
    if case.get("operator", "CastLike") != "CastLike":
        if not takes_operator(impl):
            return ("rejected", "the implementation takes no operator= argument: %s cases are not run" % case["operator"])
        kwargs["operator"] = case["operator"]
    if element_type(case["from"]).dtype is None:  # raw bits (no ml_dtypes): the array cannot say its type
        kwargs["from_type"] = case["from"]
    try:
        out = impl(x, case["to"], **kwargs)
    except KeyboardInterrupt:
        raise
    except Exception as e:  # the implementation declined the call
        return ("rejected", _one_line(e))
    except BaseException as e:  # SystemExit and the like: the call did not come back
        return ("failed", "exited", "the implementation raised %s%s" % (
            type(e).__name__, ": %s" % e if str(e) else ""))
    return _decode(out, case)


def _decode(out, case):
    dst = element_type(case["to"])
    shape, count = tuple(case["shape"]), case["count"]
    errors = None
    if isinstance(out, PartialOutput):
        out, errors = out.values, {int(k): str(v) for k, v in out.errors.items()}
    try:
        return ("ok", _answer_bytes(out, dst, shape, count), errors)
    except BadAnswer as e:
        return ("failed", "bad answer", str(e))


def _one_line(e):
    text = " ".join(str(e).split())
    return "%s: %s" % (type(e).__name__, text[:500]) if text else type(e).__name__


class _Isolated:
    """The implementation in a child process (fork), one case at a time: a crash, a hang past
    `timeout` seconds or an exit is a failed call, and the next case gets a fresh child."""

    def __init__(self, impl, timeout):
        import multiprocessing
        self.impl, self.timeout = impl, timeout
        self.context = multiprocessing.get_context("fork")
        self.process = self.conn = None

    def _start(self):
        parent, child = self.context.Pipe()
        impl = self.impl

        def serve(conn):
            import faulthandler
            faulthandler.disable()  # a crash here is the expected, reported outcome: no dump on stderr
            while True:
                try:
                    case = conn.recv()
                except EOFError:
                    return
                conn.send(_call(impl, case))

        self.process = self.context.Process(target=serve, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.conn = parent

    def _stop(self):
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
            self.conn.close()
        self.process = self.conn = None

    def __call__(self, case):
        if self.process is None or not self.process.is_alive():
            self._stop()
            self._start()
        try:
            self.conn.send(case)
            if self.conn.poll(self.timeout):
                return self.conn.recv()
            self._stop()
            return ("failed", "timed out", "no answer within %g s (the child was killed)" % self.timeout)
        except (EOFError, BrokenPipeError, ConnectionResetError, OSError):
            self.process.join(5)
            code = self.process.exitcode
            self._stop()
            if code is not None and code < 0:
                name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else str(-code)
                return ("failed", "crashed", "the implementation's process died with %s" % name)
            return ("failed", "exited", "the implementation's process exited with status %s" % code)

    def close(self):
        self._stop()


def _name_of(impl, name):
    if name:
        return name
    return getattr(impl, "castlike_name", None) or getattr(impl, "__qualname__", None) or type(impl).__name__


class _Rendered:
    """What both reports share: their renderings by the harness, and writing one to a file."""

    FORMATS = {".json": "json", ".html": "html", ".xml": "junit"}  # by suffix; anything else is text

    def __init__(self, core):
        self._core = core

    ok = property(lambda self: self._core.ok)
    verdict = property(lambda self: self._core.verdict())

    def text(self):
        return self._core.text()

    def json(self):
        return self._core.json()

    def html(self):
        return self._core.html()

    def write(self, path, format=None):
        """Writes the report; the format from `format` or the suffix (.txt, .json, .html, .xml)."""
        fmt = format or self.FORMATS.get(Path(path).suffix, "text")
        if fmt not in ("text",) + tuple(self.FORMATS.values()):
            raise ValueError("unknown report format %r (text, %s)" % (fmt, ", ".join(self.FORMATS.values())))
        Path(path).write_text(getattr(self, fmt)())

    def __str__(self):
        return self.text()

    def __repr__(self):
        return "<castlike.%s %s>" % (type(self).__name__, self.verdict.strip())

    def _repr_html_(self):
        return self.html()


class Report(_Rendered):
    """A validation report (the harness's): `ok` (no failure, rejection or failed call; with a
    baseline: nothing new), `verdict`, the renderings text() / json() / html() / junit() and
    write(path), the rows a baseline keeps (discrepancies(), baseline(), write_baseline(path)) and
    compare(baseline) for the known-discrepancies flow."""

    def __init__(self, core, comparison=None):
        super().__init__(core)
        self.comparison = comparison

    total = property(lambda self: self._core.total)
    implementation = property(lambda self: self._core.implementation)

    def junit(self):
        return self._core.junit()

    def cases(self):
        return self._core.case_results()

    def discrepancies(self):
        return self._core.discrepancies()

    def call_failures(self):
        return self._core.call_failures()

    def baseline(self):
        """This run as a baseline document (what `castlike validate --write-expect` writes)."""
        return self._core.baseline_document()

    def write_baseline(self, path):
        Path(path).write_text(self.baseline())

    def compare(self, baseline, strict=False):
        """Compares with a baseline file: known / new / changed / vanished rows (a dict); afterwards
        ok, verdict and the renderings judge against it, as `castlike validate --expect` does."""
        self.comparison = self._core.compare(str(baseline), strict)
        return self.comparison


class ExhaustiveReport(_Rendered):
    """The report of an exhaustive validation: ok, verdict, text() / json() / html() / write(path),
    configurations() (per configuration: counts and the maximal failing intervals with their rule
    and readings)."""

    FORMATS = {".json": "json", ".html": "html"}

    def configurations(self):
        return self._core.configurations()


def exhaustive_configurations():
    """The ids an exhaustive validation takes: every configuration of a source of at most 32 bits
    (FLOAT-FLOAT8E4M3FN-sat1, INT32-FLOAT8E8M0-sat0-down, ...) that CastLike-25 can call, the call a
    Python implementation gets; the FLOAT6 types (Cast-28 only) are not among them (the command line's
    `castlike validate --exhaustive` judges those as Cast-28 calls)."""
    return list(_core.exhaustive_configurations())


def _exhaustive(impl, ids, name, description, batch, jobs, input_range):
    def convert(call, first, end, raw):
        src, dst = element_type(call["from"]), element_type(call["to"])
        count = end - first
        case = {"from": src.name, "to": dst.name, "shape": (count,), "count": count, "raw": raw,
                "opset": call["opset"], "saturate": call["saturate"], "round_mode": call["round_mode"]}
        answer = impl(case)
        if answer[0] == "ok" and answer[2]:
            return ("failed", "bad answer", "element errors in an exhaustive batch (inputs %d..%d)" % (first, end - 1))
        return answer[:2] if answer[0] != "failed" else answer

    core = _core.validate_exhaustive(list(ids), convert, name, description, batch, jobs, input_range)
    return ExhaustiveReport(core)


def validate(impl, *, vectors=None, cases=None, pairs=None, rules=None, exhaustive=None, name=None, description="",
             expect=None, expect_strict=False, isolate=False, timeout=10.0, examples_per_rule=5, batch=1 << 20,
             input_range=None, progress=None):
    """Judges `impl` (see the module's text for the calling convention) against the exact reference.

    vectors     vector directories or files (default: the packaged curated set and spec examples)
    cases       case names or ids, or a predicate over list_cases()' dicts; pairs "FROM-TO" list
    rules       judge only these rule ids
    exhaustive  a configuration id or a list of them (exhaustive_configurations()): every input
                bit pattern instead of the vectors, in batches of `batch` inputs; returns an
                ExhaustiveReport. input_range=(first, last) limits the inputs.
    expect      a baseline file (castlike-known-discrepancies): the verdict fails only on rows that
                are new or changed (expect_strict: also on vanished ones)
    isolate     each call in a child process (crash / hang / exit -> a failed call), `timeout` s each
    progress    called as progress(files_done, files, elements_judged) after each vector file

    Returns a Report (or an ExhaustiveReport)."""
    if not callable(impl):
        raise TypeError("impl must be callable like castlike.cast(x, to, *, saturate, round_mode, opset)")
    label = _name_of(impl, name)
    description = description or getattr(impl, "castlike_description", "")
    runner = _Isolated(impl, timeout) if isolate else (lambda case: _call(impl, case))
    try:
        if exhaustive is not None:
            ids = [exhaustive] if isinstance(exhaustive, str) else list(exhaustive)
            return _exhaustive(runner, ids, label, description, batch, 1, input_range)
        vector_set = _core.VectorSet.load(_paths(vectors))
        if cases is not None or pairs is not None:
            chosen = list_cases(_paths(vectors), cases=cases, pairs=pairs)
            if not chosen:
                raise ValueError("the selection (cases=%r, pairs=%r) holds no vector file" % (cases, pairs))
            vector_set.keep([e["name"] for e in chosen])
        core = _core.validate(vector_set, runner, label, description, list(rules) if rules else None,
                              examples_per_rule, progress)
    finally:
        if isolate:
            runner.close()
    report = Report(core)
    if expect is not None:
        report.compare(expect, expect_strict)
    return report
