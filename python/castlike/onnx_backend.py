"""Judge any runtime that implements onnx's backend API (onnx.backend.base.Backend: prepare / run)
with one call:

    import castlike, castlike.onnx_backend, onnxruntime.backend
    report = castlike.validate(castlike.onnx_backend.implementation(onnxruntime.backend))
    report = castlike.validate(castlike.onnx_backend.implementation(castlike.onnx_backend.ReferenceEvaluatorBackend()))

Each call becomes a model with the single node CastLike at the case's opset with the attributes the
case states (castlike._onnx_model: exact bits for every type), prepared on `device` and run. The
input is fed as a graph input where the backend takes its numpy dtype, so that no optimizer can
fold the cast into a constant computed by other code than the kernel; whether it does is probed
once per type with an identity CastLike (same bits back). Where it does not (onnxruntime's numpy
feeds have no float8, bfloat16 or 4-/2-bit types), the input is an initializer: the description of
the implementation says so. A model that does not load is a rejection with the backend's message;
when a whole tensor fails at run time every element is retried alone (castlike.PartialOutput).
Outputs come back as numpy arrays: the ML types as ml_dtypes arrays or as their bits in unsigned
integers (onnxruntime hands float8 back as uint8), the 4- and 2-bit types one element per byte or
ONNX-packed. A runtime whose numpy outputs cannot hold a type at all (onnxruntime 1.32 hands back
FLOAT8E4M3FN as uint8 but has no numpy form for the other float8 types, BFLOAT16, FLOAT8E8M0 and
the 4-/2-bit types) rejects those destinations here.
"""

from __future__ import annotations

import sys
import types
import warnings
from typing import Any, Dict, Optional, Set, Tuple

import numpy as np

from ._onnx_model import PreparedModels, call_of, castlike_model, empty_tensor_proto, model_for, tensor_proto
from ._reference_backend import ReferenceEvaluatorBackend
from ._retry import LOAD, at_stage, run_whole_or_per_element
from ._types import DEFAULT_OPSET, ElementType, from_raw, raw_bytes, storage_bytes

__all__ = ["implementation", "is_backend", "ReferenceEvaluatorBackend", "castlike_model", "tensor_proto",
           "empty_tensor_proto", "model_for", "ONNXRUNTIME_ERRORS"]

Array = np.ndarray[Any, Any]

# onnxruntime's log severity for its sessions here unless the caller gives log_severity_level:
# ERROR. At its default (WARNING) onnxruntime writes a line on stderr for every model whose
# initializer input its constant folding cannot fold ("Could not find a CPU kernel and hence can't
# constant fold CastLike node"), thousands over the vectors, which bury the report; errors still show.
ONNXRUNTIME_ERRORS = 3


def is_backend(obj: Any) -> bool:
    """True for an onnx.backend.base.Backend subclass or instance, or a module with the backend
    functions (onnxruntime.backend: prepare, run, supports_device; run_model in onnx's own)."""
    try:
        from onnx.backend.base import Backend
        if isinstance(obj, Backend) or (isinstance(obj, type) and issubclass(obj, Backend)):
            return True
    except ImportError:
        pass
    def has(f: str) -> bool:
        return callable(getattr(obj, f, None))

    return has("prepare") and has("supports_device") and (has("run_model") or has("run"))


def backend_label(backend: Any) -> Tuple[str, str]:
    """(name, version) of a backend: its castlike_name / castlike_version, else its top-level
    package's name and __version__ (onnxruntime.backend -> onnxruntime 1.x)."""
    if isinstance(backend, types.ModuleType):
        module = backend.__name__
    else:
        module = (backend if isinstance(backend, type) else type(backend)).__module__
    package = module.split(".")[0]
    name = getattr(backend, "castlike_name", None) or package
    version = getattr(backend, "castlike_version", None)
    if callable(version):
        version = version()
    if version is None:
        version = getattr(sys.modules.get(package), "__version__", "")
    return str(name), str(version)


def implementation(backend: Any, device: str = "CPU", **prepare_kwargs: Any) -> BackendImplementation:
    """An implementation for castlike.validate (castlike.cast's signature) that runs each call through
    `backend.prepare(model, device, **prepare_kwargs).run([input])`. For onnxruntime,
    log_severity_level defaults to ONNXRUNTIME_ERRORS (its errors on stderr, not its warnings)."""
    if not is_backend(backend):
        raise TypeError("%r is not an onnx backend (an onnx.backend.base.Backend, or a module with prepare, "
                        "run or run_model, and supports_device, such as onnxruntime.backend)" % (backend,))
    if not backend.supports_device(device):
        raise ValueError("the backend does not support device %r" % device)
    if backend_label(backend)[0] == "onnxruntime":
        prepare_kwargs.setdefault("log_severity_level", ONNXRUNTIME_ERRORS)
    return BackendImplementation(backend, device, prepare_kwargs)


