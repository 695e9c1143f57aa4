#!/usr/bin/env python3
"""onnx: the function body of CastLike-24 and CastLike-25 is `Cast <to, saturate: int = @saturate> (input)`:
it passes saturate on and drops round_mode, so a runtime that expands CastLike into its function
rounds to FLOAT8E8M0 with Cast's default round_mode (up) whatever CastLike's round_mode says.

Runs with onnx (and onnxruntime, when installed) alone. For each CastLike opset that has round_mode
it prints the function body onnx builds, then evaluates FLOAT 3.0 -> FLOAT8E8M0 with
round_mode="down" four ways: Cast(round_mode="down") and the expanded CastLike, each in onnx's
ReferenceEvaluator and in onnxruntime (and, for context, the CastLike node as each runs it). Cast-25's page: "`down`: round to nearest value towards
zero", so 3.0 gives 2.0 (0x80); "up" gives 4.0 (0x81). Exits 1 while a function body drops
round_mode (the expansion gives 0x81 where Cast gives 0x80), 0 once it passes round_mode on."""
import ctypes
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper
from onnx.reference import ReferenceEvaluator

try:
    import onnxruntime
except ImportError:  # the function body and the reference evaluator show the defect alone
    onnxruntime = None

E8M0 = TensorProto.FLOAT8E8M0
X = np.array([3.0], dtype=np.float32)
ATTRIBUTES = {"round_mode": "down", "saturate": 1}


def expanded(opset):
    """CastLike(input, target_type) with ATTRIBUTES, as onnx's context-dependent function builds it:
    its body's nodes with their attribute references resolved from the CastLike node."""
    node = helper.make_node("CastLike", ["input", "target_type"], ["output"], **ATTRIBUTES)
    types = [helper.make_tensor_type_proto(TensorProto.FLOAT, [1]), helper.make_tensor_type_proto(E8M0, [0])]
    schema = onnx.defs.get_schema("CastLike", opset, "")
    body = onnx.FunctionProto()
    body.ParseFromString(schema.get_context_dependent_function(node.SerializeToString(),
                                                               [t.SerializeToString() for t in types]))
    given = {a.name: a for a in node.attribute}
    nodes = []
    for n in body.node:
        resolved = onnx.NodeProto()
        resolved.CopyFrom(n)
        del resolved.attribute[:]
        for a in n.attribute:
            if a.ref_attr_name:
                if a.ref_attr_name in given:
                    copy = onnx.AttributeProto()
                    copy.CopyFrom(given[a.ref_attr_name])
                    copy.name = a.name
                    resolved.attribute.append(copy)
            else:
                resolved.attribute.append(a)
        nodes.append(resolved)
    return body, nodes


def model(nodes, opset):
    graph = helper.make_graph(nodes, "repro", [helper.make_tensor_value_info("input", TensorProto.FLOAT, [1])],
                              [helper.make_tensor_value_info("output", E8M0, [1])])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = helper.find_min_ir_version_for([helper.make_opsetid("", opset)])
    return m


def bits(out):
    return int(np.asarray(out).reshape(-1).view(np.uint8)[0])


def reference(m):
    return bits(ReferenceEvaluator(m).run(None, {"input": X})[0])


def runtime(m):
    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
    session = onnxruntime.InferenceSession(m.SerializeToString(), options, providers=["CPUExecutionProvider"])
    feed = onnxruntime.OrtValue.ortvalue_from_numpy(X)
    out = session.run_with_ort_values(["output"], {"input": feed})[0]  # numpy has no FLOAT8E8M0: raw bytes
    return ctypes.string_at(out.data_ptr(), 1)[0]


def evaluate(m):
    """{evaluator: output bits, or the text of its refusal} for the one-element model."""
    evaluators = [("onnx ReferenceEvaluator", reference)]
    if onnxruntime is not None:
        evaluators.append(("onnxruntime %s" % onnxruntime.__version__, runtime))
    got = {}
    for name, run in evaluators:
        try:
            got[name] = run(m)
        except Exception as e:
            got[name] = "refused: %s" % str(e).splitlines()[0][:60]
    return got


def main():
    print("onnx %s%s" % (onnx.__version__, ", onnxruntime %s" % onnxruntime.__version__ if onnxruntime else ""))
    dropped = False
    for opset in (24, 25):
        body, nodes = expanded(opset)
        print("\nCastLike-%d function body: %s" % (opset, "; ".join(
            "%s(%s)" % (n.op_type, ", ".join(a.name + ("=@" + a.ref_attr_name if a.ref_attr_name else "")
                                            for a in n.attribute)) for n in body.node)))
        cast = helper.make_node("Cast", ["input"], ["output"], to=E8M0, **ATTRIBUTES)
        castlike = helper.make_node("CastLike", ["input", "target_type"], ["output"], **ATTRIBUTES)
        target = helper.make_tensor("target_type", E8M0, [0], b"", raw=True)
        node_model = model([castlike], opset)
        node_model.graph.initializer.append(target)
        for what, m in (("Cast(round_mode=down)", model([cast], opset)),
                        ("CastLike(round_mode=down) expanded", model(nodes, opset)),
                        ("CastLike(round_mode=down) as a node", node_model)):
            for evaluator, b in evaluate(m).items():
                if isinstance(b, str):
                    print("  %-36s %-28s %s" % (what, evaluator, b))
                    continue
                print("  %-36s %-28s 3.0 -> 0x%02x%s" % (what, evaluator, b, "" if b == 0x80 else
                                                        "  (round_mode ignored: up gives 0x81)"))
                dropped = dropped or (what.endswith("expanded") and b != 0x80)
    print("\n" + ("REPRODUCED: the expansion drops round_mode" if dropped else "fixed: round_mode is passed on"))
    return 1 if dropped else 0


if __name__ == "__main__":
    sys.exit(main())
