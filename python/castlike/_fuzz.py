"""castlike.fuzz: fuzz a Python implementation against the exact reference.

Each call the fuzzer makes is a castlike vector file of its own (the reference's expected bits,
outcome class and rule per element, written by the harness: _core.case_text), judged by
castlike.validate, so the judging is the vectors' (`nan` is any NaN, `unspecified` anything, a
text by the value it reads back to) and a finding is at once a vector file for the regression set.

The calls: a pair (of `pairs`, or every CastLike pair at `opset`), attributes where the opset has
them, a length from the pair's shape plan (harness/generation/shape_plan.hpp: every block boundary
up to 64 elements and long calls; _core.shape_plan), and values drawn mostly from the pair's
decisive set (the inputs that decide a rounding, as castlike export's structured set), otherwise
raw bit patterns or short texts.

engine="atheris" (the default where Atheris is installed) lets Atheris choose the calls from its
coverage-guided byte strings (the implementation's Python code is instrumented where Atheris can);
it runs until its own limits and reports a finding as Atheris does, by its input and an exception.
engine="loop" (the default otherwise) is a seeded pseudo-random loop: the same seed makes the same
calls, and it returns the findings.
"""

from __future__ import annotations

import importlib.util
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _core
from ._errors import InvalidArgument, InvalidArgumentType
from ._facts import NEWEST_OPSET
from ._types import DEFAULT_OPSET, TYPES, element_type
from ._report import Report, write_guarded
from ._validate import Implementation, PathLike, validate

# How many calls one validation judges at once (the loop's batch: one vector set per batch).
_BATCH = 16


@dataclass(frozen=True)
class Call:
    """One call the fuzzer makes: a CastLike (or Cast) node on a 1-D tensor."""
    operator: str
    from_type: str
    to: str
    opset: int
    saturate: Optional[int]
    round_mode: Optional[str]
    inputs: Tuple[Union[int, str], ...]  # bit patterns, or texts for STRING
    shape_kind: str                     # the shape plan's position kind of the length

    def vector_file(self, suffix: str) -> Tuple[str, str]:
        """(case name, vector file text) of this call, the reference's expectations included."""
        bits = [b for b in self.inputs if isinstance(b, int)]
        texts = [t for t in self.inputs if isinstance(t, str)]
        return _core.case_text(self.operator, self.from_type, self.to, self.opset, self.saturate, self.round_mode,
                               bits, texts, suffix)


@dataclass
class Finding:
    """A call the implementation got wrong (or crashed, hung, answered badly in): its vector file and
    the report's lines about it."""
    call: Call
    vector_file: str  # path of the case's vector file (in `findings`, else a temporary directory)
    case: str
    summary: str

    def __str__(self) -> str:
        return "%s (%s, length %d [%s])\n%s" % (self.case, self.vector_file, len(self.call.inputs),
                                                 self.call.shape_kind, self.summary)


