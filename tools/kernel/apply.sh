#!/usr/bin/env bash
# make patches-apply: branch wbsim = wbsim-base + git am patches/*.patch
# (no fuzz, no three-way merge), checked out in the cache tree.
#
#   tools/kernel/apply.sh [--debug-printk] [--patches DIR]
#   --debug-printk   also apply patches/debug/*.patch (trace_printk hooks,
#                    not for merging)
#
# Idempotent: when the branch already holds exactly these patches, nothing
# is touched. Otherwise files whose content ends up unchanged get their old
# modification time back, so the next build recompiles only what changed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pdir=$KROOT/patches debug=0
while [ $# -gt 0 ]; do
	case "$1" in
	--debug-printk) debug=1; shift ;;
	--patches) pdir=$2; shift 2 ;;
	*) echo "usage: $0 [--debug-printk] [--patches DIR]" >&2; exit 2 ;;
	esac
done
ktree_ok || kdie "no kernel tree: run make kernel-tree"

shopt -s nullglob
list=("$pdir"/*.patch)
[ $debug = 1 ] && list+=("$pdir"/debug/*.patch)
stamp=$( (kgit rev-parse wbsim-base; cat /dev/null "${list[@]}") | sha1sum | cut -d' ' -f1)
cur=$(kgit symbolic-ref -q --short HEAD || true)
if [ "$cur" = wbsim ] && [ "$(kgit config --get wbsim.applied || true)" = "$stamp" ] &&
	[ -z "$(kgit status --porcelain --untracked-files=no)" ]; then
	kmsg "series already applied (${#list[@]} patches, $(kgit rev-parse --short HEAD))"
	exit 0
fi

old=$(kgit rev-parse -q --verify refs/heads/wbsim || true)
declare -A mtime=()
if [ -n "$old" ]; then
	while IFS= read -r f; do
		[ -f "$KSRC/$f" ] && mtime[$f]=$(stat -c %Y "$KSRC/$f")
	done < <(kgit diff --name-only wbsim-base "$old")
fi

kgit am --abort >/dev/null 2>&1 || true
kgit checkout -q -f -B wbsim wbsim-base
if [ ${#list[@]} -gt 0 ]; then
	if ! kgit am -q --no-3way --committer-date-is-author-date "${list[@]}"; then
		kgit am --abort >/dev/null 2>&1 || true
		kdie "git am failed: the series does not apply to wbsim-base"
	fi
fi
kgit config wbsim.applied "$stamp"

restored=0
if [ -n "$old" ]; then
	for f in "${!mtime[@]}"; do
		[ -f "$KSRC/$f" ] || continue
		if kgit diff --quiet "$old" HEAD -- "$f"; then
			touch -d "@${mtime[$f]}" "$KSRC/$f"
			restored=$((restored + 1))
		fi
	done
fi
kmsg "applied ${#list[@]} patches on wbsim-base: $(kgit log -1 --format='%h %s' HEAD | cut -c1-70) ($restored unchanged files keep their mtime)"
