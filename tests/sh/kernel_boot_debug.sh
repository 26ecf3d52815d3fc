#!/usr/bin/env bash
# The debug kernel (lockdep, DEBUG_ATOMIC_SLEEP, hung-task detector with a
# 30 s timeout, list and timer/work object debugging) through every model
# switch while writers run: boot in pdflush, switch to bdi, wq, pdflush
# and bdi, let a bdi flusher exit idle and be forked again, verify every
# checksum after remount. boot.sh fails the run on any WARNING, BUG,
# lockdep, RCU, ODEBUG or hung-task report on the console. Skips when the
# debug kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip --debug
kernel_boot debug --kernel "$KIMAGE" writeback_flusher=pdflush wbtest=models wbmodel=pdflush \
	wbswitch=bdi,wq,pdflush,bdi wbidle=3 wbsbfair=1 wbtrace=1 wbfiles=80 ||
	fail "boot test (debug kernel) failed"
grep -q 'Lock dependency validator' "$TMP/debug/console.log" ||
	fail "console shows no lockdep: not the debug kernel?"
done_test
