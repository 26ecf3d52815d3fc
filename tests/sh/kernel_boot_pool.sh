#!/usr/bin/env bash
# The pdflush pool under more disks than threads (review point: the pool
# grew only after a pass ended, so long passes starved other disks, and a
# loop device backed by a file on another disk of the pool could wait for
# ever): writeback_flusher=pdflush, four loop devices backed by files on
# partition 1 plus partition 2 written at once. The guest checks that the
# pool grows while every thread is busy (writeback_flusher_start
# "grow-kick" or "grow-pass": which side starts the thread is a race at
# one jiffy; kernel_boot_rescue shows the kick side's own decision),
# never past 8 threads, that every writer and the sync finish, and every
# checksum after remount. The slow disks run at 1 MB/s (QEMU throttles in
# host time): slower than a guest slowed by host load can dirty, so their
# passes outlast the kick side's 1 s whatever the load. Skips when the
# kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
WBSIM_QEMU_SLOW_DISKS="2 1048576" kernel_boot pool --kernel "$KIMAGE" writeback_flusher=pdflush wbtest=models wbmodel=pdflush \
	wbpool=4 wbfiles=30 || fail "boot test (pool) failed"
grep -aq 'WBSIM: ok pool: grew while every thread was busy' "$TMP/pool/console.log" ||
	fail "the pool did not grow:" \
		"$(grep -a 'WBSIM: info pool' "$TMP/pool/console.log" | tr -d '\r')"
done_test
