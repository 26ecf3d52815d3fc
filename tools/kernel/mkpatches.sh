#!/usr/bin/env bash
# make patches: regenerate patches/ from the series description.
#
# The series lives in the repository as
#   kernel-tree-overlay/PATH           every file the series adds, at its
#                                      kernel path, as the series leaves it
#   tools/kernel/series/NN-slug/message    commit message (subject, body,
#                                      Signed-off-by)
#   tools/kernel/series/NN-slug/files      overlay paths this patch adds
#   tools/kernel/series/NN-slug/hooks.diff its changes to existing files
#   tools/kernel/series/cover-letter   subject and text of patch 0/N
#   tools/kernel/series/debug/NN-slug/ debug-only patches on top of the
#                                      series (never merged), same layout
# A file is added by exactly one patch and not changed by later ones, so
# the overlay holds each new file once. This script commits the patches one
# by one onto wbsim-base in a scratch worktree of the cache tree and writes
#   patches/0000-cover-letter.txt, patches/NNNN-*.patch   (git am them)
#   patches/debug/NNNN-*.patch                          (on top, optional)
# Commit dates are fixed, so the output depends only on the inputs.
#
#   tools/kernel/mkpatches.sh [--out DIR] [--branch NAME]
#   --out DIR      write there instead of patches/ (the sync test uses it)
#   --branch NAME  also leave the series as branch NAME in the cache tree
set -euo pipefail
. "$(dirname "$0")/lib.sh"

out=$KROOT/patches branch=""
while [ $# -gt 0 ]; do
	case "$1" in
	--out) out=$2; shift 2 ;;
	--branch) branch=$2; shift 2 ;;
	*) echo "usage: $0 [--out DIR] [--branch NAME]" >&2; exit 2 ;;
	esac
done
ktree_ok || kdie "no kernel tree: run make kernel-tree"
series=$KROOT/tools/kernel/series
overlay=$KROOT/kernel-tree-overlay
[ -f "$series/cover-letter" ] || kdie "no $series/cover-letter"

wt=$KCACHE/mkpatches
if [ ! -d "$wt" ]; then
	kgit worktree add -q --detach "$wt" wbsim-base
fi
wgit() { git -C "$wt" -c core.autocrlf=false -c diff.algorithm=myers "$@"; }
wgit checkout -q -f --detach wbsim-base
wgit clean -q -fdx

n=0
# Author and dates of the series' commits: fixed, so that the output
# depends only on the inputs; the date is that of the last revision of
# the series (bump it with the series), the author matches Signed-off-by.
# The base commit keeps lib.sh's identity and tree.sh's date.
series_author="wbsim project"
series_date=2026-12-04T10
cover_date="Fri, 4 Dec 2026 10:00:00 +0000"
# commit_dir DIR: one patch
commit_dir() {
	local d=$1 f
	n=$((n + 1))
	if [ -f "$d/files" ]; then
		while IFS= read -r f; do
			[ -n "$f" ] || continue
			[ -f "$overlay/$f" ] || kdie "$d/files: $f not in kernel-tree-overlay/"
			[ ! -e "$wt/$f" ] || kdie "$d/files: $f exists already in the tree"
			mkdir -p "$(dirname "$wt/$f")"
			cp "$overlay/$f" "$wt/$f"
			wgit add -f "$f"
		done <"$d/files"
	fi
	if [ -s "$d/hooks.diff" ]; then
		wgit apply --index --whitespace=nowarn "$d/hooks.diff" ||
			kdie "$d/hooks.diff does not apply"
	fi
	local when="$series_date:$(printf %02d $n):00Z"
	GIT_AUTHOR_DATE=$when GIT_COMMITTER_DATE=$when \
		GIT_AUTHOR_NAME="$series_author" GIT_COMMITTER_NAME="$series_author" \
		wgit -c commit.gpgsign=false commit -q --allow-empty -F "$d/message"
}

for d in "$series"/[0-9]*/; do
	commit_dir "${d%/}"
done
main_tip=$(wgit rev-parse HEAD)
ndebug=0
for d in "$series"/debug/[0-9]*/; do
	[ -d "$d" ] || continue
	commit_dir "${d%/}"
	ndebug=$((ndebug + 1))
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fp() { GIT_AUTHOR_NAME="$series_author" GIT_COMMITTER_NAME="$series_author" wgit format-patch -q --zero-commit --no-signature --no-numbered-files "$@"; }
fp --cover-letter -o "$tmp/main" wbsim-base.."$main_tip"
cover=$tmp/main/0000-cover-letter.patch
subject=$(head -n 1 "$series/cover-letter")
# the cover letter: format-patch leaves placeholders for subject and blurb
# and the time of the run as date: make it the fixed date of the series
awk -v subj="$subject" -v blurbfile="$series/cover-letter" -v date="$cover_date" '
	/^Date: / && !dated { print "Date: " date; dated = 1; next }
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
	/^\*\*\* BLURB HERE \*\*\*$/ {
		skip = 1
		while ((getline line < blurbfile) > 0) {
			if (skip) { if (line == "") skip = 0; continue }
			print line
		}
		next
	}
	{ print }' "$cover" >"$tmp/main/0000-cover-letter.txt"
rm "$cover"
if [ $ndebug -gt 0 ]; then
	fp --subject-prefix="PATCH DEBUG NOT-FOR-MERGE" -o "$tmp/debug" "$main_tip"..HEAD
fi

mkdir -p "$out"
rm -f "$out"/*.patch "$out"/0000-cover-letter.txt
# only the patches this script writes there: --out may be a directory
# of the user's, and rmdir refuses a debug/ that holds anything else
rm -f "$out"/debug/*.patch
[ ! -d "$out/debug" ] || rmdir "$out/debug" || kdie "$out/debug holds files other than patches: not removed"
cp "$tmp/main"/* "$out/"
[ $ndebug -gt 0 ] && cp -r "$tmp/debug" "$out/debug"
[ -z "$branch" ] || kgit branch -f "$branch" "$(wgit rev-parse HEAD)"
kmsg "wrote $((n - ndebug)) patches + cover letter$([ $ndebug -gt 0 ] && echo " + $ndebug debug") to $out"
