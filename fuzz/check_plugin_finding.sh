#!/usr/bin/env bash
# A planted fault's committed input is a finding of fuzz_plugin on the mutant plug-in, the finding
# names the position kind the fault lives in, and its call written as a vector file is a regression
# case: `castlike validate` fails the mutant on it and passes the kernels (no mutant).
#
# A vector file holds a call's values and length, not where its buffers lie: a finding that needs
# in place (or a head) fails the mutant only where validate itself calls in that shape, so WHERE
# says whether the mutant must fail on the file alone ("values") or need not ("shape").
#
#   check_plugin_finding.sh REPLAY CASTLIKE MUTANT_PLUGIN INPUT ROW KIND WHERE
set -euo pipefail
replay=$1 castlike=$2 plugin=$3 input=$4 row=$5 kind=$6 where=$7
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
log=$(CASTLIKE_FUZZ_LIBRARY=$plugin CASTLIKE_MUTANT=$row CASTLIKE_FUZZ_VECTORS_DIR=$dir "$replay" "$input" 2>&1 || true)
echo "$log" | grep -q '^==== fuzz_plugin: FINDING' || { echo "FAILED  $row: no finding"; echo "$log" | tail -5; exit 1; }
call=$(echo "$log" | sed -n '/^==== fuzz_plugin: FINDING/{n;p;q}')
[[ $call == *"$kind"* ]] || { echo "FAILED  $row: the finding's call does not name '$kind': $call"; exit 1; }
files=("$dir"/*.json)
[[ -f ${files[0]} ]] || { echo "FAILED  $row: no vector file written"; exit 1; }
if [[ $where == values ]] && CASTLIKE_MUTANT=$row "$castlike" validate --library "$plugin" --vectors "$dir" --quiet >/dev/null 2>&1; then
  echo "FAILED  $row: validate passes the mutant on the finding's vector file"; exit 1
fi
CASTLIKE_MUTANT=none "$castlike" validate --library "$plugin" --vectors "$dir" --quiet >/dev/null 2>&1 ||
  { echo "FAILED  $row: validate fails the kernels on the finding's vector file"; exit 1; }
echo "ok      $row: $call"
