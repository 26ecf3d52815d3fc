#!/usr/bin/env bash
# Disk-model speed on a drive read from DiskSim's files (the HP C2247A):
# simulated requests per second for a 1 M-request synthetic trace
# (bench/gen_trace: 30% reads, half sequential, 4-128 KiB, Poisson at
# 20/s, which the 1992 drive serves without an ever-growing queue),
#  - through the whole replay (parsing, block layer, noop, disk model),
#  - closed loop (-f disksim-validate: the model alone, plus the demerit).
# Target >= 1 M requests/s. Wall time is hyperfine's median; CPU time
# (user + sys, /usr/bin/time) is given too, because on a shared machine
# the wall time measures the other jobs as well.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
n=${DISK_SPEED_REQUESTS:-1000000}
data=build/bench-data
trace=$data/c2247a-$n.ascii
vtrace=$data/c2247a-$n.validate
ini=sim/disks/hp-c2247a.ini
mkdir -p $data
[ -s $trace ] || build/bench/gen_trace -n $n -s 1 --rate 20 \
	--disk-sectors 2054864 -o $trace
# the same requests as a validate trace: 10 ms think time, no measurement
[ -s $vtrace ] || awk '{ printf "%s Miss %d %d 0 10000\n", $5 == 1 ? "R" : "W", $3, $4 }' \
	$trace >$vtrace

cpu_s() {
	/usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null | tail -1 |
		awk '{ print $1 + $2 }'
}

one() {
	local what=$1 wall cpu rate crate
	shift
	wall=$(time_cmd "$@")
	cpu=$(cpu_s "$@")
	rate=$(awk -v n=$n -v t=$wall 'BEGIN { printf "%.2f", n / t / 1e6 }')
	crate=$(awk -v n=$n -v t=$cpu 'BEGIN { printf "%.2f", (t > 0 ? n / t / 1e6 : 0) }')
	report "$what, wall" "$rate M/s" ">= 1 M/s" \
		"$(awk -v r=$rate 'BEGIN { print (r >= 1) ? "met" : "missed" }')"
	report "$what, CPU" "$crate M/s" ">= 1 M/s" \
		"$(awk -v r=$crate 'BEGIN { print (r >= 1) ? "met" : "missed" }')"
}

one "replay, 1 M mixed, HP C2247A (DiskSim files)" \
	bin/wbsim replay $trace -c $ini --set queue.elevator=noop
one "closed loop, 1 M mixed, HP C2247A" \
	bin/wbsim replay -f disksim-validate $vtrace -c $ini
