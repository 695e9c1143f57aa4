"""Finds (or builds) the castlike command-line tool for the peer scripts (standard library only)."""
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Sequence, Union

ROOT = Path(__file__).resolve().parents[2]


def castlike(explicit: Union[str, Path, None] = None) -> str:
    """$CASTLIKE, the given path, or build/default/cli/castlike (configured and built when missing)."""
    for candidate in (explicit, os.environ.get("CASTLIKE")):
        if candidate:
            if not os.access(candidate, os.X_OK):
                sys.exit("error: castlike binary %s is not executable" % candidate)
            return str(candidate)
    binary = ROOT / "build" / "default" / "cli" / "castlike"
    if not binary.exists():
        print("castlike not built yet: scripts/bootstrap, cmake --preset default, build castlike", file=sys.stderr)
        bootstrap = ROOT / "scripts" / "bootstrap"
        if bootstrap.exists():
            subprocess.run([str(bootstrap)], check=True, cwd=ROOT)
        subprocess.run(["cmake", "--preset", "default", "--log-level=WARNING"], check=True, cwd=ROOT)
        subprocess.run(["cmake", "--build", "--preset", "default", "--target", "castlike", "-j",
                        str(os.cpu_count() or 2)], check=True, cwd=ROOT)
    return str(binary)


def run(cmd: Sequence[object], **kw: Any) -> "subprocess.CompletedProcess[Any]":
    """Runs a command, echoing it; returns the completed process."""
    print("+ " + " ".join(str(c) for c in cmd), file=sys.stderr, flush=True)
    return subprocess.run([str(c) for c in cmd], **kw)
