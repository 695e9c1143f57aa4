"""Exhaustive mode of the peer adapters: the raw outputs of every input of one configuration, in input
order, for `castlike validate --exhaustive --config ID --raw-outputs FILE|-` (docs/exhaustive.md).

A configuration id is `<SOURCE>-<DESTINATION>[-sat<0|1>][-<round_mode>]` (the names of
`castlike_exhaustive_derive`'s export files). Which configurations exist (every numeric source of
<= 32 bits to every numeric destination, with the attribute values that can change a result) is
castlike's fact: the list of `castlike validate --exhaustive --list`, read once.

The inputs 0 .. 2^bits - 1 are generated in batches (one preallocated pattern buffer, bounded memory),
converted by the peer's `convert` and written as the destination's raw ONNX layout: little-endian,
4-bit types two per byte (element 0 in the low nibble), 2-bit types four per byte (lowest bits
first). A peer adapter supplies `open_converter(config)`, which returns the batch conversion
(numpy array of source patterns -> raw output bytes) or raises when the peer cannot run the
configuration at all (its message is the reason); every converter is first tried on the inputs
0 .. 3, so that a configuration the peer cannot run is refused before any output is written.
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import common

ROUND_MODES = ("up", "down", "nearest")
DEFAULT_BATCH = 1 << 22


class Configuration:
    """A source, a destination and the effective attributes (saturate and round_mode are None where
    the destination does not read them)."""

    def __init__(self, source, destination, saturate=None, round_mode=None):
        self.source, self.destination = source, destination
        self.saturate, self.round_mode = saturate, round_mode

    @property
    def id(self):
        s = "%s-%s" % (self.source, self.destination)
        if self.saturate is not None:
            s += "-sat%d" % self.saturate
        if self.round_mode is not None:
            s += "-" + self.round_mode
        return s

    @property
    def inputs(self):
        return 1 << common.width(self.source)

    def attributes(self):
        """The CastLike attributes of the id (for peers that take attributes)."""
        attrs = {}
        if self.saturate is not None:
            attrs["saturate"] = self.saturate
        if self.round_mode is not None:
            attrs["round_mode"] = self.round_mode
        return attrs


def _from_id(text):
    """The Configuration spelled by a well-formed id, or None."""
    parts = text.split("-")
    if len(parts) < 2 or parts[0] not in common.TYPES or parts[1] not in common.TYPES:
        return None
    saturate = round_mode = None
    for p in parts[2:]:
        if p in ("sat0", "sat1") and saturate is None and round_mode is None:
            saturate = int(p[3])
        elif p in ROUND_MODES and round_mode is None:
            round_mode = p
        else:
            return None
    return Configuration(parts[0], parts[1], saturate, round_mode)


_CONFIGURATIONS = []


def all_configurations():
    """Every configuration castlike judges exhaustively, in its order: `castlike validate
    --exhaustive --list` (harness/exhaustive's all_configurations, the one list)."""
    if not _CONFIGURATIONS:
        import castlike_bin
        listed = subprocess.run([castlike_bin.castlike(), "validate", "--exhaustive", "--list"],
                                stdout=subprocess.PIPE, text=True, check=True).stdout.splitlines()
        for line in listed:
            c = _from_id(line) if line.strip() == line and " " not in line else None
            if c is not None:
                _CONFIGURATIONS.append(c)
        if not _CONFIGURATIONS:
            sys.exit("error: castlike validate --exhaustive --list printed no configuration")
    return _CONFIGURATIONS


def parse_id(text):
    """The Configuration named by `text`, or ValueError saying what is wrong."""
    for c in all_configurations():
        if c.id == text:
            return c
    parts = text.split("-")
    if len(parts) < 2 or parts[0] not in common.TYPES or parts[1] not in common.TYPES:
        raise ValueError("%r is not a configuration id (<SOURCE>-<DESTINATION>[-sat<0|1>][-<round_mode>], "
                         "ONNX type names)" % text)
    wanted = [c.id for c in all_configurations() if (c.source, c.destination) == (parts[0], parts[1])]
    if not wanted:
        raise ValueError("%r: exhaustive configurations have a numeric source of <= 32 bits and a numeric "
                         "destination" % text)
    raise ValueError("%r: wrong attributes for %s; one of %s" % (text, parts[1], ", ".join(wanted)))


def open_checked(open_converter, config):
    """The peer's converter for `config`, tried on the first four inputs (raises if the peer
    cannot run the configuration)."""
    import numpy as np
    convert = open_converter(config)
    first = np.arange(4, dtype=_uint(common.width(config.source)))
    data = convert(first)
    if len(data) != output_bytes(config.destination, 4):
        raise RuntimeError("the peer returned %d bytes for 4 inputs" % len(data))
    return convert


def _uint(width_bits):
    import numpy as np
    return np.dtype({8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[max(width_bits, 8)])


def raw_bytes(type_name, array):
    """The raw ONNX layout of a numpy array of the type (ml_dtypes' sub-byte types keep one element
    per byte in the low bits): packed two or four per byte, element 0 lowest."""
    import numpy as np
    w = common.width(type_name)
    flat = np.ascontiguousarray(array).reshape(-1).view(_uint(w))
    if w >= 8:
        return flat.tobytes()
    per_byte = 8 // w
    lanes = flat & np.uint8((1 << w) - 1)
    if lanes.size % per_byte:  # the last byte of a range that ends inside one is zero-padded
        lanes = np.concatenate([lanes, np.zeros(per_byte - lanes.size % per_byte, dtype=np.uint8)])
    lanes = lanes.reshape(-1, per_byte)
    packed = lanes[:, 0].copy()
    for k in range(1, per_byte):
        packed |= lanes[:, k] << np.uint8(w * k)
    return packed.tobytes()


def output_bytes(type_name, count):
    return (count * common.width(type_name) + 7) // 8


def parse_range(text, config):
    """`FIRST..LAST` (inclusive; decimal or 0x hex) as (first, last), checked against the source."""
    try:
        first, last = (int(p, 0) for p in text.split(".."))
    except ValueError:
        raise ValueError("--range %r is not FIRST..LAST (e.g. 0x7f000000..0x7fffffff)" % text)
    if not 0 <= first <= last < config.inputs:
        raise ValueError("--range %s is outside 0..%#x, the inputs of %s" % (text, config.inputs - 1, config.id))
    return first, last


def stream(config, convert, out, batch=DEFAULT_BATCH, first=0, last=None):
    """Writes the raw outputs of the inputs first .. last (default: every input) of `config` to the
    binary file `out`; returns the seconds spent converting (the rest is generation and writing).
    Batches are multiples of 4 inputs, so packed outputs of consecutive batches join up."""
    import numpy as np
    last = config.inputs - 1 if last is None else last
    batch = min(batch, last - first + 1)
    patterns_type = _uint(common.width(config.source))
    offsets = np.arange(batch, dtype=patterns_type)
    buffer = np.empty(batch, dtype=patterns_type)
    converting = 0.0
    for a in range(first, last + 1, batch):
        n = min(batch, last + 1 - a)
        patterns = buffer[:n]
        np.add(offsets[:n], patterns_type.type(a), out=patterns)
        t = time.perf_counter()
        data = convert(patterns)
        converting += time.perf_counter() - t
        if len(data) != output_bytes(config.destination, n):
            raise RuntimeError("the peer returned %d bytes for %d inputs from %#x; %d expected"
                               % (len(data), n, a, output_bytes(config.destination, n)))
        out.write(data)
    out.flush()
    return converting


def main(peer_name, open_converter, argv):
    """The adapters' `--exhaustive ID [--out FILE|-] [--batch N]` and `--list` modes."""
    parser = argparse.ArgumentParser(
        prog="adapter-" + peer_name,
        description="exhaustive mode: the raw outputs of every input of one configuration (%s)" % peer_name)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--exhaustive", metavar="ID",
                      help="configuration id <SOURCE>-<DESTINATION>[-sat<0|1>][-<round_mode>], "
                           "e.g. FLOAT-FLOAT8E4M3FN-sat1")
    mode.add_argument("--list", action="store_true",
                      help="print the configurations this peer can run (one id a line) and those it "
                           "refuses (to stderr, with the reason)")
    parser.add_argument("--out", default="-", help="output file, or - for stdout (the default)")
    parser.add_argument("--range", metavar="FIRST..LAST",
                        help="only the inputs FIRST..LAST (inclusive, decimal or 0x hex), as "
                             "`castlike validate --exhaustive --range` reads them")
    parser.add_argument("--batch", type=int, default=DEFAULT_BATCH,
                        help="inputs per batch (a multiple of 4; default 2^22)")
    parser.add_argument("--source", help="with --list: only configurations from this source type")
    args = parser.parse_args(argv)
    if args.batch < 4 or args.batch % 4:
        parser.error("--batch must be a positive multiple of 4")
    if args.list:
        for c in all_configurations():
            if args.source and c.source != args.source:
                continue
            try:
                open_checked(open_converter, c)
                print(c.id, flush=True)
            except Exception as e:
                print("refused %s: %s" % (c.id, common.one_line(e)), file=sys.stderr)
        return 0
    try:
        config = parse_id(args.exhaustive)
        first, last = parse_range(args.range, config) if args.range else (0, config.inputs - 1)
    except ValueError as e:
        sys.exit("error: %s; hint: --list prints the ids this peer can run" % e)
    try:
        convert = open_checked(open_converter, config)
    except Exception as e:
        print("error: %s cannot run %s: %s" % (peer_name, config.id, common.one_line(e)), file=sys.stderr)
        return 3
    out = sys.stdout.buffer if args.out == "-" else open(args.out, "wb")
    start, cpu = time.perf_counter(), time.process_time()
    try:
        converting = stream(config, convert, out, args.batch, first, last)
    except BrokenPipeError:
        sys.stderr.write("error: the reader of the outputs closed the pipe; hint: see its message above\n")
        return 2
    finally:
        if out is not sys.stdout.buffer:
            out.close()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    n = last - first + 1
    # CPU time too: on a shared machine the wall time says more about the neighbours than the peer.
    print("%s %s: %d inputs, %.1f s wall (%.1f M inputs/s; converting %.1f s), %.1f s CPU (%.1f M inputs/CPU-s)"
          % (peer_name, config.id, n, seconds, n / max(seconds, 1e-9) / 1e6, converting,
             cpu, n / max(cpu, 1e-9) / 1e6), file=sys.stderr)
    return 0


def vector_mode_bits(peer, wanted, castlike, work):
    """The peer's output bits at given inputs through its vector-file mode: `wanted` maps a name to
    (configuration id, inputs); each becomes one `castlike export --case` file with the id's
    attributes, and the adapter runs them all in one call. Returns name -> ({input bits: output
    bits}, None), or (None, message) when the peer rejects that case."""
    root = Path(__file__).resolve().parents[2]
    case_dir = Path(work) / ("witnesses-" + peer)
    case_dir.mkdir(parents=True)
    names, digits = {}, {}
    for name, (run_id, inputs) in wanted.items():
        config = parse_id(run_id)
        case = "witness_%s_%s" % (peer.replace("-", "_"), name.replace("-", "_"))
        names[case], digits[name] = name, max(2, common.width(config.source) // 4)
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
    subprocess.run([str(root / "scripts" / ("adapter-" + peer)), "--vectors", str(case_dir), "--out", str(results)],
                   check=True, stdout=subprocess.DEVNULL)
    out = {}
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


def wants(argv):
    """True when the command line asks for the exhaustive mode (not the vector-file mode)."""
    return any(a in ("--list",) or a == "--exhaustive" or a.startswith("--exhaustive=") for a in argv)
