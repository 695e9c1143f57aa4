"""Findings whose output depends on the call's length (castlike.peers.findings with the peer's shape
document): a reproduction calls with the length that showed the output, a wrong element that only
some call shapes give joins its class with its call, and a script judges every output of its call."""

import ast
import json
from pathlib import Path

from castlike.peers.findings import write_findings
from castlike.peers.reproduction import Example, TypeFacts, script

TYPES = {"DOUBLE": TypeFacts(11, "float64", 64, "ieee", 11, 52), "BFLOAT16": TypeFacts(16, "bfloat16", 16, "ieee", 8, 7),
         "FLOAT16": TypeFacts(10, "float16", 16, "ieee", 5, 10), "FLOAT": TypeFacts(1, "float32", 32, "ieee", 8, 23)}
NAN = "0x7ff8000000000000"
ROOT = Path(__file__).resolve().parents[2]
SPECIFICATION = (ROOT / "docs" / "specification.md").read_text()


def value_report():
    """+NaN -> -NaN in the case's own call (a nan-sign reading), as a JSON validation report has it."""
    f = {"case": "DOUBLE_to_BFLOAT16_op25", "from": "DOUBLE", "to": "BFLOAT16", "call": "opset 25",
         "input": {"bits": NAN, "exact": "nan"}, "expected": {"bits": "0x7fc0", "exact": "nan"},
         "actual": {"bits": "0xffff", "exact": "-nan"}, "explained_by": ["nan-sign"]}
    return {"rules": [{"rule": "FLOAT.NAN", "counts": {"fail": 1}, "first_failures": [f]}],
            "discrepancies": [{"case": f["case"], "rule": "FLOAT.NAN", "explained_by": "nan-sign"}],
            "implementation": "torch", "description": "torch 2.15.0", "vectors": ["vectors/generated"],
            "rejections": []}


def shapes_document():
    """The same input gives +NaN in a call of 3 and -NaN in calls of 64 and more; another case's -NaN
    loses its sign in a tail only."""
    wrong = {"position": "tail", "shape": "length 3, input offset 0, output offset 0, element 0",
             "rule": "FLOAT.NAN", "from": "FLOAT16", "to": "FLOAT", "call": "opset 25", "input": "0xfe00 (-nan)",
             "expected": "0xffc00000 (-nan) (any NaN of that sign)", "actual": "0x7fffffff (nan)",
             "reproduce": "castlike explain --from FLOAT16 --to FLOAT --opset 25 --bits 0xfe00"}
    return {"cases": [{"case": "FLOAT16_to_FLOAT_op25", "wrong_by_position": {"tail": 7}, "failed_calls": 0,
                       "first_wrong": [wrong], "explained_by": "nan-sign"}],
            "bits_by_call": [{"case": "DOUBLE_to_BFLOAT16_op25", "inputs": 1, "by_input": [
                {"input": NAN, "bits": {"0x7fc0": "3", "0xffff": "64, 1024, 16402"}}]}]}


def cases(path):
    """The CASES rows of a reproduction script (read, not run: the peer need not be installed)."""
    tree = ast.parse(path.read_text())
    value = next(n.value for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == "CASES")
    return ast.literal_eval(value)


def test_the_reproduction_calls_with_the_length_that_shows_each_output(tmp_path):
    index = write_findings("torch", value_report(), TYPES, "", tmp_path, specification=SPECIFICATION,
                           shapes=shapes_document())
    [c] = index["classes"]
    assert (c["rule"], c["reading"], c["failures"], c["shape_failures"]) == ("FLOAT.NAN", "nan-sign", 1, 7)
    text = (tmp_path / c["report"]).read_text()
    assert "| DOUBLE -> BFLOAT16 | opset 25, in a call of 64 copies |" in text
    assert "| FLOAT16 -> FLOAT | opset 25; shape pass: tail, length 3, input offset 0" in text
    assert "- FLOAT16 -> FLOAT (opset 25), case `FLOAT16_to_FLOAT_op25`: tail 7" in text
    assert [(row[0], row[5]) for row in cases(tmp_path / c["reproduction"])] == [("DOUBLE", 64), ("FLOAT16", 3)]


def test_without_the_shape_document_every_call_is_one_element(tmp_path):
    index = write_findings("torch", value_report(), TYPES, "", tmp_path, specification=SPECIFICATION)
    [c] = index["classes"]
    assert "shape_failures" not in c
    assert [row[5] for row in cases(tmp_path / c["reproduction"])] == [1]


def verdict(outputs):
    e = Example("DOUBLE", "BFLOAT16", "CastLike", 25, (), 0x7ff8000000000000, 0x7fc0, 0xffff, "FLOAT.NAN", 16)
    namespace = {"__name__": "reproduction"}
    exec(compile(script("ml-dtypes", "test", "a title", [e], TYPES), "reproduction", "exec"), namespace)
    calls = []
    namespace["run"] = lambda *args: calls.append(args) or outputs
    code = namespace["main"]()
    assert calls[0][-1] == 16  # the call's length reaches the peer's call
    return code


def test_a_script_judges_every_output_of_its_call():
    assert verdict([0x7fc0] * 15 + [0xffff]) == 1  # one element has the finding's output
    assert verdict([0x7fc0] * 16) == 0  # every element a NaN: right
    assert verdict([0x7fc0] * 15 + [0x0000]) == 3  # an output that is neither


def test_the_document_records_every_input_whose_bits_depend_on_the_call():
    doc = json.loads((ROOT / "vectors" / "known-discrepancies" / "shapes-torch.json").read_text())
    for row in doc["bits_by_call"]:
        assert len(row["by_input"]) == row["inputs"]


def test_a_head_row_stays_in_the_report_and_out_of_the_script(tmp_path):
    shapes = shapes_document()
    wrong = shapes["cases"][0]["first_wrong"][0]
    wrong["position"], wrong["shape"] = "head", "length 129, input offset 3, output offset 0, element 0"
    index = write_findings("torch", value_report(), TYPES, "", tmp_path, specification=SPECIFICATION, shapes=shapes)
    [c] = index["classes"]
    text = (tmp_path / c["report"]).read_text()
    assert "shape pass: head, length 129, input offset 3" in text
    assert "A row of a misaligned or in-place call is not in the script" in text
    assert [row[0] for row in cases(tmp_path / c["reproduction"])] == ["DOUBLE"]
