"""A peer's output bits at chosen inputs through its adapter's vector-file mode, to hold against its
exhaustive stream (scripts/check/check-exhaustive-adapters) or against the recorded witnesses of
vectors/known-discrepancies/exhaustive-PEER.json (scripts/peers/exhaustive-peers --witnesses). Runs where
the castlike package is importable (the peer venv "castlike")."""

import json
import subprocess
from pathlib import Path
from typing import Any, Optional, Sequence, Union

from castlike import element_type
from castlike.peers.exhaustive import parse_id

ROOT = Path(__file__).resolve().parents[2]


Bits = Optional[dict[str, Any]]


def vector_mode_bits(peer: str, wanted: dict[str, tuple[str, Sequence[int]]], castlike: str,
                     work: Union[str, Path]) -> dict[str, tuple[Bits, Optional[str]]]:
    """`wanted` maps a name to (configuration id, inputs); each becomes one `castlike export --case`
    file with the id's attributes, and the adapter runs them all in one call. Returns name ->
    ({input bits: output bits}, None), or (None, message) when the peer rejects that case."""
    case_dir = Path(work) / ("witnesses-" + peer)
    case_dir.mkdir(parents=True)
    names: dict[str, str] = {}
    digits: dict[str, int] = {}
    for name, (run_id, inputs) in wanted.items():
        config = parse_id(run_id)
        case = "witness_%s_%s" % (peer.replace("-", "_"), name.replace("-", "_"))
        names[case], digits[name] = name, max(2, element_type(config.source).bits // 4)
        cmd = [castlike, "export", "--case", "%s:%s" % (config.source, config.destination), "--name", case,
               "--out", str(case_dir)]
        for x in inputs:
            cmd += ["--input", "0x%0*x" % (digits[name], x)]
        for key, flag in (("saturate", "--saturate"), ("round_mode", "--round-mode")):
            if getattr(config, key) is not None:
                cmd += [flag, str(getattr(config, key))]
        subprocess.run([str(c) for c in cmd], check=True, stdout=subprocess.DEVNULL)
    if not names:
        return {}
    results = Path(work) / ("witnesses-%s.results.jsonl" % peer)
    subprocess.run([str(ROOT / "scripts" / "peers" / "adapter"), peer, "--vectors", str(case_dir),
                    "--out", str(results)], check=True, stdout=subprocess.DEVNULL)
    out: dict[str, tuple[Bits, Optional[str]]] = {}
    for line in map(json.loads, results.read_text().splitlines()[1:-1]):
        name = names[line["case"]]
        if line["status"] != "ok":
            out[name] = (None, line["message"])
        elif line.get("errors"):
            out[name] = (None, "element errors: %s" % line["errors"][:2])
        else:
            keys = ("0x%0*x" % (digits[name], x) for x in wanted[name][1])
            out[name] = (dict(zip(keys, line["bits"])), None)
    return out
