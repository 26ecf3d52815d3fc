#!/usr/bin/env bash
# A model switch whose new model cannot start its threads leaves the old
# model running (review point: the rollback did not restart it, and
# writeback and sync stalled). On the debug kernel (lockdep, failslab):
# boot in bdi, switch to pdflush, bdi, wq and bdi again, each time first
# making the Nth slab allocation of the switching task fail for N = 1, 2,
# ... (/proc/thread-self/fail-nth) until the switch succeeds. Each failure
# that reached the new model's start() must leave the old model current
# with its threads, and a file written then must sync within 60 s; every
# checksum is verified after remount, the console must stay clean.
# Skips when the debug kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip --debug
# Known failure, found by this test's first run (2026-12-04, fresh-clone
# CI): the sync_supers thread is started by a model-change notifier
# (fs/sync-supers.c sync_supers_model_event), outside the model's start()
# that the rollback covers, so an allocation failure there is only a
# warning ("cannot start sync_supers") and the switch to bdi completes
# without the thread; in that run one file of 168 was also missing after
# remount (not yet explained). Until the series fixes it (issue 13), the
# test is skipped, never counted as a pass; WBSIM_RUN_KNOWN_FAILING=1
# runs it.
[ "${WBSIM_RUN_KNOWN_FAILING:-0}" = 1 ] ||
	skip "known failure: a sync_supers start failure after a model switch is not rolled back (issue 13)"
kernel_boot rollback --kernel "$KIMAGE" writeback_flusher=bdi wbtest=models wbmodel=bdi \
	wbrollback=pdflush,bdi,wq,bdi wbfiles=40 ||
	fail "boot test (rollback) failed"
n=$(grep -ac 'WBSIM: ok rollback .*failed in start()' "$TMP/rollback/console.log")
# a switch to wq starts no thread: nothing to roll back there
[ "$n" -ge 3 ] || fail "$n rolled-back switches, want one per switch to pdflush or bdi (3)"
done_test
