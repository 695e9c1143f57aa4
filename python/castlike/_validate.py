"""castlike.validate: judge a Python implementation with the harness's own pipeline.

The implementation is any callable with castlike.cast's signature:

    impl(x, to, *, saturate=None, round_mode=None, opset=25) -> numpy array

x is the case's input tensor (its shape; the source type's numpy / ml_dtypes dtype, an object array
of str for STRING; without ml_dtypes the raw bits (castlike._types), and then the call also gets
from_type=<the source's ONNX name>), `to` the destination's ONNX name, the attributes as the vector
file's call states them (None: not set). It answers with an array of the destination type and x's
shape (its dtype, or its raw bits; the packed 6-, 4- and 2-bit types may also come ONNX-packed as a
1-D uint8 array), or castlike.PartialOutput(array, {index: message}) when some elements failed.
Raising declines the call (a rejection, with the exception as the reason); an answer of the wrong
type, dtype or size, or texts that are not str / UTF-8, is a failed call. With isolate=True each
call runs in a child process, so that a crash, a hang (timeout) or an exit of the implementation is
a failed call of that case and the validation goes on.

An implementation that converts some pairs only may declare which in an attribute, as a plug-in does
with castlike_validator_coverage (include/castlike/validator_abi.h):

    impl.castlike_coverage = ["FLOAT-FLOAT16",
                              {"from": "FLOAT", "to": "FLOAT8E4M3FN", "saturate": 0},
                              {"from": "DOUBLE", "to": "FLOAT8E8M0", "round_mode": "nearest"}]

a pair "FROM-TO" (CastLike, every attribute setting) or a dict with "from", "to" and optionally
"saturate" (0 or 1), "round_mode" and "operators" (a list of "CastLike", "Cast"). Nothing outside
it is called; the report lists it as not covered (declared), never as failures. Without the
attribute, coverage is inferred: a configuration whose every call is rejected is not covered.
"""

from __future__ import annotations

import inspect
import os
import signal
from pathlib import Path
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union, cast,
                    overload)

import numpy as np

from . import _arguments, _core
from ._cast import integer
from ._arguments import AnyPath
from ._errors import InvalidArgument, InvalidArgumentType
from ._coverage import declared_coverage
from ._report import ExhaustiveReport, Report
from ._types import bits_dtype, element_type, from_raw, raw_bytes, storage_bytes

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

Array = np.ndarray[Any, Any]
# An implementation: castlike.cast's signature, impl(x, to, *, saturate, round_mode, opset[, operator,
# from_type]) -> an array or a PartialOutput. Anything callable is accepted (and distrusted).
Implementation = Callable[..., Any]
# What the glue answers the harness per call (python/bindings/validation.cpp): ("ok", bytes or texts,
# element errors or None), ("rejected", message) or ("failed", kind, message).
Answer = Tuple[Any, ...]
Case = Dict[str, Any]
PathLike = Union[str, "os.PathLike[str]"]
# What the functions here take as paths: also bytes, decoded as os.fsdecode does (_arguments.path).
Vectors = Union[AnyPath, Sequence[AnyPath], None]


class PartialOutput:
    """An answer in which some elements failed: `errors` maps element index -> message."""

    def __init__(self, values: Any, errors: Mapping[int, str]) -> None:
        self.values, self.errors = values, dict(errors)


def default_vectors() -> List[str]:
    """The vector directories validate() uses by default: the curated set and the spec examples
    (installed with the package; in a source tree, its vectors/)."""
    here = Path(__file__).resolve().parent
    for base in (here / "vectors", here.parents[1] / "vectors"):
        if (base / "generated").is_dir() and (base / "spec-examples").is_dir():
            return [str(base / "spec-examples"), str(base / "generated")]
    raise FileNotFoundError("castlike's vectors are not installed beside the package (%s)" % here)


def _paths(vectors: Vectors) -> List[str]:
    if vectors is None:
        return default_vectors()
    if isinstance(vectors, (str, bytes, os.PathLike)):
        return [_arguments.path("vectors", vectors)]
    return [_arguments.path("vectors", v) for v in vectors]


