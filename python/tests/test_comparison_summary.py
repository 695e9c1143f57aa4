"""The comparison page's summary (castlike.peers.comparison.summary): per family of destination
types and implementation, elements exact, root causes (distinct classes) and elements lacking."""

from castlike.peers.comparison import comparison, family_of


def test_families_by_destination():
    assert [family_of(t) for t in ("FLOAT8E8M0", "FLOAT8E5M2", "FLOAT4E2M1", "FLOAT6E2M3", "INT4", "UINT2",
                                   "BFLOAT16", "DOUBLE", "STRING", "BOOL", "UINT64")] == [
        "FLOAT8E8M0", "float8", "4-/6-bit floats", "4-/6-bit floats", "4-/2-bit integers", "4-/2-bit integers",
        "16-bit floats", "wider floats", "text", "integers", "integers"]


def test_summary_counts_elements_and_root_causes():
    rows = [{"case": "a", "from": "FLOAT", "to": "FLOAT8E4M3FN", "call": "CastLike opset 25", "elements": 100},
            {"case": "b", "from": "DOUBLE", "to": "FLOAT8E5M2", "call": "CastLike opset 25", "elements": 50},
            {"case": "c", "from": "FLOAT", "to": "INT8", "call": "CastLike opset 25", "elements": 10}]
    bug = {"rule": "F8.NOSAT.OVERFLOW", "reading": "unexplained", "standing": "bug", "report": "x.md",
           "cases": {"a": 3, "b": 2}}
    reading = {"rule": "F8.RNE", "reading": "A9=through-float32", "standing": "reading", "report": "y.md",
               "cases": {"b": 5}}
    findings = {"peer": "p", "implementation": "p", "description": "p", "classes": [bug, reading],
                "rejections": [{"case": "c", "message": "no kernel"}]}
    s = comparison([(findings, "p")], rows)["summary"]
    assert s["float8"]["p"] == {"elements": 150, "exact": 140, "lacks": 0, "bugs": 1, "readings": 1,
                                "no_attribute": 0, "unspecified": 0}
    assert s["integers"]["p"]["lacks"] == 10 and s["integers"]["p"]["exact"] == 0
    assert s["text"]["p"]["elements"] == 0
