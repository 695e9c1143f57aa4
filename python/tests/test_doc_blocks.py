"""Every ```python block of the README, docs/usage.md and docs/python.md runs as written: each
document's blocks in order in one namespace (as a reader follows them), in a scratch directory with the source tree's
vectors/, and a `print(...)  # prints TEXT` line prints TEXT. The vector set the blocks validate on
is cut to the spec examples and a few generated files: the code that runs is the same, in seconds."""

import ast
import contextlib
import io
import re
from pathlib import Path

import pytest

from castlike import _validate

pytestmark = pytest.mark.hostile

SOURCE = Path(__file__).resolve().parents[2]
DOCUMENTS = ["README.md", "docs/usage.md", "docs/python.md"]
FEW = ["FLOAT_to_FLOAT8E4M3FN_op25_sat0.json", "FLOAT16_to_INT4_op25.json", "FLOAT_to_STRING_op25.json"]
PRINTS = re.compile(r"#\s*prints (.*)$")


def python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```$", text, re.M | re.S)


def test_the_documents_have_python_blocks():
    for name in DOCUMENTS:
        assert python_blocks((SOURCE / name).read_text()), name


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """A directory like the source tree's root with a small vectors/, and validate's default set cut
    to it."""
    generated = tmp_path / "vectors" / "generated"
    generated.mkdir(parents=True)
    for name in FEW:
        (generated / name).symlink_to(SOURCE / "vectors" / "generated" / name)
    (tmp_path / "vectors" / "spec-examples").symlink_to(SOURCE / "vectors" / "spec-examples")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(_validate, "default_vectors",
                        lambda: [str(tmp_path / "vectors" / "spec-examples"), str(generated)])
    return tmp_path


@pytest.mark.parametrize("name", DOCUMENTS)
def test_python_blocks_run_as_written(name, scratch):
    pytest.importorskip("onnxruntime")
    namespace = {"__name__": "__doc_block__"}
    for number, block in enumerate(python_blocks((SOURCE / name).read_text()), 1):
        lines = block.splitlines()
        for statement in ast.parse(block).body:
            code = compile(ast.Module([statement], []), "%s, python block %d" % (name, number), "exec")
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(code, namespace)
            claim = PRINTS.search(lines[statement.end_lineno - 1])
            if claim:
                assert out.getvalue().split() == claim.group(1).split(), (name, number, lines[statement.lineno - 1])
