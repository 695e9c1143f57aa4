"""Reproduction scripts in a peer's own API, for the findings (castlike.peers.findings): each runs in
the peer's pinned environment without castlike, converts a few inputs as the peer's adapter
does (onnxruntime: a one-node model built with onnx.helper, its input fed as an OrtValue of its bits,
the output read as raw bytes; the ONNX reference: the same model in ReferenceEvaluator; OpenVINO: the
same model read from a file and compiled for its CPU plugin, the input fed or an initializer; ml_dtypes:
numpy astype; JAX: a jitted astype or lax.convert_element_type; torch: Tensor.to), prints each input with the expected
and the actual value, and exits 1 while some output is the finding's, 0 once every output is the
expected one, 3 when an output is neither (the behaviour changed). Each input goes in a call of its
own, as one element, or, where the peer's answer depends on the call's length (its vector loop
against its scalar tail: the shape pass, castlike.peers.shapes), as that many copies of it in one
call, the length that showed the finding; the finding is there while one of the call's outputs
is its output. An expected NaN is any NaN of the
destination: the ONNX pages fix no NaN payload, and a NaN's sign only for float8 (the Cast float8
table: -NaN stays -NaN), so a float8 rule's expected NaN is any NaN of the expected sign.

The type facts a script needs (ONNX id, numpy / ml_dtypes name, width) come from `castlike types --format json`.
Standard library only."""

from __future__ import annotations

import inspect
import json
import re
from dataclasses import dataclass
from typing import Any, Union

Value = Union[int, str]  # bits, or a text (STRING)


@dataclass(frozen=True)
class TypeFacts:
    onnx_id: int
    numpy_name: str
    bits: int
    encoding: str = ""  # a float's special values (`castlike types`: ieee, fn, fnuz, ...); "" otherwise
    exponent_bits: int = 0
    mantissa_bits: int = 0

    def is_nan(self, v: Value) -> bool:
        return isinstance(v, int) and is_nan_bits(self.encoding, self.bits, self.exponent_bits, self.mantissa_bits, v)


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


def parse_types(document: str) -> dict[str, TypeFacts]:
    """The rows of `castlike types --format json` (the type table) by type name."""
    try:
        rows = json.loads(document)["types"]
    except (ValueError, KeyError, TypeError):
        raise ValueError("not the output of `castlike types --format json`") from None
    out = {t["name"]: TypeFacts(t["onnx"], t["numpy"], t["bits"], *_layout(t)) for t in rows}
    if not out:
        raise ValueError("no type in the `castlike types --format json` document")
    return out


def _layout(row: dict[str, Any]) -> tuple[Any, ...]:
    f = row.get("float")
    return (f["encoding"], f["exponent_bits"], f["mantissa_bits"]) if f else ()


# How a script matches an expected value: its bits, any NaN, or any NaN of the expected's sign.
EXACT, ANY_NAN, SIGNED_NAN = "", "any NaN", "NaN of that sign"


def _value(v: dict[str, Any]) -> Value:
    return str(v["text"]) if "text" in v else int(v["bits"], 16)


@dataclass(frozen=True)
class Example:
    source: str
    destination: str
    operator: str
    opset: int
    attributes: tuple[tuple[str, Value], ...]
    input: Value
    expected: Value
    actual: Value
    rule: str = ""  # castlike's rule id: a float8 rule fixes an expected NaN's sign
    length: int = 1  # the elements of the call, each a copy of `input`

    def expected_match(self, types: dict[str, TypeFacts]) -> str:
        """EXACT, ANY_NAN or SIGNED_NAN: what a correct output must equal (the module docstring)."""
        if not types[self.destination].is_nan(self.expected):
            return EXACT
        return SIGNED_NAN if self.rule.startswith("F8.") else ANY_NAN

    @staticmethod
    def of(failure: dict[str, Any], rule: str = "", length: int = 1) -> "Example":
        """The example of one failure of a JSON validation report (of castlike's rule `rule`), in a
        call of `length` copies of its input."""
        call = failure["call"]
        opset = re.search(r"opset (\d+)", call)
        if not opset:
            raise ValueError("call %r names no opset" % call)
        attributes: list[tuple[str, Value]] = []
        saturate = re.search(r"saturate=(\d)", call)
        if saturate:
            attributes.append(("saturate", int(saturate.group(1))))
        mode = re.search(r"round_mode=(\w+)", call)
        if mode:
            attributes.append(("round_mode", mode.group(1)))
        return Example(failure["from"], failure["to"], "Cast" if call.startswith("Cast at ") else "CastLike",
                       int(opset.group(1)), tuple(attributes), _value(failure["input"]), _value(failure["expected"]),
                       _value(failure["actual"]), rule, length)


