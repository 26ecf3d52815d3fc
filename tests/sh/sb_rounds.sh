#!/usr/bin/env bash
# tools/validate/sb-rounds.sh on a hand-made trace whose turns and rounds
# are known, then on a short verbose twin run: its turn count is wbfair
# sb-turns', and every turn it counts as crossing a queue_io does.
. tests/shlib.sh
cat >"$TMP/trace.txt" <<'T'
 kworker/u2:0-1 [000] 1.000000: writeback_queue_io: bdi 8:0: older=250 age=0 enqueue=9 reason=background cgroup_ino=0
 kworker/u2:0-1 [000] 1.100000: writeback_sb_written: bdi 8:0: sb=8:1 pages=10 elapsed_us=100000 sync_mode=none reason=background cgroup_ino=1
 kworker/u2:0-1 [000] 2.000000: writeback_sb_written: bdi 8:0: sb=8:1 pages=10 elapsed_us=100000 sync_mode=none reason=background cgroup_ino=1
 kworker/u2:0-1 [000] 3.100000: writeback_sb_written: bdi 8:0: sb=8:2 pages=10 elapsed_us=100000 sync_mode=none reason=background cgroup_ino=1
 kworker/u2:0-1 [000] 3.500000: writeback_sb_written: bdi 8:0: sb=0:0 pages=10 elapsed_us=100000 sync_mode=none reason=background cgroup_ino=1
 kworker/u2:0-1 [000] 4.000000: writeback_queue_io: bdi 8:0: older=1000 age=0 enqueue=9 reason=background cgroup_ino=0
 kworker/u2:0-1 [000] 5.000000: writeback_sb_written: bdi 8:0: sb=8:2 pages=10 elapsed_us=100000 sync_mode=none reason=background cgroup_ino=1
 kworker/u2:0-1 [000] 7.100000: writeback_sb_written: bdi 8:0: sb=8:1 pages=10 elapsed_us=100000 sync_mode=none reason=background cgroup_ino=1
T
# turns: 8:1 from 1.0, 8:2 from 3.0 (its queue_io at 4.0 inside), 8:1
# from 7.0; span 6.0 s over 2 gaps, 3 had the queue_io changed sb
want="$TMP/trace.txt: turns 3, crossing a queue_io 1 (1 queue_io inside turns), s/turn 3.00, s/turn had each changed the superblock 2.00"
got=$(tools/validate/sb-rounds.sh "$TMP/trace.txt" 2>&1) || fail "sb-rounds: $got"
[ "$got" = "$want" ] || fail "sb-rounds printed '$got', want '$want'"

# a run directory: its geometry keeps only the partitions' superblocks
# and their disk's queue_io (a real guest's output disk, bdi 8:16 with
# sb 8:17, writes back too)
mkdir -p "$TMP/rd"
printf '%s\n' '# dev maj,min disk start sectors' 'sda 8,0 sda 0 1000' 'sda1 8,1 sda 10 400' 'sda2 8,2 sda 410 500' >"$TMP/rd/geometry"
{
	cat "$TMP/trace.txt"
	echo ' kworker/u2:0-1 [000] 5.500000: writeback_queue_io: bdi 8:16: older=1000 age=0 enqueue=1 reason=background cgroup_ino=0'
	echo ' kworker/u2:0-1 [000] 5.600000: writeback_sb_written: bdi 8:16: sb=8:17 pages=10 elapsed_us=100000 sync_mode=none reason=background cgroup_ino=1'
} | sort -t' ' -k4,4 >"$TMP/rd/trace.txt"
got=$(tools/validate/sb-rounds.sh "$TMP/rd" 2>&1) || fail "sb-rounds: $got"
[ "$got" = "${want/$TMP\/trace.txt/$TMP/rd}" ] || fail "sb-rounds on a run directory printed '$got'"

run=$TMP/run
$BIN/wbsim run sim/scenarios/vm61.ini --set sim.duration=40 --set writeback.trace_verbose=yes \
	-o "$run" >/dev/null 2>"$TMP/err" || fail "wbsim: $(cat "$TMP/err")"
line=$(tools/validate/sb-rounds.sh "$run" 2>&1) || fail "sb-rounds $run: $line"
set -- $($BIN/wbfair sb-turns -q "$run" | sed -n 2p)
turns=$(echo "$line" | sed -n 's/.*: turns \([0-9]*\),.*/\1/p')
crossing=$(echo "$line" | sed -n 's/.*crossing a queue_io \([0-9]*\) .*/\1/p')
[ "$turns" = "$5" ] || fail "sb-rounds: $turns turns, wbfair sb-turns $5"
[ -n "$crossing" ] && [ "$crossing" -le "$turns" ] || fail "sb-rounds: '$crossing' turns crossing, of $turns"
grep -q ' writeback_queue_io:' "$run/trace.txt" || fail "the verbose twin has no writeback_queue_io"

expect_exit 2 "no such file" tools/validate/sb-rounds.sh "$TMP/nowhere"
grep -v queue_io "$TMP/trace.txt" >"$TMP/noq.txt"
expect_exit 2 "no writeback_queue_io events" tools/validate/sb-rounds.sh "$TMP/noq.txt"
done_test
