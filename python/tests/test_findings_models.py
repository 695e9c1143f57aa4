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
