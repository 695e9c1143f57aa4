#!/usr/bin/env bash
# Checks that every --help text of castlike fits in 80 terminal columns.
#
#   help_width.sh CASTLIKE [MAX_COLUMNS]
#
# Reads `castlike --help`, then the --help of every command it lists under "commands:", then
# every further help the texts point to (a "castlike ... --help" mention, such as
# `castlike validate --exhaustive --help`), so a new command or help is covered without editing
# this test. Each help must exit 0 and print something; a line wider than MAX_COLUMNS (default
# 80) or holding a tab fails, named by command, line number and width. Exit status 0 all fit,
# 1 some line does not, 2 bad usage.
set -euo pipefail

[[ $# -ge 1 && $# -le 2 ]] || { echo "usage: help_width.sh CASTLIKE [MAX_COLUMNS]" >&2; exit 2; }
castlike=$1
max=${2:-80}
export LC_ALL=C  # the texts are ASCII: one byte, one column

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

failed=0
checked=()
pending=("--help")
declare -A seen=(["--help"]=1)

# The commands listed by `castlike --help`: the lines "  NAME  summary" after "commands:".
rc=0
"$castlike" --help >"$tmp/main" 2>"$tmp/err" || rc=$?
if [[ $rc -ne 0 ]]; then
  echo "FAIL: castlike --help: exit status $rc"; cat "$tmp/err"; exit 1
fi
while read -r name; do
  key="$name --help"
  [[ -n "${seen[$key]+x}" ]] || { pending+=("$key"); seen[$key]=1; }
done < <(awk '/^commands:$/ { in_list = 1; next } in_list && /^$/ { exit }
              in_list && /^  [a-z]/ { print $1 }' "$tmp/main")
if [[ ${#pending[@]} -lt 2 ]]; then
  echo "FAIL: castlike --help lists no commands under 'commands:'"; exit 1
fi

while [[ ${#pending[@]} -gt 0 ]]; do
  args=${pending[0]}
  pending=("${pending[@]:1}")
  rc=0
  # shellcheck disable=SC2086  # args are words such as "validate --exhaustive --help"
  "$castlike" $args >"$tmp/out" 2>"$tmp/err" || rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "FAIL: castlike $args: exit status $rc"; cat "$tmp/err"; failed=1; continue
  fi
  if [[ ! -s "$tmp/out" ]]; then
    echo "FAIL: castlike $args prints nothing"; failed=1; continue
  fi
  checked+=("castlike $args")
  if ! awk -v cmd="castlike $args" -v max="$max" '
      /\t/ { printf "FAIL: %s: line %d holds a tab (its width depends on the terminal): %s\n", cmd, NR, $0; bad = 1 }
      length($0) > max { printf "FAIL: %s: line %d is %d columns wide (max %d): %s\n", cmd, NR, length($0), max, $0; bad = 1 }
      { if (length($0) > widest) widest = length($0) }
      END { printf "%s: %d lines, widest %d columns\n", cmd, NR, widest; exit bad }' "$tmp/out"; then
    failed=1
  fi
  # Further helps the text points to: "castlike WORD [--OPTION ...] --help".
  while read -r mention; do
    key=${mention#castlike }
    [[ -n "${seen[$key]+x}" ]] || { pending+=("$key"); seen[$key]=1; }
  done < <(grep -oE 'castlike( [a-z][a-z0-9-]*| --[a-z][a-z0-9-]*)* --help' "$tmp/out" || true)
done

echo "checked ${#checked[@]} help texts against $max columns"
if [[ $failed -ne 0 ]]; then
  echo "FAILED: some --help line is wider than $max columns (or a help did not run)"
fi
exit "$failed"
