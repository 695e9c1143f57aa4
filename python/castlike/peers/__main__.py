"""python -m castlike.peers PEER [adapter arguments]: the adapter of a peer (castlike.peers.adapter;
the peers: castlike.peers.registry)."""
import sys

from . import PEERS
from .adapter import main

if len(sys.argv) < 2 or sys.argv[1] not in PEERS:
    print("usage: python -m castlike.peers PEER --vectors DIR ... --out FILE | --exhaustive ID | --list\n"
          "  PEER: one of %s" % ", ".join(PEERS), file=sys.stderr)
    sys.exit(2)
sys.exit(main(sys.argv[1], sys.argv[2:]))
