"""The shared modules of the peer scripts (standard library only). A script in a folder of scripts/
puts scripts/ first on its module path (one line before its first `from peers import peer_venv`):
Python puts only the script's own folder there.

`registry` is the castlike package's peer registry (python/castlike/peers/registry.py), loaded from
this source tree by its path: the scripts read it before any venv exists, with the system
interpreter, where the package (its extension module) is not installed."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _registry() -> ModuleType:
    name = "castlike_peer_registry"
    spec = importlib.util.spec_from_file_location(name, ROOT / "python" / "castlike" / "peers" / "registry.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


registry = _registry()
