#!/usr/bin/env bash
# castlike validate --exhaustive with a baseline (--write-baseline, --expect) and JUnit:
#   - the example plug-in (conformance/plugins/example_validator_plugin.c: FLOAT -> FLOAT4E2M1 gives
#     +6 for NaN, a known discrepancy) passes against the baseline of its own run, exit 0;
#   - a stream of raw outputs with one altered output: its baseline passes, and one more altered
#     output (a new failing input) fails, exit 1; so does a baseline row the run no longer gives
#     under --expect-strict;
#   - --format junit has one test case per configuration, a known row skipped.
#
#   exhaustive_baseline.sh CASTLIKE EXAMPLE_PLUGIN.so EXPAND
set -euo pipefail
castlike=$1 plugin=$2 expand=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "CHECK FAILED: $*"; exit 1; }
status() { set +e; "$@" >"$tmp/out" 2>"$tmp/err"; echo $?; set -e; }

nan=(--library "$plugin" --config FLOAT-FLOAT4E2M1 --range 0x7f7ffff0..0x7f8000ff --jobs 1)
rc=$(status "$castlike" validate --exhaustive "${nan[@]}" --write-baseline "$tmp/known.json")
[[ $rc == 1 ]] || fail "the plug-in's run without a baseline exits $rc, expected 1"
grep -q '"case": "FLOAT-FLOAT4E2M1"' "$tmp/known.json" || fail "no row of FLOAT-FLOAT4E2M1 in the baseline"
grep -q '"rule": "F4.NAN.ZERO"' "$tmp/known.json" || fail "the row's rule is not F4.NAN.ZERO"
grep -q '"failures": 255' "$tmp/known.json" || fail "the row does not count the 255 NaN inputs"
grep -q '"explained_by": "A2=six' "$tmp/known.json" || fail "the row is not explained by A2=six"
rc=$(status "$castlike" validate --exhaustive "${nan[@]}" --expect "$tmp/known.json")
[[ $rc == 0 ]] || { cat "$tmp/out" "$tmp/err"; fail "against its baseline the plug-in exits $rc, expected 0"; }
grep -q '^baseline .*known.json: 1 known, 0 new, 0 changed, 0 vanished$' "$tmp/out" || fail "no baseline summary"

# Raw outputs of FLOAT16 -> FLOAT8E4M3FN: the reference's, with 1.0 (0x3c00) altered.
raw() { "$expand" FLOAT16-FLOAT8E4M3FN-sat1 "$@" | "$castlike" validate --exhaustive --config FLOAT16-FLOAT8E4M3FN-sat1 --raw-outputs - "${extra[@]}"; }
extra=(--write-baseline "$tmp/raw.json" --quiet)
rc=$(status raw --alter 0x3c00)
[[ $rc == 1 ]] || fail "the altered stream without a baseline exits $rc, expected 1"
extra=(--expect "$tmp/raw.json")
rc=$(status raw --alter 0x3c00)
[[ $rc == 0 ]] || { cat "$tmp/out" "$tmp/err"; fail "the altered stream against its baseline exits $rc, expected 0"; }
rc=$(status raw --alter 0x3c00 --alter 0x4000)
[[ $rc == 1 ]] || fail "one more altered output passes the baseline (exit $rc)"
grep -Eq '^baseline .*: 0 known, 0 new, 1 changed, 0 vanished$' "$tmp/out" || { cat "$tmp/out"; fail "the changed count is not reported"; }
rc=$(status raw)
[[ $rc == 0 ]] || fail "the fixed stream fails without --expect-strict (exit $rc)"
grep -Eq '^baseline .*: 0 known, 0 new, 0 changed, 1 vanished$' "$tmp/out" || fail "the vanished row is not reported"
extra=(--expect "$tmp/raw.json" --expect-strict)
rc=$(status raw)
[[ $rc == 1 ]] || fail "a vanished row passes --expect-strict (exit $rc)"

# JUnit: one test case per configuration; with the baseline the known configuration is skipped.
rc=$(status "$castlike" validate --exhaustive --library "$plugin" --pairs FLOAT-FLOAT4E2M1,INT8-INT16 \
  --range 0x7f7ffff0..0x7f8000ff --jobs 1 --format junit --expect "$tmp/known.json")
[[ $rc == 0 ]] || fail "the JUnit run exits $rc, expected 0"
python3 - "$tmp/out" <<'PY'
import sys
import xml.etree.ElementTree as ET
suite = ET.parse(sys.argv[1]).getroot().find("testsuite")
cases = {c.get("name"): c for c in suite.findall("testcase")}
assert sorted(cases) == ["FLOAT-FLOAT4E2M1", "INT8-INT16"], sorted(cases)
assert cases["FLOAT-FLOAT4E2M1"].find("skipped") is not None, "the known configuration is not skipped"
assert len(list(cases["INT8-INT16"])) == 0, "the passing configuration is not a plain pass"
assert suite.get("tests") == "2" and suite.get("failures") == "0", suite.attrib
PY
echo "exhaustive baselines and JUnit: ok"
