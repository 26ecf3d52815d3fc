#!/usr/bin/env bash
# The other direction of mkpatches.sh: write the series description in the
# repository (kernel-tree-overlay/, tools/kernel/series/) from commits in
# the cache tree, then regenerate patches/ from it.
#
#   tools/kernel/export.sh [BRANCH]       default BRANCH: wbsim-dev
#
# Workflow: edit the series as commits on BRANCH (one commit per patch;
# debug-only commits last, their subject starting with "DEBUG:"), export,
# check `git diff` of the repository, commit. Refuses a series in which a
# patch changes a file that an earlier patch of the series added.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

branch=${1:-wbsim-dev}
ktree_ok || kdie "no kernel tree"
kgit rev-parse -q --verify "$branch" >/dev/null || kdie "no branch $branch in $KSRC"
series=$KROOT/tools/kernel/series
overlay=$KROOT/kernel-tree-overlay
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# slug of a subject: "writeback: add foo (bar)" -> "writeback-add-foo-bar"
slug() { echo "$1" | sed -e 's/^DEBUG: *//' -e 's/[^A-Za-z0-9]\+/-/g' -e 's/^-//' -e 's/-$//' | cut -c1-52 | sed 's/-$//'; }

# both directories are regenerated whole; what is removed must be
# recoverable from git, so an uncommitted or untracked file stops it
dirty=$(git -C "$KROOT" status --porcelain -- "$series" "$overlay" 2>/dev/null) ||
	kdie "$KROOT is not a git checkout: not regenerating $series and $overlay"
[ -z "$dirty" ] || kdie "uncommitted changes in the series description (commit or stash them first):
$dirty"
# built aside in $tmp and moved in only when the whole export worked: a
# failed export leaves both directories as they were
dest_series=$series dest_overlay=$overlay
series=$tmp/series overlay=$tmp/overlay
mkdir -p "$series" "$overlay"
[ ! -f "$dest_series/cover-letter" ] || cp "$dest_series/cover-letter" "$series/cover-letter"

added=""
n=0 nd=0
for c in $(kgit rev-list --reverse wbsim-base.."$branch"); do
	subj=$(kgit log -1 --format=%s "$c")
	if [[ "$subj" == DEBUG:* ]]; then
		nd=$((nd + 1)); d=$series/debug/$(printf %02d $nd)-$(slug "$subj")
	else
		[ $nd = 0 ] || kdie "$c: a series patch after a DEBUG: patch"
		n=$((n + 1)); d=$series/$(printf %02d $n)-$(slug "$subj")
	fi
	mkdir -p "$d"
	kgit log -1 --format=%B "$c" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$d/message"
	: >"$d/files"
	while IFS=$'\t' read -r st path; do
		case "$st" in
		A)	echo "$path" >>"$d/files"
			mkdir -p "$(dirname "$overlay/$path")"
			kgit show "$c:$path" >"$overlay/$path"
			added="$added $path" ;;
		M)	for a in $added; do
				[ "$a" != "$path" ] || kdie "$subj: changes $path, added earlier in the series"
			done ;;
		*)	kdie "$subj: $st $path: only added and modified files are supported" ;;
		esac
	done < <(kgit diff-tree --no-commit-id -r --name-status "$c")
	[ -s "$d/files" ] || rm "$d/files"
	# hooks.diff: the modified-file sections of the patch as format-patch
	# writes them, so that patches/ and hooks.diff compare byte for byte
	git -C "$KSRC" -c diff.algorithm=myers format-patch -q --zero-commit --no-signature \
		--stdout -1 "$c" >"$tmp/p"
	"$KROOT/tools/kernel/patchsplit.sh" hooks "$tmp/p" >"$d/hooks.diff"
	[ -s "$d/hooks.diff" ] || rm "$d/hooks.diff"
done
rm -rf "$dest_series" "$dest_overlay"
mv "$series" "$dest_series"
mv "$overlay" "$dest_overlay"
kmsg "exported $n patches$([ $nd -gt 0 ] && echo " + $nd debug") from $branch"
"$KROOT/tools/kernel/mkpatches.sh"
