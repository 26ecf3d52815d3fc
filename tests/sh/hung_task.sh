# The hung-task record of summary.json (issue 12): how many dbench ops
# took longer than the kernel's 120 s hung_task_timeout_secs, and the
# longest op with where its time went. Each shipped scenario is run and
# checked against docs/long-waits.md:
#  - jbod and every wq (6.1, IO-less throttling) cell: no op over 120 s;
#  - bigram: at most a few, the Flushes of the first commits after the
#    warm-up (docs/long-waits.md, "bigram's first commit");
#  - box2009 under the 2.6.30/2.6.32 models (pdflush, bdi, bdi-fair): ops
#    over 120 s may exist (53 and 177 today), all of them mostly spent in
#    balance_dirty_pages and the longest entirely - the documented
#    exception (the era's throttle loop has no time bound);
#  - nowhere else an op over 120 s that mostly waited for something else.
# box2009 and bigram run whole (600 s simulated, a few wall seconds); jbod
# (13 disks, over a minute of wall time whole) runs 20 s: its longest op
# over the whole run is under 5 s in every cell, so a shorter run checks
# the same property, with less exposure.
. tests/shlib.sh
need jq

# check_cell NAME WANT ARGS...: run one cell, WANT is "none" (no op over
# the timeout) or "bdp" (any over it in balance_dirty_pages)
check_cell() {
	local name=$1 want=$2 s n longest in_bdp
	shift 2
	$BIN/wbsim run -q -o "$TMP/$name" "$@" >"$TMP/$name.out" 2>&1 ||
		{ fail "$name: wbsim run failed: $(tail -3 "$TMP/$name.out")"; return; }
	s=$TMP/$name/summary.json
	jq -e '.hung_task_timeout_s == 120 and (.ops_over_hung_task_timeout | type) == "number"
	       and (.ops_over_hung_task_timeout_not_throttled | type) == "number"
	       and (.longest_op_wait | has("seconds") and has("op") and has("client")
	            and has("partition") and has("began_s") and has("loadfile_line")
	            and has("in_balance_dirty_pages_s"))' "$s" >/dev/null ||
		{ fail "$name: summary.json lacks the hung-task record"; return; }
	n=$(jq '.ops_over_hung_task_timeout' "$s")
	longest=$(jq '.longest_op_wait.seconds' "$s")
	in_bdp=$(jq '.longest_op_wait.in_balance_dirty_pages_s' "$s")
	echo "$name: $n ops over 120 s; longest $longest s ($(jq -r '.longest_op_wait.op' "$s")), $in_bdp s in balance_dirty_pages"
	grep -q "dbench ops over the 120 s hung-task timeout: $n (" "$TMP/$name.out" ||
		fail "$name: the run's stdout does not give the count $n"
	[ "$want" = firstcommit ] || [ "$(jq '.ops_over_hung_task_timeout_not_throttled' "$s")" -eq 0 ] ||
		fail "$name: an op over 120 s waited mostly outside balance_dirty_pages: a mechanism docs/long-waits.md does not explain"
	case $want in
	none)
		[ "$n" -eq 0 ] || fail "$name: $n dbench ops waited over 120 s (longest $longest s)"
		awk -v l="$longest" 'BEGIN { exit !(l > 0 && l <= 120) }' ||
			fail "$name: longest op $longest s, want (0, 120]"
		;;
	firstcommit)
		# bigram's first fsyncs after the warm-up: the commit writes every
		# page the 60 throttled clients dirtied in the first second through
		# a disk stream that runs at ~6 MB/s (docs/long-waits.md, "bigram's
		# first commit"): allowed, and only that
		[ "$n" -le 5 ] || fail "$name: $n ops over 120 s, more than the first commit explains"
		if [ "$n" -gt 0 ]; then
			jq -e '.longest_op_wait.op == "Flush" and .longest_op_wait.began_s < 60' "$s" >/dev/null ||
				fail "$name: the longest op is not a Flush begun in the warm-up: $(jq -c .longest_op_wait "$s")"
		fi
		;;
	bdp)
		[ "$n" -gt 0 ] || echo "note: $name has no op over 120 s now; docs/long-waits.md says it had"
		awk -v l="$longest" -v b="$in_bdp" 'BEGIN { exit !(l <= 120 || b >= 0.99 * l) }' ||
			fail "$name: longest op $longest s spent only $in_bdp s in balance_dirty_pages"
		;;
	esac
}

check_cell box2009-bdi-cfq bdp sim/scenarios/box2009.ini
check_cell box2009-pdflush-cfq bdp sim/scenarios/box2009.ini \
	--set writeback.flusher=pdflush
check_cell box2009-wq-cfq none sim/scenarios/box2009.ini --set writeback.flusher=wq
check_cell bigram-bdi-cfq firstcommit sim/scenarios/bigram.ini
check_cell jbod-bdi-cfq none sim/scenarios/jbod.ini --set sim.duration=20
done_test
