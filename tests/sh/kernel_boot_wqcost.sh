#!/usr/bin/env bash
# wq costs nothing (review point: a global spinlock taken with interrupts
# off on every kick, even in wq mode): on the debug kernel booted in wq,
# two writers put 2 x 40 files on the two partitions and sync; lockdep
# registers a lock class at its first acquisition, so wb_flusher_lock
# must be absent from /proc/lockdep - the static key wb_flusher_threads
# is off and every kick is 6.1's mod_delayed_work(). Then switches to bdi
# and back to wq while the second pass runs: the class must appear (the
# check can see the lock). Checksums after remount, clean console.
# Skips when the debug kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip --debug
kernel_boot wqcost --kernel "$KIMAGE" wbtest=models wbmodel=wq wbswitch=bdi,wq wbwqcost=1 wbfiles=40 ||
	fail "boot test (wq cost) failed"
grep -aq 'WBSIM: ok wq: wb_flusher_lock never taken' "$TMP/wqcost/console.log" ||
	fail "wb_flusher_lock was taken under wq"
grep -a 'WBSIM: ok .*wb_flusher_lock' "$TMP/wqcost/console.log" | sed 's/^/  /'
done_test
