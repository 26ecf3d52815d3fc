#!/usr/bin/env bash
# Boot with writeback_flusher=pdflush and check that its background
# writeout runs 2.6.30's passes (issue 13, part A.2): chunks of at most
# MAX_WRITEBACK_PAGES (1024), the superblocks newest mount first (partition
# 2, mounted last and dirtied last, is written whole before partition 1,
# where 6.1 writes the older inodes first), and a congested queue left
# (the writeback_pdflush_congested tracepoint) and come back to after
# HZ/10, with every page written. QEMU throttles vda's writes to 8 MiB/s
# and the guest cuts its queue to 4 requests, so the queue is full at every
# chunk whatever the host's speed. Skips when the kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
WBSIM_QEMU_DATA_BPS=8388608 kernel_boot passes --kernel "$KIMAGE" writeback_flusher=pdflush wbtest=models \
	wbmodel=pdflush wbpasses=1 wbfiles=30 || fail "boot test (passes) failed"
for w in 'passes: written in' 'none over 1024 pages' 'newest mount first' 'left the congested queue'; do
	grep -aq "WBSIM: ok .*$w" "$TMP/passes/console.log" || fail "no '$w' on the console"
done
done_test
