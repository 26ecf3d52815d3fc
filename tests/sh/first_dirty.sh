#!/usr/bin/env bash
# tools/experiment/first-dirty.sh on a small trace in the guest's format:
# times from the wbexp_release mark; the oldest dirty inode and its
# dirtier found through the fork tree; enqueues counted per instance and
# partition inside the window only; the first writeback_sb_written;
# the summary line; bad input exits 2.
. tests/shlib.sh
fd=tools/experiment/first-dirty.sh
r=$TMP/run
mkdir -p "$r"
printf 'vda 254,0 vda 0 8388608\nvda1 254,1 vda 2048 4194304\nvda2 254,2 vda 4196352 4192256\n' >"$r/geometry"
cat >"$r/trace.txt" <<'T'
cpus=1
              sh-40    [000]     9.000000: writeback_dirty_inode_enqueue: dev 254,1 ino 99 dirtied 100 state I_DIRTY_SYNC mode 0100644
              sh-40    [000]    10.000000: print:                tracing_mark_write: wbexp_release
              sh-60    [000]    10.000100: print:                tracing_mark_write: wbexp_released vda1 0
              sh-70    [000]    10.000200: print:                tracing_mark_write: wbexp_released vda2 0
          dbench-60    [000]    10.002000: sched_process_exec:   filename=/usr/bin/dbench pid=60 old_pid=60
          dbench-70    [000]    10.004000: sched_process_exec:   filename=/usr/bin/dbench pid=70 old_pid=70
          dbench-60    [000]    10.010000: sched_process_fork:   comm=dbench pid=60 child_comm=dbench child_pid=61
          dbench-70    [000]    10.011000: sched_process_fork:   comm=dbench pid=70 child_comm=dbench child_pid=71
              sh-60    [000]    10.015000: writeback_dirty_inode_enqueue: dev 254,16 ino 7 dirtied 4294 state I_DIRTY_PAGES mode 0100644
          dbench-71    [000]    10.020000: writeback_dirty_inode_enqueue: dev 254,2 ino 12 dirtied 4295 state I_DIRTY_SYNC|I_DIRTY_DATASYNC mode 040755
          dbench-61    [000]    10.030000: writeback_dirty_inode_enqueue: dev 254,1 ino 13 dirtied 4296 state I_DIRTY_PAGES mode 0100644
          dbench-71    [000]    10.040000: writeback_dirty_inode_enqueue: dev 254,2 ino 14 dirtied 4297 state I_DIRTY_PAGES mode 0100644
          dbench-61    [000]    12.000000: writeback_dirty_inode_enqueue: dev 254,1 ino 15 dirtied 4800 state I_DIRTY_PAGES mode 0100644
     flush-254:0-41    [000]    15.000000: writeback_sb_written: bdi 254:0: sb=254:2 pages=300 elapsed_us=10 sync_mode=none reason=background cgroup_ino=1
          dbench-61    [000]    16.000000: writeback_sb_written: bdi 254:0: sb=254:1 pages=9 elapsed_us=10 sync_mode=none reason=background cgroup_ino=1
T
"$fd" "$r" >"$TMP/out" 2>"$TMP/err" || fail "first-dirty exited $?: $(cat "$TMP/err")"
grep -q '^release: 10.000000 s' "$TMP/out" || fail "release: $(head -n 1 "$TMP/out")"
grep -q '^dbench on vda1: exec +0.0020 s; 1 forks, +0.0100 to +0.0100 s; first inode enqueued +0.0300 s$' "$TMP/out" || fail "vda1: $(grep 'exec' "$TMP/out")"
grep -q '^dbench on vda2: exec +0.0040 s; 1 forks, +0.0110 to +0.0110 s; first inode enqueued +0.0200 s$' "$TMP/out" || fail "vda2: $(grep 'exec' "$TMP/out")"
# the enqueue before the release is not counted, the one at +2 s is
# outside the 1 s window
grep -Eq '^dbench on vda1 +1 +1 +0$' "$TMP/out" || fail "vda1's counts: $(grep '^dbench on vda1' "$TMP/out")"
grep -Eq '^dbench on vda2 +0 +0 +2$' "$TMP/out" || fail "vda2's counts: $(grep '^dbench on vda2' "$TMP/out")"
# the results disk's inode is listed, but the oldest is the data disk's
grep -Eq '^ +\+0\.0150 s +dev 254,16 +ino 7 +file +dbench on vda1 \(sh-60\)$' "$TMP/out" || fail "first enqueue: $(grep -m 1 ' ino ' "$TMP/out")"
grep -Eq '^ +\+0\.0200 s +vda2 +ino 12 +dir +dbench on vda2 \(dbench-71\)$' "$TMP/out" || fail "second enqueue: $(grep ' ino 12 ' "$TMP/out")"
grep -q '^first writeback_sb_written: +5.0000 s, vda2, 300 pages, by flush-254:0$' "$TMP/out" || fail "first written: $(grep '^first writeback' "$TMP/out")"
grep -qx 'summary: oldest=vda2 by=dbench_on_vda2 first_written=vda2 by=flush-254:0' "$TMP/out" || fail "summary: $(grep summary "$TMP/out")"
# a longer window takes in the enqueue at +2 s; --list limits the listing
"$fd" --window 3 "$r" | grep -Eq '^dbench on vda1 +1 +2 +0$' || fail "--window 3 misses the enqueue at +2 s"
[ "$("$fd" --list 1 "$r" | grep -c ' ino ')" = 1 ] || fail "--list 1 lists more than one"
grep -v wbexp_release "$r/trace.txt" >"$TMP/norel.txt"
mkdir -p "$TMP/norel" && cp "$r/geometry" "$TMP/norel/" && mv "$TMP/norel.txt" "$TMP/norel/trace.txt"
expect_exit 2 'no wbexp_release' "$fd" "$TMP/norel"
grep -v enqueue "$r/trace.txt" >"$TMP/noenq.txt"
mkdir -p "$TMP/noenq" && cp "$r/geometry" "$TMP/noenq/" && mv "$TMP/noenq.txt" "$TMP/noenq/trace.txt"
expect_exit 2 'no writeback_dirty_inode_enqueue events on the disk' "$fd" "$TMP/noenq"
expect_exit 2 'no trace.txt' "$fd" "$TMP"
expect_exit 2 'want seconds' "$fd" --window x "$r"
expect_exit 2 'want a count' "$fd" --list x "$r"
expect_exit 2 usage "$fd"
done_test
