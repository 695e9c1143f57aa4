#!/usr/bin/env bash
# SIGINT or SIGTERM in the middle of `castlike export` leaves no temporary file: the export is
# started ROUNDS times, each time signalled (INT and TERM in turn) a different while after its
# first file appears; it must end by that signal and leave no .NAME.tmp-* file in --out.
#
#   signal_leaves_no_temporary.sh PATH/TO/castlike [ROUNDS]
castlike=$1 rounds=${2:-20}
source "$(dirname "$0")/lib.sh"
# Job control: without it bash starts a background job with SIGINT ignored.
set -m

cd "$work" || exit 2
# 90 files, each written and synced to disk in turn: most of the export has a temporary file open.
export_args=(export --out out --pairs FLOAT:FLOAT8E4M3FN,FLOAT16:FLOAT8E5M2,BFLOAT16:FLOAT8E8M0 --opsets all
             --attributes all --no-spec-examples --quiet)
# How long one whole export takes on this machine, so that each signal falls inside one (within
# its first half, after its first file), however fast or loaded the machine is.
rm -rf out && mkdir out
started=$(date +%s%N)
"$castlike" "${export_args[@]}" > /dev/null 2> "$work/err" || fail "the unsignalled export failed: $(cat "$work/err")"
half_ms=$(( ($(date +%s%N) - started) / 2000000 ))
((half_ms > 0)) || half_ms=1
signalled=0
for ((i = 0; i < rounds; i++)); do
  if ((i % 2 == 0)); then sig=INT status=130; else sig=TERM status=143; fi
  rm -rf out && mkdir out
  # castlike itself in the background (not a function's subshell), so that the signal reaches it.
  "$castlike" "${export_args[@]}" > /dev/null 2> "$work/err" &
  pid=$!
  for ((t = 0; t < 2000; t++)); do [[ -n $(ls -A out) ]] && break; sleep 0.005; done
  delay_ms=$((RANDOM % half_ms))
  sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
  kill -s $sig $pid 2> /dev/null
  wait $pid 2> /dev/null
  rc=$?
  if [[ $rc == "$status" ]]; then
    signalled=$((signalled + 1))
  elif [[ $rc != 0 ]]; then
    fail "round $i: exit $rc after SIG$sig, expected $status ($(cat "$work/err"))"
  fi
  no_temporaries out "round $i (SIG$sig)"
done
echo "$signalled of $rounds exports ended by the signal mid-way"
((signalled * 2 >= rounds)) || fail "only $signalled of $rounds exports were still running when signalled"

finish "no temporary file left by SIGINT or SIGTERM"
