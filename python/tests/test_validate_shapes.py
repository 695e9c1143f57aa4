"""castlike.validate's shape pass: a Python callable called in the shape plan's shapes (lengths
across block boundaries, views starting at every offset inside 64 bytes, long calls, in place where
declared), and failures that depend on the shape reported with their position kind."""

import numpy as np
import pytest

import castlike

PAIR = "FLOAT-FLOAT16"
BLOCK = 16  # the planted fault's block width


def ties_away_in_tail(x, to, *, saturate=None, round_mode=None, opset=25):
    """A SIMD-like FLOAT -> FLOAT16 in numpy: its main loop over full blocks of 16 rounds to nearest
    even (numpy's astype), its scalar tail past the last full block rounds ties away from zero."""
    r = castlike.cast(x, to, saturate=saturate, round_mode=round_mode, opset=opset)
    if to != "FLOAT16":
        return r
    flat, bits = x.reshape(-1), r.reshape(-1).view(np.uint16).copy()
    for i in range(flat.size // BLOCK * BLOCK, flat.size):
        v, near = float(flat[i]), float(r.reshape(-1)[i])
        away = float(np.uint16((int(bits[i]) + 1) & 0xFFFF).view(np.float16))  # one step up in magnitude
        if np.isfinite(v) and np.isfinite(away) and abs(v) > abs(near) and abs(v) * 2 == abs(near) + abs(away):
            bits[i] += 1
    return bits.view(np.float16).reshape(x.shape)


def test_tail_fault_passes_the_value_pass_and_fails_the_shape_pass():
    values = castlike.validate(ties_away_in_tail, pairs=[PAIR], shapes=False)
    assert values.ok and values.total["fail"] == 0, values.text()
    assert not values.shapes()["ran"]
    r = castlike.validate(ties_away_in_tail, pairs=[PAIR])
    assert r.total["fail"] == 0 and not r.ok
    shapes = r.shapes()
    # A head shape cut to its head is all tail too: its wrong elements are named by the head first.
    assert shapes["ran"] and shapes["by_position"].get("tail", 0) > 0, shapes
    assert set(shapes["by_position"]) <= {"tail", "head"}, shapes
    f = [f for f in shapes["failures"] if f["position"] == "tail"][0]
    assert f["position"] == "tail" and f["shape"].startswith("length ")
    length = int(f["shape"].split()[1].rstrip(","))
    element = int(f["shape"].rsplit(" ", 1)[1])
    assert element >= length // BLOCK * BLOCK  # past the last full block of 16
    assert "position tail" in r.text() and "in a call of length" in r.text()
    assert '"position": "tail"' in r.json().replace('"position":"tail"', '"position": "tail"')
    assert "tail" in r.junit()


def recording(log, *, out_keyword=False, in_place=False):
    """castlike.cast, noting each call's length, where its input and output start and whether out=
    is the input's memory."""
    def impl(x, to, *, saturate=None, round_mode=None, opset=25, **kw):
        y = castlike.cast(x, to, saturate=saturate, round_mode=round_mode, opset=opset)
        out = kw.get("out")
        log.append((x.size, x.ctypes.data % 64, None if out is None else out.ctypes.data % 64,
                    out is not None and np.shares_memory(x, out)))
        if out is None:
            return y
        out[...] = y  # after reading all of x: in place is safe here
        return out
    if out_keyword:
        def with_out(x, to, *, saturate=None, round_mode=None, opset=25, out=None):
            return impl(x, to, saturate=saturate, round_mode=round_mode, opset=opset, out=out)
        with_out.castlike_in_place = in_place
        return with_out
    return impl


def test_shapes_reach_every_position():
    log = []
    r = castlike.validate(recording(log), pairs=[PAIR])
    assert r.ok, r.text()
    plan = castlike._core.shape_plan("FLOAT", "FLOAT16", False)
    lengths = {n for n, _, _, _ in log}
    # Every element alone and in the shortest tails, in long calls, and inside full blocks.
    assert {1, 2, 3, 64, 1024} <= lengths and {s["kind"] for s in plan} == {"main loop", "tail", "head", "long"}
    # The heads: inputs starting at every element offset inside 64 bytes (float32: 4 bytes each).
    assert {s["input_offset"] * 4 for s in plan} <= {a for _, a, _, _ in log}
    assert r.shapes()["line"].startswith("shapes: lengths 1-129") and "in place" not in r.shapes()["line"]


def test_out_keyword_gets_offset_outputs_and_in_place_aliases():
    log = []
    assert castlike.validate(recording(log, out_keyword=True), pairs=[PAIR]).ok
    assert {o for _, _, o, _ in log if o is not None} == {2 * k for k in range(32)}  # FLOAT16: 2 bytes
    assert not any(alias for *_, alias in log)
    log.clear()
    r = castlike.validate(recording(log, out_keyword=True, in_place=True), pairs=[PAIR])
    assert r.ok and r.shapes()["in_place"] and any(alias for *_, alias in log)
    assert r.shapes()["line"].endswith("in place")


def test_in_place_fault_is_reported_as_in_place():
    def reads_what_it_wrote(x, to, *, saturate=None, round_mode=None, opset=25, out=None):
        """From the last element down: each output written over bytes of an input not read yet when
        out is x's own memory (a FLOAT16 output is half a FLOAT input)."""
        y = castlike.cast(x, to, saturate=saturate, round_mode=round_mode, opset=opset)
        if out is None:
            return y
        for i in reversed(range(x.size)):
            out[i] = castlike.cast(x[i:i + 1], to, saturate=saturate, round_mode=round_mode, opset=opset)[0]
        return out
    reads_what_it_wrote.castlike_in_place = True
    r = castlike.validate(reads_what_it_wrote, pairs=[PAIR])
    assert r.total["fail"] == 0 and set(r.shapes()["by_position"]) == {"in place"}, r.shapes()
    assert castlike.validate(reads_what_it_wrote, pairs=[PAIR], in_place=False).ok


def test_in_place_needs_out():
    with pytest.raises(castlike.InvalidArgument, match="out="):
        castlike.validate(lambda x, to, **kw: castlike.cast(x, to, **kw), pairs=[PAIR], in_place=True)
    with pytest.raises(castlike.InvalidArgumentType):
        castlike.validate(castlike.cast, pairs=[PAIR], shapes="no")


def test_isolated_shape_pass_finds_the_tail_fault():
    r = castlike.validate(ties_away_in_tail, pairs=[PAIR], isolate=True)
    assert r.total["fail"] == 0 and r.shapes()["by_position"].get("tail", 0) > 0


def test_pytest_item_names_the_shape_failure():
    from castlike import pytest_plugin
    case = castlike.list_cases(pairs=[PAIR])[0]

    class Option:
        castlike_isolate, castlike_timeout, castlike_expect = False, 10.0, None

    class Config:
        option = Option()
    with pytest.raises(pytest.fail.Exception, match="position tail, in a call of length"):
        pytest_plugin.test_castlike(case, ties_away_in_tail, Config())
