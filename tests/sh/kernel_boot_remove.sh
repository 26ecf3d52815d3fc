#!/usr/bin/env bash
# Device removal during writeback (issue 13, part C): on the debug kernel
# (lockdep, DEBUG_ATOMIC_SLEEP, hung task after 30 s), for bdi, pdflush
# and wq in turn, 8 MiB are written to the raw block device of a disk
# whose writes QEMU throttles to 1 MB/s, its flusher writes them back, and
# the disk's PCI device is removed from the guest meanwhile (virtblk
# removal: del_gendisk(), bdi unregistered, wb_shutdown() with the
# flusher possibly in a pass over the wb). The removal must end within
# 60 s, bdi's flush thread for that disk must exit ("unregistered"), vda
# must still write and sync, the checksums after remount must match and
# the console must stay clean. Skips when the debug kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip --debug
WBSIM_QEMU_SLOW_DISKS="3 1048576" kernel_boot remove --kernel "$KIMAGE" writeback_flusher=bdi \
	wbtest=models wbmodel=bdi wbremove=bdi,pdflush,wq wbfiles=30 || fail "boot test (remove) failed"
for m in bdi pdflush wq; do
	grep -aq "WBSIM: ok remove $m: .* removed during writeback" "$TMP/remove/console.log" ||
		fail "$m: no removal during writeback"
done
grep -a 'WBSIM: \(ok\|info\) remove' "$TMP/remove/console.log" | sed 's/^/  /'
done_test
