"""The castlike wheel of this source tree for the peer venvs (standard library only): built once per
source state by scripts/release/build-wheel into build/python/wheels/<digest>/, the digest a hash of
every file the wheel is built from, so that all venvs install the same wheel and a change of the
sources (or of the interpreter) builds a new one. A lock keeps two scripts starting at once from
building it twice."""

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
# CASTLIKE_PYTHON_BUILD_DIR (scripts/release/build-wheel reads it too) moves the wheels out of the source
# tree: `castlike export --format onnx-node-tests` sets it to the user's cache directory.
WHEELS = Path(os.environ.get("CASTLIKE_PYTHON_BUILD_DIR", ROOT / "build" / "python")) / "wheels"
# What `pip wheel .` reads (pyproject.toml's CMake build with CASTLIKE_BUILD_PYTHON, the package and
# the vectors it installs beside it).
SOURCES = ("pyproject.toml", "CMakeLists.txt", "cmake", "include", "core", "reference", "optimized", "harness",
           "python/CMakeLists.txt", "python/bindings", "python/castlike", "vectors/generated",
           "vectors/spec-examples", "docs/python.md")


def source_digest() -> str:
    """SHA-256 (first 16 hex digits) of the sources' paths and bytes and of the interpreter's version."""
    h = hashlib.sha256(sys.version.encode())
    for top in SOURCES:
        path = ROOT / top
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else []
        for f in files:
            if "__pycache__" in f.parts or f.suffix == ".pyc":
                continue
            h.update(str(f.relative_to(ROOT)).encode() + b"\0")
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


def wheel(python: Path, digest: str, say: Callable[[str], None] = print) -> Path:
    """The wheel for `digest`: scripts/release/build-wheel's (over build/default's libraries when that tree
    has been configured, as the peer scripts use its castlike tool too), copied to
    build/python/wheels/<digest>/ so that every venv installs the same file. `python` is unused: the
    wheel is built with build-wheel's pinned tools for the base interpreter, the venvs' version."""
    target = WHEELS / digest
    found = sorted(target.glob("castlike-*.whl")) if target.is_dir() else []
    if found:
        return found[0]
    WHEELS.mkdir(parents=True, exist_ok=True)
    with open(WHEELS / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        found = sorted(target.glob("castlike-*.whl")) if target.is_dir() else []
        if found:  # another script built it while this one waited
            return found[0]
        say("building the castlike wheel of these sources (%s)" % digest)
        cmd = [str(ROOT / "scripts" / "release" / "build-wheel"), "--quiet"]
        if (ROOT / "build" / "default" / "castlike-libraries.cmake").exists():
            cmd += ["--libraries", str(ROOT / "build" / "default")]
        result = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit("venv: error: scripts/release/build-wheel failed (it needs PyPI for scikit-build-core and "
                     "nanobind, CMake >= 3.25 and the packages of scripts/bootstrap)")
        built = Path(result.stdout.strip().splitlines()[-1])
        partial = WHEELS / (digest + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir()
        shutil.copy2(built, partial / built.name)
        os.replace(partial, target)
        for old in WHEELS.iterdir():  # older source states: one wheel is all the venvs need
            if old.is_dir() and old.name != digest and not old.name.endswith(".partial"):
                shutil.rmtree(old, ignore_errors=True)
        return target / built.name
