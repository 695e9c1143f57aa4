"""Runs the reproductions of a peer's findings as its maintainer would: each script in the peer's
pinned venv (without the castlike package), with `import castlike` failing besides, so that a script
needing castlike fails. Standard library only."""

import json
import subprocess
from pathlib import Path

from . import peer_venv, registry

WITHOUT_CASTLIKE = ("import runpy, sys; sys.modules['castlike'] = None; script = sys.argv[1]; sys.argv = [script]; "
                    "runpy.run_path(script, run_name='__main__')")


# The verdict a generated script prints first on each of its inputs' lines (castlike.peers.reproduction).
STATES = ("REPRODUCED ", "as expected ", "CHANGED ")


def run(python: Path, script: Path, label: str) -> bool:
    """Runs one reproduction with `python`; True when it reproduces: exit 1, a REPRODUCED line (an
    uncaught exception, a missing module, exits 1 too) and no input of its table that does not
    (each row of a report's minimal inputs is a claim its script shows)."""
    r = subprocess.run([str(python), "-c", WITHOUT_CASTLIKE, str(script)], capture_output=True, text=True,
                       timeout=600)
    missed = [line for line in r.stdout.splitlines() if line.startswith(STATES[1:])]
    ok = r.returncode == 1 and "REPRODUCED" in r.stdout and not missed
    print("%s %s: %s (exit %d)%s" % ("ok     " if ok else "FAILED ", label, script.name, r.returncode,
                                     "" if ok else "\n" + ("\n".join(missed) if missed and r.returncode == 1
                                                           else (r.stdout + r.stderr).strip())))
    return ok


def check(peer: str, directory: Path) -> int:
    """Runs each reproduction of the findings index directory/findings.json; the number of classes
    whose reproduction is missing or does not reproduce its finding (exit 1, a REPRODUCED line)."""
    python = peer_venv.ensure(registry.get(peer).requirements, with_castlike=False)
    index = json.loads((directory / "findings.json").read_text())
    bad = 0
    verdicts: dict[Path, bool] = {}  # a script shared by classes (a peer's no-attribute note) runs once
    for c in index["classes"]:
        script = directory / c["reproduction"] if c["reproduction"] else None
        if script is None or not script.is_file():
            print("FAILED  %s: %s %s has no reproduction" % (peer, c["rule"], c["reading"]))
            bad += 1
            continue
        if script not in verdicts:
            verdicts[script] = run(python, script, peer)
        bad += not verdicts[script]
    return bad
