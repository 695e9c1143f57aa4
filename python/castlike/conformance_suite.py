"""The conformance suite that `pytest --castlike-impl MODULE:CALLABLE` collects (castlike.pytest_plugin
adds this file to pytest's arguments): test_castlike, one test per vector file."""

from castlike.pytest_plugin import test_castlike  # noqa: F401  (collected here, parametrized by the plugin)
