"""The reports of a validation (the harness's, rendered by it): what castlike.validate returns,
and writing one, a baseline or a vector file through the command line's output guard."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Optional, Union

from . import _arguments, _core
from ._arguments import AnyPath
from ._errors import InvalidArgument
from ._core import ExhaustiveReport as CoreExhaustiveReport
from ._core import Report as CoreReport


def write_guarded(path: AnyPath, text: str, kind: str) -> None:
    """Writes a report, a baseline or a vector file through the command line's output guard
    (_core.write_output): only over a castlike file of that kind, never through a symlink;
    InvalidArgument otherwise."""
    error = _core.write_output(_arguments.path("path", path), text, kind)
    if error is not None:
        raise InvalidArgument(error)


class _Rendered:
    """What both reports share: their renderings by the harness, and writing one to a file."""

    FORMATS = {".json": "json", ".html": "html", ".xml": "junit"}  # by suffix; anything else is text

    def __init__(self, core: Union[CoreReport, CoreExhaustiveReport]) -> None:
        self._core = core

    @property
    def ok(self) -> bool:
        return bool(self._core.ok)

    @property
    def verdict(self) -> str:
        return str(self._core.verdict())

    def text(self) -> str:
        return str(self._core.text())

    def json(self) -> str:
        return str(self._core.json())

    def html(self) -> str:
        return str(self._core.html())

    def write(self, path: AnyPath, format: Optional[str] = None) -> None:
        """Writes the report; the format from `format` or the suffix (.txt, .json, .html, .xml)."""
        where = _arguments.path("path", path)
        fmt = format or self.FORMATS.get(Path(where).suffix, "text")
        if fmt not in ("text",) + tuple(self.FORMATS.values()):
            raise InvalidArgument("unknown report format %r (text, %s)" % (fmt, ", ".join(self.FORMATS.values())))
        write_guarded(where, getattr(self, fmt)(), "report")

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return "<castlike.%s %s>" % (type(self).__name__, self.verdict.strip())

    def _repr_html_(self) -> str:
        return self.html()


class Report(_Rendered):
    """A validation report (the harness's): `ok` (no failure, rejection or failed call; with a
    baseline: nothing new), `verdict`, the renderings text() / json() / html() / junit() and
    write(path), the rows a baseline keeps (discrepancies(), baseline(), write_baseline(path)) and
    compare(baseline) for the known-discrepancies flow."""

    _core: CoreReport

    def __init__(self, core: CoreReport, comparison: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(core)
        self.comparison = comparison

    @property
    def total(self) -> Dict[str, int]:
        """Element counts: pass, fail, unspecified, rejected."""
        return self._core.total

    @property
    def implementation(self) -> str:
        return self._core.implementation

    def junit(self) -> str:
        return self._core.junit()

    def cases(self) -> List[Dict[str, Any]]:
        return self._core.case_results()

    def discrepancies(self) -> List[Dict[str, Any]]:
        return self._core.discrepancies()

    def call_failures(self) -> List[Dict[str, Any]]:
        return self._core.call_failures()

    def shapes(self) -> Dict[str, Any]:
        """The shape pass: ran, line (the shapes used), ok, calls, fail, failed_calls,
        first_call_problem, in_place, by_position ({"tail": wrong elements, ...}) and failures (the
        first few of each position kind, as discrepancies()' examples, with "position" and
        "shape": the call's length and offsets, and the element)."""
        return self._core.shapes()

    def baseline(self) -> str:
        """This run as a baseline document (what `castlike validate --write-expect` writes)."""
        return self._core.baseline_document()

    def write_baseline(self, path: AnyPath) -> None:
        write_guarded(path, self.baseline(), "baseline")

    def compare(self, baseline: AnyPath, strict: bool = False) -> Dict[str, Any]:
        """Compares with a baseline file: known / new / changed / vanished rows (a dict); afterwards
        ok, verdict and the renderings judge against it, as `castlike validate --expect` does."""
        try:
            comparison = self._core.compare(_arguments.path("baseline", baseline), strict)
        except ValueError as e:
            raise InvalidArgument(str(e)) from None
        self.comparison = comparison
        return comparison


class ExhaustiveReport(_Rendered):
    """The report of an exhaustive validation: ok, verdict, text() / json() / html() / write(path),
    configurations() (per configuration: counts and the maximal failing intervals with their rule
    and readings)."""

    FORMATS = {".json": "json", ".html": "html"}
    _core: CoreExhaustiveReport

    def configurations(self) -> List[Dict[str, Any]]:
        return self._core.configurations()
