#!/usr/bin/env bash
# How writeback takes turns between the partitions' superblocks, from the
# series' writeback_sb_written events in a run directory's trace.txt: a
# "chunk" is one event (one superblock's share of one writeback pass), a
# "turn" a run of consecutive chunks of the same superblock. Only the
# partitions in RUN/geometry count (not the root disk, not the results
# disk).
#
#   tools/experiment/sb-turns.sh RUN_DIR...
#
# One line per run: chunks, mean pages and ms per chunk, turns, mean
# chunks per turn and mean seconds per turn (first to last chunk of the
# turn's superblock, up to the next turn's first chunk).
set -eu
[ $# -ge 1 ] || { echo "usage: $0 RUN_DIR..." >&2; exit 2; }
printf '%-28s %7s %9s %8s %6s %11s %8s\n' run chunks pages/ch ms/ch turns chunks/turn s/turn
for d in "$@"; do
	for f in geometry trace.txt; do
		[ -f "$d/$f" ] || { echo "sb-turns: $d/$f: no such file" >&2; exit 2; }
	done
	awk -v run="$d" '
	NR == FNR { if ($1 != $3) { dev = $2; sub(/,/, ":", dev); part[dev] = 1 }; next }
	/ writeback_sb_written:/ {
		sb = ""; p = ""; e = ""; ts = ""
		for (i = 1; i <= NF; i++) {
			if (ts == "" && $i ~ /^[0-9]+\.[0-9]+:$/) { ts = $i; sub(/:$/, "", ts) }
			if ($i ~ /^sb=/) { sb = substr($i, 4) }
			if ($i ~ /^pages=/) p = substr($i, 7)
			if ($i ~ /^elapsed_us=/) e = substr($i, 12)
		}
		if (!(sb in part)) next
		if (p !~ /^[0-9]+$/ || e !~ /^[0-9]+$/) {
			printf "sb-turns: %s/trace.txt:%d: writeback_sb_written without pages= or elapsed_us=\n", run, FNR > "/dev/stderr"
			bad = 1; exit 2
		}
		n++; pages += p; us += e
		if (sb != last) { turns++; if (turns > 1) span += ts - t0; t0 = ts; last = sb }
	}
	END {
		if (bad) exit 2
		if (n == 0) { printf "%-28s %7d %9s %8s %6s %11s %8s\n", run, 0, "-", "-", "-", "-", "-"; exit }
		printf "%-28s %7d %9.0f %8.0f %6d %11.2f %8s\n", run, n, pages / n, us / n / 1000, turns,
			n / turns, (turns > 1 ? sprintf("%.2f", span / (turns - 1)) : "-")
	}' "$d/geometry" "$d/trace.txt"
done
