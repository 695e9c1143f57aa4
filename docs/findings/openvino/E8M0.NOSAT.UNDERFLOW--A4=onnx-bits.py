#!/usr/bin/env python3
"""openvino 2026.4.1: FLOAT -> FLOAT8E8M0 (opset 25, saturate=0, round_mode=down): 2^-128 gives 0, expected nan (154 elements in 2 pairs) (a reading `A4=onnx-bits` of a point the ONNX sources leave open, not a bug)

Found by castlike on openvino 2026.4.1. Runs with the peer alone: prints each input, the expected and
the actual value; exits 1 while an output is the finding's, 0 once every output is the expected one,
3 when an output is neither. An expected NaN is any NaN (of its sign under a float8 rule): the
ONNX pages fix no NaN payload, and a NaN's sign only in the Cast float8 table. Each input goes
in one call of `length` copies of it: 1, or the length of call that showed the finding."""
import sys

import os
import tempfile

import numpy as np
import openvino as ov
from onnx import helper

CONSTANT = False  # the input fed at run time

# name: (ONNX TensorProto id, numpy / ml_dtypes name, bits, float encoding, exponent bits,
# mantissa bits)
TYPES = {
    'BFLOAT16': (16, 'bfloat16', 16, 'ieee', 8, 7),
    'FLOAT': (1, 'float32', 32, 'ieee', 8, 23),
    'FLOAT8E8M0': (24, 'float8_e8m0fnu', 8, 'exponent-only', 8, 0),
}
# (source, destination, operator, opset, attributes, length, input, expected, what a correct
# output must be: "" the expected bits, 'any NaN', or 'NaN of that sign', actual): bits, or texts
CASES = [
    ('FLOAT', 'FLOAT8E8M0', 'CastLike', 25, (('saturate', 0), ('round_mode', 'down')), 1, 0x200000, 0xff, 'any NaN', 0x0),
    ('FLOAT', 'FLOAT8E8M0', 'CastLike', 25, (('saturate', 0), ('round_mode', 'nearest')), 1, 0x200000, 0xff, 'any NaN', 0x0),
    ('BFLOAT16', 'FLOAT8E8M0', 'CastLike', 25, (('saturate', 0), ('round_mode', 'down')), 1, 0x20, 0xff, 'any NaN', 0x0),
]


def raw_bytes(t, x, length):
    bits = TYPES[t][2]
    return sum(x << (i * bits) for i in range(length)).to_bytes((length * bits + 7) // 8, "little")


def raw_values(t, data, length):
    bits, whole = TYPES[t][2], int.from_bytes(data, "little")
    return [(whole >> (i * bits)) & ((1 << bits) - 1) for i in range(length)]

def model(src, dst, operator, opset, attributes, length, input_tensor=None):
    """The one-node model: CastLike(input, target_type) (an empty initializer of the destination
    type) or Cast(input, to=dst), at `opset` with `attributes`, on `length` elements; the input an
    initializer when given."""
    if operator == "Cast":
        node = helper.make_node("Cast", ["input"], ["output"], to=TYPES[dst][0], **attributes)
    else:
        node = helper.make_node("CastLike", ["input", "target_type"], ["output"], **attributes)
    inputs, inits = [], []
    if input_tensor is None:
        inputs.append(helper.make_tensor_value_info("input", TYPES[src][0], [length]))
    else:
        inits.append(input_tensor)
    if operator != "Cast":
        empty = [] if dst == "STRING" else b""
        inits.append(helper.make_tensor("target_type", TYPES[dst][0], [0], empty, raw=dst != "STRING"))
    graph = helper.make_graph([node], "repro", inputs,
                              [helper.make_tensor_value_info("output", TYPES[dst][0], [length])], initializer=inits)
    opset_id = helper.make_opsetid("", opset)
    m = helper.make_model(graph, opset_imports=[opset_id])
    m.ir_version = helper.find_min_ir_version_for([opset_id])
    return m


def run(src, dst, operator, opset, attributes, x, length):
    """OpenVINO's CPU plugin on the one-node model, the input's bits fed at run time; the output's raw bytes."""
    raw = raw_bytes(src, x, length)
    init = helper.make_tensor("input", TYPES[src][0], [length], raw, raw=True) if CONSTANT else None
    core = ov.Core()
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "model.onnx")
        with open(path, "wb") as f:
            f.write(model(src, dst, operator, opset, attributes, length, init).SerializeToString())
        compiled = core.compile_model(core.read_model(path), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    request = compiled.create_infer_request()
    if CONSTANT:
        request.infer([])
    else:
        tensor = ov.Tensor(compiled.inputs[0].get_element_type(), [length])
        np.asarray(tensor.data).reshape(-1).view(np.uint8)[:] = np.frombuffer(raw, dtype=np.uint8)
        request.infer([tensor])
    out = np.asarray(request.get_output_tensor(0).data).reshape(-1).view(np.uint8)
    return raw_values(dst, out.tobytes(), length)


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
