"""The raw outputs of every input of one configuration, in input order, from any implementation with
castlike.cast's signature, for `castlike validate --exhaustive --config ID --raw-outputs FILE|-`
(docs/exhaustive.md): the adapters' `--exhaustive ID` mode.

A configuration id is `<SOURCE>-<DESTINATION>[-sat<0|1>][-<round_mode>]`; which ones exist (every
numeric source of <= 32 bits to every numeric destination, with the attribute values that can change
a result) is castlike.exhaustive_configurations(). The inputs 0 .. 2^bits - 1 are generated in
batches (one preallocated pattern buffer, bounded memory), each batch is one call of the
implementation at opset 25 with the id's attributes, and its answer is written in the destination's
raw ONNX layout: little-endian, the packed types one bit string (element 0 in the lowest bits: 4-bit
types two per byte, 2-bit types four per byte, 6-bit types four per three bytes). Every
configuration is first tried on the inputs 0 .. 3, so that one the implementation cannot run is
refused before any output is written.

A source of more than 32 bits (DOUBLE, INT64, UINT64) is judged on its structured set, not on
0 .. 2^bits - 1: castlike writes the set (`castlike validate --exhaustive --config ID --write-inputs -`,
the source's raw layout, in input order), and `--inputs FILE|-` reads it here in batches, so that
the outputs come back in the same order (structured_configurations()).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import BinaryIO, Callable, Dict, List, Optional, Tuple, Union

import numpy as np

from .. import _core, _validate
from .._retry import one_line
from .._types import TYPES, bits_dtype, element_type, storage_bytes
from .._validate import Array, Implementation

# A configuration's batch conversion: source bit patterns (unsigned integers) -> the raw output bytes.
Converter = Callable[[Array], bytes]

ROUND_MODES = ("up", "down", "nearest")
DEFAULT_BATCH = 1 << 22
OPSET = 25


class Configuration:
    """A source, a destination and the effective attributes (saturate and round_mode are None where
    the destination does not read them)."""

    def __init__(self, source: str, destination: str, saturate: Optional[int] = None,
                 round_mode: Optional[str] = None) -> None:
        self.source, self.destination = source, destination
        self.saturate, self.round_mode = saturate, round_mode

    @property
    def id(self) -> str:
        s = "%s-%s" % (self.source, self.destination)
        if self.saturate is not None:
            s += "-sat%d" % self.saturate
        if self.round_mode is not None:
            s += "-" + self.round_mode
        return s

    @property
    def structured(self) -> bool:
        """Judged on castlike's structured set (its inputs come from --write-inputs), not on every
        pattern: a source too wide for 2^bits inputs."""
        return element_type(self.source).bits > 32

    @property
    def inputs(self) -> int:
        """The number of inputs 0 .. 2^bits - 1 (a structured set's size is castlike's: ValueError)."""
        if self.structured:
            raise ValueError("%s is judged on a structured set: its inputs come from castlike "
                             "(--write-inputs), not 0 .. 2^bits - 1" % self.id)
        return 1 << element_type(self.source).bits

    def attributes(self) -> Dict[str, Union[int, str]]:
        """The CastLike attributes of the id (for implementations that take attributes)."""
        return {k: v for k, v in (("saturate", self.saturate), ("round_mode", self.round_mode)) if v is not None}


def _from_id(text: str) -> Optional[Configuration]:
    """The Configuration spelled by a well-formed id, or None."""
    parts = text.split("-")
    if len(parts) < 2 or parts[0] not in TYPES or parts[1] not in TYPES:
        return None
    saturate: Optional[int] = None
    round_mode: Optional[str] = None
    for p in parts[2:]:
        if p in ("sat0", "sat1") and saturate is None and round_mode is None:
            saturate = int(p[3])
        elif p in ROUND_MODES and round_mode is None:
            round_mode = p
        else:
            return None
    return Configuration(parts[0], parts[1], saturate, round_mode)


def _numeric_configurations() -> List[Configuration]:
    """castlike's exhaustive configurations with a numeric source (STRING's sets are texts) that are
    called as CastLike nodes (the adapters call every configuration at CastLike-25; the Cast-28-only
    ones are not theirs), in its order."""
    found = [_from_id(i) for i in _validate.exhaustive_configurations() if _core.exhaustive_call(i)[0] == "CastLike"]
    return [c for c in found if c is not None and element_type(c.source).raw_dtype is not None]


def all_configurations() -> List[Configuration]:
    """Every configuration castlike judges on every input, in its order (not the structured sets of
    the 64-bit sources: their inputs are castlike's `validate --exhaustive --write-inputs`, not 0 .. 2^bits - 1)."""
    return [c for c in _numeric_configurations() if not c.structured]


def structured_configurations() -> List[Configuration]:
    """The configurations of the numeric sources of more than 32 bits, judged on castlike's structured
    sets (inputs from `castlike validate --exhaustive --config ID --write-inputs -`), in castlike's order."""
    return [c for c in _numeric_configurations() if c.structured]


def parse_id(text: str) -> Configuration:
    """The Configuration named by `text` (a structured one too), or ValueError saying what is wrong."""
    configurations = _numeric_configurations()
    for c in configurations:
        if c.id == text:
            return c
    parts = text.split("-")
    if len(parts) < 2 or parts[0] not in TYPES or parts[1] not in TYPES:
        raise ValueError("%r is not a configuration id (<SOURCE>-<DESTINATION>[-sat<0|1>][-<round_mode>], "
                         "ONNX type names)" % text)
    wanted = [c.id for c in configurations if (c.source, c.destination) == (parts[0], parts[1])]
    if not wanted:
        raise ValueError("%r: exhaustive configurations have a numeric source and a numeric destination" % text)
    raise ValueError("%r: wrong attributes for %s; one of %s" % (text, parts[1], ", ".join(wanted)))


def parse_range(text: str, config: Configuration) -> Tuple[int, int]:
    """`FIRST..LAST` (inclusive; decimal or 0x hex) as (first, last), checked against the source."""
    try:
        first, last = (int(p, 0) for p in text.split(".."))
    except ValueError:
        raise ValueError("--range %r is not FIRST..LAST (e.g. 0x7f000000..0x7fffffff)" % text)
    if not 0 <= first <= last < config.inputs:
        raise ValueError("--range %s is outside 0..%#x, the inputs of %s" % (text, config.inputs - 1, config.id))
    return first, last


def converter(impl: Implementation, config: Configuration) -> Converter:
    """The batch conversion of `config` by `impl`: source bit patterns (unsigned integers) -> the raw
    output bytes. Element errors in a batch are an error (exhaustive outputs have no holes)."""
    src, dst = element_type(config.source), element_type(config.destination)

    def convert(patterns: Array) -> bytes:
        x = patterns.view(src.dtype) if src.dtype is not None else patterns
        out = impl(x, dst.name, saturate=config.saturate, round_mode=config.round_mode, opset=OPSET)
        answer = _validate._decode(out, {"to": dst.name, "shape": x.shape, "count": x.size})
        if answer[0] != "ok":
            raise RuntimeError("%s: %s" % (answer[1], answer[2]))
        if answer[2]:
            index, message = sorted(answer[2].items())[0]
            raise RuntimeError("%d element error(s) in the batch from %#x, first at %#x: %s"
                               % (len(answer[2]), int(patterns[0]), int(patterns[index]), message))
        return bytes(answer[1])

    return convert


def open_checked(impl: Implementation, config: Configuration) -> Converter:
    """impl's converter for `config`, tried on the first four inputs (raises if it cannot run it)."""
    convert = converter(impl, config)
    data = convert(np.arange(4, dtype=bits_dtype(element_type(config.source))))
    if len(data) != storage_bytes(config.destination, 4):
        raise RuntimeError("the implementation returned %d bytes for 4 inputs" % len(data))
    return convert


def convert_batch(config: Configuration, convert: Converter, patterns: Array, out: BinaryIO, where: str) -> float:
    """Converts one batch of `patterns`, checks the number of bytes returned and writes them to `out`;
    the seconds spent converting. `where` names the batch's first input in the error."""
    t = time.perf_counter()
    data = convert(patterns)
    seconds = time.perf_counter() - t
    n = len(patterns)
    if len(data) != storage_bytes(config.destination, n):
        raise RuntimeError("the implementation returned %d bytes for %d inputs from %s; %d expected"
                           % (len(data), n, where, storage_bytes(config.destination, n)))
    out.write(data)
    return seconds


def stream(config: Configuration, convert: Converter, out: BinaryIO, batch: int = DEFAULT_BATCH, first: int = 0,
           last: Optional[int] = None) -> float:
    """Writes the raw outputs of the inputs first .. last (default: every input) of `config` to the
    binary file `out`; returns the seconds spent converting (the rest is generation and writing).
    Batches are multiples of 4 inputs, so packed outputs of consecutive batches join up."""
    last = config.inputs - 1 if last is None else last
    batch = min(batch, last - first + 1)
    patterns_type = bits_dtype(element_type(config.source))
    offsets = np.arange(batch, dtype=patterns_type)
    buffer = np.empty(batch, dtype=patterns_type)
    converting = 0.0
    for a in range(first, last + 1, batch):
        n = min(batch, last + 1 - a)
        patterns = buffer[:n]
        np.add(offsets[:n], patterns_type.type(a), out=patterns)
        converting += convert_batch(config, convert, patterns, out, "%#x" % a)
    out.flush()
    return converting


def read_patterns(config: Configuration, inp: BinaryIO, buffer: Array) -> int:
    """Fills `buffer` (the source's bit patterns) from the raw input stream `inp` as far as it goes;
    the number of inputs read (fewer than the buffer holds only at the end of the stream). A pipe
    may return less than asked: reads until the buffer is full or the stream ends."""
    view = buffer.view(np.uint8)
    got = 0
    while got < len(view):
        chunk = inp.read(len(view) - got)
        if not chunk:
            break
        view[got:got + len(chunk)] = np.frombuffer(chunk, dtype=np.uint8)
        got += len(chunk)
    if got % buffer.itemsize:
        raise RuntimeError("the inputs of %s end inside an element: %d bytes after the last whole %d-byte input"
                           % (config.id, got % buffer.itemsize, buffer.itemsize))
    return got // buffer.itemsize


def stream_inputs(config: Configuration, convert: Converter, inp: BinaryIO, out: BinaryIO,
                  batch: int = DEFAULT_BATCH) -> Tuple[int, float]:
    """Converts the inputs of the raw input stream `inp` (castlike's --write-inputs: the source's
    raw layout, little-endian) in order, batch by batch, and writes their raw outputs to `out`;
    returns the number of inputs and the seconds spent converting. Batches are multiples of 4
    inputs, so packed outputs of consecutive batches join up."""
    patterns_type = bits_dtype(element_type(config.source)).newbyteorder("<")
    buffer = np.empty(batch, dtype=patterns_type)
    converting, count = 0.0, 0
    while True:
        n = read_patterns(config, inp, buffer)
        if not n:
            break
        patterns = buffer[:n].astype(patterns_type.newbyteorder("="), copy=False)
        converting += convert_batch(config, convert, patterns, out, "position %d" % count)
        count += n
        if n < batch:
            break
    out.flush()
    return count, converting


def run_files(peer_name: str, impl: Implementation, listing: str, batch: int) -> int:
    """The --files mode: each line `ID INPUTS OUTPUT` of the file `listing` converted as
    `--exhaustive ID --inputs INPUTS --out OUTPUT` would (the exit status: 0, 2 for a bad line or a
    failed conversion; a refusal is OUTPUT.refused holding the reason, not an error)."""
    with open(listing) as f:
        lines = [line.split() for line in f if line.strip()]
    for words in lines:
        if len(words) != 3:
            sys.stderr.write("error: %s: %r is not `ID INPUTS OUTPUT`\n" % (listing, " ".join(words)))
            return 2
        try:
            config = parse_id(words[0])
        except ValueError as e:
            sys.stderr.write("error: %s: %s\n" % (listing, e))
            return 2
        try:
            convert = open_checked(impl, config)
        except Exception as e:
            with open(words[2] + ".refused", "w") as f:
                f.write("%s cannot run %s: %s\n" % (peer_name, config.id, one_line(e)))
            continue
        start, cpu = time.perf_counter(), time.process_time()
        try:
            with open(words[1], "rb") as inp, open(words[2], "wb") as out:
                n, converting = stream_inputs(config, convert, inp, out, batch)
        except (OSError, RuntimeError) as e:
            sys.stderr.write("error: %s %s: %s\n" % (peer_name, config.id, one_line(e)))
            return 2
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        print("%s %s: %d inputs, %.2f s wall (converting %.2f s), %.2f s CPU"
              % (peer_name, config.id, n, seconds, converting, cpu), file=sys.stderr, flush=True)
    return 0


def wants(argv: List[str]) -> bool:
    """True when the command line asks for the exhaustive mode (not the vector-file mode)."""
    return any(a in ("--list", "--exhaustive", "--files") or a.startswith(("--exhaustive=", "--files=")) for a in argv)


def main(peer_name: str, impl: Implementation, argv: List[str]) -> int:
    """The adapters' `--exhaustive ID [--inputs FILE|-] [--out FILE|-] [--range FIRST..LAST] [--batch N]`
    and `--list` modes for the implementation `impl` (the exit status: 0, 2 broken pipe or bad
    inputs, 3 refused)."""
    parser = argparse.ArgumentParser(
        prog="adapter " + peer_name,
        description="exhaustive mode: the raw outputs of every input of one configuration (%s)" % peer_name)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--exhaustive", metavar="ID",
                      help="configuration id <SOURCE>-<DESTINATION>[-sat<0|1>][-<round_mode>], "
                           "e.g. FLOAT-FLOAT8E4M3FN-sat1")
    mode.add_argument("--files", metavar="LIST",
                      help="many configurations in one process (the peer loaded once): LIST has a line "
                           "`ID INPUTS OUTPUT` per configuration, each run as --exhaustive ID --inputs INPUTS "
                           "--out OUTPUT; a refused one writes OUTPUT.refused with the reason and the rest go on")
    mode.add_argument("--list", action="store_true",
                      help="print the configurations this peer can run (one id a line) and those it "
                           "refuses (to stderr, with the reason)")
    parser.add_argument("--inputs", metavar="FILE|-",
                        help="read the inputs, in order, from FILE or stdin (the source's raw layout, as "
                             "`castlike validate --exhaustive --config ID --write-inputs -` writes them); "
                             "needed for a structured set (a source of more than 32 bits)")
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
    if args.files:
        return run_files(peer_name, impl, args.files, args.batch)
    if args.list:
        for c in all_configurations() + structured_configurations():
            if args.source and c.source != args.source:
                continue
            try:
                open_checked(impl, c)
                print(c.id, flush=True)
            except Exception as e:
                print("refused %s: %s" % (c.id, one_line(e)), file=sys.stderr)
        return 0
    try:
        config = parse_id(args.exhaustive)
    except ValueError as e:
        sys.exit("error: %s; hint: --list prints the ids this peer can run" % e)
    if args.inputs is not None:
        if args.range:
            sys.exit("error: --range and --inputs exclude each other (the input stream is the selection: "
                     "castlike validate --exhaustive --config %s --range FIRST..LAST --write-inputs -)" % config.id)
        if element_type(config.source).packed:
            sys.exit("error: --inputs: %s is packed; its inputs are 0 .. 2^%d - 1, generated here without "
                     "--inputs" % (config.source, element_type(config.source).bits))
    elif config.structured:
        sys.exit("error: %s is judged on castlike's structured set: give its inputs with --inputs, e.g. "
                 "castlike validate --exhaustive --config %s --write-inputs - | adapter ... --exhaustive %s "
                 "--inputs -" % (config.id, config.id, config.id))
    first, last = 0, -1  # from --inputs: as many as the stream holds
    try:
        if args.inputs is None:
            first, last = parse_range(args.range, config) if args.range else (0, config.inputs - 1)
    except ValueError as e:
        sys.exit("error: %s; hint: --list prints the ids this peer can run" % e)
    try:
        convert = open_checked(impl, config)
    except Exception as e:
        print("error: %s cannot run %s: %s" % (peer_name, config.id, one_line(e)), file=sys.stderr)
        return 3
    out = sys.stdout.buffer if args.out == "-" else open(args.out, "wb")
    inp = None
    start, cpu = time.perf_counter(), time.process_time()
    try:
        if args.inputs is None:
            converting = stream(config, convert, out, args.batch, first, last)
            n = last - first + 1
        else:
            inp = sys.stdin.buffer if args.inputs == "-" else open(args.inputs, "rb")
            n, converting = stream_inputs(config, convert, inp, out, args.batch)
    except BrokenPipeError:
        sys.stderr.write("error: the reader of the outputs closed the pipe; hint: see its message above\n")
        return 2
    except (OSError, RuntimeError) as e:
        sys.stderr.write("error: %s %s: %s\n" % (peer_name, config.id, one_line(e)))
        return 2
    finally:
        if out is not sys.stdout.buffer:
            out.close()
        if inp is not None and inp is not sys.stdin.buffer:
            inp.close()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    # CPU time too: on a shared machine the wall time says more about the neighbours than the peer.
    print("%s %s: %d inputs, %.1f s wall (%.1f M inputs/s; converting %.1f s), %.1f s CPU (%.1f M inputs/CPU-s)"
          % (peer_name, config.id, n, seconds, n / max(seconds, 1e-9) / 1e6, converting,
             cpu, n / max(cpu, 1e-9) / 1e6), file=sys.stderr)
    return 0
