#!/usr/bin/env bash
# The report's coverage counts, derived from the type table as `castlike types --format json` publishes it rather than
# written down, so that a new row changes nothing here. `castlike report` must run every ordered
# pair of types (N^2 of them) and, at each operator version it names, every pair of the types that
# version lists times the attribute choices the version has (saturate unset / 0 / 1 from version 19,
# round_mode unset / up / down / nearest from 24): all of them, each agreeing with the reference.
#
#   report_counts.sh CASTLIKE
set -euo pipefail
castlike=$1
types=$("$castlike" types --format json)
# "NAME OPERATOR FIRST_OPSET" a line, for each operator that knows the type.
first=$(python3 -c 'import json, sys
for t in json.load(sys.stdin)["types"]:
    for op, facts in t["operators"].items():
        if facts.get("first_opset"):
            print(t["name"], op, facts["first_opset"])' <<<"$types")
pairs=$(($(python3 -c 'import json, sys; print(json.load(sys.stdin)["type_count"])' <<<"$types") ** 2))

text=$("$castlike" report --verbose)
coverage=$(grep -E '^ *coverage: ' <<<"$text") || { echo "FAILED  no coverage line in castlike report"; exit 1; }
# "(CastLike 15,19,21,23,24,25; Cast 13,19,21,23,24,25,28)": the versions the sweep went through.
versions_of() { head -n 1 <<<"$coverage" | sed -E "s/.*[(; ]$1 ([0-9,]+)[;)].*/\\1/" | tr ',' ' '; }
combinations=0
for op in CastLike Cast; do
  for v in $(versions_of "$op"); do
    # The types whose first opset of $op is <= v.
    k=$(awk -v op="$op" -v v="$v" '$2 == op && $3 <= v { ++k } END { print k + 0 }' <<<"$first")
    choices=$(( (v >= 19 ? 3 : 1) * (v >= 24 ? 4 : 1) ))
    combinations=$((combinations + k * k * choices))
  done
done

# Every implementation's coverage line, and its JSON counterpart.
want="^ *coverage: $combinations/$combinations pair x operator version x attribute combinations ran .*, $combinations agree .* 0 errors. $pairs/$pairs type pairs$"
status=0
check() {  # what, number of lines that must match, lines
  local matched total
  matched=$(grep -cE "$2" <<<"$3" || true)
  total=$(grep -cE "$4" <<<"$3" || true)
  if [[ $total -gt 0 && $matched -eq $total ]]; then echo "ok      $1 ($total lines)"; else echo "FAILED  $1: $matched of $total lines match $2"; status=1; fi
}
check "coverage lines" "$want" "$text" '^ *coverage: '
json=$("$castlike" report --format json)
check "pairs_ran" "^ *\"pairs_ran\": $pairs,?$" "$json" '"pairs_ran"'
check "combinations" "^ *\"combinations\": $combinations,?$" "$json" '"combinations"'
check "ran" "^ *\"ran\": $combinations,?$" "$json" '^ *"ran"'
exit $status
