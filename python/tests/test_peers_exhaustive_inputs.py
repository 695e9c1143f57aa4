"""The adapters' structured-set path (castlike.peers.exhaustive): the inputs castlike writes
(`validate --exhaustive --config ID --write-inputs`) read back in order from a stream that returns
less than asked, converted batch by batch, their outputs in the destination's raw layout; and the
errors a third party meets (a structured set without --inputs, a stream cut inside an element)."""

import io

import numpy as np
import pytest

import castlike
from castlike.peers import exhaustive


class Trickle(io.RawIOBase):
    """A pipe that hands out at most 5 bytes a read (an input element straddles reads)."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        n = min(5, len(b), len(self.data) - self.at)
        b[:n] = self.data[self.at:self.at + n]
        self.at += n
        return n


def test_structured_configurations_are_the_64_bit_sources():
    ids = [c.id for c in exhaustive.structured_configurations()]
    assert "DOUBLE-FLOAT16" in ids and "INT64-INT4" in ids and "UINT64-FLOAT8E8M0-sat0-down" in ids
    assert all(c.structured for c in exhaustive.structured_configurations())
    assert not any(c.structured for c in exhaustive.all_configurations())
    assert exhaustive.parse_id("DOUBLE-FLOAT16").structured
    with pytest.raises(ValueError, match="structured set"):
        exhaustive.parse_id("DOUBLE-FLOAT16").inputs


@pytest.mark.parametrize("cid", ["DOUBLE-FLOAT16", "INT64-INT4", "UINT64-FLOAT8E8M0-sat0-down"])
@pytest.mark.parametrize("batch", [4, 8, 1 << 22])
def test_inputs_in_order_through_a_trickling_stream(cid, batch):
    config = exhaustive.parse_id(cid)
    patterns = np.array([0, 1, 0x3FF0000000000001, 0x7FF8000000000000, 0xBFF8000000000000,
                         0x4330000000000001, 0xFFFFFFFFFFFFFFFF, 12345], dtype=np.uint64)
    patterns = patterns[:7]  # an odd count: a packed output ends inside a byte
    want_raw = exhaustive.converter(castlike.cast, config)(patterns)  # the whole set in one call
    out = io.BytesIO()
    n, _ = exhaustive.stream_inputs(config, exhaustive.converter(castlike.cast, config),
                                    io.BufferedReader(Trickle(patterns.astype("<u8").tobytes()), 3), out, batch)
    assert n == len(patterns)
    assert out.getvalue() == want_raw


def test_a_stream_cut_inside_an_element_is_an_error():
    config = exhaustive.parse_id("DOUBLE-FLOAT16")
    with pytest.raises(RuntimeError, match="end inside an element: 3 bytes"):
        exhaustive.stream_inputs(config, exhaustive.converter(castlike.cast, config),
                                 io.BytesIO(bytes(8 * 5 + 3)), io.BytesIO(), 4)


def test_a_structured_set_needs_its_inputs(capsys):
    with pytest.raises(SystemExit, match="--write-inputs - \\| adapter"):
        exhaustive.main("castlike", castlike.cast, ["--exhaustive", "DOUBLE-FLOAT16"])
    with pytest.raises(SystemExit, match="--range and --inputs exclude each other"):
        exhaustive.main("castlike", castlike.cast, ["--exhaustive", "DOUBLE-FLOAT16", "--inputs", "-",
                                                    "--range", "0..3"])


def test_files_mode_runs_each_line_and_records_a_refusal(tmp_path):
    config = exhaustive.parse_id("INT64-INT8")
    patterns = np.array([1, 2**40 + 5, 2**63 - 1], dtype="<u8")
    (tmp_path / "a.in").write_bytes(patterns.tobytes())
    (tmp_path / "list").write_text("%s %s %s\nDOUBLE-FLOAT16 %s %s\n" % (
        config.id, tmp_path / "a.in", tmp_path / "a.out", tmp_path / "a.in", tmp_path / "b.out"))

    def refusing_double(x, to, **kw):
        if x.dtype == np.float64:
            raise RuntimeError("no DOUBLE here")
        return castlike.cast(x, to, **kw)

    assert exhaustive.main("castlike", refusing_double, ["--files", str(tmp_path / "list")]) == 0
    assert (tmp_path / "a.out").read_bytes() == bytes([1, 5, 0xFF])
    assert "no DOUBLE here" in (tmp_path / "b.out.refused").read_text()
    assert not (tmp_path / "b.out").exists()
