#!/usr/bin/env bash
# castlike validate --exhaustive --shard I/N and castlike merge-exhaustive, round trip: the
# planted plug-in (conformance/plugins/exhaustive_planted_plugin.c) on FLOAT -> FLOAT over the 3
# pieces 0x3f000000 .. 0x41ffffff, unsharded and in 3 shards. The merged report must equal the unsharded
# one (counts, the failing interval across the piece border at 0x40000000, the failed call, the
# output digest), also as an HTML page; a missing shard, a duplicated shard and a shard of another selection are errors.
#
#   exhaustive_shards.sh CASTLIKE PLANTED_PLUGIN.so
set -euo pipefail
castlike=$1 plugin=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run=("$castlike" validate --exhaustive --library "$plugin" --config FLOAT-FLOAT --range 0x3f000000..0x41ffffff
     --batch 4194304 --jobs 2 --timeout 10 --format json)
fail() { echo "CHECK FAILED: $*"; exit 1; }

set +e
"${run[@]}" --digest --out "$tmp/whole.json"; rc=$?
for i in 0 1 2; do "${run[@]}" --shard "$i/3" --out "$tmp/shard$i.json" || [[ $? == 1 ]] || fail "shard $i"; done
"$castlike" merge-exhaustive "$tmp/shard2.json" "$tmp/shard0.json" "$tmp/shard1.json" --format json --out "$tmp/merged.json"; mrc=$?
set -e
[[ $rc == 1 && $mrc == 1 ]] || fail "exit statuses $rc (whole) and $mrc (merged), expected 1 and 1"

python3 - "$tmp/whole.json" "$tmp/merged.json" <<'PY'
import json, sys
whole, merged = (json.load(open(p)) for p in sys.argv[1:3])
def essence(r):
    return [(c["id"], c["counts"], [(i["first"]["bits"], i["last"]["bits"], i["count"], i["rule"], i["readings"])
                                    for i in c["intervals"]],
             [(f["first"], f["last"], f["kind"]) for f in c["failed_calls"]], c["outputs_sha256"],
             [p["sha256"] for p in c["pieces"]]) for c in r["configurations"]]
w, m = essence(whole), essence(merged)
print("whole: ", w[0][:4])
print("merged:", m[0][:4])
assert w == m, "the merged shards differ from the unsharded run"
c = whole["configurations"][0]
assert [(i["first"]["bits"], i["last"]["bits"]) for i in c["intervals"]] == [("0x3fffff00", "0x400000ff")], c["intervals"]
assert len(c["failed_calls"]) == 1 and c["failed_calls"][0]["kind"] == "crashed", c["failed_calls"]
assert c["counts"]["failed_calls"] == 4194304 and c["counts"]["fail"] == 512, c["counts"]
assert len(c["pieces"]) == 3
PY

# The merged report as an HTML page: the interval joined across the shards, the failed call.
set +e
"$castlike" merge-exhaustive "$tmp/shard0.json" "$tmp/shard1.json" "$tmp/shard2.json" --format html --out "$tmp/merged.html"
hrc=$?
set -e
[[ $hrc == 1 ]] || fail "merge-exhaustive --format html: exit status $hrc, expected 1"
grep -q '^<!DOCTYPE html>' "$tmp/merged.html" || fail "merged.html is not an HTML page"
grep -q '<td><code>0x3fffff00</code> <span class="n">(1.999969482421875)</span></td><td><code>0x400000ff</code>' \
  "$tmp/merged.html" || fail "merged.html lacks the interval 0x3fffff00 .. 0x400000ff"
grep -q 'crashed</span>: crashed with SIGSEGV' "$tmp/merged.html" || fail "merged.html lacks the failed call"

expect_error() {  # expect_error REGEX COMMAND...: exit 2 and the error on stderr
  local re=$1; shift
  set +e; "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?; set -e
  cat "$tmp/err"
  [[ $rc == 2 ]] || fail "exit status $rc, expected 2: $*"
  grep -Eq -- "$re" "$tmp/err" || fail "stderr does not match /$re/"
}
expect_error 'shard.s. 1 of 3 missing' "$castlike" merge-exhaustive "$tmp/shard0.json" "$tmp/shard2.json"
expect_error 'shard 2/3 is given twice' "$castlike" merge-exhaustive "$tmp/shard0.json" "$tmp/shard1.json" "$tmp/shard2.json" "$tmp/shard2.json"
"${run[@]}" --shard 1/2 --out "$tmp/other.json" || true
expect_error 'is a shard of another selection' "$castlike" merge-exhaustive "$tmp/shard0.json" "$tmp/other.json"
expect_error 'is not a shard.s report' "$castlike" merge-exhaustive "$tmp/whole.json"
echo "shards merge round trip: ok"
