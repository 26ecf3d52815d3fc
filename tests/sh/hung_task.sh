# The hung-task record of summary.json (issue 12): how many dbench ops
# took longer than the kernel's 120 s hung_task_timeout_secs, and the
# longest op with where its time went. Each shipped scenario is run and
# checked against docs/long-waits.md:
#  - jbod and every wq (6.1, IO-less throttling) cell: no op over 120 s;
#  - bigram (every flusher x elevator cell): ops over 120 s only in the
#    era's throttling (the warm-up, 2.6.30/2.6.32) or as Flushes, at most
#    one per client; a longest one that is a Flush began in the first
#    30 s and ended when the first or second commit of its filesystem
#    ended: those commits carry what the
#    clients dirtied at CPU speed in the warm-up (docs/long-waits.md,
#    "bigram's first commits"). Under CFQ one of them may be an async
#    commit starved by the other filesystem's sync commits: checked in
#    bigram-bdi-cfq's trace;
#  - box2009 under the 2.6.30/2.6.32 models (pdflush, bdi, bdi-fair; all
#    nine cells): ops over 120 s may exist (76-451 on 2026-12-07), each
#    mostly spent in balance_dirty_pages (the era's throttle loop has no
#    time bound; the longest entirely) or a Flush, an fsync waiting for
#    its filesystem's commits (docs/long-waits.md, "Flushes behind long
#    commits"); until 2.6.30's commit was bounded to its transaction's
#    data (2026-12-07), in bdi-fair-cfq 100 such Flushes waited for a
#    sync commit of over 120 s while the other filesystem committed again
#    and again (CFQ starving the async writes it waited for): checked
#    whenever that cell has such a Flush;
#  - nowhere else an op over 120 s that mostly waited for something else.
# box2009 and bigram run whole (600 s simulated, a few wall seconds); jbod
# (13 disks, over a minute of wall time whole) runs 20 s: its longest op
# over the whole run is under 5 s in every cell, so a shorter run checks
# the same property, with less exposure.
. tests/shlib.sh
need jq

# starved_commit RUN PART [any]: PART's filesystem had an async commit
# (with "any": any commit) lasting over 120 s, and another filesystem
# began and ended a sync commit within it (trace.txt's jbd2_start_commit
# / jbd2_end_commit)
starved_commit() {
	local dev
	dev=$(awk -v p="$2" '$1 == p { print $2 }' "$1/geometry")
	[ -n "$dev" ] || return 1
	awk -v dev="$dev" -v any="${3:-}" '
		/jbd2_(start|end)_commit:/ {
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^[0-9]+\.[0-9]+:$/) ts = $i + 0
				if ($i == "dev") d = $(i + 1)
				if ($i == "sync") sy = $(i + 1)
			}
			if (/start_commit/) { st[d] = ts; ss[d] = sy; next }
			if (d == dev && (ss[d] == 0 || any) && ts - st[d] > 120) { a0 = st[d]; a1 = ts; found = 1 }
			if (d != dev && ss[d] == 1) { n++; os[n] = st[d]; oe[n] = ts }
		}
		END {
			if (!found) exit 1
			for (k = 1; k <= n; k++) if (os[k] >= a0 && oe[k] <= a1) inside++
			printf "%scommit on %s %.1f-%.1f s, %d sync commits of the other filesystem inside it\n", any ? "" : "async ", dev, a0, a1, inside
			exit !(inside > 0)
		}' "$1/trace.txt"
}

# first_commits RUN "PART END": PART's first or second commit ended
# within 1 ms of END
first_commits() {
	local part=${2% *} end=${2#* } dev
	dev=$(awk -v p="$part" '$1 == p { print $2 }' "$1/geometry")
	[ -n "$dev" ] || return 1
	awk -v dev="$dev" -v end="$end" '
		/jbd2_end_commit:/ {
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^[0-9]+\.[0-9]+:$/) ts = $i + 0
				if ($i == "dev") d = $(i + 1)
				if ($i == "transaction") tid = $(i + 1)
			}
			if (d == dev && tid <= 2 && ts - end < 0.001 && end - ts < 0.001) ok = 1
		}
		END { exit !ok }' "$1/trace.txt"
}