class BackendImplementation:
    """A backend as an implementation for castlike.validate (made by implementation())."""

    def __init__(self, backend: Any, device: str, prepare_kwargs: Dict[str, Any]) -> None:
        self.backend, self.device, self.prepare_kwargs = backend, device, prepare_kwargs
        name, version = backend_label(backend)
        options = "".join(", %s=%s" % kv for kv in sorted(prepare_kwargs.items()))
        self.castlike_name = name
        self.castlike_version = version
        self.castlike_info: Optional[Dict[str, str]] = None  # a results file's header, when a peer sets one
        self.castlike_description = (
            "%s %s (backend API, device %s%s; inputs fed where the backend takes their numpy dtype, else "
            "initializers)" % (name, version, device, options)).replace("  ", " ")
        self._feedable: Dict[Tuple[str, int, str], bool] = {}
        self._prepared = PreparedModels(self._prepare)
        self.initializer_types: Set[str] = set()  # the source types this backend could not be fed

    def __call__(self, x: Any, to: Any, *, saturate: Optional[int] = None, round_mode: Optional[str] = None,
                 opset: int = DEFAULT_OPSET, operator: str = "CastLike") -> Any:
        x, src, dst, attrs = call_of(x, to, saturate, round_mode, opset, operator)
        feed = self._feeds(src, opset, operator)
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")  # numpy's overflow warnings in reference code are noise here
            if feed:
                def run_one(a: Array) -> Array:
                    return self._run(self._prepared.for_call(a, dst, attrs), a, dst)
            else:
                def run_one(a: Array) -> Array:
                    return self._run(self._prepare(model_for(a, dst, feed=False, **attrs)), None, dst, a.shape)
            return run_whole_or_per_element(run_one, x)

    # ---- preparing and running ----

    def _prepare(self, model: Any) -> Any:
        try:
            return self.backend.prepare(model, self.device, **self.prepare_kwargs)
        except Exception as e:  # the model does not load: a rejection with the backend's message
            raise at_stage(e, LOAD)

    def _run(self, rep: Any, x: Optional[Array], dst: ElementType, shape: Tuple[int, ...] = ()) -> Array:
        outputs = rep.run([x] if x is not None else [])
        out = outputs[0] if not isinstance(outputs, dict) else next(iter(outputs.values()))
        return _normalized(out, dst, x.shape if x is not None else tuple(shape))

    def _feeds(self, src: ElementType, opset: int, operator: str = "CastLike") -> bool:
        """Whether the backend takes src's numpy dtype as a feed: an identity node of the operator must
        give the same bits back (probed once per type, opset and operator)."""
        key = (src.name, opset, operator)
        if key not in self._feedable:
            sample: Array = (np.array(["0", "1"], dtype=object) if src.name == "STRING"
                             else from_raw(np.zeros(storage_bytes(src, 2), dtype=np.uint8), src, (2,)))
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    model = model_for(sample, src, opset=opset, operator=operator)
                    rep = self.backend.prepare(model, self.device, **self.prepare_kwargs)
                    back = _normalized(rep.run([sample])[0], src, (2,))
                same = (list(back) == list(sample) if src.name == "STRING"
                        else bytes(raw_bytes(back, src)) == bytes(raw_bytes(sample, src)))
            except Exception:  # the feed (or the identity cast) is not supported: fall back to an initializer
                same = False
            self._feedable[key] = same
            if not same:
                self.initializer_types.add(src.name)
        return self._feedable[key]


def _normalized(answer: Any, dst: ElementType, shape: Tuple[int, ...]) -> Array:
    """The backend's output as an array of dst's dtype (or its bits) and `shape`; TypeError when it
    is not one (the call is then a rejection with that message)."""
    out: Array = np.asarray(answer)
    if dst.name == "STRING":
        if out.shape != shape:
            raise TypeError("output shape %s, expected %s" % (list(out.shape), list(shape)))
        flat = [x.decode("utf-8") if isinstance(x, bytes) else str(x) for x in out.reshape(-1)]
        texts = np.empty(len(flat), dtype=object)
        texts[:] = flat
        return texts.reshape(shape)
    if dst.dtype is not None and out.dtype == dst.dtype:
        if out.shape != shape:
            raise TypeError("output shape %s, expected %s" % (list(out.shape), list(shape)))
        return out
    ml_only = dst.dtype is None or dst.dtype.kind == "V"
    raw_dtype = dst.raw_dtype
    if ml_only and raw_dtype is not None and out.dtype.kind in "ui" and out.dtype.itemsize == raw_dtype.itemsize:
        # The bits of a type numpy lacks, in an integer array: one element each, or ONNX-packed.
        bits = np.ascontiguousarray(out).view(raw_dtype)
        count = int(np.prod(shape, dtype=np.int64))
        if bits.shape == tuple(shape):
            if dst.packed:
                bits = bits & np.uint8((1 << dst.bits) - 1)
            return bits.view(dst.dtype) if dst.dtype is not None else bits
        if dst.packed and bits.size == storage_bytes(dst, count) and bits.size != count:
            return from_raw(bits.reshape(-1), dst, shape)
        raise TypeError("output of %d %s values, %s elements expected" % (bits.size, out.dtype, list(shape)))
    raise TypeError("output dtype %s, expected %s" % (out.dtype, dst.dtype if dst.dtype is not None else dst.name))
