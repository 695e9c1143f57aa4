"""python -m castlike.peers PEER [adapter arguments]: the adapter of a peer (castlike.peers.adapter)."""
import sys

from . import PEERS
from .adapter import main

if len(sys.argv) < 2 or sys.argv[1] not in PEERS:
    sys.exit("usage: python -m castlike.peers {%s} --vectors DIR ... --out FILE | --exhaustive ID | --list"
             % ",".join(PEERS))
sys.exit(main(sys.argv[1], sys.argv[2:]))
