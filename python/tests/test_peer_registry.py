"""The peer registry (castlike.peers.registry) is the one place a peer is written: its rows point at
what exists (requirements, adapter code, baselines), its selections are what the ctests name, and
no script or ctest registration lists peers again."""

import ast
import json
from pathlib import Path

import pytest

from castlike.peers import ATTRIBUTELESS, PEERS, registry

SOURCE = Path(__file__).resolve().parents[2]
REQUIREMENTS = SOURCE / "scripts" / "peers" / "requirements"
BASELINES = SOURCE / "vectors" / "known-discrepancies"


def test_names_are_unique_and_the_package_lists_the_registry():
    assert len(set(registry.names())) == len(registry.PEERS)
    assert PEERS == registry.names()
    assert ATTRIBUTELESS == {p.name for p in registry.PEERS if not p.attributes}


@pytest.mark.parametrize("peer", registry.PEERS, ids=lambda p: p.name)
def test_a_row_points_at_what_exists(peer):
    assert peer.runs in registry.RUNS
    assert (REQUIREMENTS / (peer.requirements + ".txt")).is_file()
    module, _, name = peer.adapter.partition(":")
    tree = ast.parse((SOURCE / "python" / "castlike" / "peers" / (module + ".py")).read_text())
    defined = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    assert name in defined, "%s: castlike.peers.%s defines no %s" % (peer.name, module, name)
    assert (BASELINES / (peer.name + ".json")).is_file()
    assert (BASELINES / ("exhaustive-%s.json" % peer.name)).is_file() == peer.exhaustive
    # Every shape pass has the baseline its check compares with (check-known-discrepancies fails
    # without one), recorded on every case.
    shapes = BASELINES / ("shapes-%s.json" % peer.name)
    assert shapes.is_file() == peer.shapes
    if peer.shapes:
        assert "sample" not in json.loads(shapes.read_text())


def test_every_requirements_file_is_a_peers_or_a_tools():
    tools = {"castlike", "schema"}  # the package alone (orchestrating scripts); the schema checker
    peers = {p.requirements for p in registry.PEERS}
    assert {f.stem for f in REQUIREMENTS.glob("*.txt")} == peers | tools


def test_selections():
    every = registry.names()
    assert registry.select("ci,ci-vectors,ci-sampled,full,opt-in") == registry.PEERS
    assert all(p.runs != "opt-in" for p in registry.select(None))
    assert len(registry.select(None)) == len([p for p in registry.PEERS if p.runs != "opt-in"])
    assert [p.name for p in registry.select(",".join(reversed(every)))] == list(every)
    assert all(p.every_float32 and p.runs != "opt-in" for p in registry.select(registry.EVERY_FLOAT32))
    with pytest.raises(ValueError, match="unknown peer or group 'nope'"):
        registry.select("ci,nope")
    without = [p.name for p in registry.PEERS if not p.exhaustive]
    if without:
        with pytest.raises(ValueError, match="no exhaustive mode"):
            registry.select_exhaustive(without[0])


def test_no_script_or_ctest_lists_peers():
    """A peer that shares another's venv is named nowhere in scripts/ or the ctest registrations:
    they select peers through the registry."""
    shared = [p.name for p in registry.PEERS if p.name != p.requirements]
    assert shared
    files = [f for f in (SOURCE / "scripts").rglob("*") if f.is_file() and "requirements" not in f.parts
             and "__pycache__" not in f.parts]
    files += list((SOURCE / "conformance").rglob("CMakeLists.txt"))
    for f in files:
        text = f.read_text(errors="replace")
        for name in shared:
            assert name not in text, "%s names the peer %s" % (f.relative_to(SOURCE), name)
