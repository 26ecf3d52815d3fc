#!/usr/bin/env bash
# tools/experiment/who-wrote.sh on a small trace in the guest's format:
# instances found by their wbexp_released marks and followed through
# fork; pages per writer and partition and the legacy throttling rounds
# counted inside the window only; the window starts when the first
# instance runs dbench; bad input exits 2.
. tests/shlib.sh
ww=tools/experiment/who-wrote.sh
r=$TMP/run
mkdir -p "$r"
printf 'vda 254,0 vda 0 8388608\nvda1 254,1 vda 2048 4194304\nvda2 254,2 vda 4196352 4192256\n' >"$r/geometry"
cat >"$r/trace.txt" <<'T'
cpus=1
          dbench-50    [000]     9.000000: sched_process_exec:   filename=/usr/bin/dbench pid=50 old_pid=50
          dbench-60    [000]    10.000000: print:                tracing_mark_write: wbexp_released vda1 0
          dbench-60    [000]    10.000100: sched_process_exec:   filename=/usr/bin/dbench pid=60 old_pid=60
          dbench-70    [000]    10.000200: print:                tracing_mark_write: wbexp_released vda2 2
          dbench-60    [000]    10.100000: sched_process_fork:   comm=dbench pid=60 child_comm=dbench child_pid=61
          dbench-70    [000]    12.000300: sched_process_exec:   filename=/usr/bin/dbench pid=70 old_pid=70
          dbench-70    [000]    12.100000: sched_process_fork:   comm=dbench pid=70 child_comm=dbench child_pid=71
          dbench-61    [000]    20.000000: writeback_sb_written: bdi 254:0: sb=254:1 pages=1000 elapsed_us=10 sync_mode=none reason=background cgroup_ino=1
          dbench-61    [000]    20.000100: balance_dirty_pages_legacy: bdi 254:0: comm=dbench pid=61 wb_dirty=9 wb_thresh=5 asked=1536 written=1000 total=1000 pause=25 cgroup_ino=1
          dbench-71    [000]    21.000000: writeback_sb_written: bdi 254:0: sb=254:1 pages=250 elapsed_us=10 sync_mode=none reason=background cgroup_ino=1
          dbench-71    [000]    21.000100: balance_dirty_pages_legacy: bdi 254:0: comm=dbench pid=71 wb_dirty=9 wb_thresh=5 asked=1536 written=250 total=250 pause=0 cgroup_ino=1
     flush-254:0-40    [000]    30.000000: writeback_sb_written: bdi 254:0: sb=254:2 pages=500 elapsed_us=10 sync_mode=none reason=background cgroup_ino=1
          dbench-61    [000]   131.000000: writeback_sb_written: bdi 254:0: sb=254:2 pages=9999 elapsed_us=10 sync_mode=none reason=background cgroup_ino=1
          dbench-61    [000]   131.000100: balance_dirty_pages_legacy: bdi 254:0: comm=dbench pid=61 wb_dirty=9 wb_thresh=5 asked=1536 written=9999 total=9999 pause=25 cgroup_ino=1
T
"$ww" "$r" >"$TMP/out" 2>"$TMP/err" || fail "who-wrote exited $?: $(cat "$TMP/err")"
grep -q '^window: 120 s from the first dbench exec (10.000 s)' "$TMP/out" || fail "window: $(head -n 1 "$TMP/out")"
# 1000 pages = 4.1 MB; 250 = 1.0 MB; 500 = 2.0 MB; the 9999 at 131 s is outside
grep -Eq '^dbench on vda1 +4\.1 +0\.0$' "$TMP/out" || fail "vda1's instance: $(grep 'on vda1' "$TMP/out" | head -n 1)"
grep -Eq '^dbench on vda2 +1\.0 +0\.0$' "$TMP/out" || fail "vda2's instance: $(grep 'on vda2' "$TMP/out" | head -n 1)"
grep -Eq '^flush-254:0 +0\.0 +2\.0$' "$TMP/out" || fail "flusher: $(grep flush "$TMP/out")"
# rounds, slept, MB, rounds that wrote, the last of them (s from 10.0001)
grep -Eq '^dbench on vda1 +1 +1 +4\.1 +1 +10\.0$' "$TMP/out" || fail "vda1's rounds: $(grep 'on vda1' "$TMP/out" | tail -n 1)"
grep -Eq '^dbench on vda2 +1 +0 +1\.0 +1 +11\.0$' "$TMP/out" || fail "vda2's rounds: $(grep 'on vda2' "$TMP/out" | tail -n 1)"
grep -q '^wb_thresh over the rounds: mean 5, min 5, max 5 pages; wb_dirty mean 9 pages$' "$TMP/out" || fail "wb_thresh: $(grep wb_thresh "$TMP/out")"
# a longer window takes in the tail
"$ww" --window 200 "$r" | grep -Eq '^dbench on vda1 +4\.1 +41\.0$' || fail "--window 200 misses the tail"
"$ww" --window 200 "$r" | grep -Eq '^dbench on vda1 +2 +2 +45\.1 +2 +121\.0$' || fail "--window 200: vda1's rounds"
expect_exit 2 'no trace.txt' "$ww" "$TMP"
expect_exit 2 'want seconds' "$ww" --window x "$r"
expect_exit 2 usage "$ww"
done_test
