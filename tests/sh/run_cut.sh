# A run whose dbench clients cannot finish (issue 16: "3,000 clients on
# the 384 MB box run past 60 s"). box2009 with 3,000 clients per instance
# and a 10 s run (docs/long-waits.md, "Runs cut at the limit"):
#  - on a disk throttled to 512 KiB/s (a QEMU-style vdisk), under 2.6.32
#    throttling (bdi), clients are still in balance_dirty_pages 10 minutes
#    after the run's end: the run stops at that limit, exits 1, says
#    "partial run" with the count of unfinished clients and how many of
#    them are throttled, and still writes summary.json (complete:false,
#    the reason, the hung-task record with the ops cut short counted, the
#    open stays counted once) and dbench logs that wbfair reads;
#  - on box2009's own disk under 6.1's IO-less throttling (wq) the same
#    clients finish: exit 0, complete:true. Ops may take over 120 s
#    (since 2.6.30's commit was bounded, 2026-12-07: 6,000 clients share
#    a 3 MB/s disk), but only inside balance_dirty_pages' pause loop,
#    whose sleeps of at most 200 ms the hung-task watchdog never sees:
#    no op over 120 s that was not throttled.
# Each is one simulation of at most 612 simulated s. The first is the
# costly one: its thousands of throttled dirtiers each walk b_io past the
# inodes the others hold (I_SYNC) every 100 ms; it takes ~95 s of wall
# time, ~115 s under ASan (bench/sim.sh, "throttled crowd").
. tests/shlib.sh
need jq
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
args="sim/scenarios/box2009.ini --set dbench.clients=3000 --set sim.duration=10 -q"
slow="--set disk.model=vdisk --set vdisk.bps_total=512k"

d=$TMP/bdi
rc=0
$BIN/wbsim run $args $slow --set writeback.flusher=bdi -o "$d" >"$d.out" 2>"$d.err" || rc=$?
[ $rc -eq 1 ] || fail "bdi: exit $rc, want 1: $(tail -3 "$d.err")"
grep -q "is a partial run" "$d.err" || fail "bdi: stderr does not say the run is partial"
s=$d/summary.json
if [ ! -s "$s" ]; then
	fail "bdi: no summary.json for the cut run"
	done_test
fi
reason=$(jq -r '.incomplete_reason' "$s")
echo "bdi: $reason"
jq -e '.complete == false' "$s" >/dev/null || fail "bdi: summary.json not marked incomplete"
read -r unfinished total in_bdp longest < <(sed -n \
	's/.*: \([0-9]*\) of \([0-9]*\) clients unfinished, \([0-9]*\) of them in balance_dirty_pages (the longest for \([0-9.]*\) s).*/\1 \2 \3 \4/p' <<<"$reason")
[ -n "${longest:-}" ] || fail "bdi: the reason does not give the counts: $reason"
[ "${total:-0}" -eq 6000 ] || fail "bdi: $total clients counted, want 6000"
[ "${unfinished:-0}" -gt 0 ] || fail "bdi: no unfinished client in a cut run"
# the mechanism: the clients left are the throttled ones
[ $((2 * ${in_bdp:-0})) -gt "${unfinished:-0}" ] ||
	fail "bdi: only $in_bdp of $unfinished unfinished clients are in balance_dirty_pages"
awk -v l="$longest" 'BEGIN { exit !(l > 600) }' || fail "bdi: longest stay $longest s, want > 600"
# the throttled calls still sleeping at the cut count, with their time
ev=$(jq '.throttle_events_total' "$s")
[ "$ev" -ge "${in_bdp:-0}" ] || fail "bdi: $ev throttle events, fewer than the $in_bdp calls open at the cut"
jq -e --argjson l "$longest" '.throttled_task_seconds_total >= $l * 0.99' "$s" >/dev/null ||
	fail "bdi: throttled_task_seconds_total $(jq .throttled_task_seconds_total "$s") leaves out the open stays ($in_bdp, longest $longest s)"
n=$(jq '.ops_over_hung_task_timeout' "$s")
[ "$n" -ge "$unfinished" ] || fail "bdi: $n ops over 120 s, fewer than the $unfinished cut short"
jq -e '.longest_op_wait.seconds > 600 and .longest_op_wait.in_balance_dirty_pages_s > 300
       and .longest_op_wait.in_balance_dirty_pages_s <= .longest_op_wait.seconds' "$s" >/dev/null ||
	fail "bdi: longest op $(jq -c .longest_op_wait "$s")"
grep -q "dbench ops over the 120 s hung-task timeout: $n (" "$d.out" ||
	fail "bdi: stdout lacks the figures of the partial run"
for log in "$d"/dbench.*.log; do
	[ -z "$(tail -c 1 "$log")" ] || fail "bdi: $log ends mid-line"
done
$BIN/wbfair "$d" >"$d.wbfair" 2>&1 || fail "bdi: wbfair cannot read the cut run: $(tail -3 "$d.wbfair")"
grep -qi "partial\|incomplete" "$d.wbfair" || fail "bdi: wbfair does not say the run is partial"

d=$TMP/wq
rc=0
$BIN/wbsim run $args --set writeback.flusher=wq -o "$d" >"$d.out" 2>"$d.err" || rc=$?
[ $rc -eq 0 ] || fail "wq: exit $rc, want 0: $(tail -3 "$d.err")"
s=$d/summary.json
jq -e '.complete == true and .ops_over_hung_task_timeout_not_throttled == 0
       and .longest_op_wait.in_balance_dirty_pages_s >= 0.95 * .longest_op_wait.seconds' "$s" >/dev/null ||
	fail "wq: $(jq -c '{complete, ops_over_hung_task_timeout, ops_over_hung_task_timeout_not_throttled, longest_op_wait}' "$s")"
echo "wq: finished at $(jq '.elapsed_s' "$s") s; $(jq '.ops_over_hung_task_timeout' "$s") ops over 120 s, all throttled; longest op $(jq '.longest_op_wait.seconds' "$s") s, $(jq '.longest_op_wait.in_balance_dirty_pages_s' "$s") s of it in balance_dirty_pages"
done_test
