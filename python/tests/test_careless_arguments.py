"""What a careless caller's strings, paths and numbers get: castlike's own error classes (a
CastlikeError that is also the ValueError / TypeError a caller would catch), naming the argument,
never an argument taken silently, nanobind's "incompatible function arguments" or a C++ library's
message. Report.write and write_baseline write through the command line's output guard. Marked
`hostile` (scripts/tests/test-python -m hostile selects them)."""

import json
import os

import numpy as np
import pytest

import castlike

pytestmark = pytest.mark.hostile

X = np.array([0.479, 1e6, -3.0, np.nan], dtype=np.float32)
PAIR = "FLOAT-FLOAT8E4M3FN"
LEAKS = ("incompatible function arguments", "basic_filebuf", "basic_string", "std::")


def assert_castlike_error(info, cls, *words):
    assert isinstance(info.value, castlike.CastlikeError) and isinstance(info.value, cls), repr(info.value)
    text = str(info.value)
    assert not any(leak in text for leak in LEAKS), text
    for word in words:
        assert word in text, text


@pytest.mark.parametrize("call", [
    lambda: castlike.cast(X, "FLOAT8E8M0", round_mode="up\0"),
    lambda: castlike.expected(X, "FLOAT8E8M0", round_mode="up\0"),
    lambda: castlike.explain(X[0], "FLOAT8E8M0", round_mode="up\0"),
    lambda: castlike.expected(X, "FLOAT16", profile="default\0"),
    lambda: castlike.explain(X[0], "FLOAT16", variants="A2=six\0"),
    lambda: castlike.validate(castlike.cast, pairs=PAIR, name="mine\0"),
    lambda: castlike.validate(castlike.cast, pairs=PAIR, description="mine\0"),
    lambda: castlike.validate(castlike.cast, pairs=PAIR, rules=["F8.SAT.OVERFLOW\0"]),
    lambda: castlike.force_isa("scalar\0"),
])
def test_nul_in_a_string_argument_is_invalid_argument(call):
    with pytest.raises(castlike.InvalidArgument) as e:
        call()
    assert_castlike_error(e, ValueError, "NUL")


@pytest.mark.parametrize("call", [
    lambda: castlike.cast(X, "FLOAT8E8M0", round_mode="\ud800"),
    lambda: castlike.cast(np.array(["1.5", "\ud800"], dtype=object), "FLOAT"),
    lambda: castlike.expected(np.array(["\udc80"], dtype=object), "FLOAT16"),
    lambda: castlike.explain("\udc80", "FLOAT16", from_type="STRING"),
    lambda: castlike.expected(X, "FLOAT16", variants="\ud800"),
    lambda: castlike.validate(castlike.cast, exhaustive="FLOAT16-\ud800"),
    lambda: castlike.validate(castlike.cast, pairs=PAIR, rules=["\ud800"]),
    lambda: castlike.validate(castlike.cast, pairs=PAIR, name="\ud800"),
    lambda: castlike.validate(castlike.cast, pairs=PAIR, description="\udc80"),
    lambda: castlike.force_isa("\ud800"),
])
def test_lone_surrogate_in_a_text_is_invalid_argument(call):
    with pytest.raises(castlike.InvalidArgument) as e:
        call()
    assert_castlike_error(e, ValueError, "surrogate")


@pytest.mark.parametrize("call, words", [
    (lambda: castlike.validate(castlike.cast, pairs=PAIR, rules=["NO.SUCH.RULE"]), ("NO.SUCH.RULE",)),
    (lambda: castlike.validate(castlike.cast, exhaustive="NO-SUCH-CONFIGURATION"), ("NO-SUCH-CONFIGURATION",)),
    (lambda: castlike.force_isa("no-such-level"), ("no-such-level",)),
])
def test_an_unknown_name_is_invalid_argument(call, words):
    with pytest.raises(castlike.InvalidArgument) as e:
        call()
    assert_castlike_error(e, ValueError, *words)


@pytest.mark.parametrize("call", [
    lambda: castlike.cast(X, "FLOAT\ud800"),
    lambda: castlike.element_type("\udc80"),
    lambda: castlike.list_cases(pairs="FLOAT-\ud800"),
])
def test_lone_surrogate_in_a_type_name_is_unknown_type(call):
    with pytest.raises(castlike.UnknownType) as e:
        call()
    assert_castlike_error(e, ValueError, "unknown element type")


@pytest.mark.parametrize("call", [
    lambda: castlike.cast(X, None),
    lambda: castlike.expected(X, None),
    lambda: castlike.element_type(None),
    lambda: castlike.cast(X, "FLOAT16", round_mode=3),
    lambda: castlike.cast(X, "FLOAT16", opset="25"),
])
def test_an_argument_of_the_wrong_type_is_invalid_argument_type(call):
    with pytest.raises(castlike.InvalidArgumentType) as e:
        call()
    assert_castlike_error(e, TypeError)


@pytest.mark.parametrize("timeout", [-1, 0, -0.5, float("nan"), float("inf"), float("-inf")])
def test_a_timeout_that_is_not_above_zero_and_finite_is_refused(timeout):
    with pytest.raises(castlike.InvalidArgument) as e:
        castlike.validate(castlike.cast, pairs=PAIR, isolate=True, timeout=timeout)
    assert_castlike_error(e, ValueError, "timeout")


def test_a_timeout_that_is_no_number_is_refused():
    with pytest.raises(castlike.InvalidArgumentType) as e:
        castlike.validate(castlike.cast, pairs=PAIR, isolate=True, timeout="10")
    assert_castlike_error(e, TypeError, "timeout")


