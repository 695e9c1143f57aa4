"""onnx's own Cast and CastLike node tests, as the pinned onnx generates them, turned into plain cases.

onnx's wheel ships the node tests' case generators (onnx.backend.test.case.node: cast.py,
castlike.py), not their data, so the data are made here by running those generators: what onnx's
backend tests compare a runtime with. Each case: its name, the one node of its model (operator,
the ai.onnx opset it runs at, attributes), the element types, and its first data set's input and
expected output. A `_expanded` case is the body onnx derives from CastLike's function (a Cast node
at the same opset, with `saturate` spelled out): it is judged as that Cast node.

Runs in the onnx-reference venv (scripts/peers/requirements/onnx-reference.txt).
"""
import importlib
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

MODULES = ("cast", "castlike")
OPERATORS = ("Cast", "CastLike")


class CaseError(Exception):
    """A generated case this reader cannot take as one Cast or CastLike node (a changed generator)."""


@dataclass
class Case:
    name: str
    operator: str
    opset: int
    from_type: str
    to_type: str
    attributes: dict[str, Any]  # only those the node sets: saturate (int), round_mode (str)
    shape: tuple[int, ...]
    input: TensorProto
    output: TensorProto

    @property
    def elements(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))


def type_name(data_type: int) -> str:
    name: str = TensorProto.DataType.Name(data_type)
    return name


def element_values(tensor: TensorProto, width: int) -> list[str]:
    """The elements of a tensor in row-major order: hex bits (`width` bits, the value in the low
    bits, as castlike's vector files write them) or, for STRING, the texts."""
    array = numpy_helper.to_array(tensor).reshape(-1)
    if tensor.data_type == TensorProto.STRING:
        return [x.decode("utf-8") if isinstance(x, bytes) else str(x) for x in array]
    # ml_dtypes keeps a 6-, 4- or 2-bit element in the low bits of its byte; the mask drops the rest.
    unsigned = array.view(np.dtype("u%d" % array.dtype.itemsize)).astype(np.uint64)
    mask = (1 << width) - 1
    digits = max(2, (width + 3) // 4)
    return ["0x%0*x" % (digits, int(v) & mask) for v in unsigned]


def _as_tensor(value: Any, name: str) -> TensorProto:
    if isinstance(value, TensorProto):
        return value
    tensor: TensorProto = numpy_helper.from_array(np.asarray(value), name)
    return tensor


def _opset(model: onnx.ModelProto, name: str) -> int:
    versions = [o.version for o in model.opset_import if o.domain in ("", "ai.onnx")]
    if len(versions) != 1:
        raise CaseError("%s: the model imports %d ai.onnx opsets, not one" % (name, len(versions)))
    return int(versions[0])


def _case(test: Any) -> Case:
    graph = test.model.graph
    if len(graph.node) != 1 or graph.node[0].op_type not in OPERATORS or graph.node[0].domain not in ("", "ai.onnx"):
        raise CaseError("%s: the model is not a single Cast or CastLike node (%s)" % (
            test.name, ", ".join(n.op_type for n in graph.node)))
    node = graph.node[0]
    inputs, outputs = test.data_sets[0]
    source = _as_tensor(inputs[0], "input")
    expected = _as_tensor(outputs[0], "output")
    attributes: dict[str, Any] = {}
    to_type = None
    for a in node.attribute:
        value = helper.get_attribute_value(a)
        if a.name == "to":
            to_type = type_name(value)
        elif a.name == "saturate":
            attributes["saturate"] = int(value)
        elif a.name == "round_mode":
            attributes["round_mode"] = value.decode() if isinstance(value, bytes) else value
        else:
            raise CaseError("%s: attribute %r is neither to, saturate nor round_mode" % (test.name, a.name))
    if node.op_type == "CastLike":
        to_type = type_name(_as_tensor(inputs[1], "like").data_type)
    if to_type != type_name(expected.data_type):
        raise CaseError("%s: the node casts to %s but the expected output is %s" % (
            test.name, to_type, type_name(expected.data_type)))
    if tuple(source.dims) != tuple(expected.dims):
        raise CaseError("%s: input shape %s, output shape %s" % (test.name, list(source.dims), list(expected.dims)))
    return Case(test.name, node.op_type, _opset(test.model, test.name), type_name(source.data_type), to_type,
                attributes, tuple(source.dims), source, expected)


def collect() -> list[Case]:
    """Every Cast and CastLike case of the pinned onnx's generators, in generation order."""
    cases_module = importlib.import_module("onnx.backend.test.case.node")
    # `collect_testcases` would run the generators of every operator; importing only cast.py and
    # castlike.py runs theirs, and `expect` appends each case to this list.
    recorded = cases_module._NodeTestCases
    if recorded:
        raise CaseError("onnx's node-test list is not empty before the Cast generators ran")
    with warnings.catch_warnings():
        # The generators cast ±inf and 1e6 to narrow types on purpose; numpy warns about it.
        warnings.simplefilter("ignore", RuntimeWarning)
        for module in MODULES:
            importlib.import_module("%s.%s" % (cases_module.__name__, module))
    if not recorded:
        raise CaseError("onnx %s generated no Cast or CastLike case" % onnx.__version__)
    return [_case(t) for t in recorded]
