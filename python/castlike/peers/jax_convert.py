"""The JAX peers: XLA on the CPU, a jitted conversion per call.

    jax      jax.numpy's `astype` (`jax.jit(lambda a: a.astype(dtype))`)
    jax-lax  `jax.lax.convert_element_type`, jitted: the primitive astype lowers to

JAX has no operator sets and no saturate / round_mode attributes: like ml_dtypes it is judged as
its documented behaviour, one conversion whatever the case's opset and attributes say (the validator
names the reading, e.g. "behaves as saturate=0"). 64-bit types are on (`jax_enable_x64`), else
DOUBLE, INT64 and UINT64 arrays would silently become 32-bit ones before the conversion. JAX has
ml_dtypes' element types (bfloat16, the float8 and float4 types, int4/uint4, int2/uint2) and no
strings: a STRING source or destination is a rejection, and so is a FLOAT6 one (XLA's CPU
compiler aborts the process on float6 in the pinned version). The input is a numpy array of the
source's dtype, handed to the jitted function, which reads it in place when it starts on a 64-byte
boundary and copies it into a 64-byte-aligned buffer otherwise; the answer is `np.asarray` of the
result (a buffer XLA allocates, 64-byte aligned), of the destination's dtype. So XLA's code sees
every call aligned: the shape pass's head offsets reach that copy, not another path of XLA's (the
measurement: docs/third-party-report.md, "Shapes"), while its call lengths do, each length a
program XLA compiles.
"""

import warnings
from typing import Any, Callable, Dict, Optional

import numpy as np

from .._retry import run_whole_or_per_element
from .._types import DEFAULT_OPSET, TypeLike, element_type, type_of_array
from .._validate import Array

MODES = ("astype", "lax")


class JaxConvert:
    def __init__(self, mode: str = "astype") -> None:
        if mode not in MODES:
            raise ValueError("mode %r is not one of %s" % (mode, MODES))
        import jax
        jax.config.update("jax_enable_x64", True)
        jax.config.update("jax_platforms", "cpu")
        import jax.numpy as jnp
        import jaxlib
        from jax import lax
        self.jax, self.jnp, self.lax, self.mode = jax, jnp, lax, mode
        self.castlike_name = "jax" if mode == "astype" else "jax-lax"
        self.castlike_version = jax.__version__
        what = "jnp astype" if mode == "astype" else "lax.convert_element_type"
        self.castlike_description = ("%s, jitted, XLA on CPU (jaxlib %s), jax_enable_x64; no opsets, saturate and "
                                     "round_mode ignored; numpy %s" % (what, jaxlib.__version__, np.__version__))
        self.castlike_info = {"name": self.castlike_name, "version": self.castlike_version,
                              "description": self.castlike_description}
        self._functions: Dict[Any, Callable[[Array], Any]] = {}

    def _function(self, dtype: Any) -> Callable[[Array], Any]:
        f = self._functions.get(dtype)
        if f is None:
            if self.mode == "astype":
                f = self.jax.jit(lambda a: a.astype(dtype))
            else:
                f = self.jax.jit(lambda a: self.lax.convert_element_type(a, dtype))
            self._functions[dtype] = f
        return f

    def __call__(self, x: Any, to: TypeLike, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
                 opset: int = DEFAULT_OPSET, operator: str = "CastLike") -> Any:
        x = np.asarray(x)
        src, dst = type_of_array(x), element_type(to)
        if src is None:
            raise TypeError("numpy dtype %s is not an ONNX element type" % x.dtype)
        if "STRING" in (src.name, dst.name):
            raise TypeError("JAX has no string arrays (%s -> %s)" % (src.name, dst.name))
        if dst.dtype is None:
            raise TypeError("%s needs ml_dtypes" % dst.name)
        if any(t.name.startswith("FLOAT6") for t in (src, dst)):
            # Measured with jax 0.10.2: XLA's CPU compiler stops the whole process ("Invalid bitcast
            # i6 to i8", a fatal check) on any float6 conversion, so the case is refused instead.
            raise TypeError("JAX's CPU compiler aborts the process on float6 (%s -> %s): not run"
                            % (src.name, dst.name))
        convert = self._function(self.jnp.dtype(dst.dtype))

        def run(a: Array) -> Array:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # overflow warnings: the values are what is judged
                out: Array = np.asarray(convert(a))
            if out.dtype != dst.dtype:
                raise TypeError("JAX returned %s, not %s" % (out.dtype, dst.dtype))
            return out

        return run_whole_or_per_element(run, x)
