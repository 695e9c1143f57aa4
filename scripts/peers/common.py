"""Shared code of the peer adapters: reading castlike vector files, turning them into numpy arrays and
ONNX models, and writing castlike results files (vectors/schema/README.md, "Results files").

Only the standard library is imported at module level; numpy, ml_dtypes and onnx are imported by the
functions that need them, so the venv helper can run first.
"""

import argparse
import hashlib
import json
import sys
import traceback
from pathlib import Path

# name: (ONNX TensorProto.DataType number, element width in bits; 0 for STRING)
TYPES = {
    "FLOAT": (1, 32), "UINT8": (2, 8), "INT8": (3, 8), "UINT16": (4, 16), "INT16": (5, 16), "INT32": (6, 32),
    "INT64": (7, 64), "STRING": (8, 0), "BOOL": (9, 8), "FLOAT16": (10, 16), "DOUBLE": (11, 64), "UINT32": (12, 32),
    "UINT64": (13, 64), "BFLOAT16": (16, 16), "FLOAT8E4M3FN": (17, 8), "FLOAT8E4M3FNUZ": (18, 8),
    "FLOAT8E5M2": (19, 8), "FLOAT8E5M2FNUZ": (20, 8), "UINT4": (21, 4), "INT4": (22, 4), "FLOAT4E2M1": (23, 4),
    "FLOAT8E8M0": (24, 8), "UINT2": (25, 2), "INT2": (26, 2),
}


class VectorError(Exception):
    pass


def width(type_name):
    return TYPES[type_name][1]


def onnx_type(type_name):
    return TYPES[type_name][0]


def hex_bits(value, type_name):
    w = width(type_name)
    digits = 2 if w <= 8 else w // 4
    return "0x%0*x" % (digits, value)


def load_vectors(paths):
    """Every *.json directly in each directory (or the file itself), sorted by case name. Each case
    gets '_path' and '_sha256' (of the file's bytes: results files name their vector file by it)."""
    files = []
    for p in paths:
        p = Path(p)
        if p.is_file():
            files.append(p)
        elif p.is_dir():
            here = sorted(x for x in p.iterdir() if x.suffix == ".json" and x.is_file())
            if not here:
                raise VectorError("%s: no vector files (*.json) in this directory" % p)
            files.extend(here)
        else:
            raise VectorError("%s: no such vector file or directory" % p)
    cases = []
    for f in files:
        data = f.read_bytes()
        try:
            case = json.loads(data)
        except json.JSONDecodeError as e:
            raise VectorError("%s:%d: malformed JSON: %s" % (f, e.lineno, e.msg))
        if not isinstance(case, dict) or case.get("format") != "castlike-vectors":
            raise VectorError("%s:1: not a castlike-vectors file" % f)
        for key in ("from", "to"):
            if case.get(key) not in TYPES:
                raise VectorError("%s: unknown element type %r in field '%s'" % (f, case.get(key), key))
        case["_path"] = str(f)
        case["_sha256"] = hashlib.sha256(data).hexdigest()
        cases.append(case)
    cases.sort(key=lambda c: c["name"])
    return cases


def element_count(case):
    n = 1
    for d in case["shape"]:
        n *= d
    return n


def input_bits(case):
    return [int(b, 16) for b in case["input"]["bits"]]


