"""castlike.validate: the harness's verdicts on Python implementations, good, wrong and hostile."""

import json
import os
import signal
import sys
import time
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import castlike


def test_kernels_pass(small_pairs):
    r = castlike.validate(castlike.cast, pairs=small_pairs)
    assert r.ok, r.text()
    assert r.verdict.endswith("PASS") and r.total["fail"] == 0 and r.total["pass"] > 1000


def cast_vector_file(tmp_path):
    """The packaged FLOAT -> FLOAT16 case as a Cast node at opset 13 (Cast-13; CastLike has no opset 13)."""
    case = castlike.list_cases(pairs=["FLOAT-FLOAT16"])[0]
    doc = json.loads(open(case["path"]).read())
    doc.update(name="FLOAT_to_FLOAT16_op13_cast", operator="Cast", opset=13)
    path = tmp_path / "FLOAT_to_FLOAT16_op13_cast.json"
    path.write_text(json.dumps(doc))
    return path


def test_cast_cases_go_to_implementations_taking_operator(tmp_path, wrong_saturate):
    path = cast_vector_file(tmp_path)
    [case] = castlike.list_cases([str(path)])
    assert case["id"].endswith("-cast") and case["operator"] == "Cast" and case["opset"] == 13
    r = castlike.validate(castlike.cast, vectors=[str(path)])
    assert r.ok and r.total["pass"] == case["elements"] and r.total["rejected"] == 0, r.text()
    # An implementation without operator= cannot be asked for a Cast node: rejected, not failed.
    r = castlike.validate(wrong_saturate, vectors=[str(path)])
    assert r.total["fail"] == 0 and r.total["rejected"] == case["elements"]
    assert "takes no operator= argument" in r.text()


def test_wrong_implementation_is_explained(wrong_saturate):
    r = castlike.validate(wrong_saturate, pairs=["FLOAT-FLOAT8E4M3FN"])
    assert not r.ok and r.verdict.startswith("wrong-saturate:")
    rows = [d for d in r.discrepancies() if d["kind"] == "discrepancy"]
    assert "F8.NOSAT.OVERFLOW" in {d["rule"] for d in rows}
    assert all(d["explained_by"] == "saturate=1" for d in rows)
    text = r.text()
    assert "castlike explain --from FLOAT --to FLOAT8E4M3FN --opset 25 --saturate 0 --bits" in text


def test_renderings(wrong_saturate, tmp_path):
    r = castlike.validate(wrong_saturate, pairs=["FLOAT-FLOAT8E4M3FN"])
    doc = json.loads(r.json())
    assert doc["format"] == "castlike-validation-report" and doc["total"]["fail"] > 0
    suite = ET.fromstring(r.junit())
    assert suite.tag in ("testsuites", "testsuite") and len(suite.findall(".//testcase")) >= 2
    assert "<html" in r.html()
    for name in ("r.txt", "r.json", "r.html", "r.xml"):
        r.write(tmp_path / name)
        assert (tmp_path / name).stat().st_size > 100


def test_baseline_round_trip(wrong_saturate, tmp_path):
    r = castlike.validate(wrong_saturate, pairs=["FLOAT-FLOAT8E4M3FN"])
    r.write_baseline(tmp_path / "known.json")
    again = castlike.validate(wrong_saturate, pairs=["FLOAT-FLOAT8E4M3FN"], expect=tmp_path / "known.json")
    assert again.ok and again.comparison["new"] == [] and again.comparison["known"] > 0
    fixed = castlike.validate(castlike.cast, pairs=["FLOAT-FLOAT8E4M3FN"], expect=tmp_path / "known.json",
                              expect_strict=True)
    assert not fixed.ok and fixed.comparison["vanished"]


def test_selection_by_case_and_predicate():
    cases = castlike.list_cases(pairs=["FLOAT-FLOAT8E4M3FN"])
    assert {c["id"] for c in cases} == {"FLOAT-FLOAT8E4M3FN-op25", "FLOAT-FLOAT8E4M3FN-op25-sat0",
                                        "spec-FLOAT-FLOAT8E4M3FN-op21", "spec-FLOAT-FLOAT8E4M3FN-op21-sat0"}
    r = castlike.validate(castlike.cast, cases=["FLOAT-FLOAT8E4M3FN-op25-sat0"])
    assert r._core.cases == 1
    r = castlike.validate(castlike.cast, cases=lambda c: c["to"] == "UINT2" and c["from"] == "INT2")
    assert r.ok and r._core.cases >= 1
    with pytest.raises(ValueError, match="holds no vector file"):
        castlike.validate(castlike.cast, pairs=["FLOAT-FLOAT"], cases=["nothing"])
    with pytest.raises(ValueError, match="unknown element type"):
        castlike.validate(castlike.cast, pairs=["FLOAT-FLOAT9"])


def test_bad_vectors_are_a_clear_error(tmp_path):
    (tmp_path / "x.json").write_text("{not json")
    with pytest.raises(ValueError, match="x.json"):
        castlike.validate(castlike.cast, vectors=tmp_path)
    with pytest.raises(ValueError):
        castlike.validate(castlike.cast, vectors=tmp_path / "missing")


def judged(impl, pair="FLOAT-FLOAT16", **kw):
    r = castlike.validate(impl, pairs=[pair], **kw)
    return r, r.call_failures(), [c for c in r.cases() if c["rejection"]]


@pytest.mark.parametrize("answer,kind,text", [
    (lambda x: castlike.cast(x, "FLOAT"), "bad answer", "returned dtype float32; FLOAT16 takes float16"),
    (lambda x: castlike.cast(x, "FLOAT16")[:1], "bad answer", "returned shape"),
    (lambda x: list(castlike.cast(x, "FLOAT16")), "bad answer", "not a numpy array"),
    (lambda x: None, "bad answer", "NoneType"),
])
def test_bad_answers_are_failed_calls(answer, kind, text):
    r, failures, _ = judged(lambda x, to, **kw: answer(x))
    assert not r.ok and failures and all(f["kind"] == kind for f in failures)
    assert text in failures[0]["message"]


