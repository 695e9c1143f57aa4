# What the hostile output tests share (sourced): a work directory removed on exit, failures counted,
# a tree hashed, and a command run with the tree it must leave alone checked before and after.
#   source lib.sh; ...; finish "what held"
set -uo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# sha256 of every entry (files by content, symlinks by target) under a directory, sorted by path.
tree_hash() { (cd "$1" && find . \( -type f -o -type l \) -print0 | sort -z |
  while IFS= read -r -d '' f; do
    if [[ -L $f ]]; then printf '%s -> %s\n' "$f" "$(readlink "$f")"; else printf '%s %s\n' "$f" "$(sha256sum < "$f")"; fi
  done) | sha256sum; }

# expect NAME WANT_RC PROTECTED_DIR -- COMMAND...: exit status WANT_RC, PROTECTED_DIR hashing the
# same before and after; the output in $work/NAME.out and $work/NAME.err.
expect() {
  local name=$1 want=$2 protected=$3
  shift 4
  local before after rc
  before=$(tree_hash "$protected")
  "$@" > "$work/$name.out" 2> "$work/$name.err"
  rc=$?
  after=$(tree_hash "$protected")
  [[ $rc == "$want" ]] || fail "$name: exit $rc, expected $want ($(cat "$work/$name.err"))"
  [[ $before == "$after" ]] || fail "$name: files that were not to change changed"
  echo "ok $name (exit $rc): $(head -c 300 "$work/$name.err")"
}

# expect_error NAME PATTERN: the error of scenario NAME matches PATTERN (grep -E).
expect_error() { grep -qE -- "$2" "$work/$1.err" || fail "$1: the error does not match '$2': $(cat "$work/$1.err")"; }

# No temporary file of the guard (.NAME.tmp-PID-N) under a directory.
no_temporaries() { [[ -z $(find "$1" -name '.*.tmp-*') ]] || fail "$2: temporary files left: $(find "$1" -name '.*.tmp-*')"; }

finish() {
  [[ $failures == 0 ]] || { echo "$failures scenario(s) failed"; exit 1; }
  echo "all scenarios: $1"
}
