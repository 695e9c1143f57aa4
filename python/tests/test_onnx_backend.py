"""castlike.onnx_backend: exact models, the backend adapter (onnx's ReferenceEvaluator behind
ReferenceEvaluatorBackend, onnxruntime.backend), and the peers' results files and exhaustive stream.
Skips what needs onnx / onnxruntime / ml_dtypes when they are not installed."""

import json
from pathlib import Path

import numpy as np
import pytest

import castlike

ml_dtypes = pytest.importorskip("ml_dtypes")
onnx = pytest.importorskip("onnx")

from castlike import onnx_backend  # noqa: E402
from castlike.onnx_backend import ReferenceEvaluatorBackend, castlike_model, tensor_proto  # noqa: E402

VECTORS = Path(__file__).resolve().parents[2] / "vectors" / "generated"


def ort_backend():
    pytest.importorskip("onnxruntime")
    import onnxruntime.backend
    return onnxruntime.backend


# ---- models: exact bits -------------------------------------------------------------------------

@pytest.mark.parametrize("type_name, bits, raw", [
    ("FLOAT8E4M3FN", [0x7F, 0xFF, 0x01], b"\x7f\xff\x01"),          # NaNs of both signs, a subnormal
    ("FLOAT8E8M0", [0xFF, 0x00, 0x7F], b"\xff\x00\x7f"),
    ("BFLOAT16", [0x7FC1, 0x8000], b"\xc1\x7f\x00\x80"),             # a NaN payload, -0
    ("INT4", [0x8, 0xF, 0x7], b"\xf8\x07"),                          # packed, element 0 low
    ("UINT2", [3, 0, 1, 2, 1], b"\x93\x01"),
    ("FLOAT4E2M1", [0xF, 0x1], b"\x1f"),
])
def test_tensor_proto_keeps_the_bits(type_name, bits, raw):
    t = castlike.element_type(type_name)
    array = np.array(bits, dtype=t.raw_dtype).view(t.dtype)
    proto = tensor_proto("input", type_name, array)
    assert proto.data_type == t.onnx and list(proto.dims) == [len(bits)]
    assert proto.raw_data == raw


def test_string_tensor_is_utf8_string_data():
    proto = tensor_proto("input", "STRING", np.array(["1.5", "NaN", "é"], dtype=object))
    assert list(proto.string_data) == [b"1.5", b"NaN", "é".encode()]


def test_model_states_only_the_given_attributes():
    model = castlike_model("FLOAT", "FLOAT8E8M0", [3], opset=25, round_mode="down")
    onnx.checker.check_model(model, full_check=True)
    node = model.graph.node[0]
    assert node.op_type == "CastLike" and [a.name for a in node.attribute] == ["round_mode"]
    assert model.opset_import[0].version == 25
    assert [i.name for i in model.graph.input] == ["input"]
    assert [i.name for i in model.graph.initializer] == ["target_type"]


def test_is_backend():
    assert onnx_backend.is_backend(ReferenceEvaluatorBackend)
    assert onnx_backend.is_backend(ReferenceEvaluatorBackend())
    assert not onnx_backend.is_backend(object())
    with pytest.raises(TypeError):
        onnx_backend.implementation(object())


# ---- the reference evaluator behind the backend API -----------------------------------------------

def test_reference_backend_matches_castlike_on_a_plain_pair():
    impl = onnx_backend.implementation(ReferenceEvaluatorBackend)
    x = np.array([[1.5, -2.25], [65504.0, 1e-8]], dtype=np.float32)
    out = impl(x, "FLOAT16")
    assert out.dtype == np.float16 and out.shape == x.shape
    assert out.view(np.uint16).tolist() == castlike.cast(x, "FLOAT16").view(np.uint16).tolist()
    assert impl.castlike_name == "onnx-reference" and "backend API" in impl.castlike_description
    assert impl.initializer_types == set()  # the evaluator takes ml_dtypes arrays as feeds


def test_reference_backend_validates():
    impl = onnx_backend.implementation(ReferenceEvaluatorBackend)
    report = castlike.validate(impl, pairs="FLOAT-FLOAT16,INT8-INT4,FLOAT8E4M3FN-FLOAT")
    assert report.total["pass"] > 0 and not report.call_failures()
    assert report.implementation == "onnx-reference"


class FailingOn13(ReferenceEvaluatorBackend):
    """The evaluator, refusing any tensor that holds 13: the adapter must retry element by element."""

    @classmethod
    def prepare(cls, model, device="CPU", **kwargs):
        rep = super().prepare(model, device, **kwargs)
        run = rep.run

        def refusing(inputs, **kw):
            if any(np.any(np.asarray(a).astype(np.float64) == 13) for a in inputs):
                raise ValueError("13 is unlucky")
            return run(inputs, **kw)

        rep.run = refusing
        return rep


def test_whole_tensor_failure_is_retried_per_element():
    impl = onnx_backend.implementation(FailingOn13)
    out = impl(np.array([1, 13, 2], dtype=np.int8), "FLOAT")
    assert isinstance(out, castlike.PartialOutput)
    assert out.errors == {1: "ValueError: 13 is unlucky"}
    assert out.values[[0, 2]].tolist() == [1.0, 2.0]
    with pytest.raises(ValueError):  # every element fails: the whole call is rejected
        impl(np.array([13, 13], dtype=np.int8), "FLOAT")


