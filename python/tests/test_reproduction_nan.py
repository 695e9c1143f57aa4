"""The reproduction scripts' verdict on a NaN (castlike.peers.reproduction): an expected NaN is any NaN
of the destination, of the expected sign under a float8 rule (the only page that fixes a NaN's sign),
so that a correct fix with another payload makes a script exit 0, not 3."""

import pytest

from castlike.peers.reproduction import ANY_NAN, EXACT, SIGNED_NAN, Example, TypeFacts, script

TYPES = {"FLOAT": TypeFacts(1, "float32", 32, "ieee", 8, 23),
         "STRING": TypeFacts(8, "str", 0),
         "FLOAT8E4M3FN": TypeFacts(17, "float8_e4m3fn", 8, "fn", 4, 3),
         "FLOAT8E5M2": TypeFacts(19, "float8_e5m2", 8, "ieee", 5, 2),
         "FLOAT8E5M2FNUZ": TypeFacts(20, "float8_e5m2fnuz", 8, "fnuz", 5, 2),
         "FLOAT8E8M0": TypeFacts(24, "float8_e8m0fnu", 8, "exponent-only", 8, 0),
         "FLOAT4E2M1": TypeFacts(23, "float4_e2m1fn", 4, "finite-only", 2, 1)}


def example(dst, expected, actual, rule, src="FLOAT", x=0x7fc00000):
    return Example(src, dst, "CastLike", 25, (), x, expected, actual, rule)


def verdict(e):
    """The script's `correct` and `main` for one example, its peer call replaced by `got`."""
    namespace = {"__name__": "reproduction"}
    exec(compile(script("ml-dtypes", "test", "a title", [e], TYPES), "reproduction", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("dst, expected, rule, match", [
    ("FLOAT8E5M2", 0xfe, "F8.NAN", SIGNED_NAN),
    ("FLOAT8E4M3FN", 0x7f, "F8.NAN", SIGNED_NAN),
    ("FLOAT", 0xffc00000, "FLOAT.NAN", ANY_NAN),
    ("FLOAT8E8M0", 0xff, "E8M0.SAT.INF", ANY_NAN),
    ("FLOAT8E5M2FNUZ", 0x80, "F8.NAN", SIGNED_NAN),
    ("FLOAT8E5M2", 0x7c, "F8.NOSAT.OVERFLOW", EXACT),  # infinity: bits
    ("FLOAT4E2M1", 0x8, "F4.NAN.ZERO", EXACT),  # no NaN in the type: -0's bits
])
def test_expected_match(dst, expected, rule, match):
    assert example(dst, expected, 0, rule).expected_match(TYPES) == match


@pytest.mark.parametrize("got, exit_code", [
    (0x7e, 1),  # the finding's output
    (0xfd, 0),  # another -NaN payload: correct
    (0xfe, 0),
    (0x7d, 3),  # +NaN: the sign is fixed by the float8 table
    (0xfc, 3),  # -inf
])
def test_float8_nan_of_the_expected_sign(got, exit_code):
    ns = verdict(example("FLOAT8E5M2", 0xfe, 0x7e, "F8.NAN", x=0xffc00000))
    ns["run"] = lambda *args: [got]
    assert ns["main"]() == exit_code


@pytest.mark.parametrize("got, exit_code", [
    (0x7fc00000, 1),  # the finding's output, compared by its bits
    (0xffc00001, 0),  # any NaN: the pages fix neither the sign nor the payload here
    (0x7f800001, 0),
    (0x7f800000, 3),  # +inf
])
def test_any_nan_outside_float8(got, exit_code):
    ns = verdict(example("FLOAT", 0xffc00000, 0x7fc00000, "FLOAT.NAN", src="STRING", x="-nan"))
    ns["run"] = lambda *args: [got]
    assert ns["main"]() == exit_code
