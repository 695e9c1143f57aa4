import pytest

import castlike


def pytest_configure(config):
    config.addinivalue_line("markers", "hostile: a hostile or careless caller's input gets castlike's own clear "
                                       "answer (scripts/tests/test-python -m hostile)")


@pytest.fixture(scope="session")
def small_pairs():
    """A few pairs covering float8, sub-byte, E8M0 and STRING both ways: a validation in seconds."""
    return ["FLOAT-FLOAT8E4M3FN", "FLOAT16-INT4", "BFLOAT16-FLOAT8E8M0", "STRING-FLOAT16", "FLOAT-STRING"]


@pytest.fixture
def wrong_saturate():
    """castlike.cast, except that FLOAT8E4M3FN with saturate=0 clamps like saturate=1."""
    def impl(x, to, *, saturate=None, round_mode=None, opset=25):
        if to == "FLOAT8E4M3FN" and saturate == 0:
            saturate = 1
        return castlike.cast(x, to, saturate=saturate, round_mode=round_mode, opset=opset)
    impl.castlike_name = "wrong-saturate"
    return impl
