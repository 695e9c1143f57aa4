#!/usr/bin/env bash
# What sits at an output path is recognised by a bounded read of its head: an 8 GB sparse file at
# --out under a 4 GB address limit, and a 2 GB sparse file named like a vector file in export's
# --out, are refused (exit 2) at once and in little memory, never read whole. Temporary files of
# runs that are gone (.NAME.tmp-PID-N of a dead PID) are removed by the next write of NAME; a
# live run's are left. A run killed with SIGKILL (no handler can clean after it) into an empty
# directory leaves no temporary file where the filesystem has O_TMPFILE; where it has not, the
# next run of the same export removes what the killed one left.
#
#   outputs_read_bounded.sh PATH/TO/castlike [ROUNDS]
castlike=$1 rounds=${2:-4}
source "$(dirname "$0")/lib.sh"
case_file=$(cd "$(dirname "$0")/../hostile_files" && pwd)/case.json
cd "$work" || exit 2

# measured NAME PATTERN COMMAND...: exit 2 within 20 s, stderr matching PATTERN, peak RSS below
# 200 MB where /usr/bin/time can measure it; run under a 4 GB address limit.
measured() {
  local name=$1 pattern=$2
  shift 2
  local timer=()
  [[ -x /usr/bin/time ]] && timer=(/usr/bin/time -f '%M' -o "$work/$name.rss")
  (ulimit -v 4194304 && timeout 20 "${timer[@]}" "$@") > "$work/$name.out" 2> "$work/$name.err"
  local rc=$?
  [[ $rc == 2 ]] || { fail "$name: exit $rc, expected 2 ($(head -c 300 "$work/$name.err"))"; return; }
  grep -qE -- "$pattern" "$work/$name.err" ||
    { fail "$name: the error does not match '$pattern': $(cat "$work/$name.err")"; return; }
  if [[ -s "$work/$name.rss" ]]; then
    local kb
    kb=$(tail -n 1 "$work/$name.rss")
    [[ $kb =~ ^[0-9]+$ && $kb -lt 204800 ]] || fail "$name: peak RSS $kb KB"
    echo "ok $name: peak RSS $kb KB"
  else
    echo "ok $name"
  fi
}

truncate -s 8G big-report.txt
measured out_sparse_8g "--out 'big-report.txt' exists and is not a castlike report" \
  "$castlike" validate --builtin reference --vectors "$case_file" --out big-report.txt
rm -f big-report.txt
mkdir vectors && truncate -s 2G vectors/FLOAT_to_FLOAT8E4M3FN_op25.json
measured export_over_sparse_2g "FLOAT_to_FLOAT8E4M3FN_op25\.json' exists and is not a castlike vector file" \
  "$castlike" export --out vectors --pairs FLOAT:FLOAT8E4M3FN --no-spec-examples --quiet
rm -rf vectors

# Stale temporaries: one of a process that has ended, one of this live shell.
true &
gone=$!
wait "$gone"
mkdir reports
echo partial > "reports/.report.txt.tmp-$gone-12345"
echo partial > "reports/.report.txt.tmp-$$-12345"
"$castlike" validate --builtin reference --vectors "$case_file" --out reports/report.txt > /dev/null 2>&1 ||
  fail "stale: validate --out failed"
[[ -e "reports/.report.txt.tmp-$gone-12345" ]] && fail "stale: the temporary file of a dead run was left"
[[ -e "reports/.report.txt.tmp-$$-12345" ]] || fail "stale: the temporary file of a live run was removed"
[[ -s reports/report.txt ]] || fail "stale: no report written"
echo "ok stale temporaries"

# SIGKILL in the middle of an export, 0 to 90 ms after its first file appears.
unnamed_files=$(python3 -c 'import os, sys; os.close(os.open(".", os.O_TMPFILE | os.O_WRONLY))' \
  2> /dev/null && echo yes || echo no)
echo "O_TMPFILE on this filesystem: $unnamed_files"
export_args=(export --out out --pairs FLOAT:FLOAT8E4M3FN,FLOAT16:FLOAT8E5M2,BFLOAT16:FLOAT8E8M0 --opsets all
  --attributes all --no-spec-examples --quiet)
killed=0
for ((i = 0; i < rounds; i++)); do
  rm -rf out && mkdir out
  "$castlike" "${export_args[@]}" > /dev/null 2>&1 &
  pid=$!
  for ((t = 0; t < 2000; t++)); do [[ -n $(ls -A out) ]] && break; sleep 0.005; done
  sleep "0.0$((RANDOM % 10))"  # the files take a few tenths of a second in all: kill within them
  kill -s KILL $pid 2> /dev/null
  wait $pid 2> /dev/null
  [[ $? == 137 ]] && killed=$((killed + 1))
  [[ $unnamed_files == yes ]] && no_temporaries out "round $i (SIGKILL)"
  "$castlike" "${export_args[@]}" > /dev/null 2>&1 || fail "round $i: the export after the kill failed"
  no_temporaries out "round $i (the export after the kill)"
done
echo "$killed of $rounds exports killed mid-way"
((killed * 2 >= rounds)) || fail "only $killed of $rounds exports were still running when killed"

finish "outputs recognised by their head; no temporary file outlives its run"
