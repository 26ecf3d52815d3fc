#!/usr/bin/env bash
# tools/experiment/kworker-cpu.sh: the writeback workers' CPU time per
# page written, from a real run's /proc/PID/stat snapshots and its
# writeback_sb_written events. On a made-up run: a comm with spaces and
# parentheses is read from its last ')', a worker born inside the window
# counts from zero, a task that went backwards counts 0, bound workers,
# jbd2 and dbench are kept apart, and only unbound workers' pages count,
# per bdi. On the committed CPU-bound run (docs/evidence/bigram-real/
# ext4-cpu) it gives the figure docs/validation.md quotes. Bad input
# exits 2 with a message.
. tests/shlib.sh
k=tools/experiment/kworker-cpu.sh
r=$TMP/run
mkdir -p "$r/qemu"
# pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
st() { echo "$1 ($2) S 2 0 0 0 -1 69238880 0 0 0 0 $3 $4 0 0 20 0 1 0 5 0 0"; }
{
	st 10 'kworker/u2:0-flush-254:0' 100 50
	st 11 'kworker/0:1H-kblockd' 5 5
	st 12 'jbd2/vda1-8' 10 10
	st 13 'odd (name) x' 1 1
	st 14 'kworker/u2:1-events_unbound' 300 0
} >"$r/qemu/threads.before"
{
	st 10 'kworker/u2:0-flush-254:0' 150 250
	st 11 'kworker/0:1H-kblockd' 25 5
	st 12 'jbd2/vda1-8' 40 30
	st 13 'odd (name) x' 101 1
	st 14 'kworker/u2:1-events_unbound' 200 0
	st 15 'kworker/u2:2' 20 30
} >"$r/qemu/threads.after"
cat >"$r/trace.txt" <<'EOF'
    kworker/u2:0-8     [000]    20.890037: writeback_sb_written: bdi 254:0: sb=254:2 pages=1500 elapsed_us=482051 sync_mode=none reason=background cgroup_ino=1
    kworker/u2:2-323   [000]    21.736394: writeback_sb_written: bdi 254:16: sb=0:3 pages=500 elapsed_us=155 sync_mode=none reason=background cgroup_ino=1
           dbench-250  [000]    22.000000: writeback_sb_written: bdi 254:0: sb=254:1 pages=9000 elapsed_us=1 sync_mode=none reason=sync cgroup_ino=1
EOF
# unbound: pid 10 +250, pid 14 -100 -> 0, pid 15 new +50: 300 ticks = 3 s;
# bound 20 ticks; jbd2 50; other (pid 13) 100; pages 2000: 1500 us a page
"$k" "$r" >"$TMP/o" 2>"$TMP/e" || fail "made-up run: exit $?: $(cat "$TMP/e")"
grep -Eq '^kworker, unbound +3\.00$' "$TMP/o" || fail "unbound workers' time not 3.00 s: $(cat "$TMP/o")"
grep -Eq '^kworker, bound +0\.20$' "$TMP/o" || fail "bound workers' time not 0.20 s: $(cat "$TMP/o")"
grep -Eq '^jbd2 +0\.50$' "$TMP/o" || fail "jbd2's time not 0.50 s"
grep -Eq '^other +1\.00$' "$TMP/o" || fail "a comm with parentheses was misread: $(cat "$TMP/o")"
grep -Eq '^bdi 254:0 +1500$' "$TMP/o" || fail "254:0's pages not 1500 (a dbench fsync counted?): $(cat "$TMP/o")"
grep -Eq '^bdi 254:16 +500$' "$TMP/o" || fail "254:16's pages not 500"
grep -q '^CPU per page written: 1500\.0 us' "$TMP/o" || fail "per page not 1500.0 us: $(tail -n 1 "$TMP/o")"
# USER_HZ other than 100
"$k" --hz 300 "$r" | grep -q '^CPU per page written: 500\.0 us' || fail "--hz 300 not applied"
# the committed measurement (docs/validation.md, bigram)
ev=docs/evidence/bigram-real/ext4-cpu
"$k" "$ev" >"$TMP/ev" 2>&1 || fail "$ev: $(cat "$TMP/ev")"
grep -q '^CPU per page written: 7\.2 us' "$TMP/ev" || fail "$ev: not the 7.2 us docs/validation.md quotes: $(tail -n 1 "$TMP/ev")"
grep -q '^bdi 254:0 *267028$' "$TMP/ev" || fail "$ev: the data disk's 267,028 pages not found"
# bad input
expect_exit 2 'usage' "$k"
expect_exit 2 'threads.before: missing' "$k" "$TMP/nothing"
expect_exit 2 'hz x: want a positive integer' "$k" --hz x "$r"
: >"$r/qemu/threads.after"
expect_exit 2 'threads.after: missing or empty' "$k" "$r"
done_test