def _vector_set(paths: List[str]) -> _core.VectorSet:
    """The vector set at `paths`; a file that is missing, unreadable or malformed raises
    InvalidArgument naming it (the harness's message)."""
    try:
        return _core.VectorSet.load(paths)
    except ValueError as e:
        raise InvalidArgument(str(e)) from None


def case_id(entry: Case) -> str:
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


Cases = Union[str, Iterable[str], Callable[[Case], bool], None]
Pairs = Union[str, Iterable[str], None]


def _selected(entries: List[Case], cases: Cases, pairs: Pairs) -> List[Case]:
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


def list_cases(vectors: Vectors = None, *, cases: Cases = None, pairs: Pairs = None) -> List[Case]:
    """The cases of a vector set (default: the packaged one) as dicts: name, id, path, from, to,
    opset, saturate, round_mode, elements, kind. Ids that two cases share get the case name added."""
    entries = _vector_set(_paths(vectors)).entries()
    seen: Dict[str, int] = {}
    for e in entries:
        e["id"] = case_id(e)
        seen[e["id"]] = seen.get(e["id"], 0) + 1
    for e in entries:
        if seen[e["id"]] > 1:
            e["id"] = e["id"] + "-" + e["name"]
    return _selected(entries, cases, pairs)


# ---- calling the implementation ----------------------------------------------------------------

def _input_array(case: Case) -> Array:
    src = element_type(case["from"])
    shape = tuple(case["shape"])
    if src.name == "STRING":
        a = np.empty(len(case["texts"]), dtype=object)
        a[:] = case["texts"]
        return a.reshape(shape)
    return from_raw(np.frombuffer(case["raw"], dtype=np.uint8), src, shape)


class BadAnswer(Exception):
    pass


def _answer_bytes(out: Any, dst: Any, shape: Tuple[int, ...], count: int) -> Union[bytes, List[str]]:
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


def takes_operator(impl: Implementation) -> bool:
    """Whether `impl` accepts operator= (a keyword of that name, or **kwargs)."""
    try:
        parameters = inspect.signature(impl).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "operator" or p.kind is p.VAR_KEYWORD for p in parameters)


def _invoke(impl: Implementation, x: Any, case: Case, **extra: Any) -> Tuple[Optional[Answer], Any]:
    """Calls `impl` on `x` as `case` states: (None, its result), or (the answer, None) when it
    declined the call or did not come back. A Cast case goes to implementations that take
    operator= only: the conversion is CastLike's, but the opsets a Cast node has are not (Cast
    exists from opset 13, CastLike from 15)."""
    kwargs: Dict[str, Any] = dict(saturate=case["saturate"], round_mode=case["round_mode"], opset=case["opset"])
    if case.get("operator", "CastLike") != "CastLike":
        if not takes_operator(impl):
            return ("rejected",
                    "the implementation takes no operator= argument: %s cases are not run" % case["operator"]), None
        kwargs["operator"] = case["operator"]
    if element_type(case["from"]).dtype is None:  # raw bits (no ml_dtypes): the array cannot say its type
        kwargs["from_type"] = case["from"]
    try:
        return None, impl(x, case["to"], **kwargs, **extra)
    except KeyboardInterrupt:
        raise
    except Exception as e:  # the implementation declined the call
        return ("rejected", _one_line(e)), None
    except BaseException as e:  # SystemExit and the like: the call did not come back
        return ("failed", "exited", "the implementation raised %s%s" % (
            type(e).__name__, ": %s" % e if str(e) else "")), None


def _call(impl: Implementation, case: Case) -> Answer:
    """The implementation on one case, in this process: the answer tuple of _core.validate."""
    declined, out = _invoke(impl, _input_array(case), case)
    return declined if declined is not None else _decode(out, case)


