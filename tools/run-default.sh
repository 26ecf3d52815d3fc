#!/usr/bin/env bash
# `make run`: the built-in default scenario.
#
# Until the writeback models land, the default scenario is a trace replay
# on the 2009 test box's disk: a deterministic mixed random/sequential
# request trace over three partitions, replayed through noop, deadline and
# CFQ. Each run directory holds the blktrace and geometry; the report
# collects the replay statistics and, when wbfair is built, its
# per-partition fairness table.
set -eu
cd "$(dirname "$0")/.."
out=${RUN_DIR:-runs/default}
mkdir -p "$out"
trace=$out/trace.ascii
build/bench/gen_trace -n 20000 -s 1 --rate 120 --disk-sectors 156250000 \
	--seq-frac 0.6 -o "$trace"
report=$out/report.txt
{
	echo "wbsim default scenario: trace replay on the 2009 7200 rpm PATA disk"
	echo "trace: $trace (20000 requests, 30% reads, 60% sequential, 120/s)"
	echo "partitions: 30%,40%,rest"
} >"$report"
for e in noop deadline cfq; do
	mkdir -p "$out/$e"
	bin/wbsim replay "$trace" --set disk.partitions=30%,40%,rest \
		--set queue.elevator=$e -o "$out/$e" >"$out/$e/replay.txt"
	{
		echo
		echo "== $e =="
		cat "$out/$e/replay.txt"
		if [ -x bin/wbfair ]; then
			echo
			bin/wbfair "$out/$e" || true
		fi
	} >>"$report"
done
cat "$report"
echo
echo "report: $report"
