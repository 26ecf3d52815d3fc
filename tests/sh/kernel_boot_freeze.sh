#!/usr/bin/env bash
# Boot with writeback_flusher=bdi on 2 vCPUs and, for bdi, pdflush and wq
# in turn, freeze the system for 10 s (pm_test=freezer) while 16 MiB of
# dirty pages expire. 6.1's bdi_wq is not freezable (commit
# a2b90f11217790ec: removing a disk during resume must not wait for
# frozen writeback), and the thread models follow it: for every model the
# freeze must succeed and thaw, and the expired pages must be written
# while the system is frozen (writeback_sb_written events of partition 1
# between freeze_processes' end and thaw_processes' start); every
# checksum verified after remount. Skips when the kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
WBSIM_QEMU_SMP=2 kernel_boot freeze --kernel "$KIMAGE" writeback_flusher=bdi \
	wbtest=models wbmodel=bdi wbfreeze=bdi,pdflush,wq wbfiles=10 || fail "boot test (freeze) failed"
for m in bdi pdflush wq; do
	grep -aq "WBSIM: ok freeze $m: froze and thawed" "$TMP/freeze/console.log" ||
		fail "freeze $m: not checked"
done
done_test
