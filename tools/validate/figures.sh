#!/usr/bin/env bash
# The figures `make validate` compares, of one run directory, real
# (tools/experiment/run.sh) or simulated (wbsim run), as one JSON object
# on stdout:
#   parts           the instances' partitions, in geometry order
#   share           each one's share of the bytes written to them
#                   (blktrace write completions; wbfair partitions[].share)
#   aggregate_mbps  bytes written to the disk / the blktrace's span
#                   (wbfair partition_fairness.aggregate_mbps)
#   dbench_mbps     each instance's final Throughput line
#   jain_1s, jain_10s
#                   mean of Jain's index over the 1 s / 10 s intervals in
#                   which something was written (wbfair jain_interval)
#   turn_s          mean seconds per writeback turn on one superblock:
#                   a turn is a run of consecutive writeback_sb_written
#                   events (one superblock's chunk of one writeback pass)
#                   of the same superblock, measured from its first event
#                   to the next turn's first, as
#                   tools/experiment/sb-turns.sh; null without events
#   max_latency_ms  the worst dbench operation of the instances
#
#   tools/validate/figures.sh RUN_DIR
#
# Exit: 0, 2 bad argument or run directory, 1 wbfair failed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
wbfair=${WBFAIR:-$ROOT/bin/wbfair}
[ $# = 1 ] || { echo "usage: $0 RUN_DIR" >&2; exit 2; }
run=$1
for f in geometry trace.txt; do
	[ -f "$run/$f" ] || { echo "figures: $run/$f: no such file" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$wbfair" --format json -i 1 "$run" >"$tmp/j1" || exit 1
"$wbfair" --format json -i 10 "$run" >"$tmp/j10" || exit 1

# The superblocks of the partitions in the geometry: the kernel names them
# MAJ:MIN (sb=254:1), the simulator by name (sb sda1). The simulator's
# event was called writeback_sb_chunk before it took the kernel's name.
turn=$(awk '
	NR == FNR { if ($1 !~ /^#/ && $1 != $3) { dev = $2; sub(/,/, ":", dev); part[dev] = 1; part[$1] = 1 }; next }
	/ writeback_sb_(written|chunk):/ {
		sb = ""; ts = ""
		for (i = 1; i <= NF; i++) {
			if (ts == "" && $i ~ /^[0-9]+\.[0-9]+:$/) { ts = $i; sub(/:$/, "", ts) }
			if ($i ~ /^sb=/) sb = substr($i, 4)
			else if ($i == "sb" && i < NF) sb = $(i + 1)
		}
		if (!(sb in part)) next
		if (sb != last) { turns++; if (turns > 1) span += ts - t0; t0 = ts; last = sb }
	}
	END { if (turns > 1) printf "%.4f", span / (turns - 1); else printf "null" }' \
	"$run/geometry" "$run/trace.txt")

jq -n --slurpfile a "$tmp/j1" --slurpfile b "$tmp/j10" --argjson turn "$turn" '
	($a[0] | if type == "array" then .[0] else . end) as $a |
	($b[0] | if type == "array" then .[0] else . end) as $b |
	($a.dbench // [] | map(.name)) as $inst |
	($a.partitions | map(select(.name as $n | $inst | index($n)))) as $p |
	($p | map(.bytes_written) | add) as $tot |
	{parts: ($p | map(.name)),
	 share: ($p | map(if $tot > 0 then .bytes_written / $tot else null end)),
	 aggregate_mbps: $a.partition_fairness.aggregate_mbps,
	 dbench_mbps: ($a.dbench | map(.throughput_mbps)),
	 jain_1s: $a.partition_fairness.jain_interval,
	 jain_10s: $b.partition_fairness.jain_interval,
	 turn_s: $turn,
	 max_latency_ms: ($a.dbench | map(.max_latency_ms) | max)}'
