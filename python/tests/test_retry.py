"""The retry of a tensor that fails as a whole (castlike._retry.per_element): the answers of the
elements that convert, the errors of the ones that fail alone, and a number of runs that grows with
the failures, not with the tensor."""

import numpy as np
import pytest

import castlike
from castlike._retry import _PARTS, per_element


class Refusing:
    """A conversion (x * 2) that refuses any part holding a refused value, counting its runs."""

    def __init__(self, refused):
        self.refused, self.runs = set(refused), 0

    def __call__(self, part):
        self.runs += 1
        bad = sorted(set(part.tolist()) & self.refused)
        if bad:
            raise ValueError("%d refused" % bad[0])
        return part * 2


@pytest.mark.parametrize("size,refused", [(2, [0]), (17, [16]), (1000, [3]), (5000, [0, 2500, 4999]),
                                          (300, range(0, 300, 2))])
def test_answers_and_errors_are_those_of_each_element_alone(size, refused):
    x = np.arange(size, dtype=np.int64)
    run = Refusing(refused)
    out = per_element(run, x, ValueError("whole"))
    assert isinstance(out, castlike.PartialOutput)
    assert out.errors == {i: "ValueError: %d refused" % i for i in refused}
    kept = [i for i in range(size) if i not in run.refused]
    assert out.values[kept].tolist() == [2 * i for i in kept]


def test_few_failures_cost_few_runs():
    run = Refusing([4321])
    per_element(run, np.arange(100_000, dtype=np.int64), ValueError("whole"))
    # one part per level fails: _PARTS runs at each of the ceil(log_PARTS(100000)) = 5 levels
    assert run.runs <= _PARTS * 5


def test_every_element_failing_costs_about_one_run_each_and_rejects_the_call():
    run = Refusing(range(4096))
    with pytest.raises(ValueError, match="whole"):
        per_element(run, np.arange(4096, dtype=np.int64), ValueError("whole"))
    assert run.runs <= 4096 * _PARTS // (_PARTS - 1) + 1


def test_a_part_answering_the_wrong_size_is_split_like_a_failure():
    def short_when_holding_7(part):
        return part[:-1] * 2 if 7 in part.tolist() else part * 2
    out = per_element(short_when_holding_7, np.arange(40, dtype=np.int64), ValueError("whole"))
    assert out.errors == {7: "RuntimeError: 0 answers for 1 elements"}
    assert out.values[8] == 16


def test_shape_is_kept():
    out = per_element(Refusing([5]), np.arange(12, dtype=np.int64).reshape(3, 4), ValueError("whole"))
    assert out.values.shape == (3, 4) and out.errors == {5: "ValueError: 5 refused"}
