"""onnx's side of its generated node tests: the expected outputs of its cases as a castlike
results file, as if onnx's data were an implementation's answers to castlike's vector files of
the same cases (vectors/schema/README.md, "Results files"; standard library only).
"""
import hashlib
import json
import os
from pathlib import Path
from typing import Any, Sequence


def write(path: Path, onnx_version: str, answered: Sequence[tuple[Any, Path, Sequence[str]]]) -> None:
    """`answered`: (case, vector file path, onnx's output elements) for every vector file of the set."""
    tmp = str(path) + ".tmp"
    with open(tmp, "w") as f:
        header = {"format": "castlike-results", "format_version": 1,
                  "implementation": {"name": "onnx-generated-tests", "version": onnx_version,
                                     "description": "the expected outputs of onnx %s's generated Cast and CastLike "
                                                    "node tests (onnx.backend.test.case.node)" % onnx_version}}
        f.write(json.dumps(header) + "\n")
        for case, vector_path, outputs in answered:
            with open(vector_path, "rb") as v:
                digest = hashlib.sha256(v.read()).hexdigest()
            line = {"case": case.name, "sha256": digest, "from": case.from_type, "to": case.to_type, "status": "ok",
                    "text" if case.to_type == "STRING" else "bits": list(outputs)}
            f.write(json.dumps(line) + "\n")
        f.write(json.dumps({"end": True, "cases": len(answered)}) + "\n")
    os.replace(tmp, path)