# ---- the shape pass -----------------------------------------------------------------------------
# After each case the harness calls the implementation again on the case's elements in the shapes
# of its shape plan (harness/generation/shape_plan.hpp, through _core: the one home of the shapes).
# A numpy implementation's code paths are chosen by length and by where its arrays start, so the
# input is a view at the shape's element offset into a larger buffer aligned to ALIGNMENT bytes; an
# implementation that takes out= also writes into such a view (the output's offset), and one that
# declares in place (castlike_in_place = True, or validate(..., in_place=True)) gets out= a view of
# the input's own bytes. The packed types are one element per byte in numpy (ml_dtypes' layout or
# their unpacked bits), so their offsets are whole elements.

ALIGNMENT: int = _core.shape_alignment  # the shape plan's: a cache line, the widest vector register


def takes_out(impl: Implementation) -> bool:
    """Whether `impl` takes out= (a keyword of that name): the array to write its answer into."""
    try:
        return "out" in inspect.signature(impl).parameters
    except (TypeError, ValueError):
        return False


def declares_in_place(impl: Implementation) -> bool:
    """Whether `impl` declares that out= may be its input's own memory (castlike_in_place = True)."""
    return getattr(impl, "castlike_in_place", False) is True


def _aligned(nbytes: int) -> Array:
    """A zeroed uint8 buffer of `nbytes` that starts on an ALIGNMENT-byte boundary."""
    storage = np.zeros(nbytes + ALIGNMENT, dtype=np.uint8)
    start = -storage.ctypes.data % ALIGNMENT
    return storage[start:start + nbytes]


def _view(buffer: Array, offset: int, count: int, dtype: Any) -> Array:
    size = np.dtype(dtype).itemsize
    return buffer[offset * size:(offset + count) * size].view(dtype)


def _shaped_call(impl: Implementation, call: Case, shape: Case, raw: bytes) -> Answer:
    """The implementation on `raw`'s elements in one shape of the plan: the answer tuple of a
    batch (("ok", raw bytes), ("rejected", message) or ("failed", kind, message))."""
    src, dst = element_type(call["from"]), element_type(call["to"])
    n, at = shape["length"], shape["input_offset"]
    x = from_raw(np.frombuffer(raw, dtype=np.uint8), src, (n,))
    out_dtype = dst.dtype if dst.dtype is not None else bits_dtype(dst)
    in_bytes = (at + n) * x.dtype.itemsize
    if shape["in_place"]:
        buffer = _aligned(max(in_bytes, (at + n) * np.dtype(out_dtype).itemsize))
    else:
        buffer = _aligned(in_bytes)
    view = _view(buffer, at, n, x.dtype)
    view[...] = x
    extra: Dict[str, Any] = {}
    # A packed destination without its ml_dtypes dtype comes back as ONNX's packed bytes (castlike.cast's
    # raw form), so out= is those bytes, the offset counted in bytes.
    packed_bytes = storage_bytes(dst, n) if dst.packed and dst.dtype is None else None
    if shape["in_place"]:
        extra["out"] = (_view(buffer, at, n, out_dtype) if packed_bytes is None else
                        buffer[at * x.dtype.itemsize:][:packed_bytes])
    elif takes_out(impl):
        o = shape["output_offset"]
        extra["out"] = (_view(_aligned((o + n) * np.dtype(out_dtype).itemsize), o, n, out_dtype)
                        if packed_bytes is None else _aligned(o + packed_bytes)[o:])
    declined, out = _invoke(impl, view, call, **extra)
    if declined is not None:
        return declined
    if isinstance(out, PartialOutput):
        return ("failed", "bad answer", "element errors in a call of %s" % shape["description"])
    try:
        answer = _answer_bytes(extra["out"] if "out" in extra else out, dst, (n,), n)
    except BadAnswer as e:
        return ("failed", "bad answer", str(e))
    return ("ok", answer)


def _decode(out: Any, case: Case) -> Answer:
    dst = element_type(case["to"])
    shape, count = tuple(case["shape"]), case["count"]
    errors = None
    if isinstance(out, PartialOutput):
        out, errors = out.values, {int(k): str(v) for k, v in out.errors.items()}
    try:
        return ("ok", _answer_bytes(out, dst, shape, count), errors)
    except BadAnswer as e:
        return ("failed", "bad answer", str(e))


