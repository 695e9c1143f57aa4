#!/usr/bin/env python3
"""torch 2.15.0: DOUBLE -> FLOAT8E8M0 (opset 25, saturate=0): 170141183460469269510619166673045815296 gives 170141183460469231731687303715884105728, expected nan (9 elements in 1 pair) (a reading `A5=through-float32` of a point the ONNX sources leave open, not a bug)

Found by castlike on torch 2.15.0. Runs with the peer alone: prints each input, the expected and
the actual value; exits 1 while an output is the finding's, 0 once every output is the expected one,
3 when an output is neither. An expected NaN is any NaN (of its sign under a float8 rule): the
ONNX pages fix no NaN payload, and a NaN's sign only in the Cast float8 table. Each input goes
in one call of `length` copies of it: 1, or the length of call that showed the finding."""
import sys

import numpy as np
import torch

# name: (ONNX TensorProto id, numpy / ml_dtypes name, bits, float encoding, exponent bits,
# mantissa bits)
TYPES = {
    'DOUBLE': (11, 'float64', 64, 'ieee', 11, 52),
    'FLOAT8E8M0': (24, 'float8_e8m0fnu', 8, 'exponent-only', 8, 0),
}
# (source, destination, operator, opset, attributes, length, input, expected, what a correct
# output must be: "" the expected bits, 'any NaN', or 'NaN of that sign', actual): bits, or texts
CASES = [
    ('DOUBLE', 'FLOAT8E8M0', 'CastLike', 25, (('saturate', 0),), 1, 0x47e0000000000001, 0xff, 'any NaN', 0xfe),
    ('DOUBLE', 'FLOAT8E8M0', 'CastLike', 25, (('saturate', 0), ('round_mode', 'down')), 1, 0x47e0000000000001, 0xff, 'any NaN', 0xfe),
    ('DOUBLE', 'FLOAT8E8M0', 'CastLike', 25, (('saturate', 0), ('round_mode', 'nearest')), 1, 0x47e0000000000001, 0xff, 'any NaN', 0xfe),
]


STORAGE = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def tensor(t, x, length):
    """`length` elements of type t, each x: its bits as a tensor of torch's dtype of that name."""
    bits = np.array([x] * length, dtype=STORAGE[TYPES[t][2]])
    return torch.from_numpy(bits).view(getattr(torch, TYPES[t][1]))


def run(src, dst, operator, opset, attributes, x, length):
    """torch.Tensor.to(dtype) on the CPU: torch has no opsets and no attributes."""
    out = tensor(src, x, length).to(getattr(torch, TYPES[dst][1]))
    return [int(v) for v in out.view(getattr(torch, STORAGE[TYPES[dst][2]].__name__)).numpy()]


def is_nan_bits(encoding: str, bits: int, exponent_bits: int, mantissa_bits: int, v: int) -> bool:
    """Whether bits v are a NaN of a type of this layout (the scripts carry this function's text)."""
    magnitude = v & ((1 << (bits - 1)) - 1)
    if encoding == "ieee":
        return magnitude >> mantissa_bits == (1 << exponent_bits) - 1 and magnitude & ((1 << mantissa_bits) - 1) != 0
    if encoding == "fn":
        return magnitude == (1 << (bits - 1)) - 1
    if encoding == "fnuz":
        return v == 1 << (bits - 1)
    if encoding == "exponent-only":
        return v == (1 << bits) - 1
    return False


def shown(t, v):
    return repr(v) if isinstance(v, str) else "0x%0*x" % (max(2, (TYPES[t][2] + 3) // 4), v)


def is_nan(t, v):
    return isinstance(v, int) and is_nan_bits(TYPES[t][3], TYPES[t][2], TYPES[t][4], TYPES[t][5], v)


def sign(t, v):
    return v >> (TYPES[t][2] - 1)


def correct(t, got, expected, match):
    """Whether `got` is a correct output: the expected bits, or a NaN as `match` says."""
    if match == '':
        return got == expected
    return is_nan(t, got) and (match == 'any NaN' or sign(t, got) == sign(t, expected))


def outputs(t, got):
    """A call's outputs as printed: each distinct one, with how many elements gave it."""
    if len(got) == 1:
        return shown(t, got[0])
    counts = {}
    for v in got:
        counts[v] = counts.get(v, 0) + 1
    return ", ".join("%s in %d of %d" % (shown(t, v), n, len(got)) for v, n in counts.items())


def main():
    reproduced = changed = 0
    for src, dst, operator, opset, attributes, length, x, expected, match, actual in CASES:
        try:
            got = run(src, dst, operator, opset, dict(attributes), x, length)
        except Exception as e:  # the peer refused the call: not this finding
            got = "refused: %s" % e
        if isinstance(got, str):
            state = "CHANGED"
        else:
            state = ("REPRODUCED" if actual in got else "as expected" if all(
                correct(dst, g, expected, match) for g in got) else "CHANGED")
        reproduced += state == "REPRODUCED"
        changed += state == "CHANGED"
        print("%s %s %s -> %s (%s opset %d %s)%s: expected %s, got %s" % (
            state, src, shown(src, x), dst, operator, opset, dict(attributes),
            "" if length == 1 else " in one call of %d copies" % length,
            shown(dst, expected) + (" (%s)" % match if match else ""),
            got if isinstance(got, str) else outputs(dst, got)))
    return 1 if reproduced else 3 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
