#!/usr/bin/env bash
# Boot with writeback_flusher=bdi dirty_throttle=legacy (the dirty
# throttling of 2.6.30): the sysctl reads legacy at boot; six dd writers
# put 2 MiB each on two slow disks (QEMU throttles their writes to 1 MB/s,
# so dirtying outpaces the disks on any host) past a 1 MiB dirty limit,
# and the balance_dirty_pages_legacy tracepoint shows them writing back
# pages themselves (pages written > 0, in the writers' context); switched
# to ioless, the same load fires 6.1's balance_dirty_pages and never the
# legacy tracepoint; every checksum verified after remount. Skips when
# the kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
WBSIM_QEMU_SLOW_DISKS="2 1048576" kernel_boot legacy --kernel "$KIMAGE" writeback_flusher=bdi dirty_throttle=legacy \
	wbtest=models wbmodel=bdi wbthrottle=legacy wbfiles=30 || fail "boot test (legacy) failed"
grep -aq 'WBSIM: ok legacy: the writers wrote their own pages' "$TMP/legacy/console.log" ||
	fail "no legacy write by the dirtier on the console"
grep -aq 'WBSIM: ok ioless: .* balance_dirty_pages pauses' "$TMP/legacy/console.log" ||
	fail "ioless not throttled"
grep -aq 'WBSIM: ok throttle: 12 files verified after remount' "$TMP/legacy/console.log" ||
	fail "throttle files not verified"
done_test