def _one_line(e: BaseException) -> str:
    text = " ".join(str(e).split())
    return "%s: %s" % (type(e).__name__, text[:500]) if text else type(e).__name__


class _Isolated:
    """The implementation in a child process (fork), one case at a time: a crash, a hang past
    `timeout` seconds or an exit is a failed call, and the next case gets a fresh child."""

    def __init__(self, impl: Implementation, timeout: float) -> None:
        import multiprocessing
        self.impl, self.timeout = impl, timeout
        self.context = multiprocessing.get_context("fork")
        self.process: Optional[BaseProcess] = None
        self.conn: Optional[Connection] = None

    def _start(self) -> None:
        parent, child = self.context.Pipe()
        impl = self.impl

        def serve(conn: Connection) -> None:
            import faulthandler
            faulthandler.disable()  # a crash here is the expected, reported outcome: no dump on stderr
            while True:
                try:
                    request = conn.recv()
                except EOFError:
                    return
                conn.send(_call(impl, request) if isinstance(request, dict) else _shaped_call(impl, *request))

        self.process = self.context.Process(target=serve, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.conn = parent

    def _stop(self) -> None:
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
        if self.conn is not None:
            self.conn.close()
        self.process = self.conn = None

    def __call__(self, case: Case) -> Answer:
        return self._request(case)

    def shaped(self, call: Case, shape: Case, raw: bytes) -> Answer:
        """_shaped_call in the child."""
        return self._request((call, shape, raw))

    def _request(self, request: Union[Case, Tuple[Case, Case, bytes]]) -> Answer:
        if self.process is None or self.conn is None or not self.process.is_alive():
            self._stop()
            self._start()
        process, conn = self.process, self.conn
        assert process is not None and conn is not None  # _start made them
        try:
            conn.send(request)
            if conn.poll(self.timeout):
                return cast(Answer, conn.recv())
            self._stop()
            return ("failed", "timed out", "no answer within %g s (the child was killed)" % self.timeout)
        except (EOFError, BrokenPipeError, ConnectionResetError, OSError):
            process.join(5)
            code = process.exitcode
            self._stop()
            if code is not None and code < 0:
                name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else str(-code)
                return ("failed", "crashed", "the implementation's process died with %s" % name)
            return ("failed", "exited", "the implementation's process exited with status %s" % code)

    def close(self) -> None:
        self._stop()


def _name_of(impl: Implementation, name: Optional[str]) -> str:
    if name:
        return name
    return str(getattr(impl, "castlike_name", None) or getattr(impl, "__qualname__", None) or type(impl).__name__)


def _description_of(impl: Implementation, description: str) -> str:
    """The report's `implementation:` line: `description`, else the implementation's
    castlike_description, else what it is: the Python callable by module and qualified name."""
    found = description or getattr(impl, "castlike_description", None)
    if found:
        return str(found)
    what = getattr(impl, "__qualname__", None) or type(impl).__qualname__
    module = getattr(impl, "__module__", None) or type(impl).__module__
    return "the Python callable %s.%s (castlike.validate)" % (module, what)


def exhaustive_configurations() -> List[str]:
    """The ids an exhaustive validation takes, as the command line's `castlike validate --exhaustive`
    enumerates them: every configuration of a source of at most 32 bits (FLOAT-FLOAT8E4M3FN-sat1,
    INT32-FLOAT8E8M0-sat0-down, ...), judged on every input, and of DOUBLE, INT64 and UINT64
    (DOUBLE-FLOAT16, ...), judged on their structured sets (the inputs that decide a rounding;
    failures named by class). Each is called as CastLike-25, except those with a type only Cast-28
    lists (the FLOAT6 types), called as Cast-28: the implementation gets operator="Cast" (one that
    takes no operator= argument rejects them)."""
    return list(_core.exhaustive_configurations())


def _exhaustive(impl: Callable[[Case], Answer], ids: List[str], name: str, description: str, batch: int,
                input_range: Optional[Tuple[int, int]], max_intervals: Optional[int],
                coverage: Optional[str] = None) -> ExhaustiveReport:
    def convert(call: Case, first: int, end: int, raw: bytes) -> Answer:
        src, dst = element_type(call["from"]), element_type(call["to"])
        count = end - first
        case = {"from": src.name, "to": dst.name, "shape": (count,), "count": count, "raw": raw,
                "opset": call["opset"], "saturate": call["saturate"], "round_mode": call["round_mode"],
                "operator": call["operator"]}
        answer = impl(case)
        if answer[0] == "ok" and answer[2]:
            return ("failed", "bad answer", "element errors in an exhaustive batch (inputs %d..%d)" % (first, end - 1))
        return answer[:2] if answer[0] != "failed" else answer

    try:
        core = _core.validate_exhaustive(ids, convert, name, description, batch, 1, input_range, max_intervals,
                                         coverage)
    except ValueError as e:  # the binding's (an unknown id): the implementation's own are caught by _call
        raise InvalidArgument(str(e)) from None
    return ExhaustiveReport(core)


def _count(name: str, value: Any, least: int = 1) -> int:
    """A count argument (batch, max_intervals, ...): an int from `least` to what the harness's
    size_t holds (nanobind's own refusal of a bigger one would be a TypeError with its signature)."""
    n = integer(name, value)
    if not least <= n < (1 << 63):
        raise InvalidArgument("%s must be from %d to 2^63 - 1, not %d" % (name, least, n))
    return n


def _rule_id(value: Any) -> str:
    rule = _arguments.text("rules", value)
    if rule not in _RULE_IDS:
        raise InvalidArgument("unknown rule id %r (castlike.rules() lists them)" % (rule,))
    return rule


_RULE_IDS = frozenset(name for name, _ in _core.rules())


def _input_range(value: Any) -> Optional[Tuple[int, int]]:
    if value is None:
        return None
    first, last = (integer("input_range", v) for v in value)
    if not 0 <= first <= last < (1 << 32):
        raise InvalidArgument("input_range=(first, last) must have 0 <= first <= last < 2^32, not %r" % (tuple(value),))
    return first, last


# Typed by what `exhaustive` is: a vector validation gives a Report, an exhaustive one an ExhaustiveReport.
@overload
def validate(impl: Implementation, *, vectors: Vectors = ..., cases: Cases = ..., pairs: Pairs = ...,
             rules: Optional[Iterable[str]] = ..., exhaustive: None = ..., name: Optional[str] = ...,
             description: str = ..., expect: Optional[AnyPath] = ..., expect_strict: bool = ..., isolate: bool = ...,
             timeout: float = ..., examples_per_rule: int = ..., batch: int = ...,
             input_range: Optional[Tuple[int, int]] = ..., max_intervals: Optional[int] = ...,
             progress: Optional[Callable[[int, int, int], Any]] = ..., shapes: bool = ...,
             in_place: Optional[bool] = ...) -> Report: ...


@overload
def validate(impl: Implementation, *, vectors: Vectors = ..., cases: Cases = ..., pairs: Pairs = ...,
             rules: Optional[Iterable[str]] = ..., exhaustive: Union[str, Iterable[str]], name: Optional[str] = ...,
             description: str = ..., expect: Optional[AnyPath] = ..., expect_strict: bool = ..., isolate: bool = ...,
             timeout: float = ..., examples_per_rule: int = ..., batch: int = ...,
             input_range: Optional[Tuple[int, int]] = ..., max_intervals: Optional[int] = ...,
             progress: Optional[Callable[[int, int, int], Any]] = ..., shapes: bool = ...,
             in_place: Optional[bool] = ...) -> ExhaustiveReport: ...


def validate(impl: Implementation, *, vectors: Vectors = None, cases: Cases = None, pairs: Pairs = None,
             rules: Optional[Iterable[str]] = None, exhaustive: Union[str, Iterable[str], None] = None,
             name: Optional[str] = None, description: str = "", expect: Optional[AnyPath] = None,
             expect_strict: bool = False, isolate: bool = False, timeout: float = 10.0, examples_per_rule: int = 5,
             batch: int = 1 << 20, input_range: Optional[Tuple[int, int]] = None, max_intervals: Optional[int] = None,
             progress: Optional[Callable[[int, int, int], Any]] = None, shapes: bool = True,
             in_place: Optional[bool] = None) -> Union[Report, ExhaustiveReport]:
    """Judges `impl` (see the module's text for the calling convention) against the exact reference.

    vectors     vector directories or files (default: the packaged curated set and spec examples)
    cases       case names or ids, or a predicate over list_cases()' dicts; pairs "FROM-TO" list
    rules       judge only these rule ids
    exhaustive  a configuration id or a list of them (exhaustive_configurations()): every input
                bit pattern (a 64-bit source: its structured set, failures named by their "class")
                instead of the vectors, in batches of `batch` inputs; returns an
                ExhaustiveReport. input_range=(first, last) limits the inputs; max_intervals: the
                failing intervals kept per configuration (default: the command line's, as its
                `validate --exhaustive --max-intervals N`).
    expect      a baseline file (castlike-known-discrepancies): the verdict fails only on rows that
                are new or changed (expect_strict: also on vanished ones)
    isolate     each call in a child process (crash / hang / exit -> a failed call), `timeout` s each
    progress    called as progress(files_done, files, elements_judged) after each vector file
    shapes      after each vector file, its elements again in every shape of the shape plan (block
                tails, heads at every offset inside 64 bytes, long calls; in place where declared):
                a wrong element that is right in an aligned call is reported with its position
                kind (Report.shapes()). False: the value pass only
    in_place    whether out= may be the input's own memory (default: the implementation's
                castlike_in_place attribute); needs an implementation that takes out=

    Returns a Report (or an ExhaustiveReport)."""
    if not callable(impl):
        raise InvalidArgumentType("impl must be callable like castlike.cast(x, to, *, saturate, round_mode, opset)")
    label = _arguments.text("name", _name_of(impl, name))
    description = _arguments.text("description", _description_of(impl, description))
    rule_ids = None if not rules else [_rule_id(r) for r in rules]
    seconds = _arguments.timeout(timeout)  # refused even unused: a caller's mistake either way
    aliasing = declares_in_place(impl) if in_place is None else _arguments.flag("in_place", in_place)
    if aliasing and not takes_out(impl):
        raise InvalidArgument("in place needs an implementation that takes out= (the array to write into)")
    isolated = _Isolated(impl, seconds) if isolate else None
    runner: Callable[[Case], Answer] = isolated if isolated is not None else (lambda case: _call(impl, case))
    try:
        if exhaustive is not None:
            ids = [_arguments.text("exhaustive", i) for i in ([exhaustive] if isinstance(exhaustive, str)
                                                               else list(exhaustive))]
            return _exhaustive(runner, ids, label, description, _count("batch", batch), _input_range(input_range),
                               None if max_intervals is None else _count("max_intervals", max_intervals),
                               declared_coverage(impl))
        vector_set = _vector_set(_paths(vectors))
        if cases is not None or pairs is not None:
            chosen = list_cases(_paths(vectors), cases=cases, pairs=pairs)
            if not chosen:
                raise InvalidArgument("the selection (cases=%r, pairs=%r) holds no vector file" % (cases, pairs))
            vector_set.keep([e["name"] for e in chosen])
        shaped: Optional[Callable[[Case, Case, bytes], Answer]] = None
        if _arguments.flag("shapes", shapes):
            shaped = isolated.shaped if isolated is not None else (
                lambda call, shape, raw: _shaped_call(impl, call, shape, raw))
        core = _core.validate(vector_set, runner, label, description, rule_ids,
                              _count("examples_per_rule", examples_per_rule, least=0), progress,
                              declared_coverage(impl), shaped, aliasing)
    finally:
        if isolated is not None:
            isolated.close()
    report = Report(core)
    if expect is not None:
        report.compare(expect, expect_strict)
    return report