def test_bytes_paths_are_decoded_as_os_fsdecode_does():
    spec = [p for p in castlike.default_vectors() if p.endswith("spec-examples")]
    as_str = castlike.list_cases(vectors=spec[0])
    assert as_str and castlike.list_cases(vectors=os.fsencode(spec[0])) == as_str
    assert castlike.list_cases(vectors=[os.fsencode(spec[0])]) == as_str
    report = castlike.validate(castlike.cast, vectors=os.fsencode(spec[0]))
    assert report.ok and report.total["pass"] > 0


@pytest.mark.parametrize("path, words", [
    (b"/tmp/\xff-not-utf8", ("vectors", "UTF-8")),
    ("/tmp/\udcff-not-utf8", ("vectors", "UTF-8")),
    ("/tmp/with\0nul", ("vectors", "NUL")),
    (b"/tmp/with\0nul", ("vectors", "NUL")),
])
def test_a_path_castlike_cannot_pass_on_is_refused(path, words):
    with pytest.raises(castlike.InvalidArgument) as e:
        castlike.list_cases(vectors=path)
    assert_castlike_error(e, ValueError, *words)


@pytest.mark.parametrize("content", ["{not json", '{"format": "castlike-vectors"}', "", "\xff\xfe"])
def test_a_malformed_vector_file_is_castlike_error_naming_it(tmp_path, content):
    bad = tmp_path / "FLOAT-FLOAT16-bad.json"
    bad.write_bytes(content.encode("latin-1"))
    for call in (lambda: castlike.list_cases(vectors=tmp_path),
                 lambda: castlike.validate(castlike.cast, vectors=bad)):
        with pytest.raises(castlike.InvalidArgument) as e:
            call()
        assert_castlike_error(e, ValueError, str(bad))


def test_a_baseline_that_is_a_directory_is_castlike_error(tmp_path):
    report = castlike.validate(castlike.cast, pairs=PAIR)
    with pytest.raises(castlike.CastlikeError) as e:
        report.compare(tmp_path)
    assert_castlike_error(e, ValueError, str(tmp_path))


@pytest.fixture(scope="module")
def report():
    return castlike.validate(castlike.cast, pairs=PAIR)


@pytest.fixture(scope="module")
def exhaustive_report():
    return castlike.validate(castlike.cast, exhaustive="FLOAT8E4M3FN-FLOAT16")


def writers(report, exhaustive_report):
    return {"report.txt": report.write, "report.json": report.write, "report.html": report.write,
            "report.xml": report.write, "baseline.json": report.write_baseline,
            "exhaustive.json": exhaustive_report.write, "exhaustive.txt": exhaustive_report.write}


@pytest.mark.parametrize("name", ["report.txt", "report.json", "report.html", "report.xml", "baseline.json",
                                  "exhaustive.json", "exhaustive.txt"])
def test_writers_go_through_the_output_guard(tmp_path, report, exhaustive_report, name):
    write = writers(report, exhaustive_report)[name]
    target = tmp_path / name
    write(target)  # a new file
    first = target.read_text()
    write(os.fsencode(target))  # over its own kind, by a bytes path
    assert target.read_text() == first
    secret = tmp_path / "notes.txt"
    secret.write_text("the user's own file\n")
    with pytest.raises(castlike.InvalidArgument) as e:
        write(secret)  # a file that is not castlike's
    assert_castlike_error(e, ValueError, "notes.txt")
    link = tmp_path / ("link-" + name)
    link.symlink_to(secret)
    with pytest.raises(castlike.InvalidArgument) as e:
        write(link)  # a symlink onto it
    assert_castlike_error(e, ValueError, "link-")
    linked_dir = tmp_path / "linked"
    linked_dir.symlink_to(tmp_path)
    with pytest.raises(castlike.InvalidArgument):
        write(linked_dir / name)  # a symlink in the directory's path
    assert secret.read_text() == "the user's own file\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, "notes.txt", link.name, "linked"])


def test_a_baseline_is_not_written_over_a_report(tmp_path, report):
    target = tmp_path / "out.json"
    report.write(target)
    assert json.loads(target.read_text())["format"] == "castlike-validation-report"
    with pytest.raises(castlike.InvalidArgument):
        report.write_baseline(target)
    assert json.loads(target.read_text())["format"] == "castlike-validation-report"


def tail_wrong(x, to, **attributes):
    """castlike.cast with the last element of a long call zeroed: a fault castlike.fuzz finds."""
    out = castlike.cast(x, to, **attributes)
    if out.size > 16:
        out.reshape(-1)[-1] = castlike.cast(np.zeros(1, dtype=x.dtype), to, **attributes)[0]
    return out


def test_fuzz_findings_are_written_through_the_output_guard(tmp_path):
    first = castlike.fuzz(tail_wrong, PAIR, calls=100, seed=3, engine="loop", findings=tmp_path / "first")
    assert first.findings, str(first)
    name = os.path.basename(first.findings[0].vector_file)
    again = tmp_path / "again"
    again.mkdir()
    secret = tmp_path / "notes.txt"
    secret.write_text("the user's own file\n")
    (again / name).symlink_to(secret)
    with pytest.raises(castlike.InvalidArgument) as e:
        castlike.fuzz(tail_wrong, PAIR, calls=100, seed=3, engine="loop", findings=again)
    assert_castlike_error(e, ValueError, name)
    assert secret.read_text() == "the user's own file\n"
    rerun = castlike.fuzz(tail_wrong, PAIR, calls=100, seed=3, engine="loop", findings=tmp_path / "first")
    assert [f.vector_file for f in rerun.findings] == [f.vector_file for f in first.findings]
