#!/usr/bin/env bash
# Every castlike command whose standard output cannot be written (a full disk: /dev/full; a closed
# descriptor: >&-) must say so and exit 2, whatever its verdict would have been: a report cut
# short must never read as success (ctest, label hostile). A command that prints nothing on a
# closed stdout loses nothing and keeps its status.
#
#   output_failures.sh PATH/TO/castlike SOURCE_DIR
set -uo pipefail
castlike=$1 source=$2
spec=$source/vectors/spec-examples
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "CHECK FAILED: $*"; failures=$((failures + 1)); }

# A shard report for merge-exhaustive (written to a file: its stdout is the verdict line).
"$castlike" validate --exhaustive --builtin kernels --config FLOAT8E4M3FN-FLOAT --shard 0/1 --format json \
  --out "$work/shard.json" --quiet > /dev/null || fail "could not write the shard report"

commands=(
  "--help"
  "--version"
  "rules"
  "types"
  "explain --from FLOAT --to FLOAT8E4M3FN 0.479"
  "convert --from FLOAT --to FLOAT8E4M3FN 1 2 3"
  "report --vectors $spec"
  "validate --builtin reference --vectors $spec"
  "validate --builtin reference --variants A2=six --vectors $spec --quiet"
  "validate --builtin reference --vectors $spec --format json --out $work/report.json"
  "validate --exhaustive --builtin kernels --config FLOAT8E4M3FN-FLOAT"
  "validate --exhaustive --list --sources FLOAT8E4M3FN"
  "merge-exhaustive $work/shard.json"
  "export --case FLOAT:FLOAT8E4M3FN --input 0x3f800000 --out $work"
)
for c in "${commands[@]}"; do
  read -r -a argv <<< "$c"
  for target in full closed; do
    if [[ $target == full ]]; then
      "$castlike" "${argv[@]}" > /dev/full 2> "$work/err"; rc=$?
      reason="No space left on device"
    else
      "$castlike" "${argv[@]}" >&- 2> "$work/err"; rc=$?
      reason="Bad file descriptor"
    fi
    echo "--- castlike $c (stdout $target): exit status $rc"
    cat "$work/err"
    [[ $rc == 2 ]] || fail "castlike $c, stdout $target: exit status $rc, expected 2"
    grep -q "^castlike: error: cannot write the output: $reason; hint: " "$work/err" ||
      fail "castlike $c, stdout $target: no 'cannot write the output: $reason' line on stderr"
  done
done

# Nothing to write, nothing lost: export --quiet on a closed stdout writes its file and exits 0.
"$castlike" export --case FLOAT:FLOAT8E4M3FN --input 0x3f800000 --name quiet_case --out "$work" --quiet >&- 2> "$work/err"
rc=$?
[[ $rc == 0 && -s $work/quiet_case.json ]] || fail "export --quiet with stdout closed: exit status $rc, expected 0 and the file"

echo "$failures check(s) failed"
exit $((failures > 0))
