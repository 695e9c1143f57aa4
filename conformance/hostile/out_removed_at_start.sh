#!/usr/bin/env bash
# A validator killed in the middle of a run must not leave an earlier PASS report at --out looking
# like this run's: castlike validate removes its own earlier report there when it starts, and
# refuses a file that is not a castlike report before it runs anything (the output guard).
#   out_removed_at_start.sh CASTLIKE WELL_BEHAVED.so HANG.so VECTOR_DIR
set -euo pipefail
castlike=$1 good=$2 hang=$3 vectors=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Whether process $1 has a child (its worker): /proc/PID/stat is "pid (name) state ppid ...".
has_child() {
  local stat line rest ppid
  for stat in /proc/[0-9]*/stat; do
    { read -r line <"$stat"; } 2>/dev/null || continue
    rest=${line##*) }
    read -r _ ppid _ <<<"$rest"
    [[ $ppid == "$1" ]] && return 0
  done
  return 1
}
# Runs the hanging plug-in into --out $1, kills the validator once its worker runs, waits for it.
killed_run() {
  "$castlike" validate --library "$hang" --vectors "$vectors/hostile_trigger_98.json" --timeout 60 --format "$2" \
    --out "$1" >/dev/null 2>&1 &
  local pid=$! i
  for ((i = 0; i < 500; ++i)); do
    has_child "$pid" && break
    sleep 0.01
  done
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null || true
}
for format in text json html junit; do
  "$castlike" validate --library "$good" --vectors "$vectors/hostile_z_ordinary.json" --format $format --out "$tmp/report"
  grep -q 'PASS\|"ok": true\|failures="0" errors="0"' "$tmp/report" || { echo "the first $format report is not a PASS"; exit 1; }
  killed_run "$tmp/report" $format
  [[ ! -e $tmp/report ]] || { echo "CHECK FAILED: the earlier $format PASS report is still at --out:"; head -3 "$tmp/report"; exit 1; }
done
echo "my notes" >"$tmp/notes"
rc=0
"$castlike" validate --library "$hang" --vectors "$vectors/hostile_trigger_98.json" --timeout 60 --out "$tmp/notes" \
  >/dev/null 2>"$tmp/err" || rc=$?
[[ $rc == 2 ]] && grep -q "notes" "$tmp/err" || { echo "CHECK FAILED: --out over a file that is not a castlike report: exit $rc"; cat "$tmp/err"; exit 1; }
[[ $(cat "$tmp/notes") == "my notes" ]] || { echo "CHECK FAILED: a file that is not a castlike report was changed"; exit 1; }
echo "ok: earlier reports removed at the start, other files left alone"
