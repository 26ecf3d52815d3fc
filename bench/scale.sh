#!/usr/bin/env bash
# Cost of a box of many disks: sim/scenarios/jbod1000.ini (one 4-client
# dbench per disk, 60 s + 12 s warm-up, 48 CPUs, 128 GB) with 1, 10, 100
# and 1,000 disks. Per point: wall and CPU seconds, peak RSS
# (/usr/bin/time -v), simulated events and disk requests, simulated
# requests per wall second, and CPU seconds per disk (flat = linear).
# Every point without blktrace (sim.blktrace = off), so each writes the
# same kind of run directory. Targets for 1,000 disks: <= 5 min wall on 2 cores, <= 8 GB.
#
#   bench/scale.sh              # 1 10 100 1000 (the last point ~10+ min)
#   bench/scale.sh 1 10 100     # skip the big one
#   SCALE_DURATION=20 bench/scale.sh 1 10   # a shorter run
#
# One run per point, not hyperfine's median: the 1,000-disk point takes
# minutes and gigabytes, and a shared machine should not run it 5 times.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
scn=sim/scenarios/jbod1000.ini
points=${*:-1 10 100 1000}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time missing (tools/deps.sh)" >&2; exit 1; }

printf '%6s %9s %9s %9s %12s %12s %12s %11s\n' disks "wall s" "CPU s" "RSS MB" \
	events requests "req/wall s" "CPU s/disk"
for n in $points; do
	set -- --set sim.disks=$n --set sim.blktrace=off
	[ -n "${SCALE_DURATION:-}" ] && set -- "$@" --set sim.duration=$SCALE_DURATION
	/usr/bin/time -v -o "$out/time.$n" bin/wbsim run $scn "$@" -q -o "$out/run.$n" \
		>"$out/out.$n" 2>"$out/err.$n" ||
		{ echo "bench: $n disks failed: $(tail -3 "$out/err.$n")" >&2; exit 1; }
	wall=$(awk -F': ' '/Elapsed/ { n = split($2, a, ":"); s = 0;
		for (i = 1; i <= n; i++) s = s * 60 + a[i]; print s }' "$out/time.$n")
	cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$out/time.$n")
	rss=$(awk -F': ' '/Maximum resident/ { printf "%.0f", $2 / 1024 }' "$out/time.$n")
	events=$(sed -n 's/.*"events": \([0-9]*\).*/\1/p' "$out/run.$n/summary.json")
	reqs=$(sed -n 's/.*disk requests completed: \([0-9]*\).*/\1/p' "$out/out.$n")
	printf '%6d %9.1f %9.1f %9d %12d %12d %12.0f %11.3f\n' "$n" "$wall" "$cpu" "$rss" \
		"$events" "$reqs" "$(awk -v r="$reqs" -v w="$wall" 'BEGIN { print r / w }')" \
		"$(awk -v c="$cpu" -v n="$n" 'BEGIN { print c / n }')"
	if [ "$n" -eq 1000 ] && [ -z "${SCALE_DURATION:-}" ]; then
		report "jbod1000: wall" "$wall s" "<= 300 s" \
			"$(awk -v w="$wall" 'BEGIN { print w <= 300 ? "met" : "missed" }')"
		report "jbod1000: peak RSS" "$rss MB" "<= 8192 MB" \
			"$( [ "$rss" -le 8192 ] && echo met || echo missed)"
	fi
done
