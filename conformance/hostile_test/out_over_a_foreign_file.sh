#!/usr/bin/env bash
# castlike replaces a file only when it wrote one of that kind there: export over a same-named
# file that is not a castlike vector file, and a report or baseline over a file that is not a
# castlike report or baseline, are errors naming the file (exit 2), and nothing is written. Its
# own earlier files are replaced (export again, validate --out again).
#
#   out_over_a_foreign_file.sh PATH/TO/castlike
castlike=$1
source "$(dirname "$0")/lib.sh"

cd "$work" || exit 2
mkdir out
echo 'my notes' > out/INT8_to_INT16_op25.json
expect text_at_a_vector_name 2 "$work/out" -- "$castlike" export --out out --pairs INT8:INT16 --no-spec-examples
expect_error text_at_a_vector_name "'out/INT8_to_INT16_op25.json' exists and is not a castlike vector file"
[[ $(ls -A out | wc -l) == 1 ]] || fail "text_at_a_vector_name: files were written before the refusal"
echo '{"format": "castlike-known-discrepancies", "name": "x"}' > out/INT8_to_INT16_op25.json
expect other_castlike_json 2 "$work/out" -- "$castlike" export --out out --pairs INT8:INT16 --no-spec-examples

rm out/INT8_to_INT16_op25.json
mkdir unchanged
expect export_once 0 unchanged -- "$castlike" export --out out --pairs INT8:INT16 --no-spec-examples
expect export_again 0 unchanged -- "$castlike" export --out out --pairs INT8:INT16 --no-spec-examples

echo 'my notes' > notes.txt
expect report_over_notes 2 "$work/out" -- "$castlike" validate --vectors out --builtin reference --out notes.txt
expect_error report_over_notes "--out 'notes.txt' exists and is not a castlike report"
[[ $(cat notes.txt) == "my notes" ]] || fail "report_over_notes: notes.txt changed"
expect baseline_over_notes 2 "$work/out" -- "$castlike" validate --vectors out --builtin reference --write-expect notes.txt
expect_error baseline_over_notes "--write-expect 'notes.txt' exists and is not a castlike baseline"
for format in text json html junit; do
  expect "report_$format" 0 "$work/out" -- "$castlike" validate --vectors out --builtin reference --format $format --out "report.$format"
  expect "report_${format}_again" 0 "$work/out" -- "$castlike" validate --vectors out --builtin reference --format $format --out "report.$format"
done
expect baseline 0 "$work/out" -- "$castlike" validate --vectors out --builtin reference --write-expect baseline.json
expect baseline_again 0 "$work/out" -- "$castlike" validate --vectors out --builtin reference --write-expect baseline.json
expect report_over_baseline 2 "$work/out" -- "$castlike" validate --vectors out --builtin reference --out baseline.json

finish "no file castlike did not write was replaced"
