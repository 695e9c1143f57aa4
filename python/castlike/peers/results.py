"""Results files (vectors/schema/README.md, "Results files") of any implementation with castlike.cast's
signature, for `castlike validate --results`: the vector files are read as they are on disk (each
case names its file by the SHA-256 of its bytes), every case is one call of the implementation, and
its answer, its element errors or its rejection is one JSON line."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from .. import _validate
from .._retry import one_line, stage_of
from .._types import TYPES, bits_dtype, element_type, from_raw, raw_bytes
from .._validate import Array, Implementation, PathLike

VectorFile = Dict[str, Any]  # a parsed vector file, with '_path' and '_sha256'


class VectorError(Exception):
    pass


def load_vector_files(paths: Iterable[PathLike]) -> List[VectorFile]:
    """Every *.json directly in each directory (or the file itself), sorted by case name: the parsed
    vector files, each with '_path' and '_sha256' (of the file's bytes)."""
    files = []
    for p in map(Path, paths):
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
        case["_path"], case["_sha256"] = str(f), hashlib.sha256(data).hexdigest()
        cases.append(case)
    cases.sort(key=lambda c: c["name"])
    return cases


def tensor_array(type_name: str, tensor: Dict[str, Any], shape: Sequence[int]) -> Array:
    """A vector file's tensor ({"bits": [hex...]} or {"text": [...]}) as the array an implementation
    is called with: the type's numpy / ml_dtypes dtype (its raw bits without ml_dtypes), or an object
    array of str for STRING."""
    t = element_type(type_name)
    if t.name == "STRING":
        a = np.empty(len(tensor["text"]), dtype=object)
        a[:] = tensor["text"]
        return a.reshape(shape)
    bits = np.array([int(b, 16) for b in tensor["bits"]], dtype=bits_dtype(t))
    return from_raw(raw_bytes(bits, t, layout="unpacked"), t, tuple(shape))


def hex_bits(value: int, type_name: str) -> str:
    bits = element_type(type_name).bits
    return "0x%0*x" % (2 if bits <= 8 else bits // 4, value)


def case_call(case: VectorFile) -> Tuple[Array, Dict[str, Any]]:
    """(input array, keyword arguments) of a vector file's call."""
    attrs = case.get("attributes", {})
    x = tensor_array(case["from"], case["input"], case["shape"])
    kwargs: Dict[str, Any] = dict(saturate=attrs.get("saturate"), round_mode=attrs.get("round_mode"),
                                  opset=int(case["opset"]))
    if case.get("operator", "CastLike") != "CastLike":
        kwargs["operator"] = case["operator"]
    return x, kwargs


def answer_values(out: Any, case: VectorFile) -> Tuple[List[Optional[Union[str, Any]]], Dict[int, str]]:
    """The results line's values (hex bits, or texts) and element errors of an implementation's answer;
    ValueError for an answer that is not one (a bug of the wrapper, not a rejection)."""
    dst = element_type(case["to"])
    shape = tuple(case["shape"])
    count = int(np.prod(shape, dtype=np.int64))
    answer = _validate._decode(out, {"to": dst.name, "shape": shape, "count": count})
    if answer[0] != "ok":
        raise ValueError("%s: %s" % (answer[1], answer[2]))
    _, data, errors = answer
    values: List[Optional[Union[str, Any]]]
    if dst.name == "STRING":
        values = list(data)
    else:
        bits = from_raw(np.frombuffer(data, dtype=np.uint8), dst, (count,), as_raw=True).astype(np.uint64)
        mask = (1 << dst.bits) - 1
        values = [hex_bits(int(b) & mask, dst.name) for b in bits]
    for i in (errors or {}):
        values[i] = None
    return values, errors or {}


class ResultsWriter:
    """Writes a castlike-results file (JSON Lines): header, one line per case, end line."""

    def __init__(self, path: PathLike, implementation: Dict[str, Any], vector_roots: Iterable[PathLike]) -> None:
        self._f = open(path, "w", encoding="utf-8")
        self._cases = 0
        self._write({"format": "castlike-results", "format_version": 1, "implementation": implementation,
                     "vectors": [str(v) for v in vector_roots]})

    def _write(self, obj: Dict[str, Any]) -> None:
        self._f.write(json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n")

    def ok(self, case: VectorFile, values: List[Any], errors: Optional[Dict[int, str]] = None) -> None:
        line: Dict[str, Any] = {"case": case["name"], "sha256": case["_sha256"], "from": case["from"], "to": case["to"],
                "status": "ok", ("text" if case["to"] == "STRING" else "bits"): values}
        if errors:
            line["errors"] = [{"index": i, "message": m} for i, m in sorted(errors.items())]
        self._write(line)
        self._cases += 1

    def rejected(self, case: VectorFile, stage: str, message: str) -> None:
        self._write({"case": case["name"], "sha256": case["_sha256"], "from": case["from"], "to": case["to"],
                     "status": "rejected", "stage": stage, "message": message or "rejected (no message)"})
        self._cases += 1

    def close(self) -> None:
        self._write({"end": True, "cases": self._cases})
        self._f.close()

    def abandon(self) -> None:
        self._f.close()


def write_results(impl: Implementation, vectors: Union[PathLike, Iterable[PathLike]], path: PathLike,
                  implementation: Optional[Dict[str, Any]] = None,
                  only: Optional[Iterable[str]] = None) -> Dict[str, int]:
    """Runs every case of the vector files or directories `vectors` through `impl` and writes the
    results file `path`. implementation: the header's {name, version, description} (default:
    castlike.peers.info(impl)); only: case names to keep. Returns the counts {"ok", "rejected",
    "element errors"}. An exception of impl is a rejected call (stage "load" when it carries
    castlike_stage = "load", else "run"); an answer of the wrong form raises ValueError naming the case."""
    from . import info
    roots = [vectors] if isinstance(vectors, (str, os.PathLike)) else list(vectors)
    cases = load_vector_files(roots)
    if only is not None:
        kept = set(only)
        cases = [c for c in cases if c["name"] in kept]
    writer = ResultsWriter(path, implementation or info(impl), roots)
    counts = {"ok": 0, "rejected": 0, "element errors": 0}
    try:
        for case in cases:
            x, kwargs = case_call(case)
            try:
                out = impl(x, case["to"], **kwargs)
            except Exception as e:  # the implementation declined the call
                writer.rejected(case, stage_of(e), one_line(e))
                counts["rejected"] += 1
                continue
            try:
                values, errors = answer_values(out, case)
            except ValueError as e:
                raise ValueError("%s: the implementation's answer is not one: %s" % (case["name"], e)) from None
            writer.ok(case, values, errors)
            counts["ok"] += 1
            counts["element errors"] += len(errors)
    except BaseException:
        writer.abandon()  # no end line: the file reads as truncated, not as complete
        raise
    writer.close()
    return counts
