#!/usr/bin/env bash
# Replay throughput: simulated requests per wall second for a 1 M-request
# mixed random/sequential trace on one disk (target >= 1 M requests/s),
# whole process (parsing, block layer, scheduler, disk model), per elevator.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
n=${REPLAY_REQUESTS:-1000000}
data=build/bench-data
trace=$data/mixed-$n.ascii
mkdir -p $data
# 30% reads, half of all requests sequential, Poisson arrivals at 100/s
# (the 2009 disk is ~50% busy: queues form but do not grow without bound).
[ -s $trace ] || build/bench/gen_trace -n $n -s 1 --rate 100 \
	--disk-sectors 156250000 -o $trace
for e in noop deadline cfq; do
	t=$(time_cmd bin/wbsim replay $trace --set queue.elevator=$e)
	rate=$(awk -v n=$n -v t=$t 'BEGIN { printf "%.2f", n / t / 1e6 }')
	report "replay requests/s, 1 M mixed trace, $e" "$rate M/s" ">= 1 M/s" \
		"$(awk -v r=$rate 'BEGIN { print (r >= 1) ? "met" : "missed" }')"
done
