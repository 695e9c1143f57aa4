#!/usr/bin/env bash
# A file nested 100,000 levels deep (610 KB) given to each reader of castlike JSON files: a vector
# file (in an extra field of `source`, which generated files may have), a baseline, a results line
# and an exhaustive report. Each must be exit 2 naming the nesting limit, within seconds and in
# little memory (peak RSS below 200 MB where /usr/bin/time can measure it): reading the file may
# not cost memory that grows with its depth.
#
#   deep_nesting.sh CASTLIKE
set -euo pipefail
castlike=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

depth=100000
nested() { python3 -c "import sys; n = int(sys.argv[1]); sys.stdout.write('{\"a\": ' * n + '1' + '}' * n)" "$depth"; }
deep=$(nested)

cat >"$tmp/deep.json" <<EOF
{"format": "castlike-vectors", "format_version": 1, "kind": "generated", "name": "deep",
 "source": {"generator": "castlike export", "extra": $deep},
 "opset": 25, "from": "INT8", "to": "INT16", "attributes": {}, "shape": [1],
 "input": {"bits": ["0x05"]}, "expected": {"bits": ["0x0005"], "outcome": ["exact"]}}
EOF
cat >"$tmp/case.json" <<EOF
{"format": "castlike-vectors", "format_version": 1, "kind": "generated", "name": "case",
 "source": {"generator": "castlike export"},
 "opset": 25, "from": "INT8", "to": "INT16", "attributes": {}, "shape": [1],
 "input": {"bits": ["0x05"]}, "expected": {"bits": ["0x0005"], "outcome": ["exact"]}}
EOF
printf '{"format": "castlike-known-discrepancies", "format_version": 1, "discrepancies": [], "rejections": [], "description": %s}\n' \
  "$deep" >"$tmp/baseline.json"
printf '{"format": "castlike-results", "format_version": 1, "implementation": {"name": "deep", "description": %s}}\n' \
  "$deep" >"$tmp/results.jsonl"
printf '{"format": "castlike-exhaustive-report", "version": 1, "implementation": %s}\n' "$deep" >"$tmp/report.json"

failed=0
# check NAME REGEX COMMAND...: exit 2, a stderr line matching REGEX, peak RSS below 200 MB.
check() {
  local name=$1 regex=$2
  shift 2
  local rc=0
  if [[ -x /usr/bin/time ]]; then
    timeout 60 /usr/bin/time -f '%M' -o "$tmp/rss" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  else
    timeout 60 "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  fi
  echo "--- $name: exit $rc"
  cat "$tmp/err"
  [[ $rc == 2 ]] || { echo "CHECK FAILED: $name: exit status $rc, expected 2"; failed=1; }
  grep -Eq -- "$regex" "$tmp/err" || { echo "CHECK FAILED: $name: no stderr line matches /$regex/"; failed=1; }
  if [[ -s "$tmp/rss" ]]; then
    local kb
    kb=$(tail -n 1 "$tmp/rss")
    echo "    peak RSS: $kb KB"
    [[ $kb =~ ^[0-9]+$ && $kb -lt 204800 ]] || { echo "CHECK FAILED: $name: peak RSS $kb KB"; failed=1; }
  fi
}

limit='nesting deeper than 64 levels'
check "vector file" "deep\.json:2: $limit" "$castlike" validate --builtin reference --vectors "$tmp/deep.json"
check "baseline" "baseline .*baseline\.json: line 1: $limit" \
  "$castlike" validate --builtin reference --vectors "$tmp/case.json" --expect "$tmp/baseline.json"
check "results line" "results\.jsonl:1: column [0-9]+: $limit" \
  "$castlike" validate --results "$tmp/results.jsonl" --vectors "$tmp/case.json"
check "exhaustive report" "report\.json: line 1: $limit" "$castlike" merge-exhaustive "$tmp/report.json"
exit "$failed"
