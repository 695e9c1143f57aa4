"""The command line of a peer's adapter (scripts/peers/adapter PEER, `python -m castlike.peers PEER`): the
vector-file mode

    --vectors PATH [--vectors PATH ...] --out results.jsonl [--only NAME,...]

writes a results file for `castlike validate --results` (with `--shapes`: the shape pass's document,
castlike.peers.shapes); `--exhaustive ID ...` (with `--inputs` for
a structured set), `--files LIST` and `--list` are the exhaustive mode (castlike.peers.exhaustive),
for the peers whose registry row has it."""

import argparse
import sys
import traceback
from typing import List, Optional

from . import exhaustive, info, registry
from .results import VectorError, write_results


def main(peer: str, argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    row = registry.get(peer)
    if exhaustive.wants(argv) and not row.exhaustive:
        sys.exit("adapter %s: error: no exhaustive mode (castlike.peers.registry)" % peer)
    impl = row.implementation()
    if exhaustive.wants(argv):
        return exhaustive.main(peer, impl, argv)
    parser = argparse.ArgumentParser(prog="adapter " + peer, description=row.description)
    parser.add_argument("--vectors", action="append", required=True, help="vector directory or file (repeatable)")
    parser.add_argument("--out", required=True, help="results file to write (JSON Lines)")
    parser.add_argument("--only", help="comma-separated case names (for a quick look; the validator "
                                        "then needs --vectors with just those files)")
    parser.add_argument("--shapes", action="store_true",
                        help="write the shape pass's document (castlike.peers.shapes) to --out instead: the "
                             "cases judged in every shape of the shape plan, here through castlike.validate")
    args = parser.parse_args(argv)
    only = args.only.split(",") if args.only else None
    if args.shapes:
        from . import shapes
        doc = shapes.run(impl, peer, args.vectors, only)
        shapes.write(doc, args.out)
        print("%s: shape pass: %d calls, %d wrong, %d failed calls, %d configurations with bits by call "
              "(%.0f s) -> %s" % (peer, doc["calls"], doc["wrong"], doc["failed_calls"], len(doc["bits_by_call"]),
                                  doc["seconds"]["wall"], args.out))
        return 0
    try:
        counts = write_results(impl, args.vectors, args.out, only=only)
    except VectorError as e:
        sys.exit("error: %s" % e)
    except ValueError as e:  # a wrapper bug must not look like a peer's answer
        traceback.print_exc()
        sys.exit("error: the adapter failed: %s" % e)
    header = info(impl)
    print("%s %s: %d cases ran, %d rejected, %d element errors -> %s" % (
        header["name"], header.get("version", ""), counts["ok"], counts["rejected"], counts["element errors"],
        args.out))
    return 0
