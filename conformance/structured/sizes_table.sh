#!/usr/bin/env bash
# The size of every structured set (docs/exhaustive.md, "Structured sets of 64-bit sources" and
# "Structured sets of STRING sources") as the table the doc shows between its markers, made from
# what `castlike validate --exhaustive --list` prints, so the doc's numbers are never written by
# hand. One column per source; the marker names the table.
#
#   sizes_table.sh CASTLIKE DOC [check|--write] [SOURCES MARKER]
#     check (default): exit 1 (with the difference) when the doc's table differs; --write: rewrite it
#     SOURCES, MARKER: DOUBLE,INT64,UINT64 and structured-sizes unless given (e.g. STRING text-sizes)
set -euo pipefail
castlike=$1 doc=$2 mode=${3:-check} sources=${4:-DOUBLE,INT64,UINT64} marker=${5:-structured-sizes}
table=$("$castlike" validate --exhaustive --list --sources "$sources" | awk -v sources="$sources" '
  / structured inputs$/ {
    split($1, id, "-"); src = id[1]; dst = id[2]
    if (!(dst in seen)) { seen[dst] = 1; order[++n] = dst }
    size[dst, src] = $2
  }
  END {
    k = split(sources, column, ",")
    header = "| destination |"; rule = "| --- |"
    for (j = 1; j <= k; ++j) { header = header " " column[j] " |"; rule = rule " ---: |" }
    print header; print rule
    for (i = 1; i <= n; ++i) {
      line = "| " order[i] " |"
      for (j = 1; j <= k; ++j) { line = line " " size[order[i], column[j]] + 0 " |"; total[j] += size[order[i], column[j]] }
      print line
    }
    line = "| every destination once |"
    for (j = 1; j <= k; ++j) line = line " " total[j] + 0 " |"
    print line
  }')
[[ $(wc -l <<<"$table") -gt 3 ]] || { echo "error: castlike listed no structured set" >&2; exit 1; }
begin="<!-- $marker: conformance/structured/sizes_table.sh writes this table -->"
end="<!-- /$marker -->"
current=$(awk -v b="$begin" -v e="$end" '$0 == e { on = 0 } on { print } $0 == b { on = 1 }' "$doc")
if [[ $mode == --write ]]; then
  awk -v b="$begin" -v e="$end" -v t="$table" '$0 == e { print t; on = 0 } !on { print } $0 == b { on = 1 }' "$doc" \
    >"$doc.tmp" && mv "$doc.tmp" "$doc"
  exit 0
fi
if [[ "$current" != "$table" ]]; then
  echo "error: the structured set sizes in $doc are not what castlike lists; hint: $0 $castlike $doc --write $sources $marker" >&2
  diff <(echo "$current") <(echo "$table") >&2 || true
  exit 1
fi
echo "structured set sizes ($sources) in $doc: as castlike lists them"
