"""The OpenVINO peers: the ONNX model read by OpenVINO's ONNX frontend (`Core.read_model`), compiled
for the CPU plugin with INFERENCE_PRECISION_HINT=f32 (so that no plugin-chosen lower precision is
judged instead of the cast), its output tensor read as raw bytes.

Two ways, two peers, because OpenVINO runs different code for them:

    openvino           the input is a graph input, fed at run time as an ov.Tensor built from its bits:
                       the CPU plugin's own Convert kernel runs (one compiled model per
                       configuration and rank, reused for every shape)
    openvino-constant  the input is an initializer holding its exact bits: the graph is constant,
                       and the conversion is what OpenVINO's constant folding computes
                       (core's reference Convert) while compiling

Why not castlike.onnx_backend: OpenVINO ships no onnx backend module, and its numpy views of
bfloat16, float8 and the 4-bit types are plain integer or float16 arrays (bfloat16 comes back as a
float16 view of the bits), so the bits are copied in and out here. Types the ONNX frontend does not
load (STRING, the FNUZ float8 types, INT2/UINT2) make the model fail to load: a rejection with
OpenVINO's message.
"""

from __future__ import annotations

import os
import tempfile
from typing import TYPE_CHECKING, Any, Optional, Sequence

import numpy as np

from .._onnx_model import PreparedModels, call_of, model_for
from .._retry import LOAD, at_stage, run_whole_or_per_element
from .._types import DEFAULT_OPSET, ElementType, TypeLike, from_raw, raw_bytes, storage_bytes
from .._validate import Array

if TYPE_CHECKING:
    from onnx import ModelProto

MODES = ("fed", "constant")
CONFIG = {"INFERENCE_PRECISION_HINT": "f32"}


class OpenvinoCompiled:
    def __init__(self, mode: str = "fed") -> None:
        if mode not in MODES:
            raise ValueError("mode %r is not one of %s" % (mode, MODES))
        import numpy
        import onnx
        import openvino
        self.ov = openvino
        self.mode = mode
        self.core = openvino.Core()
        self.castlike_name = "openvino" if mode == "fed" else "openvino-constant"
        # "2026.4.1-22982-e213a147257-releases/2026/4": the release is the part before the build number.
        self.castlike_version = openvino.__version__.split("-")[0]
        how = ("input fed at run time (the CPU plugin's Convert kernel)" if mode == "fed"
               else "input as an initializer (constant folding while compiling)")
        self.castlike_description = ("ONNX frontend, CPU plugin, INFERENCE_PRECISION_HINT=f32, %s; build %s; "
                                     "models built with onnx %s, numpy %s"
                                     % (how, openvino.__version__, onnx.__version__, numpy.__version__))
        self.castlike_info = {"name": self.castlike_name, "version": self.castlike_version,
                              "description": self.castlike_description}
        self._compiled = PreparedModels(self._compile)
        self._dir = tempfile.TemporaryDirectory(prefix="castlike-openvino-")

    def __call__(self, x: Any, to: TypeLike, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
                 opset: int = DEFAULT_OPSET, operator: str = "CastLike") -> Any:
        x, src, dst, attrs = call_of(x, to, saturate, round_mode, opset, operator)

        def run(a: Array) -> Array:
            if self.mode == "fed":
                compiled = self._compiled.for_call(a, dst, attrs)
                tensor = self.ov.Tensor(compiled.inputs[0].get_element_type(), list(a.shape))
                # The tensor's numpy view is packed bytes for the 4-bit types, bits for the others.
                view = np.asarray(tensor.data).reshape(-1).view(np.uint8)
                bits = raw_bytes(a, src)
                if view.size != bits.size:
                    raise RuntimeError("OpenVINO's %s tensor has %d bytes for %d elements, %d expected"
                                       % (src.name, view.size, a.size, bits.size))
                view[:] = bits
                request = compiled.create_infer_request()
                request.infer([tensor])
            else:
                compiled = self._compile(model_for(a, dst, feed=False, **attrs))
                request = compiled.create_infer_request()
                request.infer([])
            return self._output(request.get_output_tensor(0), dst, a.shape)

        return run_whole_or_per_element(run, x)

    def _compile(self, model: ModelProto) -> Any:
        # The ONNX frontend reads a file (its in-memory path takes OpenVINO IR, not ONNX).
        path = os.path.join(self._dir.name, "model.onnx")
        with open(path, "wb") as f:
            f.write(model.SerializeToString())
        try:
            return self.core.compile_model(self.core.read_model(path), "CPU", CONFIG)
        except Exception as e:  # the model does not load or compile: a rejection with OpenVINO's message
            raise at_stage(e, LOAD)

    @staticmethod
    def _output(tensor: Any, dst: ElementType, shape: Sequence[int]) -> Array:
        if list(tensor.shape) != list(shape):
            raise RuntimeError("output shape %s, expected %s" % (list(tensor.shape), list(shape)))
        count = int(np.prod(shape, dtype=np.int64))
        raw = np.asarray(tensor.data).reshape(-1).view(np.uint8)
        if raw.size != storage_bytes(dst, count):
            raise RuntimeError("output of %d bytes, %d expected for %d %s elements"
                               % (raw.size, storage_bytes(dst, count), count, dst.name))
        return from_raw(raw.copy(), dst, shape)