# What every script shares: the cases, the type facts, the verdict.
_MAIN = '''
def shown(t, v):
    return repr(v) if isinstance(v, str) else "0x%%0*x" %% (max(2, (TYPES[t][2] + 3) // 4), v)


def is_nan(t, v):
    return isinstance(v, int) and is_nan_bits(TYPES[t][3], TYPES[t][2], TYPES[t][4], TYPES[t][5], v)


def sign(t, v):
    return v >> (TYPES[t][2] - 1)


def correct(t, got, expected, match):
    """Whether `got` is a correct output: the expected bits, or a NaN as `match` says."""
    if match == %(exact)r:
        return got == expected
    return is_nan(t, got) and (match == %(any)r or sign(t, got) == sign(t, expected))


def outputs(t, got):
    """A call's outputs as printed: each distinct one, with how many elements gave it."""
    if len(got) == 1:
        return shown(t, got[0])
    counts = {}
    for v in got:
        counts[v] = counts.get(v, 0) + 1
    return ", ".join("%%s in %%d of %%d" %% (shown(t, v), n, len(got)) for v, n in counts.items())


def main():
    reproduced = changed = 0
    for src, dst, operator, opset, attributes, length, x, expected, match, actual in CASES:
        try:
            got = run(src, dst, operator, opset, dict(attributes), x, length)
        except Exception as e:  # the peer refused the call: not this finding
            got = "refused: %%s" %% e
        if isinstance(got, str):
            state = "CHANGED"
        else:
            state = ("REPRODUCED" if actual in got else "as expected" if all(
                correct(dst, g, expected, match) for g in got) else "CHANGED")
        reproduced += state == "REPRODUCED"
        changed += state == "CHANGED"
        print("%%s %%s %%s -> %%s (%%s opset %%d %%s)%%s: expected %%s, got %%s" %% (
            state, src, shown(src, x), dst, operator, opset, dict(attributes),
            "" if length == 1 else " in one call of %%d copies" %% length,
            shown(dst, expected) + (" (%%s)" %% match if match else ""),
            got if isinstance(got, str) else outputs(dst, got)))
    return 1 if reproduced else 3 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
''' % {"exact": EXACT, "any": ANY_NAN}

_NUMPY = '''
def dtype(t):
    name = TYPES[t][1]
    return np.dtype(getattr(ml_dtypes, name)) if hasattr(ml_dtypes, name) else np.dtype(name)


def storage(t):
    return {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[max(8, TYPES[t][2])]


def array(t, x, length):
    """`length` elements of type t, each x: its bits viewed as the numpy / ml_dtypes dtype, or a text."""
    if t == "STRING":
        return np.array([x] * length, dtype=object)
    return np.array([x] * length, dtype=storage(t)).view(dtype(t))


def values_of(t, a):
    """The bits (or the texts) of a result's elements."""
    a = np.asarray(a)
    if t == "STRING":
        return [str(v) for v in a.reshape(-1)]
    return [int(v) & ((1 << TYPES[t][2]) - 1) for v in a.view(storage(t)).reshape(-1)]
'''

# The bytes of `length` copies of bits x, and a result's elements from its bytes: ONNX's layout, one
# little-endian bit string (element i at bits i*b to (i+1)*b, so sub-byte types are packed).
_RAW = '''
def raw_bytes(t, x, length):
    bits = TYPES[t][2]
    return sum(x << (i * bits) for i in range(length)).to_bytes((length * bits + 7) // 8, "little")


def raw_values(t, data, length):
    bits, whole = TYPES[t][2], int.from_bytes(data, "little")
    return [(whole >> (i * bits)) & ((1 << bits) - 1) for i in range(length)]
'''

_MODEL = '''
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
'''

