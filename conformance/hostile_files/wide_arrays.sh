#!/usr/bin/env bash
# Arrays of many empty objects (the shape that made nlohmann's callback parser quadratic: it scans
# the enclosing array after each object) given to each reader of castlike JSON files: a vector
# file (in an unknown field), a baseline, a results line and an exhaustive report, each at N and
# at 8N objects. Each run must be exit 2 naming the file's problem, and the 8N run may take at
# most 20 times the N run (linear reading takes about 8; quadratic, 64), with 2 s allowed to any
# run so that process start-up and a loaded machine do not count.
#
#   wide_arrays.sh CASTLIKE
set -euo pipefail
castlike=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

small=25000
objects() { python3 -c "import sys; n = int(sys.argv[1]); sys.stdout.write('[' + ','.join(['{}'] * n) + ']')" "$1"; }

cat >"$tmp/case.json" <<END
{"format": "castlike-vectors", "format_version": 1, "kind": "generated", "name": "case",
 "source": {"generator": "castlike export"},
 "opset": 25, "from": "INT8", "to": "INT16", "attributes": {}, "shape": [1],
 "input": {"bits": ["0x05"]}, "expected": {"bits": ["0x0005"], "outcome": ["exact"]}}
END
write_files() {  # write_files SUFFIX COUNT
  local wide
  wide=$(objects "$2")
  cat >"$tmp/wide$1.json" <<END
{"format": "castlike-vectors", "format_version": 1, "kind": "generated", "name": "wide",
 "source": {"generator": "castlike export"}, "unknown": $wide,
 "opset": 25, "from": "INT8", "to": "INT16", "attributes": {}, "shape": [1],
 "input": {"bits": ["0x05"]}, "expected": {"bits": ["0x0005"], "outcome": ["exact"]}}
END
  printf '{"format": "castlike-known-discrepancies", "format_version": 1, "discrepancies": %s, "rejections": []}\n' \
    "$wide" >"$tmp/baseline$1.json"
  printf '{"format": "castlike-results", "format_version": 1, "implementation": {"name": "wide"}, "errors": %s}\n' \
    "$wide" >"$tmp/results$1.jsonl"
  printf '{"format": "castlike-exhaustive-report", "version": 1, "implementation": %s}\n' "$wide" >"$tmp/report$1.json"
}
write_files "" "$small"
write_files 8 $((small * 8))

failed=0
now() { date +%s%N; }
# run SECONDS REGEX COMMAND...: exit 2 within SECONDS and a stderr line matching REGEX; prints the
# run's milliseconds.
run() {
  local seconds=$1 regex=$2
  shift 2
  local rc=0 start end
  start=$(now)
  timeout "$seconds" "$@" >"$tmp/out" 2>"$tmp/err" || rc=$?
  end=$(now)
  echo $(((end - start) / 1000000))
  if [[ $rc != 2 ]] || ! grep -Eq -- "$regex" "$tmp/err"; then
    { echo "CHECK FAILED: exit $rc (expected 2 and a line matching /$regex/): $*"; cat "$tmp/err"; } >&2
    return 1
  fi
}
# check NAME REGEX COMMAND...: the command with each '@' dropped (N objects), then with each '@'
# made '8' (8N objects).
check() {
  local name=$1 regex=$2
  shift 2
  local small_args=("${@//@/}") large_args=("${@//@/8}") small_ms large_ms budget
  small_ms=$(run 60 "$regex" "${small_args[@]}") || { failed=1; return; }
  budget=$(((small_ms * 20 + 999) / 1000))
  ((budget >= 2)) || budget=2
  large_ms=$(run "$budget" "$regex" "${large_args[@]}") ||
    { echo "CHECK FAILED: $name: $((small * 8)) objects, not read within ${budget} s"; failed=1; return; }
  echo "$name: $small objects ${small_ms} ms, $((small * 8)) objects ${large_ms} ms (allowed ${budget} s)"
}

check "vector file" "wide8?\.json: the file has an unknown field 'unknown'" \
  "$castlike" validate --builtin reference --vectors "$tmp/wide@.json"
check "baseline" "baseline8?\.json" \
  "$castlike" validate --builtin reference --vectors "$tmp/case.json" --expect "$tmp/baseline@.json"
check "results line" "results8?\.jsonl:1: " \
  "$castlike" validate --results "$tmp/results@.jsonl" --vectors "$tmp/case.json"
check "exhaustive report" "report8?\.json" "$castlike" merge-exhaustive "$tmp/report@.json"
exit "$failed"
