#!/usr/bin/env bash
# Boot with writeback_flusher=bdi and vm.writeback_sb_fair=1: the same
# writers and checks as the bdi test, switching through pdflush and wq back
# to bdi, with the superblock round-robin on. Skips when the kernel is not
# built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
kernel_boot sbfair --kernel "$KIMAGE" writeback_flusher=bdi wbtest=models wbmodel=bdi \
	wbsbfair=1 wbswitch=pdflush,wq,bdi wbtrace=1 wborder=1 wbfiles=120 || fail "boot test (bdi, sb_fair) failed"
done_test
