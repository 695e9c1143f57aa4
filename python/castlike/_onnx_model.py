"""One-node CastLike (or Cast) models and exact TensorProtos, built with onnx.helper.

Every tensor carries the case's bits as they are: raw_data in ONNX's layout (little-endian; the 6-,
4- and 2-bit types packed into one bit string, element 0 in the lowest bits) or string_data (UTF-8)
for STRING, so that no numpy or float conversion of onnx touches a float8 NaN payload or a sub-byte
value on the way in. onnx is imported by the functions that need it (castlike itself does not depend on it).
"""

from __future__ import annotations

import collections
from typing import TYPE_CHECKING, Any, Callable, Dict, Generic, Optional, Sequence, Tuple, TypeVar, Union

import numpy as np

from ._cast import texts_of
from ._types import DEFAULT_OPSET, ElementType, TypeLike, element_type, raw_bytes, type_of_array

if TYPE_CHECKING:
    from onnx import ModelProto, TensorProto

Array = np.ndarray[Any, Any]
Prepared = TypeVar("Prepared")  # a runner's prepared form of a model


def tensor_proto(name: str, type_name: TypeLike, array: Any, shape: Optional[Sequence[int]] = None) -> TensorProto:
    """A TensorProto named `name` of type `type_name` holding `array` (its dtype, or its raw bits
    one element per byte for the packed 6-, 4- and 2-bit types; str objects for STRING) with `shape` (default:
    the array's)."""
    from onnx import helper
    t = element_type(type_name)
    a = np.asarray(array, dtype=object if t.name == "STRING" else None)
    dims = list(a.shape if shape is None else shape)
    if t.name == "STRING":
        texts: Any = [s.encode("utf-8") for s in texts_of(a)]  # onnx's stubs say numbers; STRING takes bytes
        return helper.make_tensor(name, t.onnx, dims, texts)
    return helper.make_tensor(name, t.onnx, dims, bytes(raw_bytes(a, t)), raw=True)


def empty_tensor_proto(name: str, type_name: TypeLike) -> TensorProto:
    """The empty tensor of a type: CastLike's target_type, whose only meaning is its element type."""
    from onnx import helper
    t = element_type(type_name)
    if t.name == "STRING":
        return helper.make_tensor(name, t.onnx, [0], [])
    return helper.make_tensor(name, t.onnx, [0], b"", raw=True)


def castlike_model(source: TypeLike, destination: TypeLike, shape: Sequence[Union[int, str]], *,
                   opset: int = DEFAULT_OPSET, saturate: Optional[int] = None, round_mode: Optional[str] = None,
                   input_tensor: Optional[TensorProto] = None, target_input: bool = False, name: str = "castlike",
                   operator: str = "CastLike") -> ModelProto:
    """A model with the single node CastLike(input, target_type) -> output at `opset`, with the
    attributes that are not None (None: not set, the opset's default applies); operator="Cast":
    Cast(input, to=destination) -> output instead, with no target_type.

    input_tensor   a TensorProto named 'input' makes the input an initializer (exact bytes, nothing
                   fed); None makes it a graph input of `shape` (ints, or strings for symbolic dims)
    target_input   target_type a graph input too (ONNX's own node tests have it so); by default an
                   empty initializer
    """
    from onnx import helper
    src, dst = element_type(source), element_type(destination)
    attrs: Dict[str, Any] = {}
    if saturate is not None:
        attrs["saturate"] = int(saturate)
    if round_mode is not None:
        attrs["round_mode"] = round_mode
    if operator == "Cast":
        node = helper.make_node("Cast", ["input"], ["output"], to=dst.onnx, **attrs)
    elif operator == "CastLike":
        node = helper.make_node("CastLike", ["input", "target_type"], ["output"], **attrs)
    else:
        raise ValueError("operator must be 'Cast' or 'CastLike', not %r" % (operator,))
    inputs, inits = [], []
    if input_tensor is not None:
        inits.append(input_tensor)
    else:
        inputs.append(helper.make_tensor_value_info("input", src.onnx, list(shape)))
    if operator == "CastLike":  # Cast's destination is its `to` attribute: no target_type tensor
        if target_input:
            inputs.append(helper.make_tensor_value_info("target_type", dst.onnx, [0]))
        else:
            inits.append(empty_tensor_proto("target_type", dst.name))
    output = helper.make_tensor_value_info("output", dst.onnx, list(shape))
    graph = helper.make_graph([node], name, inputs, [output], initializer=inits)
    opset_id = helper.make_opsetid("", int(opset))
    model = helper.make_model(graph, opset_imports=[opset_id], producer_name="castlike")
    # The lowest IR version that has the opset: a runtime older than the newest IR still loads it.
    model.ir_version = helper.find_min_ir_version_for([opset_id])
    return model


def model_for(x: Any, to: TypeLike, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
              opset: int = DEFAULT_OPSET, feed: bool = True, name: str = "castlike",
              operator: str = "CastLike") -> ModelProto:
    """The model of one call of castlike.cast's signature: the input fed as a graph input of x's
    rank with symbolic dims (so one prepared model serves every shape of that rank), or with
    feed=False an initializer holding x's exact bits."""
    src = _source_type(x)
    if feed:
        shape = ["d%d" % i for i in range(np.ndim(x))]
        return castlike_model(src, to, shape, opset=opset, saturate=saturate, round_mode=round_mode, name=name,
                              operator=operator)
    return castlike_model(src, to, list(np.shape(x)), opset=opset, saturate=saturate, round_mode=round_mode,
                          input_tensor=tensor_proto("input", src, x), name=name, operator=operator)


def _source_type(x: Any) -> str:
    t = type_of_array(x)
    if t is None:
        raise TypeError("numpy dtype %s is not an ONNX element type (castlike.onnx_backend takes numpy's "
                        "and ml_dtypes' dtypes, object arrays of str for STRING)" % np.asarray(x).dtype)
    return t.name


def call_of(x: Any, to: TypeLike, saturate: Optional[int], round_mode: Optional[str], opset: int,
            operator: str = "CastLike") -> Tuple[Array, ElementType, ElementType, Dict[str, Any]]:
    """A call of castlike.cast's signature as the runners take it: (x as an array, its ElementType,
    the destination's, the node's attributes as model_for takes them). TypeError for an array whose
    dtype is no ONNX element type."""
    x = np.asarray(x)
    src, dst = type_of_array(x), element_type(to)
    if src is None:
        raise TypeError("numpy dtype %s is not an ONNX element type" % x.dtype)
    return x, src, dst, dict(saturate=saturate, round_mode=round_mode, opset=opset, operator=operator)


class PreparedModels(Generic[Prepared]):
    """The runner's prepared form (a session, a compiled model, a backend rep) of the model with the
    input fed, one per configuration and rank, so that one serves every shape; the `size` most recently
    used are kept."""

    def __init__(self, prepare: Callable[[ModelProto], Prepared], size: int = 16) -> None:
        self._prepare, self._size = prepare, size
        self._kept: collections.OrderedDict[Tuple[Any, ...], Prepared] = collections.OrderedDict()

    def for_call(self, x: Array, dst: ElementType, attrs: Dict[str, Any]) -> Prepared:
        """The prepared model for x (fed) -> dst with attrs, made by prepare(model) the first time."""
        key = (_source_type(x), dst.name, x.ndim, attrs["opset"], attrs["saturate"], attrs["round_mode"],
               attrs["operator"])
        prepared = self._kept.get(key)
        if prepared is None:
            prepared = self._kept[key] = self._prepare(model_for(x, dst, feed=True, **attrs))
            if len(self._kept) > self._size:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        return prepared