_RUN = {
    "ml-dtypes": ("import numpy as np\nimport ml_dtypes\n", _NUMPY + '''

def run(src, dst, operator, opset, attributes, x, length):
    """numpy astype: ml_dtypes has no opsets and no attributes."""
    with np.errstate(all="ignore"):
        return values_of(dst, array(src, x, length).astype(str if dst == "STRING" else dtype(dst)))
'''),
    "jax": ("import numpy as np\nimport ml_dtypes\nimport jax\n\njax.config.update(\"jax_enable_x64\", True)\n"
            "jax.config.update(\"jax_platforms\", \"cpu\")\n", _NUMPY + '''

def run(src, dst, operator, opset, attributes, x, length):
    """jax.numpy astype, jitted, on the CPU: JAX has no opsets and no attributes."""
    return values_of(dst, jax.jit(lambda a: a.astype(dtype(dst)))(array(src, x, length)))
'''),
    "jax-lax": ("import numpy as np\nimport ml_dtypes\nimport jax\nfrom jax import lax\n\n"
                "jax.config.update(\"jax_enable_x64\", True)\njax.config.update(\"jax_platforms\", \"cpu\")\n",
                _NUMPY + '''

def run(src, dst, operator, opset, attributes, x, length):
    """lax.convert_element_type, jitted, on the CPU: no opsets and no attributes."""
    return values_of(dst, jax.jit(lambda a: lax.convert_element_type(a, dtype(dst)))(array(src, x, length)))
'''),
    "onnx-reference": ("import numpy as np\nimport ml_dtypes\nfrom onnx import helper\n"
                       "from onnx.reference import ReferenceEvaluator\n", _NUMPY + _MODEL + '''

def run(src, dst, operator, opset, attributes, x, length):
    """onnx.reference.ReferenceEvaluator on the one-node model, the input fed as a numpy array."""
    evaluator = ReferenceEvaluator(model(src, dst, operator, opset, attributes, length))
    return values_of(dst, evaluator.run(None, {"input": array(src, x, length)})[0])
'''),
    "onnxruntime": ("import ctypes\n\nimport numpy as np\nimport onnxruntime as ort\nfrom onnx import helper\n",
                    _RAW + _MODEL + '''

def run(src, dst, operator, opset, attributes, x, length):
    """An InferenceSession (CPU, graph optimizations off) on the one-node model: the input fed as an
    OrtValue of its bits (an initializer for text and the packed types), the output's raw bytes."""
    bits = TYPES[src][2]
    if src == "STRING":
        init = helper.make_tensor("input", TYPES[src][0], [length], [x.encode("utf-8")] * length)
    elif bits < 8:
        init = helper.make_tensor("input", TYPES[src][0], [length], raw_bytes(src, x, length), raw=True)
    else:
        init = None
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    session = ort.InferenceSession(model(src, dst, operator, opset, attributes, length, init).SerializeToString(),
                                   options, providers=["CPUExecutionProvider"])
    feeds = {}
    if init is None:
        raw = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[bits]
        feeds["input"] = ort.OrtValue.ortvalue_from_numpy_with_onnx_type(np.array([x] * length, dtype=raw),
                                                                         TYPES[src][0])
    out = session.run_with_ort_values(["output"], feeds)[0]
    if dst == "STRING":
        return [t.decode("utf-8") if isinstance(t, bytes) else str(t) for t in out.numpy().reshape(-1)]
    return raw_values(dst, ctypes.string_at(out.data_ptr(), out.tensor_size_in_bytes()), length)
'''),
    "torch": ("import numpy as np\nimport torch\n", '''
STORAGE = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def tensor(t, x, length):
    """`length` elements of type t, each x: its bits as a tensor of torch's dtype of that name."""
    bits = np.array([x] * length, dtype=STORAGE[TYPES[t][2]])
    return torch.from_numpy(bits).view(getattr(torch, TYPES[t][1]))


def run(src, dst, operator, opset, attributes, x, length):
    """torch.Tensor.to(dtype) on the CPU: torch has no opsets and no attributes."""
    out = tensor(src, x, length).to(getattr(torch, TYPES[dst][1]))
    return [int(v) for v in out.view(getattr(torch, STORAGE[TYPES[dst][2]].__name__)).numpy()]
'''),
}

