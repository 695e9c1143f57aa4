"""The castlike wheel of this source tree for the peer venvs (standard library only): built once per
source state with `pip wheel . --no-deps` into build/python/wheels/<digest>/, the digest a hash of
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

ROOT = Path(__file__).resolve().parents[2]
WHEELS = ROOT / "build" / "python" / "wheels"
# What `pip wheel .` reads (pyproject.toml's CMake build with CASTLIKE_BUILD_PYTHON, the package and
# the vectors it installs beside it).
SOURCES = ("pyproject.toml", "CMakeLists.txt", "cmake", "include", "core", "reference", "optimized", "harness",
           "python/CMakeLists.txt", "python/bindings", "python/castlike", "vectors/generated",
           "vectors/spec-examples", "docs/python.md")


def source_digest():
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


def wheel(python, digest, say=print):
    """The wheel for `digest`, built with the venv interpreter `python` when missing."""
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
        say("building the castlike wheel of these sources (%s; minutes the first time)" % digest)
        partial = WHEELS / (digest + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        env = dict(os.environ)
        env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(min(os.cpu_count() or 2, 2)))
        if shutil.which("ccache"):  # the wheel's build dir is its own: ccache shares objects with build/default
            env.setdefault("CMAKE_CXX_COMPILER_LAUNCHER", "ccache")
            env.setdefault("CMAKE_C_COMPILER_LAUNCHER", "ccache")
        cmd = [str(python), "-m", "pip", "--disable-pip-version-check", "-q", "wheel", str(ROOT), "--no-deps",
               "-w", str(partial)]
        if subprocess.run(cmd, env=env).returncode != 0:
            shutil.rmtree(partial, ignore_errors=True)
            sys.exit("venv: error: `pip wheel %s` failed (it needs PyPI for scikit-build-core and nanobind, "
                     "CMake >= 3.25 and the packages of scripts/bootstrap)" % ROOT)
        os.replace(partial, target)
        for old in WHEELS.iterdir():  # older source states: one wheel is all the venvs need
            if old.is_dir() and old.name != digest and not old.name.endswith(".partial"):
                shutil.rmtree(old, ignore_errors=True)
        return sorted(target.glob("castlike-*.whl"))[0]