@dataclass
class FuzzResult:
    calls: int = 0
    seconds: float = 0.0
    findings: List[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    def __str__(self) -> str:
        head = "castlike.fuzz: %s after %d calls, %.1f s" % (
            "%d finding(s)" % len(self.findings) if self.findings else "no finding", self.calls, self.seconds)
        return "\n".join([head] + [str(f) for f in self.findings])


Pairs = Union[str, Iterable[str], None]


def _pairs(pairs: Pairs, opset: int) -> List[Tuple[str, str]]:
    if pairs is None:
        names = [t.name for t in TYPES.values() if (t.first_opset("CastLike") or opset + 1) <= opset]
        return [(a, b) for a in names for b in names]
    out = []
    for p in ([pairs] if isinstance(pairs, str) else pairs):
        for item in p.split(","):
            src, sep, dst = item.strip().partition("-")
            if not sep:
                raise InvalidArgument("a pair is FROM-TO (e.g. FLOAT-FLOAT8E4M3FN), not %r" % item)
            out.append((element_type(src).name, element_type(dst).name))
    if not out:
        raise InvalidArgument("pairs=%r names no pair" % (pairs,))
    return out


class _Chooser:
    """Draws calls from a source of choices: random.Random (the loop) or Atheris' data provider."""

    def __init__(self, pick: Callable[[int], int], pairs: List[Tuple[str, str]], opset: int) -> None:
        self.pick, self.pairs, self.opset = pick, pairs, opset
        # The attributes CastLike has at this opset, as the harness says (a node stating one it
        # lacks is refused).
        self.saturates: List[Optional[int]] = [None] + ([0, 1] if _accepts(opset, 1, None) else [])
        self.round_modes: List[Optional[str]] = [None] + (["up", "down", "nearest"] if _accepts(opset, None, "up")
                                                          else [])
        self.plans: Dict[Tuple[str, str], List[_core._CallShape]] = {}
        self.decisive: Dict[Tuple[str, str], List[Union[int, str]]] = {}

    def call(self) -> Call:
        src, dst = self.pairs[self.pick(len(self.pairs))]
        key = (src, dst)
        if key not in self.plans:
            # The plan's aligned shapes: a Python callable takes arrays, not addresses.
            self.plans[key] = [s for s in _core.shape_plan(src, dst, False)
                               if not s["in_place"] and s["input_offset"] == 0 and s["output_offset"] == 0]
            self.decisive[key] = _core.decisive_inputs(src, dst)
        shape = self.plans[key][self.pick(len(self.plans[key]))]
        saturate = self.saturates[self.pick(len(self.saturates))]
        round_mode = self.round_modes[self.pick(len(self.round_modes))]
        decisive, bits = self.decisive[key], element_type(src).bits
        inputs: List[Union[int, str]] = []
        for _ in range(shape["length"]):
            how = self.pick(4)
            if how < 3 and decisive:
                inputs.append(decisive[self.pick(len(decisive))])
            elif src == "STRING":
                inputs.append("".join(chr(0x20 + self.pick(95)) for _ in range(self.pick(12))))
            elif element_type(src).kind == "bool":  # a BOOL element is 0 or 1, whatever its storage
                inputs.append(self.pick(2))
            else:
                inputs.append(sum(self.pick(256) << (8 * i) for i in range((bits + 7) // 8)) & ((1 << bits) - 1))
        return Call("CastLike", src, dst, self.opset, saturate, round_mode, tuple(inputs), shape["kind"])


def _accepts(opset: int, saturate: Optional[int], round_mode: Optional[str]) -> bool:
    try:
        _core.case_text("CastLike", "FLOAT", "FLOAT", opset, saturate, round_mode, [0], [], "")
    except ValueError:
        return False
    return True


def _judge(impl: Implementation, calls: Sequence[Call], tag: str, workdir: Path, findings_dir: Optional[Path],
           isolate: bool, timeout: float) -> List[Finding]:
    """Writes the calls' vector files, validates `impl` on them, and returns the failing ones."""
    batch = workdir / tag
    batch.mkdir(parents=True)
    by_case: Dict[str, Tuple[Call, Path]] = {}
    for i, call in enumerate(calls):
        name, text = call.vector_file("_fuzz_%s_%d" % (tag, i))
        path = batch / (name + ".json")
        path.write_text(text, encoding="utf-8")
        by_case[name] = (call, path)
    report: Report = validate(impl, vectors=str(batch), isolate=isolate, timeout=timeout, examples_per_rule=3)
    failed = {c["name"]: c for c in report.cases() if c["counts"].get("fail", 0) > 0 or c["call_failure"]}
    out = []
    for name in sorted(failed):
        call, path = by_case[name]
        if findings_dir is not None:
            findings_dir.mkdir(parents=True, exist_ok=True)
            kept = findings_dir / path.name  # as castlike export writes one: never over another file
            write_guarded(kept, path.read_text(encoding="utf-8"), "vector file")
            path = kept
        c = failed[name]
        summary = ("  the call failed: %s" % c["call_failure"] if c["call_failure"] else
                   "  %d of %d elements do not match the reference" % (c["counts"]["fail"], len(call.inputs)))
        lines = list(dict.fromkeys(line.strip() for line in report.text().splitlines() if name in line))
        out.append(Finding(call, str(path), name, "\n".join([summary] + ["  " + x for x in lines[:4]])))
    shutil.rmtree(batch, ignore_errors=True)
    return out


def fuzz(impl: Implementation, pairs: Pairs = None, *, seconds: Optional[float] = None, calls: int = 400,
         seed: int = 0, opset: int = DEFAULT_OPSET, engine: Optional[str] = None, findings: Optional[PathLike] = None,
         isolate: bool = False, timeout: float = 10.0, stop_at_first: bool = True) -> FuzzResult:
    """Fuzzes `impl` (castlike.validate's calling convention) against the reference.

    pairs          "FROM-TO" pairs (a list, or one string with commas); default every CastLike pair
    seconds/calls  the loop's budget: it stops after `calls` calls, or `seconds` if given first
    seed           the loop's seed: the same seed, the same calls
    engine         "loop" or "atheris"; default atheris where it is installed, else loop
    findings       a directory the findings' vector files are copied to (the regression set)
    isolate        each validation's calls in a child process (a crash or hang is a finding)
    stop_at_first  return at the first batch with a finding

    Returns a FuzzResult: calls made, time, findings (each with its vector file)."""
    if not callable(impl):
        raise InvalidArgumentType("impl must be callable like castlike.cast(x, to, *, saturate, round_mode, opset)")
    if not 15 <= opset <= NEWEST_OPSET:
        raise InvalidArgument("opset %r: CastLike has opsets 15..%d" % (opset, NEWEST_OPSET))
    chosen = _pairs(pairs, opset)
    if engine is None:
        engine = "atheris" if importable("atheris") else "loop"
    findings_dir = Path(findings) if findings is not None else None
    if engine == "atheris":
        _atheris(impl, chosen, opset, findings_dir, isolate, timeout)
        return FuzzResult()  # not reached: Atheris ends the process
    if engine != "loop":
        raise InvalidArgument("engine %r: 'loop' or 'atheris'" % engine)
    rng = random.Random(seed)
    chooser = _Chooser(lambda n: rng.randrange(n), chosen, opset)
    result = FuzzResult()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="castlike-fuzz-") as tmp:
        batch_index = 0
        while result.calls < calls and (seconds is None or time.monotonic() - start < seconds):
            batch = [chooser.call() for _ in range(min(_BATCH, calls - result.calls))]
            result.findings += _judge(impl, batch, "%d_%d" % (seed, batch_index), Path(tmp), findings_dir, isolate,
                                      timeout)
            result.calls += len(batch)
            batch_index += 1
            if result.findings and stop_at_first:
                break
        if findings_dir is None:  # the temporary files go: keep the texts beside the findings
            for f in result.findings:
                f.vector_file = "(not kept: pass findings=DIR)"
    result.seconds = time.monotonic() - start
    return result


def importable(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


class FuzzFindingError(AssertionError):
    """Raised inside Atheris' loop for a finding: Atheris saves the input that made the call."""


def _atheris(impl: Implementation, pairs: List[Tuple[str, str]], opset: int, findings_dir: Optional[Path],
             isolate: bool, timeout: float) -> None:  # pragma: no cover - runs until Atheris exits
    import atheris  # type: ignore[import-untyped,import-not-found,unused-ignore]

    workdir = Path(tempfile.mkdtemp(prefix="castlike-fuzz-"))
    counter = [0]

    def one_input(data: bytes) -> None:
        provider = atheris.FuzzedDataProvider(data)
        call = _Chooser(lambda n: int(provider.ConsumeIntInRange(0, n - 1)), pairs, opset).call()
        counter[0] += 1
        found = _judge(impl, [call], "a%d" % counter[0], workdir, findings_dir or workdir / "findings", isolate,
                       timeout)
        if found:
            raise FuzzFindingError(str(found[0]))

    atheris.Setup(sys.argv[:1] + [a for a in sys.argv[1:] if a.startswith("-")], one_input)
    atheris.Fuzz()


