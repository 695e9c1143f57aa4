"""The onnx-reference peer: onnx.reference.ReferenceEvaluator through onnx's backend API
(castlike.onnx_backend), named and described as the committed baseline has it."""

from ..onnx_backend import BackendImplementation, ReferenceEvaluatorBackend, implementation


def onnx_reference() -> BackendImplementation:
    import ml_dtypes
    import numpy
    import onnx
    impl = implementation(ReferenceEvaluatorBackend)
    impl.castlike_info = {"name": "onnx-reference", "version": onnx.__version__,
                          "description": "onnx.reference.ReferenceEvaluator; numpy %s, ml_dtypes %s"
                                         % (numpy.__version__, ml_dtypes.__version__)}
    return impl
