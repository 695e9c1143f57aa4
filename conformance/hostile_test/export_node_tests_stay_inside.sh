#!/usr/bin/env bash
# `castlike export --format onnx-node-tests --out X` writes only inside X: the Python environment
# its exporter needs lives in the user's cache directory ($XDG_CACHE_HOME/castlike) and is
# installed only with --install-environment. Without it, and without that environment, the export
# is a clean exit 2 naming the flag, and nothing is created in the source tree (.venv/,
# build/python/) or the cache directory, and no pip runs.
#
#   export_node_tests_stay_inside.sh PATH/TO/castlike
castlike=$1
source "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v python3 > /dev/null || { echo "no python3: the exporter cannot run here"; exit 0; }

# A listing of what the source tree holds where the exporter used to install: compared after.
state() { for d in "$root/.venv" "$root/build/python"; do ls -la --time-style=+%s "$d" 2> /dev/null; echo "$d"; done; }
before=$(state)
mkdir "$work/vectors" && cp "$root/conformance/hostile_files/case.json" "$work/vectors/"
XDG_CACHE_HOME=$work/cache timeout 120 "$castlike" export --format onnx-node-tests --out "$work/out" \
  --vectors "$work/vectors" > "$work/export.out" 2> "$work/export.err"
rc=$?
cat "$work/export.err"
[[ $rc == 2 ]] || fail "exit $rc, expected 2"
expect_error export "$work/cache/castlike/venvs/peers-onnxruntime is missing.*--install-environment"
[[ $(state) == "$before" ]] || fail "the source tree's .venv/ or build/python/ changed"
[[ ! -e $work/cache ]] || fail "the cache directory was written without --install-environment: $(find "$work/cache" | head -5)"
[[ -z $(find "$work/out" -mindepth 1 2> /dev/null) ]] || fail "files in --out: $(find "$work/out" -mindepth 1 | head -5)"
# The flag is refused where it means nothing.
"$castlike" export --install-environment --out "$work/json" --pairs FLOAT:FLOAT8E4M3FN > /dev/null 2> "$work/flag.err"
[[ $? == 2 ]] || fail "--install-environment accepted with --format json"
expect_error flag "--install-environment applies to --format onnx-node-tests"

finish "the onnx-node-tests export writes only inside --out"
