#!/usr/bin/env bash
# Boot with writeback_flusher=bdi and vm.writeback_sb_fair=1: the same
# writers and checks as the bdi test, switching through pdflush and wq back
# to bdi, with the superblock round-robin on; then the order of writeback
# chunks between the partitions under sb_fair 0 and 1. QEMU throttles vda's
# writes to 32 MiB/s: the order test's 160 MiB then take seconds to write,
# so partition 1 needs many 100 ms chunks however fast the host is
# (unthrottled, a host disk in page cache took it in about 3 chunks, one
# more than the test needs). Skips when the kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
WBSIM_QEMU_DATA_BPS=33554432 kernel_boot sbfair --kernel "$KIMAGE" writeback_flusher=bdi wbtest=models wbmodel=bdi \
	wbsbfair=1 wbswitch=pdflush,wq,bdi wbtrace=1 wborder=1 wbfiles=120 || fail "boot test (bdi, sb_fair) failed"
done_test
