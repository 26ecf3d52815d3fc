#!/usr/bin/env bash
# Boot with writeback_flusher=pdflush (pool of 2..8 pdflush threads,
# sync_supers): writers on both partitions, 2..8 pool threads and no
# per-bdi threads, switch to wq and back to pdflush while writing, every
# checksum verified after remount. Skips when the kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
kernel_boot pdflush --kernel "$KIMAGE" writeback_flusher=pdflush wbtest=models wbmodel=pdflush \
	wbswitch=wq,pdflush wbtrace=1 wbfiles=120 || fail "boot test (pdflush) failed"
done_test
