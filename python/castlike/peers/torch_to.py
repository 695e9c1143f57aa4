"""The torch peer: PyTorch's `Tensor.to(dtype)` on the CPU.

The input's bits become a tensor of the source's torch dtype (`torch.from_numpy` of the bits as an
unsigned integer array, then `.view(dtype)`: exact for the float8, FLOAT8E8M0 and BFLOAT16 types,
which numpy knows only through ml_dtypes), `.to(destination dtype)` converts, and the result's bits
are read back the same way. torch's dtype of an ONNX type is the one named as castlike's type table
names its numpy / ml_dtypes dtype (torch.float8_e4m3fn, torch.bfloat16, torch.uint16, ...).

Like ml_dtypes, torch has no operator sets and no saturate / round_mode attributes: one conversion
whatever the case's opset and attributes say (the validator names the reading it follows). What
torch lacks is a rejected call: STRING, the 4-bit float (torch's float4_e2m1fn_x2 holds packed pairs and
has no conversion), the FLOAT6 types, and the 4-/2-bit integers (torch.int4 and its kin are dtypes
without a copy kernel: the first conversion is tried on one element, and its error rejects the call).
"""

from typing import Any, Dict, Optional, Tuple

import numpy as np

from .._onnx_model import call_of
from .._retry import LOAD, at_stage, run_whole_or_per_element
from .._types import DEFAULT_OPSET, ElementType, TypeLike, bits_dtype
from .._validate import Array


class TorchTo:
    castlike_name = "torch"

    def __init__(self) -> None:
        import torch
        self.torch = torch
        torch.set_num_threads(1)  # one core: the peer checks run beside others on a 2-core machine
        # "2.15.0+cu132": the release is the part before the local build tag.
        self.castlike_version = torch.__version__.split("+")[0]
        self.castlike_description = ("Tensor.to(dtype) on the CPU, build %s; no opsets, saturate and round_mode "
                                     "ignored; numpy %s" % (torch.__version__, np.__version__))
        self.castlike_info = {"name": self.castlike_name, "version": self.castlike_version,
                              "description": self.castlike_description}
        self._checked: Dict[Tuple[str, str], Optional[Exception]] = {}

    def _dtype(self, t: ElementType) -> Any:
        found = getattr(self.torch, t.numpy_name, None) if t.name != "STRING" else None
        if not isinstance(found, self.torch.dtype):
            raise at_stage(TypeError("torch has no %s dtype (%s)" % (t.name, t.numpy_name)), LOAD)
        return found

    def _tensor(self, a: Array, t: ElementType) -> Any:
        """The tensor of t's torch dtype holding a's bits."""
        bits = np.ascontiguousarray(a).view(bits_dtype(t))
        return self.torch.from_numpy(bits.copy()).view(self._dtype(t))

    def _bits(self, tensor: Any, t: ElementType) -> Array:
        """The bits of a tensor of t's torch dtype, as an array of t's numpy dtype."""
        unsigned = getattr(self.torch, bits_dtype(t).name)
        out: Array = tensor.contiguous().view(unsigned).numpy().view(t.dtype)
        return out

    def _check(self, src: ElementType, dst: ElementType) -> None:
        """Converts one zero element once per pair: a pair torch has no kernel for is a rejection
        of the whole call (its message), not an error per element."""
        key = (src.name, dst.name)
        if key not in self._checked:
            try:
                self._tensor(np.zeros(1, dtype=src.dtype), src).to(self._dtype(dst))
                self._checked[key] = None
            except Exception as e:
                self._checked[key] = e
        failed = self._checked[key]
        if failed is not None:
            raise at_stage(failed, LOAD)

    def __call__(self, x: Any, to: TypeLike, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
                 opset: int = DEFAULT_OPSET, operator: str = "CastLike") -> Any:
        x, src, dst, _ = call_of(x, to, saturate, round_mode, opset, operator)
        for t in (src, dst):
            if t.dtype is None or t.name == "STRING":
                raise at_stage(TypeError("torch has no %s tensors" % t.name), LOAD)
        self._check(src, dst)
        dtype = self._dtype(dst)

        def run(a: Array) -> Array:
            return self._bits(self._tensor(a, src).to(dtype), dst)

        return run_whole_or_per_element(run, x)
