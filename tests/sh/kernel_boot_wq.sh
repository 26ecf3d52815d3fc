#!/usr/bin/env bash
# Boot the series kernel in the default flusher model (wq, 6.1 unchanged):
# write 4 x 120 files of varied sizes to two ext4 partitions of one virtio
# disk, switch to bdi and back while the second writer pass runs, sync,
# unmount, mount again and verify every checksum; no flusher kthreads in
# wq; the writeback_sb_written tracepoint fires for both partitions; no
# kernel warning on the console. Skips when the kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
kernel_boot wq --kernel "$KIMAGE" wbtest=models wbmodel=wq wbswitch=bdi,wq \
	wbtrace=1 wbfiles=120 || fail "boot test (wq) failed"
done_test