def test_load_failure_is_a_rejection_at_load():
    impl = onnx_backend.implementation(ReferenceEvaluatorBackend)
    with pytest.raises(Exception) as info:
        impl(np.array([1.0], dtype=np.float32), "FLOAT16", opset=14)  # CastLike is new in opset 15
    assert info.value.castlike_stage == "load"


# ---- onnxruntime's backend API --------------------------------------------------------------------

def test_onnxruntime_backend_plain_pair_and_label():
    impl = onnx_backend.implementation(ort_backend())
    x = np.array([1.5, -2.25, 3e38], dtype=np.float32)
    assert impl(x, "FLOAT16").view(np.uint16).tolist() == castlike.cast(x, "FLOAT16").view(np.uint16).tolist()
    import onnxruntime
    assert impl.castlike_name == "onnxruntime" and impl.castlike_version == onnxruntime.__version__
    assert impl.castlike_description.startswith("onnxruntime %s (backend API" % onnxruntime.__version__)


@pytest.mark.parametrize("backend", ["onnxruntime", "onnx-reference"])
def test_backends_run_cast_nodes_at_cast_opsets(backend):
    impl = onnx_backend.implementation(ort_backend() if backend == "onnxruntime" else ReferenceEvaluatorBackend)
    model = castlike_model("FLOAT", "FLOAT16", [2], opset=13, operator="Cast")
    onnx.checker.check_model(model, full_check=True)
    node = model.graph.node[0]
    assert node.op_type == "Cast" and [(a.name, a.i) for a in node.attribute] == [("to", onnx.TensorProto.FLOAT16)]
    assert not model.graph.initializer  # no target_type tensor: Cast takes `to`
    x = np.array([1.5, 65520.0], dtype=np.float32)
    for opset in (13, 28):
        out = impl(x, "FLOAT16", opset=opset, operator="Cast")
        assert out.view(np.uint16).tolist() == [0x3E00, 0x7C00]


def test_onnxruntime_backend_float8_output_comes_back_as_bits():
    impl = onnx_backend.implementation(ort_backend())
    x = np.array([1.0, 448.0, -0.0], dtype=np.float32)
    out = impl(x, "FLOAT8E4M3FN", saturate=1)
    assert out.dtype == ml_dtypes.float8_e4m3fn
    assert out.view(np.uint8).tolist() == castlike.cast(x, "FLOAT8E4M3FN", saturate=1).view(np.uint8).tolist()


def test_onnxruntime_backend_falls_back_to_an_initializer():
    impl = onnx_backend.implementation(ort_backend())
    x = np.array([0x38, 0x7F], dtype=np.uint8).view(ml_dtypes.float8_e4m3fn)
    out = impl(x, "FLOAT")
    assert "FLOAT8E4M3FN" in impl.initializer_types  # its numpy feeds have no float8
    assert out.view(np.uint32)[0] == 0x3F800000 and np.isnan(out[1])


def test_onnxruntime_backend_load_failure_is_tagged():
    impl = onnx_backend.implementation(ort_backend())
    with pytest.raises(Exception) as info:
        impl(np.array([1.0], dtype=np.float64), "FLOAT4E2M1")  # no kernel for it in the pinned version
    assert info.value.castlike_stage == "load"


# ---- the peers: results files and the exhaustive stream ---------------------------------------------

def test_write_results_is_a_results_file(tmp_path):
    from castlike.peers import implementation
    from castlike.peers.results import write_results
    path = tmp_path / "r.jsonl"
    files = [str(VECTORS / "INT8_to_INT4_op25.json"), str(VECTORS / "STRING_to_INT8_op25.json")]
    counts = write_results(implementation("ml-dtypes"), files, path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0]["format"] == "castlike-results" and lines[0]["implementation"]["name"] == "ml_dtypes"
    assert lines[-1] == {"end": True, "cases": 2}
    int4 = lines[1]
    assert int4["case"] == "INT8_to_INT4_op25" and int4["status"] == "ok"
    assert all(b.startswith("0x") and len(b) == 4 for b in int4["bits"])
    string = lines[2]  # ml_dtypes' astype fails on some texts alone: null values with their messages
    assert string["status"] == "ok" and counts["element errors"] == len(string.get("errors", []))
    for e in string.get("errors", []):
        assert string["bits"][e["index"]] is None


def test_exhaustive_stream_packs_the_outputs():
    import io
    from castlike.peers import exhaustive, implementation
    config = exhaustive.parse_id("INT8-INT4")
    out = io.BytesIO()
    exhaustive.stream(config, exhaustive.open_checked(implementation("ml-dtypes"), config), out, batch=64)
    data = out.getvalue()
    assert len(data) == 128
    # input order, two outputs a byte with element 0 low: ml_dtypes' own astype, packed by castlike
    x = np.arange(256, dtype=np.uint8).view(np.int8)
    assert data == bytes(castlike._types.raw_bytes(x.astype(ml_dtypes.int4), "INT4"))