def test_bad_texts_are_failed_calls():
    def impl(x, to, **kw):
        return np.array([b"\xff"] * x.size, dtype=object).reshape(x.shape)
    r, failures, _ = judged(impl, "FLOAT-STRING")
    assert failures and "not UTF-8" in failures[0]["message"]

    def surrogate(x, to, **kw):
        return np.array(["\udc80"] * x.size, dtype=object).reshape(x.shape)
    r, failures, _ = judged(surrogate, "FLOAT-STRING")
    assert failures and "surrogates" in failures[0]["message"]


def test_exceptions_are_rejections():
    def impl(x, to, **kw):
        raise NotImplementedError("no float16 here")
    r, _, rejected = judged(impl)
    assert not r.ok and rejected and "NotImplementedError: no float16 here" in rejected[0]["rejection"]


def test_partial_output():
    def impl(x, to, **kw):
        return castlike.PartialOutput(castlike.cast(x, to, **kw), {0: "element 0 failed"})
    r = castlike.validate(impl, cases=["FLOAT-FLOAT16-op25"])
    assert not r.ok and r.total["rejected"] == 1 and r.total["fail"] == 0


def test_exit_is_a_failed_call_even_in_process():
    def impl(x, to, **kw):
        sys.exit(3)
    r, failures, _ = judged(impl)
    assert failures and failures[0]["kind"] == "exited"


def test_isolated_crash_hang_exit_and_recovery():
    def impl(x, to, **kw):
        if to == "FLOAT16":
            os.kill(os.getpid(), signal.SIGSEGV)
        if to == "BFLOAT16":
            time.sleep(60)
        if to == "INT8":
            os._exit(4)
        return castlike.cast(x, to, **kw)
    r = castlike.validate(impl, pairs=["FLOAT-FLOAT16", "FLOAT-BFLOAT16", "FLOAT-INT8", "FLOAT-UINT8"],
                          isolate=True, timeout=1)
    kinds = {f["case"]: (f["kind"], f["message"]) for f in r.call_failures()}
    assert kinds["FLOAT_to_FLOAT16_op25"] == ("crashed", "the implementation's process died with SIGSEGV")
    assert kinds["FLOAT_to_BFLOAT16_op25"][0] == "timed out"
    assert kinds["FLOAT_to_INT8_op25"] == ("exited", "the implementation's process exited with status 4")
    assert [c for c in r.cases() if c["name"] == "FLOAT_to_UINT8_op25"][0]["counts"]["fail"] == 0


def test_exhaustive_pass_and_intervals():
    r = castlike.validate(castlike.cast, exhaustive="FLOAT16-FLOAT8E4M3FN-sat1")
    assert r.ok, r.text()
    (c,) = r.configurations()
    assert c["inputs"] == 65536 and c["fail"] == 0

    def off(x, to, **kw):
        y = castlike.cast(x, to, **kw)
        b = y.view(np.uint8).copy()
        b[x.view(np.uint16) == 0x3C00] = 0  # 1.0 -> 0
        return b.view(y.dtype)
    r = castlike.validate(off, exhaustive=["FLOAT16-FLOAT8E4M3FN-sat1"])
    (c,) = r.configurations()
    assert not r.ok and c["fail"] == 1 and c["intervals"][0]["first"] == 0x3C00
    assert "0x3c00" in r.text()
    with pytest.raises(ValueError, match="not a configuration id"):
        castlike.validate(castlike.cast, exhaustive="FLOAT-NOTHING")


def test_declared_coverage():
    """A callable's castlike_coverage: nothing outside it is called, the report says so in one line
    and passes on what it covers; a declared pair it rejects fails; a malformed entry is refused."""
    asked = []

    def float16_only(x, to, **kw):
        asked.append(to)
        if to != "FLOAT":
            raise NotImplementedError("only FLOAT16 -> FLOAT")
        return castlike.cast(x, to, **kw)
    float16_only.castlike_coverage = ["FLOAT16-FLOAT"]  # type: ignore[attr-defined]
    r = castlike.validate(float16_only, exhaustive=["FLOAT16-FLOAT", "FLOAT16-INT8"])
    assert r.ok, r.text()
    assert set(asked) == {"FLOAT"}
    assert "not covered (declared by the implementation" in r.text()
    assert json.loads(r.json())["coverage"] == "declared"
    v = castlike.validate(float16_only, pairs=["FLOAT16-FLOAT", "FLOAT16-INT8"])
    assert v.ok and v.total["rejected"] == 0, v.text()
    assert "not covered (declared; not called, not failures)" in v.text()

    float16_only.castlike_coverage = [{"from": "FLOAT16", "to": "INT8"}, "FLOAT16-FLOAT"]  # type: ignore[attr-defined]
    r = castlike.validate(float16_only, exhaustive=["FLOAT16-FLOAT", "FLOAT16-INT8"])
    assert not r.ok and "FAIL FLOAT16-INT8: 65536 rejected" in r.text()

    for bad in (["FLOAT16"], [{"from": "FLOAT16", "to": "FLOAT", "saturate": 2}], "FLOAT16-FLOAT"):
        float16_only.castlike_coverage = bad  # type: ignore[attr-defined]
        with pytest.raises((ValueError, TypeError), match="castlike_coverage"):
            castlike.validate(float16_only, exhaustive="FLOAT16-FLOAT")


def test_not_callable():
    with pytest.raises(TypeError, match="callable"):
        castlike.validate("castlike.cast")
