#!/usr/bin/env bash
# Hostile output paths for `castlike export` and `castlike validate --out`: a symlinked --out, a
# symlink or directory where a vector file goes, --out naming a file, --replace next to files that
# are not castlike vectors, a report over its own inputs (same path, a symlink, a hard link). Each
# scenario hashes every file of the tree (outside --out, and every input) before and after and
# fails on any change not asked for (ctest, label hostile).
#
#   export_never_loses_data.sh PATH/TO/castlike
castlike=$1
source "$(dirname "$0")/lib.sh"

mkdir -p "$work/outside" "$work/run"
echo "precious" > "$work/outside/precious.json"
echo '{"name": "my-package"}' > "$work/outside/package.json"
cd "$work/run" || exit 2
pairs=FLOAT:FLOAT8E4M3FN

# --out is a symlink to a directory outside.
ln -s "$work/outside" link-out
expect out_is_symlink 2 "$work/outside" -- "$castlike" export --out link-out --pairs $pairs
# --out names a file.
expect out_is_file 2 "$work/outside" -- "$castlike" export --out "$work/outside/precious.json" --pairs $pairs
# A vector file's name in --out is a symlink to a file outside, or a directory.
mkdir out1 && ln -s "$work/outside/precious.json" out1/FLOAT_to_FLOAT8E4M3FN_op25.json
expect name_is_symlink 2 "$work/outside" -- "$castlike" export --out out1 --pairs $pairs
[[ -L out1/FLOAT_to_FLOAT8E4M3FN_op25.json ]] || fail "name_is_symlink: the symlink was replaced"
[[ $(ls out1 | wc -l) == 1 ]] || fail "name_is_symlink: files were written before the refusal"
mkdir -p out2/FLOAT_to_FLOAT8E4M3FN_op25.json
expect name_is_directory 2 "$work/outside" -- "$castlike" export --out out2 --pairs $pairs

# --replace: removes only castlike vector files it did not write, lists them, names the rest.
mkdir out3
cp "$work/outside/package.json" out3/package.json
echo '{"format": "castlike-vectors", "name": "stale"}' > out3/stale.json
echo 'not json' > out3/notes.json
ln -s "$work/outside/precious.json" out3/linked.json
expect replace 0 "$work/outside" -- "$castlike" export --out out3 --pairs $pairs --replace
[[ -f out3/package.json && -f out3/notes.json && -L out3/linked.json ]] || fail "replace: removed a file that is not a castlike vector file"
[[ ! -e out3/stale.json ]] || fail "replace: kept the stale castlike vector file"
grep -q "removed stale vector file out3/stale.json" "$work/replace.out" || fail "replace: did not list the removed file"
grep -q "left 3 other entries (not castlike vector files): linked.json notes.json package.json" "$work/replace.out" ||
  fail "replace: did not name the files it left"
no_temporaries out3 replace

# validate --out over one of its inputs: refused, every input byte-identical.
mkdir inputs
"$castlike" export --out inputs/vectors --pairs $pairs --quiet
vector=$(ls inputs/vectors/*.json | head -1)
# The results file is checked for identity before it is read, so its content does not matter here.
results=inputs/results.jsonl
echo '{"format": "castlike-results"}' > "$results"
expect out_is_vector_file 2 "$work/run/inputs" -- "$castlike" validate --builtin reference --vectors inputs/vectors --out "$vector"
ln -s "$work/run/$vector" inputs/report-link.json
expect out_is_symlink_to_input 2 "$work/run/inputs" -- "$castlike" validate --builtin reference --vectors inputs/vectors --out inputs/report-link.json
ln "$vector" inputs/hardlink.json
expect out_is_hard_link_to_input 2 "$work/run/inputs" -- "$castlike" validate --builtin reference --vectors inputs/vectors --out inputs/hardlink.json
expect out_is_results_file 2 "$work/run/inputs" -- "$castlike" validate --results "$results" --vectors inputs/vectors --out "$results"
# A report to a new file: written whole, no temporary file left.
ln -s "$work/outside/precious.json" report-link.txt
expect out_is_symlink_report 2 "$work/outside" -- "$castlike" validate --builtin reference --vectors inputs/vectors --out report-link.txt
expect report_written 0 "$work/run/inputs" -- "$castlike" validate --builtin reference --vectors inputs/vectors --out report.txt
grep -q "PASS" report.txt || fail "report_written: no verdict in the report"
no_temporaries . report_written

finish "every file outside --out and every input byte-identical"