# check_cell NAME WANT ARGS...: run one cell, WANT is "none" (no op over
# the timeout), "bdp" (any over it in balance_dirty_pages) or
# "firstcommits" (bigram's Flushes behind its first commits)
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
	[ "$(jq '.ops_over_hung_task_timeout_not_throttled - .ops_over_hung_task_timeout_in_fsync' "$s")" -eq 0 ] ||
		fail "$name: an op over 120 s waited mostly outside balance_dirty_pages and was not an fsync: a mechanism docs/long-waits.md does not explain"
	case $want in
	none)
		[ "$n" -eq 0 ] || fail "$name: $n dbench ops waited over 120 s (longest $longest s)"
		awk -v l="$longest" 'BEGIN { exit !(l > 0 && l <= 120) }' ||
			fail "$name: longest op $longest s, want (0, 120]"
		;;
	firstcommits)
		[ "$n" -eq 0 ] && return
		[ "$(jq .ops_over_hung_task_timeout_in_fsync "$s")" -le "$(jq '[.instances[]] | length * 30' "$s")" ] ||
			fail "$name: more Flushes over 120 s than clients"
		# the warm-up's throttling under 2.6.30/2.6.32 (as in box2009)
		jq -e '.longest_op_wait.in_balance_dirty_pages_s >= 0.99 * .longest_op_wait.seconds' "$s" >/dev/null &&
			return
		jq -e '.longest_op_wait.op == "Flush" and .longest_op_wait.in_balance_dirty_pages_s == 0
		       and .longest_op_wait.began_s < 30' "$s" >/dev/null ||
			fail "$name: the longest op is not a Flush of the first 30 s outside balance_dirty_pages: $(jq -c .longest_op_wait "$s")"
		first_commits "$TMP/$name" "$(jq -r '.longest_op_wait | "\(.partition) \(.began_s + .seconds)"' "$s")" ||
			fail "$name: the longest op did not end with its filesystem's first or second commit"
		;;
	bdp)
		[ "$n" -gt 0 ] || echo "note: $name has no op over 120 s now; docs/long-waits.md says it had"
		awk -v l="$longest" -v b="$in_bdp" 'BEGIN { exit !(l <= 120 || b >= 0.99 * l) }' ||
			fail "$name: longest op $longest s spent only $in_bdp s in balance_dirty_pages"
		;;
	esac
}

for f in pdflush bdi bdi-fair; do
	for e in noop deadline cfq; do
		check_cell "box2009-$f-$e" bdp sim/scenarios/box2009.ini \
			--set writeback.flusher=$f --set queue.elevator=$e
	done
done
for e in noop deadline cfq; do
	check_cell "box2009-wq-$e" none sim/scenarios/box2009.ini \
		--set writeback.flusher=wq --set queue.elevator=$e
done
# bdi-fair-cfq's Flushes over 120 s wait for a commit of over 120 s with
# the other filesystem's sync commits inside it
s=$TMP/box2009-bdi-fair-cfq/summary.json
if [ "$(jq .ops_over_hung_task_timeout_in_fsync "$s")" -gt 0 ]; then
	starved_commit "$TMP/box2009-bdi-fair-cfq" sda1 any ||
		starved_commit "$TMP/box2009-bdi-fair-cfq" sda3 any ||
		fail "box2009-bdi-fair-cfq: Flushes over 120 s but no commit of over 120 s with the other filesystem's sync commits inside it"
fi
for f in pdflush bdi wq; do
	for e in noop deadline cfq; do
		check_cell "bigram-$f-$e" firstcommits sim/scenarios/bigram.ini \
			--set writeback.flusher=$f --set queue.elevator=$e
	done
done
# the CFQ case: sda3's first commit began async (no fsync waiting yet)
# and was starved while sda1's fsync-forced commits wrote synchronously
[ "$(jq .ops_over_hung_task_timeout "$TMP/bigram-bdi-cfq/summary.json")" -eq 0 ] ||
	starved_commit "$TMP/bigram-bdi-cfq" "$(jq -r .longest_op_wait.partition "$TMP/bigram-bdi-cfq/summary.json")" ||
	fail "bigram-bdi-cfq: no async commit of over 120 s with the other filesystem's sync commits inside it"
# and without CFQ's sync preference the bdi cells have none
for e in noop deadline; do
	[ "$(jq .ops_over_hung_task_timeout "$TMP/bigram-bdi-$e/summary.json")" -eq 0 ] ||
		fail "bigram-bdi-$e: ops over 120 s without CFQ"
done
check_cell jbod-bdi-cfq none sim/scenarios/jbod.ini --set sim.duration=20
done_test
