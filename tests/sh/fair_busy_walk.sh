# bdi-fair's busy inodes moved in one walk (sim/flushers/flusher-bdi.c,
# fair_requeue_busy): under a throttled crowd each dirtier holds I_SYNC
# on its inode while it sleeps in get_request, and bdi-fair's pick scanned
# b_io from the tail past the other superblock's inodes once per busy
# inode (2 x 500 clients on a 512 KiB/s disk: 72 s of wall time, 1.6 s
# since). The walk is used only where a visit neither prints nor waits;
# with writeback.trace_verbose=yes every inode is picked one by one, as
# before. Both runs of a crowd (2 x 100 clients on that disk: about 260
# walks moving 13,000 busy inodes, 2026-12-07) must give the same
# summary.json, dbench logs and blktrace, and the same trace but for the
# verbose run's writeback_inode_start lines.
. tests/shlib.sh
need jq
args="sim/scenarios/box2009.ini --set dbench.clients=100 --set sim.duration=10
      --set disk.model=vdisk --set vdisk.bps_total=512k --set writeback.flusher=bdi-fair -q"
for v in no yes; do
	# shellcheck disable=SC2086
	$BIN/wbsim run $args --set writeback.trace_verbose=$v -o "$TMP/$v" >/dev/null 2>"$TMP/$v.err" ||
		{ fail "verbose=$v: exit $?: $(tail -n 3 "$TMP/$v.err")"; done_test; }
done
jq -e '.throttle_events_total > 0' "$TMP/no/summary.json" >/dev/null ||
	fail "the crowd was not throttled: no busy inodes to walk over"
n=$(grep -c ' writeback_inode_start: ' "$TMP/yes/trace.txt")
[ "$n" -gt 1000 ] || fail "the verbose run traced $n inode visits, want > 1000"
for f in summary.json dbench.sda1.log dbench.sda3.log sda.blktrace.0; do
	cmp -s "$TMP/no/$f" "$TMP/yes/$f" || fail "$f differs between the walk and the one-by-one picks"
done
grep -v ' writeback_inode_start: ' "$TMP/yes/trace.txt" | cmp -s - "$TMP/no/trace.txt" ||
	fail "trace.txt differs beyond the verbose run's writeback_inode_start lines"
echo "$n inode visits traced one by one; the same outputs with the walk"
done_test
