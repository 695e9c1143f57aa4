"""The one venv helper of the peer scripts (standard library only).

Each peer script calls ``run_in_venv(NAME)`` first, NAME a requirements file's (a peer's row in the
registry names its own: ``registry.get(PEER).requirements``): it creates ``.venv/peers-NAME`` at the repository
root (or under $CASTLIKE_VENV_DIR) with ``python3 -m venv``, installs the pinned versions of
``scripts/peers/requirements/NAME.txt`` from PyPI with pip (binary wheels only), installs the
castlike package of this source tree (castlike_wheel.py: one wheel per source state, ``--no-deps``:
the pins provide numpy, ml_dtypes and onnx) and re-executes the script with that venv's interpreter.
Stamp files (hash of the requirements and of the base interpreter's version; hash of the wheel's
sources) make later runs start at once and reinstall when the pins or the sources change. With
CASTLIKE_VENV_INSTALL=0 (`castlike export --format onnx-node-tests` without --install-environment)
a venv that would have to be installed or refreshed is an error (exit 2) instead.
"""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from . import castlike_wheel

ROOT = Path(__file__).resolve().parents[2]
REQUIREMENTS = Path(__file__).resolve().parent / "requirements"
_MARK = "CASTLIKE_PEER_VENV"
# The venvs whose scripts need no castlike package (the JSON Schema checker).
WITHOUT_CASTLIKE = {"schema"}


def pins(name: str) -> list[str]:
    """The pinned versions of requirements file NAME, sorted: its requirement lines."""
    lines = (REQUIREMENTS / (name + ".txt")).read_text().splitlines()
    return sorted(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def venv_dir(name: str) -> Path:
    base = Path(os.environ.get("CASTLIKE_VENV_DIR", ROOT / ".venv"))
    return base / ("peers-" + name)


def _say(message: str) -> None:
    print("venv: " + message, file=sys.stderr, flush=True)


def _create(env: Path, requirements: Path, stamp: Path, digest: str) -> None:
    _say("creating %s (pinned: %s)" % (env, requirements.name))
    cmd = [sys.executable, "-m", "venv", "--clear", str(env)]
    if subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode != 0:
        # Debian's python3 needs python3-venv (ensurepip) for this.
        bootstrap = ROOT / "scripts" / "bootstrap"
        if bootstrap.exists():
            _say("python3 -m venv failed; installing python3-venv with scripts/bootstrap --python")
            subprocess.run([str(bootstrap), "--python"], check=False)
        result = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit("venv: error: cannot create %s: %s; hint: apt-get install python3-venv"
                     % (env, result.stderr.strip().splitlines()[-1:] or "python3 -m venv failed"))
    python = env / "bin" / "python"
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "-q", "install", "--only-binary=:all:"]
    if subprocess.run(pip + ["-r", str(requirements)]).returncode != 0:
        sys.exit("venv: error: pip could not install %s into %s; hint: check the network access to PyPI"
                 % (requirements, env))
    stamp.write_text(digest + "\n")


def _refuse_install(env: Path) -> None:
    """Exit 2 when installing is not allowed (CASTLIKE_VENV_INSTALL=0, which `castlike export
    --format onnx-node-tests` sets unless given --install-environment)."""
    if os.environ.get("CASTLIKE_VENV_INSTALL") == "0":
        print("venv: error: the Python environment %s is missing or out of date; hint: castlike export "
              "--format onnx-node-tests --install-environment installs it (pip, from PyPI)" % env,
              file=sys.stderr, flush=True)
        sys.exit(2)


def ensure(name: str, with_castlike: bool = True) -> Path:
    """The interpreter of the peer venv NAME, created or refreshed as needed; with the castlike
    package of these sources unless `with_castlike` is false (a script that only runs the CLI)."""
    requirements = REQUIREMENTS / (name + ".txt")
    if not requirements.exists():
        sys.exit("venv: error: no pinned requirements %s" % requirements)
    env = venv_dir(name)
    stamp = env / ".castlike-requirements"
    digest = hashlib.sha256(requirements.read_bytes() + sys.version.encode()).hexdigest()
    python = env / "bin" / "python"
    if not (python.exists() and stamp.exists() and stamp.read_text().strip() == digest):
        _refuse_install(env)
        _create(env, requirements, stamp, digest)
    if with_castlike and name not in WITHOUT_CASTLIKE:
        _install_castlike(python, env / ".castlike-wheel")
    return python


def _install_castlike(python: Path, stamp: Path) -> None:
    """The castlike wheel of the current sources in the venv of `python` (built once per source
    state for every venv; reinstalled when the sources changed)."""
    digest = castlike_wheel.source_digest()
    if stamp.exists() and stamp.read_text().strip() == digest:
        return
    _refuse_install(python.parent.parent)
    wheel = castlike_wheel.wheel(python, digest, _say)
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "-q", "install", "--no-deps",
           "--force-reinstall", str(wheel)]
    if subprocess.run(pip).returncode != 0:
        sys.exit("venv: error: pip could not install %s into %s" % (wheel, python.parent.parent))
    stamp.write_text(digest + "\n")


def run_in_venv(name: str, with_castlike: bool = True) -> None:
    """Re-executes the running script inside the peer venv NAME (no-op when already there)."""
    env = venv_dir(name)
    if os.environ.get(_MARK) == str(env) and Path(sys.prefix).resolve() == env.resolve():
        return
    python = ensure(name, with_castlike)
    environ = dict(os.environ)
    environ[_MARK] = str(env)
    sys.stdout.flush()
    os.execve(str(python), [str(python), os.path.abspath(sys.argv[0])] + sys.argv[1:], environ)
