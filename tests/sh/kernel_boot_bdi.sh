#!/usr/bin/env bash
# Boot with writeback_flusher=bdi (per-bdi flush-MAJ:MIN threads forked by
# bdi-default, sync_supers): writers on both partitions, the threads are
# there, switch to pdflush and back to bdi while writing, an idle flusher
# exits after vm.writeback_flusher_idle_secs=3 and is forked again on the
# next write; dirty_writeback_centisecs 0 stops sync_supers' timer and
# writing it restarts it; sync_supers leaves an idle filesystem alone
# (ext4:ext4_sync_fs) and syncs one that was written; every checksum
# verified after remount; thread
# start/exit and per-superblock trace events recorded. Skips when the
# kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
kernel_boot bdi --kernel "$KIMAGE" writeback_flusher=bdi wbtest=models wbmodel=bdi \
	wbswitch=pdflush,bdi wbidle=3 wbsupers=1 wbtrace=1 wbfiles=120 || fail "boot test (bdi) failed"
grep -aq 'WBSIM: ok supers: an idle filesystem is not synced' "$TMP/bdi/console.log" ||
	fail "sync_supers on an idle filesystem not checked"
done_test
