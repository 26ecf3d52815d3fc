#!/usr/bin/env bash
# Run scripts/checkpatch.pl --strict of the cache tree on every patch and
# record the result in tools/kernel/checks/checkpatch.log (with the hash
# of patches/ checked). Every message left must be explained in the cover
# letter (tools/kernel/series/cover-letter); tests/sh/kernel_series_checked.sh
# checks that.
#
#   tools/kernel/checkpatch.sh
set -euo pipefail
. "$(dirname "$0")/lib.sh"
ktree_ok || kdie "no kernel tree: run make kernel-tree"
shopt -s nullglob
log=$KROOT/tools/kernel/checks/checkpatch.log
mkdir -p "$(dirname "$log")"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
	echo "# scripts/checkpatch.pl --strict --no-tree of $(kgit log -1 --format=%s wbsim-base)"
	echo "patches: $(patches_hash)"
	for p in "$KROOT"/patches/[0-9]*.patch "$KROOT"/patches/debug/*.patch; do
		name=${p#"$KROOT/patches/"}
		out=$(perl "$KSRC/scripts/checkpatch.pl" --strict --no-tree --no-color -q "$p" 2>&1 || true)
		echo "== $name: $(echo "$out" | grep '^total:' || echo 'total: 0 errors, 0 warnings, 0 checks')"
		echo "$out" | grep -E '^(ERROR|WARNING|CHECK):' | sort | uniq -c | sed 's/^ */   /' || true
	done
} >"$tmp"
cp "$tmp" "$log"
cat "$log"
