"""Hypothesis strategies for a runtime's own tests: the decisive inputs of a pair and the lengths of
its shape plan, so that a pytest suite can write

    from hypothesis import given
    import castlike, castlike.hypothesis as ch

    @given(ch.arrays("FLOAT", "FLOAT8E4M3FN"))
    def test_my_cast(x):
        ch.check(my_cast, x, "FLOAT8E4M3FN")        # judged as castlike.validate judges

or compare with castlike.expected(x, "FLOAT8E4M3FN") itself. The values come from the harness (the
inputs that decide the pair's roundings: castlike export's structured set) and so do the lengths
(harness/generation/shape_plan.hpp: every block boundary up to 64 elements and long calls), so a
SIMD implementation's tail and long-call paths see the decisive inputs too. Needs Hypothesis.
"""

from __future__ import annotations

import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, List, Optional, Tuple, Union

import numpy as np
from hypothesis import strategies as st

from . import _core
from ._errors import InvalidArgument, InvalidArgumentType
from ._fuzz import Call, FuzzFindingError, _judge
from ._types import DEFAULT_OPSET, TypeLike, bits_dtype, element_type, from_raw, raw_bytes, type_of_array
from ._validate import Implementation

__all__ = ["decisive_values", "lengths", "arrays", "check"]


@lru_cache(maxsize=None)
def _decisive(src: str, dst: str) -> Tuple[Union[int, str], ...]:
    return tuple(_core.decisive_inputs(src, dst))


@lru_cache(maxsize=None)
def _lengths(src: str, dst: str, long_calls: bool) -> Tuple[int, ...]:
    plan = _core.shape_plan(src, dst, False)
    return tuple(sorted({s["length"] for s in plan if long_calls or s["kind"] != "long"}))


def decisive_values(from_type: TypeLike, to: TypeLike) -> st.SearchStrategy[Union[int, str]]:
    """One input of the pair's decisive set: a bit pattern of `from_type` (an int), or a text for
    STRING."""
    values = _decisive(element_type(from_type).name, element_type(to).name)
    if not values:
        raise InvalidArgument("%s -> %s has no decisive inputs" % (element_type(from_type).name, element_type(to).name))
    return st.sampled_from(values)


def lengths(from_type: TypeLike, to: TypeLike, *, long_calls: bool = True) -> st.SearchStrategy[int]:
    """A call length of the pair's shape plan (every block boundary up to 64 elements; with
    long_calls, the long lengths too)."""
    return st.sampled_from(_lengths(element_type(from_type).name, element_type(to).name, long_calls))


def _any_value(from_type: str) -> st.SearchStrategy[Union[int, str]]:
    t = element_type(from_type)
    if t.name == "STRING":
        return st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=12)
    return st.integers(min_value=0, max_value=(1 << t.bits) - 1)


def _array(src: str, values: List[Union[int, str]]) -> np.ndarray[Any, Any]:
    t = element_type(src)
    if t.name == "STRING":
        a = np.empty(len(values), dtype=object)
        a[:] = values
        return a
    bits = np.array(values, dtype=bits_dtype(t))
    return bits.view(t.dtype) if t.dtype is not None else bits


def arrays(from_type: TypeLike, to: TypeLike, *, long_calls: bool = True) -> st.SearchStrategy[np.ndarray[Any, Any]]:
    """A 1-D array of `from_type` (its numpy / ml_dtypes dtype; raw bits without ml_dtypes; an
    object array of str for STRING) of a length of the pair's shape plan, its elements mostly of the
    pair's decisive set, some any bit pattern (any short text)."""
    src, dst = element_type(from_type).name, element_type(to).name
    element = st.one_of(decisive_values(src, dst), decisive_values(src, dst), decisive_values(src, dst),
                        _any_value(src))
    return lengths(src, dst, long_calls=long_calls).flatmap(
        lambda n: st.lists(element, min_size=n, max_size=n)).map(lambda v: _array(src, v))


def check(impl: Implementation, x: Any, to: TypeLike, *, saturate: Optional[int] = None,
          round_mode: Optional[str] = None, opset: int = DEFAULT_OPSET, from_type: Optional[TypeLike] = None) -> None:
    """Calls `impl` on `x` (castlike.validate's calling convention) and judges its answer as
    castlike.validate does; an AssertionError names the failing elements."""
    a = np.asarray(x).reshape(-1)
    src = element_type(from_type) if from_type is not None else type_of_array(a)
    if src is None:
        raise InvalidArgumentType("check(): the type of an array of %s is not known; pass from_type=" % a.dtype)
    dst = element_type(to)
    inputs: Tuple[Union[int, str], ...]
    if src.name == "STRING":
        inputs = tuple(str(v) for v in a.tolist())
    else:
        inputs = tuple(int(b) for b in from_raw(raw_bytes(a, src), src, (a.size,), as_raw=True).tolist())
    call = Call("CastLike", src.name, dst.name, opset, saturate, round_mode, inputs, "given")
    with tempfile.TemporaryDirectory(prefix="castlike-check-") as tmp:
        found = _judge(impl, [call], "check", Path(tmp), None, False, 10.0)
    if found:
        raise FuzzFindingError(str(found[0]))
