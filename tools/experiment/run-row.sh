#!/usr/bin/env bash
# One run's figures as one JSON line, the line of DIR/runs.jsonl that
# tools/experiment/report.sh writes and tools/validate/era.sh compares:
# the same definitions for a real run (tools/experiment/run.sh) and a
# simulated one (wbsim run), both read by wbfair.
#
#   tools/experiment/run-row.sh CELL RUN-DIR
#
# Figures: written MB per partition (blktrace completions) over the run
# and over its first 120 s (dbench's time limit: a run goes on as long as
# its last client is held in balance_dirty_pages, so the whole run's
# bytes depend on that tail, where the rate while dbench runs does not;
# the first twelve 10 s bins of wbfair -i 10, from the trace's start,
# which is dbench's start on both sides), dbench MB/s
# and worst latency per instance (the dbench logs), Jain over the run,
# per 1 s and per 10 s (wbfair -i 1 and -i 10: the mean over intervals in
# which something was written), whether the dirty limit was hit; from
# summary.json: disk busy, guest iowait, start difference, throttle
# events, lost trace events, clock jumps, wall time (null where the
# producer has no such figure), and which instance started first (by
# offset_s in a real run's summary, start_s in a simulated one's).
set -euo pipefail
EXP=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$EXP/../.." && pwd)
wbfair=${WBFAIR:-$ROOT/bin/wbfair}
case $wbfair in /*) ;; */*) wbfair=$PWD/$wbfair ;; esac
[ $# = 2 ] || { echo "usage: $0 CELL RUN-DIR" >&2; exit 2; }
cell=$1 run=$2
[ -f "$run/summary.json" ] || { echo "run-row: $run: no summary.json" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# files, not arguments: a 120 s run's JSON (per-interval series, every
# process) is larger than an argument may be
"$wbfair" --format json -i 1 "$run" >"$tmp/j1" || { echo "run-row: wbfair failed on $run" >&2; exit 1; }
"$wbfair" --format json -i 10 "$run" >"$tmp/j10" || exit 1
jq -c -n --arg cell "$cell" --arg run "${run##*/}" --slurpfile a "$tmp/j1" --slurpfile b "$tmp/j10" \
	--slurpfile s "$run/summary.json" '
	($a[0] | if type == "array" then .[0] else . end) as $a |
	($b[0] | if type == "array" then .[0] else . end) as $b |
	{cell: $cell, run: $run,
	 written_mb: ($a.partitions | map({key: .name, value: (.bytes_written / 1e6)}) | from_entries),
	 written_mb_120s: ($b.partitions | map({key: .name,
		value: ((.mbps // [])[0:12] | add // 0 | . * 10 * 1e6 | round / 1e6)}) | from_entries),
	 dbench_mbps: (($a.dbench // []) | map({key: .name, value: .throughput_mbps}) | from_entries),
	 max_latency_s: (($a.dbench // []) | map({key: .name, value: ((.max_latency_ms // 0) | round / 1000)}) | from_entries),
	 jain: $a.partition_fairness.jain,
	 jain_1s: $a.partition_fairness.jain_interval,
	 jain_10s: $b.partition_fairness.jain_interval,
	 busy_pct: $s[0].disk_busy_pct, iowait_pct: $s[0].guest_iowait_pct,
	 start_ms: $s[0].start_difference_ms,
	 dirty_hit: ($a.dirty_limit.state == "hit"),
	 throttle_events: $s[0].throttle_events_total,
	 lost_events: ($s[0].trace_lost_events // 0),
	 clock_jump_s: ($s[0].guest_clock_jump_s // 0),
	 wall_s: $s[0].wall_s,
	 first: ($s[0].instances // [] |
		 map(select((.offset_s // .start_s) != null) | .off = (.offset_s // .start_s)) |
		 sort_by(.off) |
		 if length >= 2 and .[0].off < .[1].off
		 then {partition: .[0].partition, lead_s: (.[1].off - .[0].off)}
		 else null end)}'