def raw_data(type_name, bits):
    """ONNX raw_data bytes of a list of bit patterns (packed for the 4-/2-bit types)."""
    w = width(type_name)
    if w >= 8:
        out = bytearray()
        for b in bits:
            out += int(b).to_bytes(w // 8, "little")
        return bytes(out)
    per_byte = 8 // w
    out = bytearray((len(bits) + per_byte - 1) // per_byte)
    for i, b in enumerate(bits):
        out[i // per_byte] |= (b & ((1 << w) - 1)) << (w * (i % per_byte))
    return bytes(out)


def unpack_raw(type_name, data, count):
    """Bit patterns of `count` elements stored in raw_data layout."""
    w = width(type_name)
    if w >= 8:
        size = w // 8
        if len(data) < size * count:
            raise ValueError("output has %d bytes, %d %s elements need %d" % (len(data), count, type_name, size * count))
        return [int.from_bytes(data[i * size:(i + 1) * size], "little") for i in range(count)]
    per_byte = 8 // w
    need = (count + per_byte - 1) // per_byte
    if len(data) < need:
        raise ValueError("output has %d bytes, %d %s elements need %d" % (len(data), count, type_name, need))
    return [(data[i // per_byte] >> (w * (i % per_byte))) & ((1 << w) - 1) for i in range(count)]


# --- numpy / ml_dtypes -------------------------------------------------------------------------


def numpy_dtype(type_name):
    import numpy as np
    import ml_dtypes as m
    table = {
        "FLOAT": np.float32, "UINT8": np.uint8, "INT8": np.int8, "UINT16": np.uint16, "INT16": np.int16,
        "INT32": np.int32, "INT64": np.int64, "STRING": object, "BOOL": np.bool_, "FLOAT16": np.float16,
        "DOUBLE": np.float64, "UINT32": np.uint32, "UINT64": np.uint64, "BFLOAT16": m.bfloat16,
        "FLOAT8E4M3FN": m.float8_e4m3fn, "FLOAT8E4M3FNUZ": m.float8_e4m3fnuz, "FLOAT8E5M2": m.float8_e5m2,
        "FLOAT8E5M2FNUZ": m.float8_e5m2fnuz, "UINT4": m.uint4, "INT4": m.int4, "FLOAT4E2M1": m.float4_e2m1fn,
        "FLOAT8E8M0": m.float8_e8m0fnu, "UINT2": m.uint2, "INT2": m.int2,
    }
    return np.dtype(table[type_name])


def _uint_dtype(w):
    import numpy as np
    return {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[max(w, 8)]


def to_numpy(type_name, case_tensor, shape):
    """The tensor's elements as a numpy array of the type (ml_dtypes for the ML types), exact bits."""
    import numpy as np
    if type_name == "STRING":
        return np.array(case_tensor["text"], dtype=object).reshape(shape)
    bits = np.array([int(b, 16) for b in case_tensor["bits"]], dtype=_uint_dtype(width(type_name)))
    # ml_dtypes' sub-byte types keep their value in the low bits of one byte, as castlike's bits do.
    return bits.view(numpy_dtype(type_name)).reshape(shape)


def from_numpy(type_name, array):
    """Results-file values (hex bits, or text for STRING) of a numpy array of the type."""
    import numpy as np
    flat = np.asarray(array).reshape(-1)
    if type_name == "STRING":
        return [x.decode("utf-8") if isinstance(x, bytes) else str(x) for x in flat]
    if flat.dtype != numpy_dtype(type_name):
        raise ValueError("output dtype %s is not %s's %s" % (flat.dtype, type_name, numpy_dtype(type_name)))
    w = width(type_name)
    mask = (1 << w) - 1
    return [hex_bits(int(v) & mask, type_name) for v in flat.view(_uint_dtype(w))]


# --- ONNX models -------------------------------------------------------------------------------


def tensor_proto(name, type_name, case_tensor, shape):
    """A TensorProto with the exact elements: raw_data (packed for 4-/2-bit types), string_data for STRING."""
    from onnx import helper
    if type_name == "STRING":
        return helper.make_tensor(name, onnx_type(type_name), shape, [t.encode("utf-8") for t in case_tensor["text"]])
    bits = [int(b, 16) for b in case_tensor["bits"]]
    return helper.make_tensor(name, onnx_type(type_name), shape, raw_data(type_name, bits), raw=True)


def empty_tensor_proto(name, type_name):
    from onnx import helper
    if type_name == "STRING":
        return helper.make_tensor(name, onnx_type(type_name), [0], [])
    return helper.make_tensor(name, onnx_type(type_name), [0], b"", raw=True)


def castlike_model(case, inline_inputs, shape=None, input_tensor=None, inline_target=None):
    """A model with one CastLike node at the case's opset and attributes. With inline_inputs the input
    and target_type are initializers (exact bytes, no feeding); otherwise graph inputs named
    'input' and 'target_type', as ONNX's own CastLike node tests have them ('like' there).
    inline_target (default: inline_inputs) makes the empty target_type an initializer alone."""
    from onnx import helper
    shape = list(case["shape"]) if shape is None else shape
    attrs = {}
    if "saturate" in case["attributes"]:
        attrs["saturate"] = int(case["attributes"]["saturate"])
    if "round_mode" in case["attributes"]:
        attrs["round_mode"] = case["attributes"]["round_mode"]
    node = helper.make_node("CastLike", ["input", "target_type"], ["output"], **attrs)
    frm, to = case["from"], case["to"]
    inline_target = inline_inputs if inline_target is None else inline_target
    output = helper.make_tensor_value_info("output", onnx_type(to), shape)
    inputs, inits = [], []
    if inline_inputs:
        inits.append(input_tensor if input_tensor is not None else tensor_proto("input", frm, case["input"], shape))
    else:
        inputs.append(helper.make_tensor_value_info("input", onnx_type(frm), shape))
    if inline_target:
        inits.append(empty_tensor_proto("target_type", to))
    else:
        inputs.append(helper.make_tensor_value_info("target_type", onnx_type(to), [0]))
    graph = helper.make_graph([node], case["name"], inputs, [output], initializer=inits)
    opset = helper.make_opsetid("", int(case["opset"]))
    model = helper.make_model(graph, opset_imports=[opset], producer_name="castlike")
    model.ir_version = helper.find_min_ir_version_for([opset])
    return model


def single_element_case(case, i):
    """The case restricted to element i (shape [1]), for per-element fallbacks."""
    one = dict(case)
    one["shape"] = [1]
    key = "text" if case["from"] == "STRING" else "bits"
    one["input"] = {key: [case["input"][key][i]]}
    return one


# --- results files -----------------------------------------------------------------------------


class ResultsWriter:
    """Writes a castlike-results file (JSON Lines): header, one line per case, end line."""

    def __init__(self, path, implementation, vector_roots):
        self._f = open(path, "w", encoding="utf-8")
        self._cases = 0
        self._write({"format": "castlike-results", "format_version": 1, "implementation": implementation,
                     "vectors": [str(v) for v in vector_roots]})

    def _write(self, obj):
        self._f.write(json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n")

    def ok(self, case, values, errors=None):
        line = {"case": case["name"], "sha256": case["_sha256"], "from": case["from"], "to": case["to"],
                "status": "ok", ("text" if case["to"] == "STRING" else "bits"): values}
        if errors:
            line["errors"] = [{"index": i, "message": m} for i, m in sorted(errors.items())]
        self._write(line)
        self._cases += 1

    def rejected(self, case, stage, message):
        self._write({"case": case["name"], "sha256": case["_sha256"], "from": case["from"], "to": case["to"],
                     "status": "rejected", "stage": stage, "message": message or "rejected (no message)"})
        self._cases += 1

    def close(self):
        self._write({"end": True, "cases": self._cases})
        self._f.close()


def one_line(exc):
    text = "%s: %s" % (type(exc).__name__, exc)
    text = " ".join(text.split())
    return text[:400]


def adapter_main(description, implementation_info, run_case, argv=None):
    """Common command line of the adapters: --vectors PATH... --out FILE [--only NAME,...].
    run_case(case) returns ("ok", values, errors) or ("rejected", stage, message)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--vectors", action="append", required=True, help="vector directory or file (repeatable)")
    parser.add_argument("--out", required=True, help="results file to write (JSON Lines)")
    parser.add_argument("--only", help="comma-separated case names (for a quick look; the validator "
                                        "then needs --vectors with just those files)")
    args = parser.parse_args(argv)
    try:
        cases = load_vectors(args.vectors)
    except VectorError as e:
        sys.exit("error: %s" % e)
    if args.only:
        wanted = set(args.only.split(","))
        cases = [c for c in cases if c["name"] in wanted]
    info = implementation_info()
    writer = ResultsWriter(args.out, info, args.vectors)
    counts = {"ok": 0, "rejected": 0, "element errors": 0}
    for case in cases:
        try:
            result = run_case(case)
        except Exception as e:  # an adapter bug must not look like a peer's answer
            traceback.print_exc()
            sys.exit("error: the adapter failed on %s: %s" % (case["name"], one_line(e)))
        if result[0] == "ok":
            _, values, errors = result
            writer.ok(case, values, errors)
            counts["ok"] += 1
            counts["element errors"] += len(errors or {})
        else:
            _, stage, message = result
            writer.rejected(case, stage, message)
            counts["rejected"] += 1
    writer.close()
    print("%s %s: %d cases ran, %d rejected, %d element errors -> %s" % (
        info["name"], info.get("version", ""), counts["ok"], counts["rejected"], counts["element errors"], args.out))
