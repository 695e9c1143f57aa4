#!/usr/bin/env bash
# Input paths that cannot be read as files: a directory or /proc/self/mem as --results, a vector
# directory holding a symlink to /proc/self/mem or to /, a FIFO without a writer as --expect,
# --results or a report to merge, an unknown CASTLIKE_ISA. Each must be a clean exit 2 with one
# "error: ...; hint: ..." line naming the problem, within seconds: never an internal error (exit 3),
# never a walk of the whole filesystem, never a wait for a writer that does not come.
#
#   unreadable_inputs.sh PATH/TO/castlike
source "$(dirname "$0")/lib.sh"
castlike=$1
vectors=$(dirname "$0")/../hostile_files
case_file=$vectors/case.json

# refused NAME PATTERN COMMAND...: exit 2 within 20 s, one stderr line matching PATTERN.
refused() {
  local name=$1 pattern=$2
  shift 2
  timeout 20 "$@" > "$work/$name.out" 2> "$work/$name.err" < /dev/null
  local rc=$?
  if [[ $rc != 2 ]]; then
    fail "$name: exit $rc, expected 2 ($(head -c 300 "$work/$name.err"))"
  elif [[ $(wc -l < "$work/$name.err") != 1 ]] || ! grep -q 'error: .*; hint: ' "$work/$name.err"; then
    fail "$name: not one 'error: ...; hint: ...' line: $(head -c 300 "$work/$name.err")"
  else
    grep -qE -- "$pattern" "$work/$name.err" && echo "ok $name: $(head -c 200 "$work/$name.err")" ||
      fail "$name: the error does not match '$pattern': $(cat "$work/$name.err")"
  fi
}

mkdir "$work/dir"
refused results_directory "dir: is a directory" \
  "$castlike" validate --results "$work/dir" --vectors "$case_file"
refused results_proc_mem "/proc/self/mem:1: cannot read the results file" \
  "$castlike" validate --results /proc/self/mem --vectors "$case_file"
refused expect_directory "baseline '.*/dir' is a directory" \
  "$castlike" validate --builtin reference --vectors "$case_file" --expect "$work/dir"

mkdir "$work/mem" && cp "$case_file" "$work/mem/" && ln -s /proc/self/mem "$work/mem/mem.json"
refused vectors_link_to_proc_mem "mem\.json: cannot read the file: Input/output error" \
  "$castlike" validate --builtin reference --vectors "$work/mem"
refused vectors_proc_mem "/proc/self/mem: cannot read the file" \
  "$castlike" validate --builtin reference --vectors /proc/self/mem
mkdir "$work/root" && cp "$case_file" "$work/root/" && ln -s / "$work/root/everything"
refused vectors_link_to_root "everything: symbolic link to a directory out of the vector directory .to /." \
  "$castlike" validate --builtin reference --vectors "$work/root"

# The control: a link to a vector file elsewhere is followed (a set curated from links).
mkdir "$work/curated" && ln -s "$(cd "$(dirname "$case_file")" && pwd)/case.json" "$work/curated/case.json"
"$castlike" validate --builtin reference --vectors "$work/curated" > /dev/null 2>&1 ||
  fail "curated: a link to a vector file outside the directory was refused"

mkfifo "$work/fifo"
refused expect_fifo "fifo: is a FIFO" \
  "$castlike" validate --builtin reference --vectors "$case_file" --expect "$work/fifo"
refused results_fifo "fifo:0: empty results file" \
  "$castlike" validate --results "$work/fifo" --vectors "$case_file"
refused merge_fifo "cannot read '.*/fifo': is a FIFO" "$castlike" merge-exhaustive "$work/fifo"

refused isa_unknown "CASTLIKE_ISA='garbage' is not a kernel ISA level; hint: one of scalar, avx2, avx512, neon" \
  env CASTLIKE_ISA=garbage "$castlike" validate --builtin reference --vectors "$case_file"
# The control: a known level, in any case, is accepted.
CASTLIKE_ISA=SCALAR "$castlike" validate --builtin reference --vectors "$case_file" > /dev/null 2>&1 ||
  fail "isa_scalar: CASTLIKE_ISA=SCALAR refused"

finish "every unreadable input a clean exit 2"
