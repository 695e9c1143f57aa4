"""onnx's reference implementation (onnx.reference.ReferenceEvaluator) behind onnx's backend API,
which onnx itself ships no Backend for."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Sequence, Tuple, Union

if TYPE_CHECKING:
    from onnx import ModelProto
    from onnx.backend.base import Backend as _Backend
    from onnx.backend.base import BackendRep as _BackendRep
    from onnx.reference import ReferenceEvaluator
else:
    try:
        from onnx.backend.base import Backend as _Backend
        from onnx.backend.base import BackendRep as _BackendRep
    except ImportError:  # castlike imports without onnx; using the backend then says what is missing
        _Backend = _BackendRep = object


class ReferenceEvaluatorRep(_BackendRep):
    def __init__(self, evaluator: ReferenceEvaluator) -> None:
        self.evaluator = evaluator

    def run(self, inputs: Union[Dict[str, Any], Sequence[Any], Any], **kwargs: Any) -> Tuple[Any, ...]:
        """inputs: a list in the order of the graph inputs, a dict by name, or one array."""
        names = self.evaluator.input_names
        if isinstance(inputs, dict):
            feeds = dict(inputs)
        elif isinstance(inputs, (list, tuple)):
            feeds = dict(zip(names, inputs))
        else:
            feeds = {names[0]: inputs}
        return tuple(self.evaluator.run(None, feeds, **kwargs))


class ReferenceEvaluatorBackend(_Backend):
    """prepare() builds an onnx.reference.ReferenceEvaluator; run() runs it. No onnx.checker pass:
    what is judged is what the evaluator itself accepts and computes (a model it refuses is a load
    failure with its own message). Usable as the class or as an instance."""

    castlike_name = "onnx-reference"

    @classmethod
    def prepare(cls, model: ModelProto, device: str = "CPU", **kwargs: Any) -> ReferenceEvaluatorRep:
        from onnx.reference import ReferenceEvaluator
        if not cls.supports_device(device):
            raise RuntimeError("the ONNX reference evaluator runs on the CPU, not on %r" % device)
        return ReferenceEvaluatorRep(ReferenceEvaluator(model, **kwargs))

    @classmethod
    def run_model(cls, model: ModelProto, inputs: Any, device: str = "CPU", **kwargs: Any) -> Tuple[Any, ...]:
        return cls.prepare(model, device, **kwargs).run(inputs)

    @classmethod
    def supports_device(cls, device: Optional[str]) -> bool:
        return device in (None, "CPU")

    @classmethod
    def castlike_version(cls) -> str:
        """The version the report names: onnx's."""
        import onnx
        return onnx.__version__
