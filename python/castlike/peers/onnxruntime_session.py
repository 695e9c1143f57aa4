"""The onnxruntime peer: an InferenceSession on the CPUExecutionProvider with graph optimizations off,
its output read as raw bytes.

Why not castlike.onnx_backend with onnxruntime.backend: the backend API answers with numpy arrays,
and onnxruntime has no numpy form for BFLOAT16, FLOAT8E4M3FNUZ, FLOAT8E5M2, FLOAT8E5M2FNUZ,
FLOAT8E8M0 or the 4- and 2-bit types ("No corresponding Numpy type for Tensor Type"), so every cast
to them would be a rejection of the wrapper, not of onnxruntime (392 of the 834 cases); nor can it
be fed float8, bfloat16 or 4-/2-bit numpy arrays. Here the
input of the 8-bit and wider types is a graph input fed as an OrtValue built from its bits (one
session per configuration and rank, reused for every shape: the exhaustive stream runs one session),
STRING and the packed 4-/2-bit inputs are initializers (exact string_data / raw_data), and the output
is the OrtValue's bytes, ONNX's raw layout.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Optional, Sequence

import numpy as np

from .._onnx_model import PreparedModels, call_of, model_for
from .._retry import LOAD, at_stage, run_whole_or_per_element
from .._types import DEFAULT_OPSET, ElementType, TypeLike, bits_dtype, from_raw
from .._validate import Array

if TYPE_CHECKING:
    from onnx import ModelProto


class OnnxruntimeSession:
    castlike_name = "onnxruntime"

    def __init__(self) -> None:
        import numpy
        import onnx
        import onnxruntime
        self.ort = onnxruntime
        self.castlike_version = onnxruntime.__version__
        self.castlike_description = ("CPUExecutionProvider, graph optimizations off; models built with onnx %s, "
                                     "numpy %s" % (onnx.__version__, numpy.__version__))
        self.castlike_info = {"name": "onnxruntime", "version": self.castlike_version,
                              "description": self.castlike_description}
        self._sessions = PreparedModels(self._session)

    def __call__(self, x: Any, to: TypeLike, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
                 opset: int = DEFAULT_OPSET, operator: str = "CastLike") -> Any:
        x, src, dst, attrs = call_of(x, to, saturate, round_mode, opset, operator)
        fed = src.name != "STRING" and not src.packed

        def run(a: Array) -> Array:
            if fed:
                session = self._sessions.for_call(a, dst, attrs)
                feeds = {"input": self.ort.OrtValue.ortvalue_from_numpy_with_onnx_type(
                    np.ascontiguousarray(a).view(bits_dtype(src)), src.onnx)}
            else:
                session = self._session(model_for(a, dst, feed=False, **attrs))
                feeds = {}
            out = session.run_with_ort_values(["output"], feeds, self.ort.RunOptions())[0]
            return self._output(out, dst, a.shape)

        return run_whole_or_per_element(run, x)

    def _session(self, model: ModelProto) -> Any:
        options = self.ort.SessionOptions()
        # Off: constant folding or a fused graph would judge other code than the Cast kernel.
        options.graph_optimization_level = self.ort.GraphOptimizationLevel.ORT_DISABLE_ALL
        options.log_severity_level = 4
        try:
            return self.ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])
        except Exception as e:  # the model does not load: a rejection with onnxruntime's message
            raise at_stage(e, LOAD)

    @staticmethod
    def _output(value: Any, dst: ElementType, shape: Sequence[int]) -> Array:
        if list(value.shape()) != list(shape):
            raise RuntimeError("output shape %s, expected %s" % (value.shape(), list(shape)))
        if dst.name == "STRING":
            flat = [s.decode("utf-8") if isinstance(s, bytes) else str(s) for s in value.numpy().reshape(-1)]
            texts = np.empty(len(flat), dtype=object)
            texts[:] = flat
            return texts.reshape(shape)
        size = value.tensor_size_in_bytes()
        raw = ctypes.string_at(value.data_ptr(), size) if size else b""
        return from_raw(raw, dst, shape)
