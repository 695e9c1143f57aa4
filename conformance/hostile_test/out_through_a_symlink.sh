#!/usr/bin/env bash
# An output reached through a symlink is refused, whatever component of the path it is: `export
# --out LINK/` (the trailing slash makes the kernel follow the link), --out LINK/sub, and a report
# or baseline in a directory reached through a link. The directory the link points to must stay
# byte-identical, its castlike vector file included (--replace would delete it there).
#
#   out_through_a_symlink.sh PATH/TO/castlike
castlike=$1
source "$(dirname "$0")/lib.sh"

mkdir "$work/outside" "$work/run"
echo '{"format": "castlike-vectors", "name": "outside"}' > "$work/outside/castlike_outside.json"
echo "precious" > "$work/outside/notes.txt"
cd "$work/run" || exit 2
ln -s ../outside outlink
"$castlike" export --out vectors --pairs INT8:INT16 --no-spec-examples --quiet || fail "setup: export"

expect trailing_slash 2 "$work/outside" -- "$castlike" export --out outlink/ --pairs INT8:INT16 --replace
expect_error trailing_slash "'outlink' is a symlink"
expect no_trailing_slash 2 "$work/outside" -- "$castlike" export --out outlink --pairs INT8:INT16 --replace
expect below_the_link 2 "$work/outside" -- "$castlike" export --out outlink/sub --pairs INT8:INT16
expect_error below_the_link "'outlink' is a symlink"
expect absolute_path 2 "$work/outside" -- "$castlike" export --out "$work/run/outlink/" --pairs INT8:INT16 --replace
expect report_through_link 2 "$work/outside" -- "$castlike" validate --builtin reference --vectors vectors \
  --out outlink/report.txt
expect_error report_through_link "--out 'outlink/report.txt': 'outlink' is a symlink"
expect baseline_through_link 2 "$work/outside" -- "$castlike" validate --builtin reference --vectors vectors \
  --write-expect outlink/baseline.json
[[ ! -e outlink/sub && ! -e outlink/report.txt && ! -e outlink/baseline.json ]] || fail "something was written through the link"
no_temporaries "$work/outside" symlinks

finish "nothing written or removed through a symlink"
