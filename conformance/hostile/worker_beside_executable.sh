#!/usr/bin/env bash
# A castlike copied elsewhere (an installation) starts the castlike-plugin-worker beside it, not the
# build tree's: a stand-in worker there records that it was started (and fails, so the load fails).
#   worker_beside_executable.sh CASTLIKE PLUGIN.so VECTOR_FILE
set -euo pipefail
castlike=$1 plugin=$2 vector=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$castlike" "$tmp/castlike"
printf '#!/bin/sh\ntouch "$(dirname "$0")/started"\nexit 1\n' >"$tmp/castlike-plugin-worker"
chmod +x "$tmp/castlike-plugin-worker"
set +e
env -u CASTLIKE_PLUGIN_WORKER "$tmp/castlike" validate --library "$plugin" --vectors "$vector" >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
cat "$tmp/out" "$tmp/err"
[[ $rc == 2 ]] || { echo "CHECK FAILED: exit status $rc, expected 2 (the stand-in worker cannot load it)"; exit 1; }
[[ -e "$tmp/started" ]] || { echo "CHECK FAILED: the worker beside the executable was not started"; exit 1; }
