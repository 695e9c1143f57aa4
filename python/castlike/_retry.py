"""What an implementation wrapper does when a whole tensor fails: every element alone, so that one
element a runtime cannot convert does not hide the answers for the others (castlike.PartialOutput),
and the messages of the failures as results files and reports show them."""

import numpy as np

from ._validate import PartialOutput

LOAD, RUN = "load", "run"


def one_line(exc):
    """`Type: message` on one line, at most 400 characters (the message of a rejected call or of a
    failed element in results files and in the committed baselines)."""
    return " ".join(("%s: %s" % (type(exc).__name__, exc)).split())[:400]


def at_stage(exc, stage):
    """Tags an exception with the stage it happened at (LOAD: the model did not load; RUN: it ran
    and failed) for results files, and returns it."""
    try:
        exc.castlike_stage = stage
    except AttributeError:  # an exception type without a __dict__: the stage stays the default (run)
        pass
    return exc


def stage_of(exc):
    return getattr(exc, "castlike_stage", RUN)


def per_element(run, x, whole):
    """Runs `run` on each element of x alone (as a 1-element array of x's rank 1) after the whole
    tensor failed with the exception `whole`: a PartialOutput with the elements that still fail, or
    `whole` raised again when every element fails (or x has one element)."""
    flat = np.asarray(x).reshape(-1)
    if flat.size <= 1:
        raise whole
    answers, errors = [], {}
    for i in range(flat.size):
        try:
            answers.append(np.asarray(run(flat[i:i + 1])).reshape(-1)[:1])
        except Exception as e:  # this element fails alone: an element error, the others go on
            answers.append(None)
            errors[i] = one_line(e)
    if len(errors) == flat.size:
        raise whole
    like = next(a for a in answers if a is not None)
    filler = np.zeros(1, dtype=like.dtype) if like.dtype != object else np.array([""], dtype=object)
    values = np.concatenate([filler if a is None else a.astype(like.dtype, copy=False) for a in answers])
    return PartialOutput(values.reshape(np.shape(x)), errors)


def run_whole_or_per_element(run, x):
    """`run(x)`; when it fails at run time (not a model that does not load, which rejects the whole
    call), every element alone (per_element)."""
    try:
        return run(x)
    except Exception as e:
        if stage_of(e) == LOAD:
            raise
        return per_element(run, x, e)
