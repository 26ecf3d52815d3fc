#!/usr/bin/env bash
# Every model switch on 4 vCPUs (issue 13, part C): the debug kernel
# (lockdep, DEBUG_ATOMIC_SLEEP, hung task after 30 s, list and object
# debugging) with 4 vCPUs, so that kicks, passes and switches really run
# in parallel, under a two-disk load: writers on both partitions of vda
# and on a second disk (vdc, ext4, writes throttled by QEMU to 8 MB/s so
# that its writeback overlaps the switches). Boot in pdflush, switch to
# bdi, wq, pdflush, bdi and wq while the second pass runs; every checksum
# after remount, and no report on the console. Skips when the debug
# kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip --debug
WBSIM_QEMU_SMP=4 WBSIM_QEMU_SLOW_DISKS="1 8388608" kernel_boot smp --kernel "$KIMAGE" \
	writeback_flusher=pdflush wbtest=models wbmodel=pdflush wbswitch=bdi,wq,pdflush,bdi,wq \
	wbdisk2=1 wbfiles=60 || fail "boot test (4 vCPUs) failed"
grep -aq 'smpboot: Total of 4 processors activated' "$TMP/smp/console.log" ||
	fail "the guest did not run 4 vCPUs"
grep -aq 'Lock dependency validator' "$TMP/smp/console.log" ||
	fail "console shows no lockdep: not the debug kernel?"
done_test
