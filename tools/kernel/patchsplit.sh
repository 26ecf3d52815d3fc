#!/usr/bin/env bash
# Take apart one patch written by git format-patch.
#
#   patchsplit.sh message PATCH      the commit message: subject without
#                                    the [PATCH n/N] prefix, then the body
#   patchsplit.sh hooks PATCH        the diff sections of files it modifies
#   patchsplit.sh newfiles PATCH DIR write each file it adds under DIR
#   patchsplit.sh newlist PATCH      the paths of the files it adds
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 message|hooks|newfiles|newlist PATCH [DIR]" >&2; exit 2; }
mode=$1 patch=$2

case "$mode" in
message)
	awk '
		hdr && /^Subject: / { subj = substr($0, 10); insubj = 1; next }
		hdr && insubj && /^[ \t]/ { sub(/^[ \t]+/, " "); subj = subj $0; next }
		hdr && /^$/ {
			hdr = 0
			sub(/^\[[^]]*\] */, "", subj)
			print subj
			print ""
			next
		}
		hdr { insubj = 0; next }
		NR == 1 { hdr = 1; next }
		/^---$/ { exit }
		{ print }' "$patch" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
	;;
hooks)
	awk '
		function flush() { if (buf != "" && !isnew) printf "%s", buf; buf = "" }
		/^diff --git / { flush(); indiff = 1; isnew = 0; buf = $0 "\n"; next }
		!indiff { next }
		/^new file mode / { isnew = 1 }
		{ buf = buf $0 "\n" }
		END { flush() }' "$patch"
	;;
newlist|newfiles)
	dir=${3:-}
	[ "$mode" = newlist ] || [ -n "$dir" ] || { echo "$0: newfiles needs DIR" >&2; exit 2; }
	awk -v mode="$mode" -v dir="$dir" '
		/^diff --git / { path = $4; sub(/^b\//, "", path); isnew = 0; inhunk = 0; out = ""; next }
		/^new file mode / {
			isnew = 1
			if (mode == "newlist") { print path; next }
			out = dir "/" path
			d = out; sub(/\/[^\/]*$/, "", d)
			system("mkdir -p \"" d "\"")
			printf "" > out
			next
		}
		isnew && /^@@ / { inhunk = 1; next }
		isnew && inhunk && /^\+/ && mode == "newfiles" { print substr($0, 2) > out; next }
		isnew && inhunk && /^\\ No newline/ && mode == "newfiles" {
			close(out)
			# drop the newline print added to the last line
			system("truncate -s -1 \"" out "\"")
			next
		}' "$patch"
	;;
*) echo "$0: unknown mode $mode" >&2; exit 2 ;;
esac
