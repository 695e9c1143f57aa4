"""A reading is a model of the peer (castlike.peers.findings.classes): one that gives every failure
of a row but that a right element of the same case contradicts (the validation report's
"contradicted") is refused; the next reading standing names the class, else it is unexplained."""

from castlike.peers.findings import classes


def failure(case, value, readings):
    return {"case": case, "from": "FLOAT", "to": "FLOAT8E4M3FN", "call": "opset 25, saturate=0",
            "input": {"bits": value}, "expected": {"bits": "0x7f"}, "actual": {"bits": "0x7e"},
            "explained_by": readings}


def report(readings, contradicted):
    case = "FLOAT_to_FLOAT8E4M3FN_op25_sat0"
    failures = [failure(case, "0x43f00000", readings), failure(case, "0x43f40000", readings)]
    return {"rules": [{"rule": "F8.NOSAT.OVERFLOW", "counts": {"fail": 2}, "first_failures": failures}],
            "discrepancies": [{"case": case, "rule": "F8.NOSAT.OVERFLOW", "explained_by": "|".join(readings),
                               "contradicted": [{"reading": r, "index": 9, "input": {"bits": "0x43fa0000"},
                                                 "reading_gives": {"bits": "0x7e"}, "actual": {"bits": "0x7f"}}
                                                for r in contradicted]}]}


def test_a_reading_no_right_element_contradicts_names_the_class():
    [c] = classes(report(["saturate=1"], []))
    assert (c.reading, len(c.failures), c.refused) == ("saturate=1", 2, {})


def test_a_contradicted_reading_is_refused():
    [c] = classes(report(["saturate=1"], ["saturate=1"]))
    assert c.reading == "unexplained"
    assert c.refused["saturate=1"]["input"] == {"bits": "0x43fa0000"}
    assert c.refused["saturate=1"]["case"] == "FLOAT_to_FLOAT8E4M3FN_op25_sat0"


def test_the_next_reading_standing_names_the_class():
    [c] = classes(report(["saturate=1", "A1=nan"], ["saturate=1"]))
    assert c.reading == "A1=nan" and list(c.refused) == ["saturate=1"]


def test_attributeless_classes_are_one_note_and_numpy_text_pairs_leave(tmp_path):
    from castlike.peers.findings import NO_ATTRIBUTE, write_findings
    from castlike.peers.reproduction import TypeFacts

    types = {"FLOAT": TypeFacts(1, "float32", 32, "ieee", 8, 23), "STRING": TypeFacts(8, "str", 0),
             "BOOL": TypeFacts(9, "bool", 8), "FLOAT8E4M3FN": TypeFacts(17, "float8_e4m3fn", 8, "fn", 4, 3)}
    sat = report(["saturate=1"], [])
    text = {"case": "STRING_to_BOOL_op25", "from": "STRING", "to": "BOOL", "call": "opset 25",
            "input": {"text": "0.0"}, "expected": {"bits": "0x00"}, "actual": {"bits": "0x01"},
            "explained_by": ["text-bool-nonempty"]}
    sat["rules"].append({"rule": "BOOL.ZERO", "counts": {"fail": 1}, "first_failures": [text]})
    sat["discrepancies"].append({"case": text["case"], "rule": "BOOL.ZERO", "explained_by": "text-bool-nonempty"})
    sat.update({"implementation": "ml_dtypes", "description": "ml_dtypes 0.7.0", "vectors": [], "rejections": []})
    index = write_findings("ml-dtypes", sat, types, "", tmp_path, specification=SPECIFICATION)
    assert index["not_the_peer"] == 1  # STRING -> BOOL: numpy's conversion, ml_dtypes never called
    [c] = index["classes"]
    assert (c["standing"], c["report"], c["reproduction"]) == (NO_ATTRIBUTE, "no-attribute.md", "no-attribute.py")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["findings.json", "no-attribute.md", "no-attribute.py"]


SPECIFICATION = (__import__("pathlib").Path(__file__).resolve().parents[2] / "docs" / "specification.md").read_text()


def test_a_bug_needs_a_quoted_sentence():
    """A departure under a rule with a sentence (the float 8 table, saturate=0) is a bug quoting it;
    one under a rule the pages leave open (FLOAT.RNE, no page example) is unspecified."""
    from castlike.peers.findings import BUG, UNSPECIFIED, FindingClass, split
    from castlike.peers.sentences import quoted, sentences

    table = sentences(SPECIFICATION)
    f8 = failure("FLOAT_to_FLOAT8E4M3FN_op25_sat0", "0x43f00000", [])
    assert "saturate' is set to False" in quoted(f8, "F8.NOSAT.OVERFLOW", "unexplained", table).text
    rne = dict(f8, to="BFLOAT16", case="INT32_to_BFLOAT16_op25", call="opset 25")
    assert quoted(rne, "FLOAT.RNE", "bfloat16-truncate", table) is None
    example = dict(rne, case="test_cc_castlike_FLOAT_to_BFLOAT16")
    assert "example `test_cc_castlike_FLOAT_to_BFLOAT16`" in quoted(example, "FLOAT.RNE", "x", table).page
    parts = split(FindingClass("FLOAT.RNE", "bfloat16-truncate", [rne, example]), BUG, table)
    assert [(len(c.failures), s, c.key) for c, s in parts] == [
        (1, BUG, "FLOAT.RNE--bfloat16-truncate"), (1, UNSPECIFIED, "FLOAT.RNE--bfloat16-truncate--unspecified")]
    # With saturate=1 the float 8 table has no -NaN row: a NaN of the other sign is unspecified.
    nan = dict(f8, call="opset 25")
    assert quoted(nan, "F8.NAN", "nan-sign", table) is None and quoted(nan, "F8.NAN", "unexplained", table)


def test_the_title_states_the_extent_on_every_input():
    from castlike.peers.findings import BUG, FindingClass, title
    from castlike.peers.reproduction import TypeFacts

    types = {"FLOAT": TypeFacts(1, "float32", 32, "ieee", 8, 23), "FLOAT8E4M3FN": TypeFacts(17, "float8_e4m3fn", 8, "fn", 4, 3)}
    interval = {"rule": "F8.NOSAT.OVERFLOW", "readings": [], "count": 524288, "expected": "0x7f", "actual": "0x7e"}
    exhaustive = {"configurations": [{"id": "FLOAT-FLOAT8E4M3FN-sat0", "intervals": [
        dict(interval, first="0x43f00000", last="0x43f7ffff")],
        "witnesses": {"0x43efffff": "0x7f", "0x43f00000": "0x7e", "0x43f7ffff": "0x7e", "0x43f80000": "0x7f"}}]}
    c = FindingClass("F8.NOSAT.OVERFLOW", "unexplained", [failure("x", "0x43f00000", [])])
    assert title("onnxruntime 1.32.0", c, BUG, exhaustive, types) == (
        "onnxruntime 1.32.0: FLOAT -> FLOAT8E4M3FN with saturate=0: 524,288 inputs in [480, 496) give 448 "
        "(expected NaN); NaN just outside: not monotonic")