# OpenVINO: the same one-node model read by its ONNX frontend from a file, compiled for the CPU plugin
# with INFERENCE_PRECISION_HINT=f32; fed at run time (its Convert kernel) or as an initializer
# (constant folding while compiling).
_OPENVINO = _RAW + _MODEL + '''

def run(src, dst, operator, opset, attributes, x, length):
    """OpenVINO's CPU plugin on the one-node model, the input's bits %s; the output's raw bytes."""
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
'''
_OPENVINO_IMPORTS = "import os\nimport tempfile\n\nimport numpy as np\nimport openvino as ov\nfrom onnx import helper\n"
_RUN["openvino"] = (_OPENVINO_IMPORTS + "\nCONSTANT = False  # the input fed at run time\n",
                    _OPENVINO.replace("%s", "fed at run time"))
_RUN["openvino-constant"] = (_OPENVINO_IMPORTS + "\nCONSTANT = True  # the input an initializer, folded\n",
                             _OPENVINO.replace("%s", "an initializer (constant folding)"))
# tract: its ONNX loader, typed model and runnable (as the adapter, castlike.peers.tract_onnx); its
# bindings take numpy's own types only, which are the only pairs it loads.
_RUN["tract"] = ("import os\nimport tempfile\n\nimport numpy as np\nimport tract\nfrom onnx import helper\n",
                 _MODEL + '''

def run(src, dst, operator, opset, attributes, x, length):
    """tract.onnx().load on the one-node model, into_model, into_runnable; the input fed as
    elements of numpy's type of the source; the output's bits."""
    raw = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}
    a = np.array([x] * length, dtype=raw[TYPES[src][2]]).view(TYPES[src][1])
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "model.onnx")
        with open(path, "wb") as f:
            f.write(model(src, dst, operator, opset, attributes, length).SerializeToString())
        runnable = tract.onnx().load(path).into_model().into_runnable()
    out = np.ascontiguousarray(runnable.run([a])[0].to_numpy()).reshape(-1)
    return [int(v) & ((1 << TYPES[dst][2]) - 1) for v in out.view(raw[TYPES[dst][2]])]
''')
REPRODUCIBLE = tuple(_RUN)


def script(peer: str, implementation: str, title: str, examples: list[Example], types: dict[str, TypeFacts]) -> str:
    """The reproduction script of `examples` for `peer` (one of REPRODUCIBLE)."""
    imports, body = _RUN[peer]
    used = sorted({t for e in examples for t in (e.source, e.destination)})
    facts = "".join("    %r: (%d, %r, %d, %r, %d, %d),\n" % (
        t, types[t].onnx_id, types[t].numpy_name, types[t].bits, types[t].encoding, types[t].exponent_bits,
        types[t].mantissa_bits) for t in used)
    cases = "".join("    (%r, %r, %r, %d, %r, %d, %s, %s, %r, %s),\n" % (
        e.source, e.destination, e.operator, e.opset, e.attributes, e.length, _literal(e.input),
        _literal(e.expected), e.expected_match(types), _literal(e.actual)) for e in examples)
    doc = ('"""%s\n\nFound by castlike on %s. Runs with the peer alone: prints each input, the expected and\n'
           'the actual value; exits 1 while an output is the finding\'s, 0 once every output is the expected one,\n'
           '3 when an output is neither. An expected NaN is any NaN (of its sign under a float8 rule): the\n'
           'ONNX pages fix no NaN payload, and a NaN\'s sign only in the Cast float8 table. Each input goes\n'
           'in one call of `length` copies of it: 1, or the length of call that showed the finding."""\n'
           % (title.replace('"""', "'''"), implementation))
    return ("#!/usr/bin/env python3\n" + doc + "import sys\n\n" + imports +
            "\n# name: (ONNX TensorProto id, numpy / ml_dtypes name, bits, float encoding, exponent bits,\n"
            "# mantissa bits)\nTYPES = {\n" + facts + "}\n"
            "# (source, destination, operator, opset, attributes, length, input, expected, what a correct\n"
            "# output must be: \"\" the expected bits, %r, or %r, actual): bits, or texts\n" % (ANY_NAN, SIGNED_NAN) +
            "CASES = [\n" + cases + "]\n\n" + body + "\n\n" + inspect.getsource(is_nan_bits) + "\n" + _MAIN)


def _literal(v: Value) -> str:
    return repr(v) if isinstance(v, str) else "0x%x" % v
