#!/usr/bin/env bash
# A report or baseline never replaces an input the command was given, even one a filter (--pairs)
# then leaves out of the run: validate --pairs FLOAT-FLOAT4E2M1 --out V/INT8_to_INT16_op25.json
# must refuse, and the vector file stay byte-identical.
#
#   out_over_a_filtered_input.sh PATH/TO/castlike
castlike=$1
source "$(dirname "$0")/lib.sh"

cd "$work" || exit 2
"$castlike" export --out V --pairs INT8:INT16,FLOAT:FLOAT4E2M1 --no-spec-examples --quiet || fail "setup: export"
[[ -f V/INT8_to_INT16_op25.json ]] || fail "setup: no V/INT8_to_INT16_op25.json"

expect report_over_filtered 2 "$work/V" -- "$castlike" validate --vectors V --builtin reference \
  --pairs FLOAT-FLOAT4E2M1 --out V/INT8_to_INT16_op25.json
expect_error report_over_filtered "--out 'V/INT8_to_INT16_op25.json' is the input '.*INT8_to_INT16_op25.json'"
expect baseline_over_filtered 2 "$work/V" -- "$castlike" validate --vectors V --builtin reference \
  --pairs FLOAT-FLOAT4E2M1 --write-expect V/INT8_to_INT16_op25.json
expect_error baseline_over_filtered "--write-expect 'V/INT8_to_INT16_op25.json' is the input"
ln V/INT8_to_INT16_op25.json hardlink.json
expect hard_link_to_filtered 2 "$work/V" -- "$castlike" validate --vectors V --builtin reference \
  --pairs FLOAT-FLOAT4E2M1 --out hardlink.json
# The same run to a new file is written.
expect report_elsewhere 0 "$work/V" -- "$castlike" validate --vectors V --builtin reference \
  --pairs FLOAT-FLOAT4E2M1 --out report.txt

finish "no input replaced, filtered or not"
