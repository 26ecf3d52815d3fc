#!/usr/bin/env bash
# The real experiment, small: three 15 s cells of the matrix (wq-none,
# pdflush-kyber, bdi-fair-bfq), one repeat, one guest at a time, and one
# 10 s fio cell (bdi-mq-deadline): every flusher model and every scheduler
# once, in under tests/run.sh's 300 s per test (about 2.5 minutes here:
# each cell costs about 20 s of boot, formatting and unpacking besides its
# duration). Asserts for each run directory:
#   - the files wbfair reads are there and wbfair reads them (exit 0);
#   - each partition's written bytes from the blktrace completions are > 0
#     and equal the guest's own count, 512 x the sectors-written delta of
#     /sys/block/vda/vdaN/stat from the release to the stop (taken with
#     both filesystems frozen and nothing in flight, so nothing can
#     complete between the count and the end of the trace; a request still
#     in flight at the stop would be allowed its size);
#   - each instance was released by the barrier and applied the start
#     offset it was asked for, by the guest's own clock (check_starts; the
#     wall-time start difference is printed, as a busy host can delay a
#     vCPU by tens of ms);
#   - the guest ran the cell's flusher model, sb_fair and scheduler;
#   - the patched kernel's writeback_sb_written events are in trace.txt;
#   - the report has a row per cell;
# and that a bad parameter exits 2 before any guest boots. Skips without a
# built kernel and in the sanitizer pass.
. tests/shlib.sh
. tools/kernel/testlib.sh
. tools/experiment/testlib.sh
experiment_or_skip

expect_exit 2 "qemu.fs=xfs: fs: 'xfs' is not one of" tools/experiment/run.sh --check-only --set qemu.fs=xfs
expect_exit 2 'sim.mount' tools/experiment/run.sh --check-only --set sim.mount=sda1,sda7
expect_exit 2 'scheduler' tools/experiment/matrix.sh -o "$TMP/bad" --schedulers cfq

tools/experiment/matrix.sh -o "$TMP/m" -r 1 -j 1 -d 15 \
	--cells "wq-none pdflush-kyber bdi-fair-bfq" ||
	fail "matrix.sh exited $?"
for cell in wq-none:wq:0:none pdflush-kyber:pdflush:0:kyber bdi-fair-bfq:bdi:1:bfq; do
	IFS=: read -r name flusher sbfair sched <<<"$cell"
	if [ -f "$TMP/m/$name/r1/summary.json" ]; then
		check_run "$TMP/m/$name/r1" "$flusher" "$sbfair" "$sched" dbench
	else
		fail "$name: no run: $(tail -n 3 "$TMP/m/$name/r1.log" 2>/dev/null)"
	fi
	grep -q "^| $name | 1 |" "$TMP/m/report.md" 2>/dev/null || fail "report.md has no row for $name"
done

tools/experiment/run.sh -o "$TMP/fio" --set sim.duration=10 --set qemu.workload=fio \
	--set writeback.flusher=bdi --set queue.elevator=deadline >"$TMP/fio.log" 2>&1 ||
	fail "fio cell: $(tail -n 3 "$TMP/fio.log")"
[ -f "$TMP/fio/summary.json" ] && check_run "$TMP/fio" bdi 0 mq-deadline fio
done_test
