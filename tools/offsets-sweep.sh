#!/usr/bin/env bash
# Start-offset sweep (issue "wbsim outcomes validated", point 4): the
# scenario (default sim/scenarios/box2009.ini) under every flusher model x
# the schedulers given, for each pair of dbench start offsets, one
# `wbsim matrix` per pair, then one table: who started first, the dbench
# rate of each instance, the disk-side share of each partition, who
# wrote the disk's bytes (flusher threads, dirtying tasks, kjournald) and
# how far into the loadfile each instance got: the mean loadfile line its
# clients had reached at the end of its timed run (the second column of
# dbench's last "execute" line). Both instances run the same lines, so
# the disk's split follows the gap between them (docs/offsets.md).
#
#   tools/offsets-sweep.sh [-o DIR] [--schedulers LIST] [--offsets "A,B ..."]
#                          [SCENARIO] [--set K=V]...
#
# Defaults: DIR runs/offsets (refused if it exists and is not a directory
# this script made: its OFFSETS file marks it), schedulers noop,cfq,
# offsets "0,0 0,0.5 0.5,0 0,2 2,0 0,5 5,0" (A is the first instance's,
# sda1 in box2009). Prints the table on stdout (markdown) and writes it to
# DIR/offsets.md.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
wbsim=${WBSIM:-$ROOT/bin/wbsim}
wbfair=${WBFAIR:-$ROOT/bin/wbfair}
out=runs/offsets scheds=noop,cfq scenario=$ROOT/sim/scenarios/box2009.ini
offsets="0,0 0,0.5 0.5,0 0,2 2,0 0,5 5,0"
sets=()
bad() { echo "offsets-sweep.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case "$1" in
	-o) [ $# -ge 2 ] || bad "-o wants a directory"; out=$2; shift 2 ;;
	--schedulers) [ $# -ge 2 ] || bad "--schedulers wants a list"; scheds=$2; shift 2 ;;
	--offsets) [ $# -ge 2 ] || bad "--offsets wants a list"; offsets=$2; shift 2 ;;
	--set) [ $# -ge 2 ] || bad "--set wants K=V"; sets+=(--set "$2"); shift 2 ;;
	-h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) bad "unknown argument '$1'" ;;
	*) scenario=$1; shift ;;
	esac
done
for p in $offsets; do
	[[ $p =~ ^[0-9]+(\.[0-9]+)?,[0-9]+(\.[0-9]+)?$ ]] || bad "offsets '$p': want A,B in seconds"
done
if [ -e "$out" ] && [ ! -f "$out/OFFSETS" ]; then
	bad "$out exists and was not made by this script (no $out/OFFSETS)"
fi
mkdir -p "$out"
echo "$offsets" >"$out/OFFSETS"

for p in $offsets; do
	d=$out/off-${p/,/_}
	"$wbsim" matrix "$scenario" -q --force --schedulers "$scheds" -o "$d" \
		--set dbench.start_offsets="$p" "${sets[@]}" >/dev/null ||
		{ echo "offsets-sweep.sh: matrix for offsets $p failed" >&2; exit 1; }
done

# by_path PATH_KEY RUN_DIR: bytes summary.json's writes.by_path gives PATH_KEY
by_path() {
	sed -n 's/.*"by_path": {\(.*\)}.*/\1/p' "$2/summary.json" | tr ',' '\n' |
		sed -n "s/^ *\"$1\": *\([0-9]*\)\$/\1/p"
}

table() {
	echo "| offsets A,B (s) | flusher | elevator | dbench MB/s A | dbench MB/s B | disk bytes A / (A+B) | written by flushers / dirtiers (balance_dirty_pages) / fsync / journal | loadfile line reached A / B |"
	echo "|---|---|---|---|---|---|---|---|"
	for p in $offsets; do
		d=$out/off-${p/,/_}
		for cell in "$d"/*/; do
			cell=${cell%/}
			[ -f "$cell/summary.json" ] || continue
			paths="$(by_path writeback "$cell") $(by_path balance_dirty_pages "$cell") $(by_path fsync "$cell") $(by_path journal "$cell")"
			"$wbfair" --format csv "$cell" 2>/dev/null | awk -F, -v p="$p" -v dir="$cell" -v cell="$(basename "$cell")" -v paths="$paths" '
			# reached NAME: the mean loadfile line of the last "execute"
			# status line of dbench.NAME.log (0 if it has none)
			function reached(nm,    f, line, x, r) {
				f = dir "/dbench." nm ".log"; r = 0
				while ((getline line < f) > 0) {
					split(line, x, " ")
					if (x[5] == "execute" && x[2] ~ /^[0-9]+$/)
						r = x[2]
				}
				close(f)
				return r
			}
			$1 == "dbench" && $3 == "throughput_mbps" && $4 == "" { name[++n] = $2; db[$2] = $5 }
			$1 == "partitions" && $3 == "bytes_written" && $4 == "" { pb[$2] = $5 }
			END {
				m = split(cell, c, "-"); el = c[m]
				fl_name = substr(cell, 1, length(cell) - length(el) - 1)
				a = pb[name[1]]; b = pb[name[2]]
				split(paths, w, " "); tot = w[1] + w[2] + w[3] + w[4]
				if (tot == 0) tot = 1
				printf "| %s | %s | %s | %.2f | %.2f | %.1f%% | %.0f%% / %.0f%% / %.0f%% / %.0f%% | %d / %d |\n",
				       p, fl_name, el, db[name[1]], db[name[2]],
				       (a + b > 0 ? 100 * a / (a + b) : 0),
				       100 * w[1] / tot, 100 * w[2] / tot, 100 * w[3] / tot, 100 * w[4] / tot,
				       reached(name[1]), reached(name[2])
			}'
		done
	done
}
table | tee "$out/offsets.md"
