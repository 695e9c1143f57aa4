"""What an implementation wrapper does when a whole tensor fails: its parts, down to the elements
that fail alone, so that one element a runtime cannot convert does not hide the answers for the
others (castlike.PartialOutput), and the messages of the failures as results files and reports show them."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple, TypeVar

import numpy as np

from ._validate import PartialOutput

LOAD, RUN = "load", "run"

Array = np.ndarray[Any, Any]
E = TypeVar("E", bound=BaseException)


def one_line(exc: BaseException) -> str:
    """`Type: message` on one line, at most 400 characters (the message of a rejected call or of a
    failed element in results files and in the committed baselines)."""
    return " ".join(("%s: %s" % (type(exc).__name__, exc)).split())[:400]


def at_stage(exc: E, stage: str) -> E:
    """Tags an exception with the stage it happened at (LOAD: the model did not load; RUN: it ran
    and failed) for results files, and returns it."""
    try:
        exc.castlike_stage = stage  # type: ignore[attr-defined]  # a tag of castlike's own
    except AttributeError:  # an exception type without a __dict__: the stage stays the default (run)
        pass
    return exc


def stage_of(exc: BaseException) -> str:
    """The stage an exception was tagged with (at_stage), RUN when none."""
    return str(getattr(exc, "castlike_stage", RUN))


# Parts a failing group is split into: with few failing elements the answers come from about
# _PARTS * failures * log_PARTS(size) runs instead of one run per element (a STRING tensor with one
# text a runtime cannot parse costs tens of runs, not thousands of sessions); when every element
# fails it is at most 1 + 1/(_PARTS - 1) runs per element.
_PARTS = 16


def per_element(run: Callable[[Array], Any], x: Any, whole: BaseException) -> PartialOutput:
    """The answers of `run` for the elements of x after the whole tensor failed with the exception
    `whole`: the tensor is split into parts, a part that fails is split again, down to single
    elements (as 1-element arrays of rank 1), whose failures are the element errors. Returns a
    PartialOutput with the elements that fail alone, or raises `whole` again when every element
    fails (or x has one element). An element's answer is the one it gets in the largest part that
    ran, which for a conversion is the answer it gets alone."""
    flat = np.asarray(x).reshape(-1)
    if flat.size <= 1:
        raise whole
    parts: List[Tuple[int, Array]] = []  # (first element, its answers) of every part that ran
    errors: Dict[int, str] = {}

    def split(begin: int, end: int) -> None:
        step = -(-(end - begin) // _PARTS)
        for lo in range(begin, end, step):
            hi = min(lo + step, end)
            try:
                got = np.asarray(run(flat[lo:hi])).reshape(-1)
                if got.size != hi - lo:
                    raise RuntimeError("%d answers for %d elements" % (got.size, hi - lo))
            except Exception as e:  # a failing part: its elements alone tell which fail
                if hi - lo == 1:
                    errors[lo] = one_line(e)
                else:
                    split(lo, hi)
                continue
            parts.append((lo, got))

    split(0, flat.size)
    if len(errors) == flat.size:
        raise whole
    like = parts[0][1].dtype
    values = np.zeros(flat.size, dtype=like) if like.kind != "O" else np.full(flat.size, "", dtype=object)
    for lo, got in parts:
        values[lo:lo + got.size] = got.astype(like, copy=False)
    return PartialOutput(values.reshape(np.shape(x)), errors)


def run_whole_or_per_element(run: Callable[[Array], Any], x: Array) -> Any:
    """`run(x)`; when it fails at run time (not a model that does not load, which rejects the whole
    call), its parts down to the failing elements (per_element)."""
    try:
        return run(x)
    except Exception as e:
        if stage_of(e) == LOAD:
            raise
        return per_element(run, x, e)
