#!/usr/bin/env bash
# Paths that are not UTF-8 (a plug-in and a vector directory) are shown escaped in every report
# format, never ending the run with an internal error.
#   non_utf8_paths.sh CASTLIKE PLUGIN.so VECTOR_FILE
set -euo pipefail
castlike=$1 plugin=$2 vector=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=$(printf 'lib\xff')
mkdir "$tmp/vectors$(printf '\xfe')"
cp "$plugin" "$tmp/$bad.so"
cp "$vector" "$tmp/vectors$(printf '\xfe')/"
for format in text json html; do
  set +e
  "$castlike" validate --library "$tmp/$bad.so" --vectors "$tmp/vectors$(printf '\xfe')" --format $format >"$tmp/out" 2>"$tmp/err"
  rc=$?
  set -e
  cat "$tmp/out" "$tmp/err"
  [[ $rc == 0 ]] || { echo "CHECK FAILED: $format: exit status $rc, expected 0"; exit 1; }
  grep -Eq 'lib(\\)+xff\.so' "$tmp/out" || { echo "CHECK FAILED: $format: the library path is not escaped"; exit 1; }
  grep -Eq 'vectors(\\)+xfe' "$tmp/out" || { echo "CHECK FAILED: $format: the vector path is not escaped"; exit 1; }
  if LC_ALL=C grep -q $'[\xfe\xff]' "$tmp/out"; then echo "CHECK FAILED: $format: a raw byte 0xfe/0xff"; exit 1; fi
done
