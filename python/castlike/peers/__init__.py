"""The pinned third-party peers castlike reports on, as implementations for castlike.validate, and
what their adapter scripts (scripts/adapter-PEER) do with them: results files for `castlike validate
--results` (castlike.peers.results) and the raw outputs of every input of a configuration for
`castlike validate --exhaustive --raw-outputs` (castlike.peers.exhaustive).

    onnxruntime     InferenceSession (CPU), graph optimizations off, outputs read as raw bytes
                    (castlike.peers.onnxruntime_session: why not the backend API)
    onnx-reference  onnx.reference.ReferenceEvaluator through castlike.onnx_backend
    ml-dtypes       numpy astype between numpy's and ml_dtypes' types (no opsets, no attributes)
    openvino        OpenVINO's ONNX frontend, CPU plugin, input fed at run time (its Convert kernel)
    openvino-constant  the same with the input as an initializer (constant folding)
    jax             jax.numpy astype, jitted, XLA on CPU (no opsets, no attributes)
    jax-lax         jax.lax.convert_element_type, jitted (no opsets, no attributes)
    tract           tract's ONNX loader and runnable model (numpy's types only)

Each implementation carries castlike_name, castlike_description and castlike_info (the results
file's header: name, version, description).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict

if TYPE_CHECKING:  # the registry and its findings tools run without numpy (the page test in ctest)
    from .._validate import Implementation

PEERS = ("onnxruntime", "onnx-reference", "ml-dtypes", "openvino", "openvino-constant", "jax", "jax-lax", "tract")
# The peers whose API has no saturate / round_mode attributes: one behaviour, judged against each
# reading (a reading "saturate=0" of theirs is the attribute missing, not ignored).
ATTRIBUTELESS = frozenset({"ml-dtypes", "jax", "jax-lax"})


def implementation(name: str) -> Implementation:
    """The implementation of peer `name` (its runtime must be importable)."""
    if name == "onnxruntime":
        from .onnxruntime_session import OnnxruntimeSession
        return OnnxruntimeSession()
    if name == "onnx-reference":
        from .onnx_reference import onnx_reference
        return onnx_reference()
    if name == "ml-dtypes":
        from .ml_dtypes_astype import MlDtypesAstype
        return MlDtypesAstype()
    if name in ("openvino", "openvino-constant"):
        from .openvino_compiled import OpenvinoCompiled
        return OpenvinoCompiled("fed" if name == "openvino" else "constant")
    if name in ("jax", "jax-lax"):
        from .jax_convert import JaxConvert
        return JaxConvert("astype" if name == "jax" else "lax")
    if name == "tract":
        from .tract_onnx import TractOnnx
        return TractOnnx()
    raise ValueError("unknown peer %r (one of %s)" % (name, ", ".join(PEERS)))


def info(impl: Implementation) -> Dict[str, Any]:
    """The results file's implementation header of an implementation: castlike_info, else its name,
    version and description attributes."""
    found = getattr(impl, "castlike_info", None)
    if found:
        return dict(found)
    out = {"name": getattr(impl, "castlike_name", None) or getattr(impl, "__qualname__", type(impl).__name__)}
    for key in ("version", "description"):
        value = getattr(impl, "castlike_" + key, None)
        if value:
            out[key] = value
    return out
