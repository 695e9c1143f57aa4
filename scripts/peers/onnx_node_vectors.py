"""castlike's side of onnx's generated node tests: each case as a castlike vector file whose
expected elements are the exact reference's answers (`castlike convert` at the case's operator,
opset and attributes, under a profile and switches), so that `castlike validate` judges onnx's
outputs like any implementation's (standard library only; vectors/schema/README.md).
"""
import json
import subprocess
from typing import Any, Sequence, Union

GENERATOR = "scripts/check/check-onnx-generated-tests"


class CastlikeError(Exception):
    """castlike refused a request or answered in a form this reader does not know."""


def _run(cmd: Sequence[Union[str, int]]) -> str:
    result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if result.returncode != 0:
        raise CastlikeError("%s (exit %d)" % (result.stderr.strip() or result.stdout.strip() or
                                              "castlike %s failed" % cmd[1], result.returncode))
    return result.stdout


def known_types(castlike: str) -> dict[str, int]:
    """The element types castlike has, by name, with their width in bits (`castlike types --format json`)."""
    types = {t["name"]: t["bits"] for t in json.loads(_run([castlike, "types", "--format", "json"]))["types"]}
    if not types:
        raise CastlikeError("castlike types listed no type")
    return types


def profile_parts(profile: str) -> tuple[str, str]:
    """A profile as castlike spells it, an optional profile name and switches, comma-separated
    (`A2=negzero,A12=exact`, `exact,A2=negzero`): (the name, default if none; the switches)."""
    names = [p for p in profile.split(",") if p and "=" not in p]
    switches = ",".join(p for p in profile.split(",") if "=" in p)
    if len(names) > 1:
        raise CastlikeError("profile %r names %d profiles; give at most one" % (profile, len(names)))
    return (names[0] if names else "default"), switches


def profile_options(profile: str) -> list[str]:
    """`--profile NAME [--variants LIST]` for castlike convert."""
    name, switches = profile_parts(profile)
    return ["--profile", name] + (["--variants", switches] if switches else [])


def answers(castlike: str, case: Any, inputs: Sequence[str], profile: str = "default") -> list[tuple[str, str, str]]:
    """The reference's answer for each input of `case`: (bits or text, outcome, rule id)."""
    cmd: list[Union[str, int]] = [castlike, "convert", "--operator", case.operator, "--opset", case.opset,
                                  "--from", case.from_type, "--to", case.to_type, *profile_options(profile)]
    if "saturate" in case.attributes:
        cmd += ["--saturate", case.attributes["saturate"]]
    if "round_mode" in case.attributes:
        cmd += ["--round-mode", case.attributes["round_mode"]]
    if case.from_type != "STRING":
        cmd.append("--bits")
    lines = _run(cmd + ["--"] + list(inputs)).splitlines()
    if len(lines) != len(inputs):
        raise CastlikeError("%s: castlike convert answered %d lines for %d inputs"
                            % (case.name, len(lines), len(inputs)))
    out = []
    for line in lines:
        shown_and_rest = line.rsplit(" ", 2)
        if len(shown_and_rest) != 3 or " -> " not in shown_and_rest[0]:
            raise CastlikeError("%s: cannot read castlike convert's line %r" % (case.name, line))
        shown = shown_and_rest[0].rsplit(" -> ", 1)[1]
        if case.to_type == "STRING":
            if not (len(shown) >= 2 and shown[0] == shown[-1] == '"'):
                raise CastlikeError("%s: castlike convert's text %r is not quoted" % (case.name, shown))
            shown = shown[1:-1]
        out.append((shown, shown_and_rest[1], shown_and_rest[2]))
    return out


def packed(bits: Sequence[str], width: int) -> str:
    """The storage of sub-byte elements as hex bytes: one little-endian bit string, element i at
    bits [i*width, (i+1)*width), so a 6-bit element may straddle two bytes (4-bit: two per byte,
    2-bit: four, 6-bit: four in three); ceil(n * width / 8) bytes, the last padded with zeros."""
    string = 0
    for i, b in enumerate(bits):
        string |= int(b, 16) << (width * i)
    return string.to_bytes((len(bits) * width + 7) // 8, "little").hex()


def _tensor(type_name: str, values: Sequence[str], width: int) -> dict[str, Any]:
    block: dict[str, Any] = {"text" if type_name == "STRING" else "bits": list(values)}
    if type_name != "STRING" and width < 8:
        block["packed"] = packed(values, width)
    return block


def vector_file(case: Any, inputs: Sequence[str], reference: Sequence[tuple[str, str, str]],
                widths: dict[str, int], profile: str, onnx_version: str) -> str:
    """The castlike-vectors document of one case (kind generated, the given expected answers)."""
    expected = _tensor(case.to_type, [a[0] for a in reference], widths[case.to_type])
    expected["outcome"] = [a[1] for a in reference]
    expected["rule"] = [a[2] for a in reference]
    name, switches = profile_parts(profile)
    source = {"generator": GENERATOR, "onnx": onnx_version, "profile": name, "inputs": "custom"}
    if switches:
        source["variants"] = switches
    doc: dict[str, Any] = {"format": "castlike-vectors", "format_version": 1, "kind": "generated", "name": case.name,
           "source": source}
    if case.operator != "CastLike":
        doc["operator"] = case.operator
    doc.update({"opset": case.opset, "from": case.from_type, "to": case.to_type, "attributes": case.attributes,
                "shape": list(case.shape), "input": _tensor(case.from_type, inputs, widths[case.from_type]),
                "expected": expected})
    return json.dumps(doc, indent=1, ensure_ascii=True) + "\n"
