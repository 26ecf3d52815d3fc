#!/usr/bin/env bash
# Event engine: hold operations per second at 10^4 pending events (target
# >= 5 M/s). Whole-process times from hyperfine; the set-up (a run with no
# operations) is subtracted.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
ops=${ENGINE_OPS:-20000000}
for pending in 10000 100000; do
	t=$(time_cmd build/bench/engine_hold -n $pending -o $ops)
	t0=$(time_cmd build/bench/engine_hold -n $pending -o 0)
	rate=$(awk -v o=$ops -v t=$t -v t0=$t0 'BEGIN { printf "%.2f", o / (t - t0) / 1e6 }')
	report "engine hold ops/s at $pending pending" "$rate M/s" \
		"$( [ $pending = 10000 ] && echo ">= 5 M/s")" \
		"$( [ $pending = 10000 ] && awk -v r=$rate 'BEGIN { exit !(r >= 5) }' && echo met || echo -)"
done
