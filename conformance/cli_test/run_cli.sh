#!/usr/bin/env bash
# Runs one castlike command for ctest and checks its exit status and output.
#
#   run_cli.sh [--rc N] [--out REGEX]... [--no-out REGEX]... [--err REGEX]... [--stdin TEXT] -- COMMAND ARGS...
#
#   --rc N          the exit status the command must return (default 0)
#   --out REGEX     some line of stdout must match (grep -E); repeatable, every one must match
#   --no-out REGEX  no line of stdout may match
#   --err REGEX     some line of stderr must match; repeatable
#   --stdin TEXT    feed TEXT to stdin (printf %b, so \n is a line end); otherwise stdin is empty
#
# With --rc 2 (bad arguments) it also insists on castlike's error contract: stdout empty, stderr
# exactly one line holding "error:" and "hint:", printable UTF-8 (what the user typed is escaped:
# no control character but tab, no invalid byte). Any sanitizer report fails the test.
set -euo pipefail

want_rc=0
outs=() no_outs=() errs=()
stdin_text=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rc) want_rc="$2"; shift 2 ;;
    --out) outs+=("$2"); shift 2 ;;
    --no-out) no_outs+=("$2"); shift 2 ;;
    --err) errs+=("$2"); shift 2 ;;
    --stdin) stdin_text="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "run_cli.sh: unknown option '$1'" >&2; exit 1 ;;
  esac
done
[[ $# -gt 0 ]] || { echo "run_cli.sh: no command given" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set +e
printf '%b' "$stdin_text" | "$@" >"$tmp/out" 2>"$tmp/err"
rc=${PIPESTATUS[1]}
set -e

echo "--- command: $*"
echo "--- exit status: $rc"
echo "--- stdout:"; cat "$tmp/out"
echo "--- stderr:"; cat "$tmp/err"

failed=0
fail() { echo "CHECK FAILED: $*"; failed=1; }

[[ "$rc" == "$want_rc" ]] || fail "exit status $rc, expected $want_rc"
for re in "${outs[@]+"${outs[@]}"}"; do
  grep -Eq -- "$re" "$tmp/out" || fail "no stdout line matches /$re/"
done
for re in "${no_outs[@]+"${no_outs[@]}"}"; do
  if grep -Eq -- "$re" "$tmp/out"; then fail "a stdout line matches /$re/"; fi
done
for re in "${errs[@]+"${errs[@]}"}"; do
  grep -Eq -- "$re" "$tmp/err" || fail "no stderr line matches /$re/"
done
if [[ "$want_rc" == 2 ]]; then
  [[ ! -s "$tmp/out" ]] || fail "stdout is not empty for a usage error"
  [[ $(wc -l <"$tmp/err") -eq 1 ]] || fail "stderr is not exactly one line"
  grep -q 'error: .*; hint: ' "$tmp/err" || fail "stderr lacks 'error: ...; hint: ...'"
  if tr -d '\t\n' <"$tmp/err" | LC_ALL=C grep -q '[[:cntrl:]]'; then fail "stderr holds a control character"; fi
  iconv -f UTF-8 -t UTF-8 "$tmp/err" >/dev/null 2>&1 || fail "stderr is not valid UTF-8"
fi
if grep -Eq 'Sanitizer|runtime error:' "$tmp/err"; then fail "sanitizer report"; fi
exit "$failed"
