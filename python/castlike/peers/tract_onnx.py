"""The tract peer: Sonos' tract (PyPI `tract`, Python bindings of the Rust runtime), loading the ONNX
model with `tract.onnx().load(path)`, the input fact set to the call's shape and type, then
`into_model()` (tract's typed model, decluttered as tract always does) and `into_runnable()`; the
input fed as a numpy array, the output read back with `to_numpy()`.

tract's public tensor API knows numpy's own types only: the ONNX types it has no DatumType for
(BFLOAT16, the float8 and float4 types, FLOAT8E8M0, the 4- and 2-bit integers) make the model fail
to load ("Unknown DatumType"), and STRING is refused by the bindings ("Unsupported DatumType in the
public API"): those cases are rejections, i.e. coverage. tract has no saturate / round_mode for the
types it loads, and the attributes are read only by the node it parses.
"""

import os
import tempfile
from typing import Any, Optional

import numpy as np

from .._onnx_model import call_of, model_for
from .._retry import LOAD, at_stage, run_whole_or_per_element
from .._types import DEFAULT_OPSET, TypeLike
from .._validate import Array

# tract's fact spelling of numpy's types (the only ones its bindings take).
_FACT = {"FLOAT": "f32", "DOUBLE": "f64", "FLOAT16": "f16", "BOOL": "bool", "INT8": "i8", "INT16": "i16",
         "INT32": "i32", "INT64": "i64", "UINT8": "u8", "UINT16": "u16", "UINT32": "u32", "UINT64": "u64"}


def _message(exc: Exception) -> Exception:
    # tract appends a Rust backtrace (addresses, build paths) to its errors: not part of the answer.
    text = str(exc).split("Stack backtrace:")[0].strip()
    return type(exc)(text) if text else exc


class TractOnnx:
    castlike_name = "tract"

    def __init__(self) -> None:
        os.environ.setdefault("RUST_BACKTRACE", "0")
        import numpy
        import onnx
        import tract
        self.tract = tract
        self.castlike_version = tract.version()
        self.castlike_description = ("tract.onnx().load, into_model, into_runnable; models built with onnx %s, "
                                     "numpy %s" % (onnx.__version__, numpy.__version__))
        self.castlike_info = {"name": "tract", "version": self.castlike_version,
                              "description": self.castlike_description}
        self._dir = tempfile.TemporaryDirectory(prefix="castlike-tract-")

    def __call__(self, x: Any, to: TypeLike, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
                 opset: int = DEFAULT_OPSET, operator: str = "CastLike") -> Any:
        x, src, dst, attrs = call_of(x, to, saturate, round_mode, opset, operator)
        path = os.path.join(self._dir.name, "model.onnx")

        def run(a: Array) -> Array:
            with open(path, "wb") as f:
                f.write(model_for(a, dst, feed=True, **attrs).SerializeToString())
            try:
                model = self.tract.onnx().load(path)
                if src.name in _FACT:
                    model.set_input_fact(0, ",".join([str(n) for n in a.shape] + [_FACT[src.name]]))
                runnable = model.into_model().into_runnable()
            except Exception as e:  # the model does not load: a rejection with tract's message
                raise at_stage(_message(e), LOAD)
            try:
                out: Array = runnable.run([np.ascontiguousarray(a)])[0].to_numpy()
            except Exception as e:
                # The bindings refuse a STRING tensor as a whole: no element of it can succeed alone.
                raise at_stage(_message(e), LOAD) if "STRING" in (src.name, dst.name) else _message(e)
            if dst.dtype is None or out.dtype != dst.dtype or out.shape != a.shape:
                raise TypeError("tract returned %s %s, expected %s %s" % (out.dtype, list(out.shape), dst.name,
                                                                           list(a.shape)))
            return out

        return run_whole_or_per_element(run, x)
