#!/usr/bin/env bash
# The thread models keep bdi_wq's forward progress (review point: they
# lost WQ_MEM_RECLAIM's guarantee; kthread_create() fails under memory
# pressure, and bdi's fallback of 1024 pages never ran the queued works).
# On the debug kernel (failslab): under bdi, bdi-default's forks fail
# while a ramfs balloon leaves ~64 MiB and 16 MiB are written and synced:
# the sync must end within 60 s through bdi_wq (writeback_flusher_rescue
# events, no flush thread), and once forks work the forker forks again.
# Under pdflush, both pool threads busy on two slow disks (1 MB/s), then
# kthreadd cannot fork and partition 2 is written and syncfs'd: the
# syncfs must end while the slow disks are still being written, through
# bdi_wq. Checksums after remount; a clean console. Skips when the debug
# kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip --debug
WBSIM_QEMU_SLOW_DISKS="2 1048576" kernel_boot rescue --kernel "$KIMAGE" writeback_flusher=bdi \
	wbtest=models wbmodel=bdi wbrescue=1 wbfiles=30 || fail "boot test (rescue) failed"
for what in 'rescue bdi: sync done' 'rescue bdi: .* passes given to bdi_wq' \
	'rescue pdflush: syncfs of partition 2 done while' 'rescue pdflush: .* wbs given to bdi_wq'; do
	grep -aq "WBSIM: ok $what" "$TMP/rescue/console.log" || fail "no \"$what\" in the guest's output"
done
grep -a 'WBSIM: \(ok\|info\) rescue' "$TMP/rescue/console.log" | sed 's/^/  /'
done_test
