#!/usr/bin/env bash
# vm.other_writeout: a device outside the run (a guest's results disk)
# completes writeback at a steady rate, counted in the proportions that
# give each bdi its share of the dirty limit, under 6.1's wq throttling
# and under the legacy one's flexible proportions alike. With it at the
# data disk's own rate (10 MiB/s, 2,560 pages/s) the disk's share halves:
# wq's bdi_setpoint / setpoint (= wb_thresh / thresh) reads D / (D + O)
# with D the disk's page completions a second; legacy's wb_thresh halves.
# And tools/validate/twin.sh sets it from a run's summary.json, for wq's
# twins only.
. tests/shlib.sh
run() {
	"$BIN/wbsim" run sim/scenarios/vm61.ini -q --set sim.duration=20 \
		--set writeback.trace_verbose=yes "$@" >/dev/null 2>"$TMP/err" ||
		fail "wbsim exited $?: $(cat "$TMP/err")"
}
# the median of FIELD (or of bdi_setpoint / setpoint) after 8 s
median() {
	awk -v ev="$2:" -v f="$3" '$4 == ev && $3 + 0 > 8 {
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			v[kv[1]] = kv[2]
		}
		print f == "share" ? v["bdi_setpoint"] / v["setpoint"] : v[f]
	}' "$1/trace.txt" | sort -g | awk '{ a[NR] = $1 } END { if (NR) print a[int(NR / 2) + 1]; else print "none" }'
}
within() {	# within X LO HI
	awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x != "none" && x >= lo && x <= hi) }'
}

run -o "$TMP/wq0" --set vm.other_writeout=0
s0=$(median "$TMP/wq0" balance_dirty_pages share)
within "$s0" 0.97 1 || fail "wq, no other device: the disk's share is $s0, want 0.97-1"
run -o "$TMP/wq10" --set vm.other_writeout=10M
s10=$(median "$TMP/wq10" balance_dirty_pages share)
# D: the run's page completions over its length (elapsed_s: the warm-up
# and the run)
want=$(jq '(.pagecache_pages_written / .elapsed_s) as $d | $d / ($d + 10485760 / 4096)' "$TMP/wq10/summary.json")
lo=$(awk -v w="$want" 'BEGIN { print w - 0.05 }')
hi=$(awk -v w="$want" 'BEGIN { print w + 0.05 }')
within "$s10" "$lo" "$hi" || fail "wq, 10 MiB/s elsewhere: the disk's share is $s10, want $want +- 0.05"

legacy=(--set writeback.flusher=bdi --set vm.bdi_share=flex --set vm.task_dirty_limit=no)
run -o "$TMP/l0" "${legacy[@]}" --set vm.other_writeout=0
run -o "$TMP/l10" "${legacy[@]}" --set vm.other_writeout=10M
t0=$(median "$TMP/l0" balance_dirty_pages_legacy wb_thresh)
t10=$(median "$TMP/l10" balance_dirty_pages_legacy wb_thresh)
r=$(awk -v a="$t10" -v b="$t0" 'BEGIN { print (b > 0) ? a / b : 0 }')
within "$r" 0.4 0.6 || fail "legacy: wb_thresh $t10 with 10 MiB/s elsewhere, $t0 without ($r), want about half"

# twin.sh: the run's throttled events x the bytes each costs the tracer
# over its length (an era wq run: IO-less, 362 bytes an event)
ev=docs/evidence/era-matrix/wq-none-o2/r1
[ -f "$ev/summary.json" ] || fail "no $ev/summary.json"
want=$(jq '.throttle_events_total * 362 / .elapsed_s | . + 0.5 | floor' "$ev/summary.json")
got=$(WBSIM=$BIN/wbsim tools/validate/twin.sh "$ev/experiment.ini" | sed -n 's/^other_writeout = //p')
[ "$got" = "$want" ] || fail "twin.sh: other_writeout = ${got:-none}, want $want"
# and none under the model's legacy throttling (twin.sh says why)
ev=docs/evidence/era-matrix/bdi-none-o2/r1
got=$(WBSIM=$BIN/wbsim tools/validate/twin.sh "$ev/experiment.ini" | sed -n 's/^other_writeout = //p')
[ "$got" = 0 ] || fail "twin.sh, a legacy cell: other_writeout = ${got:-none}, want 0"
done_test
