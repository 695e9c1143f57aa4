"""castlike.expected and castlike.explain: the exact reference's answer (bits, outcome class, rule
id) for arrays, and the explanation of single elements, as `castlike explain` prints it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Tuple, Union

import numpy as np

from . import _core
from ._cast import Array, attributes, checked_opset, integer, source_of, texts_of
from ._arguments import text
from ._errors import InvalidArgument, InvalidArgumentType
from ._types import DEFAULT_OPSET, ElementType, TypeLike, check_listed, element_type, from_raw, raw_bytes

_OUTCOMES = _core.outcomes()
_RULES = [name for name, _ in _core.rules()]


@dataclass(frozen=True)
class ExpectedElement:
    value: Union[int, str]  # the reference's bits (int), or text for STRING
    outcome: str     # "exact" (these bits), "nan" (any NaN of the type), "unspecified" (any bits),
                     # "round-trip" (a number's text: any text that reads back to the same element)
    rule: str        # the rule id that decided it (castlike.rules() has the summaries)


class Expected:
    """The reference's answer for a whole array.

    values    an array like castlike.cast returns (the destination's dtype, or raw bits)
    bits      the bit pattern of each element as an unsigned array of the input's shape (None for STRING)
    outcome   each element's outcome class (str array)
    rule      each element's rule id (str array)
    """

    def __init__(self, values: Array, bits: Optional[Array], outcome: Array, rule: Array) -> None:
        self.values, self.bits, self.outcome, self.rule = values, bits, outcome, rule

    def __len__(self) -> int:
        return int(self.outcome.size)

    def __getitem__(self, index: Any) -> ExpectedElement:
        value = self.values[index] if self.bits is None else int(self.bits[index])
        return ExpectedElement(value, str(self.outcome[index]), str(self.rule[index]))

    def __repr__(self) -> str:
        return "Expected(values=%r, outcome=%r, rule=%r)" % (self.values, self.outcome, self.rule)


def _request(array: Any, to: TypeLike, from_type: Optional[TypeLike], saturate: Any, round_mode: Any, opset: Any,
             operator: str) -> Tuple[Array, ElementType, ElementType, Optional[int], Optional[str], int]:
    a, src = source_of(array, from_type)
    dst = element_type(to)
    saturate, round_mode = attributes(saturate, round_mode)
    operator = text("operator", operator)
    opset = checked_opset(opset, "%s %s -> %s at opset %s" % (operator, src.name, dst.name, opset))
    return a, src, dst, saturate, round_mode, opset


def expected(array: Any, to: TypeLike, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
             opset: int = DEFAULT_OPSET, from_type: Optional[TypeLike] = None, profile: str = "default",
             variants: str = "", operator: str = "CastLike") -> Expected:
    """The exact reference on `array` (arguments as castlike.cast's): an Expected with the values,
    bits, outcome classes and rule ids of every element. `profile` ("default", "exact",
    "onnx-reference") and `variants` ("A2=six,A12=exact") choose the reading of the specification
    (docs/semantics.md); operator="Cast" checks the request against Cast's versions instead of
    CastLike's (the conversion is the same). The reference computes in exact rationals: about a
    microsecond per element."""
    a, src, dst, number, mode, n = _request(array, to, from_type, saturate, round_mode, opset, operator)
    check_listed(src, dst, operator, n)
    source = texts_of(a) if src.name == "STRING" else raw_bytes(a, src)
    profile, variants = text("profile", profile), text("variants", variants)
    try:
        values, outcomes, rules = _core.expected(source, src.name, int(a.size), dst.name, n, number, mode,
                                                 profile, variants, operator)
    except ValueError as e:
        raise InvalidArgument("expected %s -> %s at opset %d: %s" % (src.name, dst.name, n, e)) from None
    outcome = np.array(_OUTCOMES, dtype=object)[np.frombuffer(outcomes, dtype=np.uint8)].astype(str).reshape(a.shape)
    rule = np.array(_RULES, dtype=object)[np.frombuffer(rules, dtype=np.uint16)].astype(str).reshape(a.shape)
    if isinstance(values, list):  # STRING's texts
        out = np.empty(len(values), dtype=object)
        out[:] = values
        return Expected(out.reshape(a.shape), None, outcome, rule)
    raw = np.frombuffer(values, dtype=np.uint8)
    bits = from_raw(raw, dst, a.shape, as_raw=True, layout="unpacked")
    return Expected(from_raw(raw, dst, a.shape), bits, outcome, rule)


@dataclass(frozen=True)
class Explanation:
    text: str          # what `castlike explain` prints
    value: Union[int, str]  # the reference's bits (int), or text for STRING
    outcome: str
    rule: str
    rule_summary: str
    input_exact: str   # the source's exact value ("0.478515625", "NaN", "inf")
    output_exact: str  # the result's exact value
    attributes: str    # "opset 25 (CastLike-25), saturate=1 (default), round_mode=up (default)"

    def __str__(self) -> str:
        return self.text


def explain(value: Any = None, to: Optional[TypeLike] = None, *, bits: Any = None,
            from_type: Optional[TypeLike] = None, saturate: Optional[int] = None, round_mode: Optional[str] = None,
            opset: int = DEFAULT_OPSET, profile: str = "default", variants: str = "",
            operator: str = "CastLike") -> Union[Explanation, List[Explanation]]:
    """Explains the conversion of `value` (a numpy scalar or array of the source type, or with
    bits= an int bit pattern of from_type): an Explanation (a list of them for an array of several
    elements) with the reference's bits, outcome, rule and the text `castlike explain` prints."""
    if to is None:
        raise InvalidArgumentType("explain() needs the destination type: explain(value, 'FLOAT8E4M3FN')")
    dst = element_type(to)
    number, mode = attributes(saturate, round_mode)
    items: List[Union[int, str]]
    if bits is not None:
        if from_type is None:
            raise InvalidArgumentType("bits= needs from_type= (the type the bit pattern belongs to)")
        src = element_type(from_type)
        if src.name == "STRING":
            raise InvalidArgumentType("STRING has no bit patterns: give the text as the value")
        items = [integer("bits", b) for b in np.asarray(bits, dtype=object).reshape(-1).tolist()]
        for b in items:
            if not 0 <= int(b) < 1 << src.bits:  # checked here too: the binding takes no int beyond uint64
                raise InvalidArgument("explain %s -> %s: bit pattern %#x does not fit in %s's %d bits"
                                      % (src.name, dst.name, int(b), src.name, src.bits))
        single = np.ndim(bits) == 0
    else:
        a, src = source_of(value, from_type)
        single = a.ndim == 0
        if src.name == "STRING":
            items = list(texts_of(a))
        else:
            items = [int(x) for x in from_raw(raw_bytes(a, src), src, (a.size,), as_raw=True).tolist()]
    n = checked_opset(opset, "%s %s -> %s at opset %s" % (operator, src.name, dst.name, opset))
    check_listed(src, dst, operator, n)
    profile, variants = text("profile", profile), text("variants", variants)
    operator = text("operator", operator)
    out = []
    for item in items:
        try:
            d = _core.explain(item, src.name, dst.name, n, number, mode, profile, variants, operator)
        except ValueError as e:
            raise InvalidArgument("explain %s -> %s at opset %d: %s" % (src.name, dst.name, n, e)) from None
        out.append(Explanation(**d))
    return out[0] if single and len(out) == 1 else out
