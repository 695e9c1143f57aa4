#!/usr/bin/env bash
# The dictionaries that steer the fuzzers through type names hold every type of the table, in the
# ONNX spelling and in lower case, so that a new row cannot be left out of them.
#
#   check_dictionaries.sh CASTLIKE DICT...
set -euo pipefail
castlike=$1
shift
names=$("$castlike" types --format json | python3 -c 'import json, sys
print("\n".join(t["name"] for t in json.load(sys.stdin)["types"]))')
[[ -n $names ]] || { echo "FAILED  castlike types listed no type"; exit 1; }
status=0
for dict in "$@"; do
  for name in $names; do
    for spelling in "$name" "${name,,}"; do
      grep -qxF "\"$spelling\"" "$dict" || { echo "FAILED  $(basename "$dict") lacks \"$spelling\""; status=1; }
    done
  done
done
[[ $status -eq 0 ]] && echo "ok      $# dictionaries name every type of castlike types"
exit $status
