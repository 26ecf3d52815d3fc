#!/usr/bin/env bash
# wbfair --plot DIR draws rate, cumulative, share and throttle plots of
# the partitions as PNG (8-byte PNG signature) and SVG (root element
# <svg>), each non-empty, for a block trace and for dbench logs alone;
# 10 s bins by default, --bin on request.
set -u
BIN=${BIN:-bin} BUILD=${BUILD:-build}
command -v gnuplot >/dev/null || { echo "skip: no gnuplot"; exit 77; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

check_plots() { # dir
	local f sig root
	for f in rate cumulative share throttle; do
		[ -s "$1/$f.png" ] || { bad "$1/$f.png missing or empty"; continue; }
		sig=$(head -c 8 "$1/$f.png" | od -An -tx1 | tr -d ' \n')
		[ "$sig" = 89504e470d0a1a0a ] || bad "$1/$f.png: signature $sig"
		[ -s "$1/$f.svg" ] || { bad "$1/$f.svg missing or empty"; continue; }
		# first element after the XML declaration, doctype and comments
		root=$(tr '\n' ' ' < "$1/$f.svg" | sed -E 's/<\?[^>]*\?>//g; s/<!--([^-]|-[^-])*-->//g; s/<![^>]*>//g' |
		       grep -o '<[A-Za-z][A-Za-z0-9:]*' | head -n 1)
		[ "$root" = "<svg" ] || bad "$1/$f.svg: root element '$root'"
		grep -q '</svg>' "$1/$f.svg" || bad "$1/$f.svg: not closed"
		echo "$f: png $(stat -c %s "$1/$f.png") bytes, svg $(stat -c %s "$1/$f.svg") bytes"
	done
}

"$BUILD/tests/test_wbfair_tracegen" write "$tmp/sda" requests=3000 weights=2:1 > /dev/null ||
	{ echo "generator failed"; exit 1; }
"$BIN/wbfair" --plot "$tmp/plots" -i 0.5 --geometry "$tmp/sda.geometry" "$tmp/sda" > /dev/null ||
	bad "wbfair --plot failed"
check_plots "$tmp/plots"
grep -q "'sda1'" "$tmp/plots/wbfair.gp" || bad "partition names not in the plot script"
grep -q "10-s bins" "$tmp/plots/wbfair.gp" || bad "default bins are not 10 s"
"$BIN/wbfair" --plot "$tmp/p1" --bin 1s -i 0.5 --geometry "$tmp/sda.geometry" "$tmp/sda" > /dev/null ||
	bad "wbfair --plot --bin 1s failed"
# 1 s bins of 0.5 s intervals: rows 1 s apart
[ "$(awk '!/^#/ { n++; if (n == 2) print $1 }' "$tmp/p1/wbfair-rate.dat")" = 1 ] ||
	bad "--bin 1s: second row at $(awk '!/^#/ { n++; if (n == 2) print $1 }' "$tmp/p1/wbfair-rate.dat")"
"$BIN/wbfair" --plot "$tmp/dbplots" analysis/testdata/dbench.sda1.log \
	analysis/testdata/dbench.sda2.log > /dev/null || bad "dbench --plot failed"
check_plots "$tmp/dbplots"
exit $fail
