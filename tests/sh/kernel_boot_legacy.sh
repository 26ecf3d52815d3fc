#!/usr/bin/env bash
# Boot with writeback_flusher=bdi dirty_throttle=legacy (the dirty
# throttling of 2.6.32 under bdi, 2.6.30 under pdflush): the sysctl reads
# legacy at boot; six dd writers
# put 2 MiB each on two slow disks (QEMU throttles their writes to 1 MB/s,
# so dirtying outpaces the disks on any host) past a 1 MiB dirty limit,
# and the balance_dirty_pages_legacy tracepoint shows them writing back
# pages themselves (pages written > 0, in the writers' context), sleeping
# 2.6.32's pauses (1 jiffy, doubling to 100 ms); the same under pdflush
# with 2.6.30's (100 ms only); switched to ioless, the same load fires 6.1's balance_dirty_pages and never the
# legacy tracepoint; every checksum verified after remount. Skips when
# the kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
WBSIM_QEMU_SLOW_DISKS="2 1048576" kernel_boot legacy --kernel "$KIMAGE" writeback_flusher=bdi dirty_throttle=legacy \
	wbtest=models wbmodel=bdi wbthrottle=legacy wbthrottle2=pdflush wbfiles=30 || fail "boot test (legacy) failed"
for m in bdi pdflush; do
	grep -aq "WBSIM: ok legacy: the writers wrote their own pages (.*, $m)" "$TMP/legacy/console.log" ||
		fail "no legacy write by the dirtier under $m on the console"
done
grep -aq "WBSIM: ok legacy bdi: 2.6.32's pauses" "$TMP/legacy/console.log" ||
	fail "bdi: not 2.6.32's pauses"
grep -aq "WBSIM: ok legacy pdflush: 2.6.30's pauses" "$TMP/legacy/console.log" ||
	fail "pdflush: not 2.6.30's pauses"
grep -a 'WBSIM: info legacy' "$TMP/legacy/console.log" | sed 's/^/  /'
grep -aq 'WBSIM: ok ioless: .* balance_dirty_pages pauses' "$TMP/legacy/console.log" ||
	fail "ioless not throttled"
grep -aq 'WBSIM: ok throttle: 18 files verified after remount' "$TMP/legacy/console.log" ||
	fail "throttle files not verified"
done_test
