#!/usr/bin/env bash
# `castlike report` on the repository's vectors (the README's main job): the verdict is the first
# line and the whole text fits one screen of 80 x 60 (a line longer than 80 columns counts as the
# rows it wraps to); the files of other formats are one summary line, listed one by one with
# --verbose (ctest, label hostile).
#
#   report_first_screen.sh PATH/TO/castlike
set -uo pipefail
castlike=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "CHECK FAILED: $*"; failures=$((failures + 1)); }

"$castlike" report > "$work/report.txt"; rc=$?
"$castlike" report --verbose > "$work/verbose.txt"; vrc=$?
cat "$work/report.txt"
[[ $rc == 0 && $vrc == 0 ]] || fail "exit statuses $rc and $vrc (--verbose), expected 0"
head -n 1 "$work/report.txt" | grep -Eq '^castlike report: PASS$' || fail "the first line is not the verdict"
rows=$(awk '{ n += length($0) > 80 ? int((length($0) + 79) / 80) : 1 } END { print n + 0 }' "$work/report.txt")
echo "--- $rows rows at 80 columns"
((rows < 60)) || fail "the report takes $rows rows at 80 columns, not under 60"
skipped=$(grep -c '^skipped: ' "$work/report.txt")
[[ $skipped == 1 ]] || fail "$skipped 'skipped:' lines, expected one summary line"
grep -Eq '^skipped: [0-9]+ files of other formats \(--verbose lists them\)$' \
  "$work/report.txt" || fail "no summary line of the skipped files"
grep -Eq '^skipped: known-discrepancies/.*\.json \(format castlike-known-discrepancies\)$' "$work/verbose.txt" ||
  fail "--verbose does not list the skipped files"
echo "$failures check(s) failed"
exit $((failures > 0))
