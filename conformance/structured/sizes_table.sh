#!/usr/bin/env bash
# The size of every structured set (docs/exhaustive.md, "Structured sets of 64-bit sources") as the
# table the doc shows between its `structured-sizes` markers, made from what
# `castlike validate --exhaustive --list` prints, so the doc's numbers are never written by hand.
#
#   sizes_table.sh CASTLIKE DOC           exit 1 (with the difference) when the doc's table differs
#   sizes_table.sh CASTLIKE DOC --write   rewrite the doc's table
set -euo pipefail
castlike=$1 doc=$2 mode=${3:-check}
table=$("$castlike" validate --exhaustive --list --sources DOUBLE,INT64,UINT64 | awk '
  / structured inputs$/ {
    split($1, id, "-"); src = id[1]; dst = id[2]
    if (!(dst in seen)) { seen[dst] = 1; order[++n] = dst }
    size[dst, src] = $2
  }
  END {
    print "| destination | DOUBLE | INT64 | UINT64 |"
    print "| --- | ---: | ---: | ---: |"
    for (i = 1; i <= n; ++i) {
      d = order[i]; total_d += size[d, "DOUBLE"]; total_i += size[d, "INT64"]; total_u += size[d, "UINT64"]
      printf "| %s | %d | %d | %d |\n", d, size[d, "DOUBLE"], size[d, "INT64"], size[d, "UINT64"]
    }
    printf "| every destination once | %d | %d | %d |\n", total_d, total_i, total_u
  }')
[[ $(wc -l <<<"$table") -gt 3 ]] || { echo "error: castlike listed no structured set" >&2; exit 1; }
begin='<!-- structured-sizes: conformance/structured/sizes_table.sh writes this table -->'
end='<!-- /structured-sizes -->'
current=$(awk -v b="$begin" -v e="$end" '$0 == e { on = 0 } on { print } $0 == b { on = 1 }' "$doc")
if [[ $mode == --write ]]; then
  awk -v b="$begin" -v e="$end" -v t="$table" '$0 == e { print t; on = 0 } !on { print } $0 == b { on = 1 }' "$doc" \
    >"$doc.tmp" && mv "$doc.tmp" "$doc"
  exit 0
fi
if [[ "$current" != "$table" ]]; then
  echo "error: the structured set sizes in $doc are not what castlike lists; hint: $0 $castlike $doc --write" >&2
  diff <(echo "$current") <(echo "$table") >&2 || true
  exit 1
fi
echo "structured set sizes in $doc: as castlike lists them"
