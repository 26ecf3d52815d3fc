#!/usr/bin/env bash
# wbfair's peak memory against the length of the trace (issue 16: the
# analysis streams; it must not need memory in proportion to the trace).
#
#   - synthetic traces (the test generator: 2 partitions, 2 CPUs, 100
#     requests per simulated second) of 60, 600 and 6000 s: the peak RSS
#     rises while the percentile samples are kept exactly, then stays
#     under the budget of blkstat.h. Target: under 48 MiB at 6000 s.
#   - box2009 runs of 60, 600 and 6000 simulated s (wbsim run, then
#     wbfair on the run directory): here 200 dbench processes each have a
#     per-second series, the one term that grows with the length (8 bytes
#     per process per second, and the report's copy of it). Target: peak
#     RSS under a quarter of the trace's size at 6000 s.
#
#   bench/wbfair_memory.sh            (after make; BENCH_LONG=6000 to change
#                                     the longest length, in simulated s)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
gen=build/tests/test_wbfair_tracegen
[ -x "$gen" ] && [ -x bin/wbfair ] && [ -x bin/wbsim ] ||
	{ echo "bench: run make first" >&2; exit 1; }
long=${BENCH_LONG:-6000}
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT

rss_mb() { # CMD... -> peak RSS in MB (10^6 bytes)
	/usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null 2>"$tmp/err" ||
		{ echo "bench: failed: $* ($(head -c 200 "$tmp/err"))" >&2; return 1; }
	awk '{ printf "%.1f", $1 * 1024 / 1e6 }' "$tmp/rss"
}
trace_mb() { cat "$@" | wc -c | awk '{ printf "%.0f", $1 / 1e6 }'; }

for s in 60 600 "$long"; do
	"$gen" write "$tmp/sda" requests=$((s * 100)) gap_ns=10000000 cpus=2 >/dev/null
	mb=$(trace_mb "$tmp"/sda.blktrace.*)
	r=$(rss_mb bin/wbfair --geometry "$tmp/sda.geometry" "$tmp/sda")
	verdict=""
	[ "$s" = "$long" ] && verdict=$(awk -v r="$r" 'BEGIN { print r < 50 ? "met" : "missed" }')
	report "wbfair, synthetic $s s ($mb MB of blktrace)" "$r MB" \
		"$([ "$s" = "$long" ] && echo "< 50 MB")" "$verdict"
	rm -f "$tmp"/sda.*
done

for s in 60 600 "$long"; do
	# -o reuses the run directory: wbsim removes what its manifest lists
	bin/wbsim run -q --set sim.duration="$s" -o "$tmp/run" >/dev/null 2>&1 ||
		{ echo "bench: wbsim run of $s s failed" >&2; exit 1; }
	mb=$(trace_mb "$tmp"/run/*.blktrace.*)
	r=$(rss_mb bin/wbfair "$tmp/run")
	verdict=""
	[ "$s" = "$long" ] && verdict=$(awk -v r="$r" -v t="$mb" 'BEGIN { print r < t / 4 ? "met" : "missed" }')
	report "wbfair, box2009 $s s ($mb MB of blktrace)" "$r MB" \
		"$([ "$s" = "$long" ] && echo "< trace / 4")" "$verdict"
done
