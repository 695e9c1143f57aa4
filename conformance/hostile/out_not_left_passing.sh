#!/usr/bin/env bash
# A plug-in that calls exit(0) must not leave an earlier PASS report in place: validate the well
# behaved plug-in into --out (PASS), then the exit plug-in into the same file (exit 1, FAIL there).
#   out_not_left_passing.sh CASTLIKE WELL_BEHAVED.so EXIT.so VECTOR_DIR
set -euo pipefail
castlike=$1 good=$2 bad=$3 vectors=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$castlike" validate --library "$good" --vectors "$vectors/hostile_z_ordinary.json" --format json --out "$tmp/report.json"
grep -q '"ok": true' "$tmp/report.json" || { echo "the first report is not a PASS"; exit 1; }
set +e
"$castlike" validate --library "$bad" --vectors "$vectors" --timeout 2 --format json --out "$tmp/report.json"
rc=$?
set -e
cat "$tmp/report.json"
[[ $rc == 1 ]] || { echo "CHECK FAILED: exit status $rc, expected 1"; exit 1; }
grep -q '"ok": false' "$tmp/report.json" || { echo "CHECK FAILED: the PASS report was left in place"; exit 1; }
grep -q 'called exit(0) during the call' "$tmp/report.json" || { echo "CHECK FAILED: the report does not name exit(0)"; exit 1; }
