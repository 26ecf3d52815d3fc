#!/usr/bin/env bash
# vm61.ini's dirty threshold is 6.1's: of free pages less totalreserve_pages
# and the file LRU, the dbench clients' memory counted as free until they
# are released. Read back from balance_dirty_pages' limit and setpoint
# (thresh = (2 * setpoint - limit) / 0.75 with bg_thresh = thresh / 2):
# sda1's 100 clients run from 0 s, sda2's from 2 s, so 92,160 pages less
# 1,306 reserved less 5,120 touched give 17,146 before 2 s, 16,123 after
# (less 10,240); 2.6.30's count gives 18,432 all along. The domain's
# limit starts at the boot threshold; the event's bdi_setpoint is 6.1's.
. tests/shlib.sh
thresh() {
	awk -v from="$2" -v to="$3" '/balance_dirty_pages:/ {
		t = $3 + 0
		if (t < from || t >= to) next
		for (i = 1; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "limit") l = kv[2]
			if (kv[1] == "setpoint") s = kv[2]
		}
		v = int((2 * s - l) / 0.75 + 0.5)
		if (!n++ || v < lo) lo = v
		if (v > hi) hi = v
	} END { printf "%d %d %d\n", n, lo, hi }' "$1/trace.txt"
}
near() {	# near N LO HI WANT: N > 0 and LO..HI within 3 of WANT
	[ "$1" -gt 0 ] && [ $(($2 - $4)) -ge -3 ] && [ $(($3 - $4)) -le 3 ]
}
run() {
	"$BIN/wbsim" run sim/scenarios/vm61.ini -q --set sim.duration=4 \
		--set dbench.start_offsets=0,2 --set writeback.trace_verbose=yes \
		"$@" >/dev/null 2>"$TMP/err" || fail "wbsim exited $?: $(cat "$TMP/err")"
}
run -o "$TMP/61"
read -r n lo hi < <(thresh "$TMP/61" 0.5 1.9)
near "$n" "$lo" "$hi" 17146 || fail "6.1, sda1's clients released: $n checks, thresh $lo..$hi, want 17146"
read -r n lo hi < <(thresh "$TMP/61" 2.5 4)
near "$n" "$lo" "$hi" 16123 || fail "6.1, both released: $n checks, thresh $lo..$hi, want 16123"
# the domain's limit starts at the boot threshold, 20% of 90,855 pages
# (writeback_set_ratelimit(), before any process ran): 18,171, down by
# 1/32 of its distance to the threshold per 200 ms
first=$(grep -m 1 'balance_dirty_pages:' "$TMP/61/trace.txt" | sed 's/.* limit=\([0-9]*\) .*/\1/')
[ "${first:-0}" -ge 18100 ] && [ "$first" -le 18171 ] || fail "the first check's limit is ${first:-none}, want 18,100-18,171"
# bdi_setpoint is 6.1's setpoint * wb_thresh / (thresh + 1): never above
# the setpoint (it printed wb_thresh until 2026-12-07)
awk '/balance_dirty_pages:/ {
	for (i = 1; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] == "setpoint") s = kv[2]
		if (kv[1] == "bdi_setpoint") b = kv[2]
	}
	n++
	if (b + 0 > s + 0) bad++
} END { exit !(n > 0 && !bad) }' "$TMP/61/trace.txt" || fail "bdi_setpoint above setpoint"
run -o "$TMP/2630" --set vm.dirtyable=2.6.30
read -r n lo hi < <(thresh "$TMP/2630" 0.5 4)
near "$n" "$lo" "$hi" 18432 || fail "2.6.30: $n checks, thresh $lo..$hi, want 18432"
done_test
