#!/usr/bin/env bash
# `castlike report` on the repository's vectors (the README's main job): the verdict is the first
# line and the whole text fits one screen of 80 x 60 (a line longer than 80 columns counts as the
# rows it wraps to); the files of other formats are one summary line, listed one by one with
# --verbose (ctest, label hostile).
#
#   report_first_screen.sh PATH/TO/castlike
set -uo pipefail
castlike=$1
status=0
check() { if ! eval "$1"; then echo "CHECK FAILED: $2"; status=1; fi; }

report=$("$castlike" report); rc=$?
verbose=$("$castlike" report --verbose); vrc=$?
printf '%s\n' "$report"
rows=$(printf '%s\n' "$report" | awk '{ n += length($0) > 80 ? int((length($0) + 79) / 80) : 1 } END { print n + 0 }')
echo "--- $rows rows at 80 columns"
check '[[ $rc == 0 && $vrc == 0 ]]' "exit statuses $rc and $vrc (--verbose), expected 0"
check '[[ $(head -n 1 <<< "$report") == "castlike report: PASS" ]]' "the first line is not the verdict"
check '((rows < 60))' "the report takes $rows rows at 80 columns, not under 60"
check '[[ $(grep -c "^skipped: " <<< "$report") == 1 ]]' "not exactly one 'skipped:' line"
check 'grep -Eq "^skipped: [0-9]+ files of other formats \(--verbose lists them\)$" <<< "$report"' \
  "no summary line of the skipped files"
check 'grep -Eq "^skipped: known-discrepancies/.*\.json \(format castlike-known-discrepancies\)$" <<< "$verbose"' \
  "--verbose does not list the skipped files"
exit $status
