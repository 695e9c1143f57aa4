"""Bug or reading of a findings class (castlike.peers.findings.standing), by the reading's name and
whether the peer takes the saturate / round_mode attributes (castlike.peers.registry)."""

import pytest

from castlike.peers.findings import BUG, NO_ATTRIBUTE, READING, standing


@pytest.mark.parametrize("reading, peer, expected", [
    ("A9=through-float32", "onnxruntime", READING),
    ("profile onnx-reference", "ml-dtypes", READING),
    ("saturate=0", "onnxruntime", BUG),  # the attribute ignored
    ("saturate=0", "ml-dtypes", NO_ATTRIBUTE),
    ("saturate=0+round_mode=nearest", "jax", NO_ATTRIBUTE),
    ("A9=through-float16+saturate=0", "ml-dtypes", READING),  # no attribute to ignore: the A9 reading
    ("A9=through-float16+saturate=0", "openvino", BUG),
    ("nan-sign", "ml-dtypes", BUG),  # departs from a plain sentence
    ("A9=through-float32+ftz", "jax", BUG),
    ("ftz+saturate=0", "ml-dtypes", BUG),
    ("unexplained", "onnxruntime", BUG),
])
def test_standing(reading, peer, expected):
    assert standing(reading, peer) == expected


@pytest.mark.parametrize("reading, rule, expected", [
    ("text-int-prefix", "INT.TRUNC", READING),  # "1E8" to INT32: no sentence on an exponent in a text to an integer
    ("text-int-prefix", "BOOL.NONZERO", READING),
    ("text-bool-nonempty", "BOOL.ZERO", READING),
    ("nan-sign", "FLOAT.NAN", READING),  # no NaN-sign sentence outside the float8 table
    ("nan-sign", "F8.NAN", BUG),  # the Cast float8 table keeps -NaN's sign
    ("bool-from-bits", "BOOL.ZERO", BUG),  # "zero is false": -0 too
])
def test_open_by_the_pages(reading, rule, expected):
    assert standing(reading, "onnxruntime", rule) == expected
