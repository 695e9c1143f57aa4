"""castlike.fuzz and castlike.hypothesis: the Python fuzzer finds a fault that only a call's tail has,
its finding is a vector file that fails the faulty callable and passes a right one, and the
strategies give what a runtime's @given tests need."""

import numpy as np
import pytest

import castlike

PAIR = "FLOAT-FLOAT8E4M3FN"
BLOCK = 16


def tail_ties_away(x, to, **attributes):
    """castlike.cast, except past the last full block of 16 elements: there each input is nudged
    one ulp away from zero before rounding, so a tie rounds away from zero (a scalar tail loop
    written apart from the vector main loop, and wrong)."""
    out = castlike.cast(x, to, **attributes)
    flat = np.asarray(x).reshape(-1)
    start = flat.size - flat.size % BLOCK
    if start < flat.size:
        tail = flat[start:]
        away = np.where(np.signbit(tail), -np.inf, np.inf).astype(tail.dtype)
        out.reshape(-1)[start:] = castlike.cast(np.nextafter(tail, away), to, **attributes)
    return out


def test_the_loop_finds_the_tail_fault_and_keeps_its_vector_file(tmp_path):
    result = castlike.fuzz(tail_ties_away, PAIR, calls=200, seed=1, engine="loop", findings=tmp_path)
    assert not result.ok, str(result)
    finding = result.findings[0]
    assert len(finding.call.inputs) % BLOCK != 0  # only a call with a tail shows it
    assert finding.call.shape_kind in ("tail", "long")
    assert castlike.validate(tail_ties_away, vectors=finding.vector_file).ok is False
    assert castlike.validate(castlike.cast, vectors=finding.vector_file).ok


def test_the_loop_finds_nothing_in_the_kernels():
    result = castlike.fuzz(castlike.cast, PAIR, calls=64, seed=1, engine="loop")
    assert result.ok, str(result)
    assert result.calls == 64


def test_the_same_seed_makes_the_same_calls():
    a = castlike.fuzz(tail_ties_away, PAIR, calls=64, seed=7, engine="loop")
    b = castlike.fuzz(tail_ties_away, PAIR, calls=64, seed=7, engine="loop")
    assert [f.call for f in a.findings] == [f.call for f in b.findings]


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="FROM-TO"):
        castlike.fuzz(castlike.cast, "FLOAT", calls=1)
    with pytest.raises(ValueError, match="engine"):
        castlike.fuzz(castlike.cast, PAIR, calls=1, engine="afl")
    with pytest.raises(TypeError):
        castlike.fuzz(None, PAIR)  # type: ignore[arg-type]


hypothesis = pytest.importorskip("hypothesis")
ch = pytest.importorskip("castlike.hypothesis")


@hypothesis.settings(max_examples=25, deadline=None)
@hypothesis.given(ch.arrays("FLOAT", "FLOAT8E4M3FN", long_calls=False))
def test_given_decisive_arrays_the_kernels_pass(x):
    assert x.dtype == np.float32 and x.ndim == 1
    ch.check(castlike.cast, x, "FLOAT8E4M3FN")


def test_check_names_the_tail_fault():
    x = np.ones(BLOCK + 1, dtype=np.float32)
    x[BLOCK] = 1.0625  # halfway between FLOAT8E4M3FN's 1 and 1.125: to even is 1
    ch.check(tail_ties_away, x[:BLOCK], "FLOAT8E4M3FN")  # no tail: right
    with pytest.raises(AssertionError, match="1 of 17 elements"):
        ch.check(tail_ties_away, x, "FLOAT8E4M3FN")


def test_the_strategies_draw_from_the_harness():
    lengths = set(ch._lengths("FLOAT", "FLOAT8E4M3FN", True))
    assert {BLOCK - 1, BLOCK, BLOCK + 1, 1024} <= lengths
    values = set(ch._decisive("FLOAT", "FLOAT8E4M3FN"))
    assert 0x3F880000 in values  # 1.0625, a tie of the pair
