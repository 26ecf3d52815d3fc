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
#   - the instances' exec times differ by less than 10 ms;
#   - the guest ran the cell's flusher model, sb_fair and scheduler;
#   - the patched kernel's writeback_sb_written events are in trace.txt;
#   - the report has a row per cell;
# and that a bad parameter exits 2 before any guest boots. Skips without a
# built kernel and in the sanitizer pass.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip
for p in qemu-system-x86_64 dbench blktrace trace-cmd fio jq debugfs sfdisk mkfs.ext4; do
	command -v "$p" >/dev/null || PATH=/usr/sbin:/sbin:$PATH command -v "$p" >/dev/null ||
		skip "$p not installed"
done
export WBSIM=$PWD/$BIN/wbsim WBFAIR=$PWD/$BIN/wbfair

expect_exit 2 'qemu.fs = xfs' tools/experiment/run.sh --check-only --set qemu.fs=xfs
expect_exit 2 'sim.mount' tools/experiment/run.sh --check-only --set sim.mount=sda1,sda7
expect_exit 2 'scheduler' tools/experiment/matrix.sh -o "$TMP/bad" --schedulers cfq

# check_run DIR FLUSHER SB_FAIR SCHED WORKLOAD
check_run() {
	local d=$1 flusher=$2 sbfair=$3 sched=$4 workload=$5 f p j want got infl maxkb
	for f in geometry vda.blktrace.0 trace.txt vmstat.before vmstat.after summary.json scenario.ini; do
		[ -s "$d/$f" ] || fail "$d: no $f"
	done
	for p in vda1 vda2; do
		if [ "$workload" = fio ]; then
			[ -s "$d/fio.$p.json" ] && [ -s "$d/${p}_bw.1.log" ] || fail "$d: no fio output of $p"
		else
			grep -q '^Throughput' "$d/dbench.$p.log" 2>/dev/null || fail "$d: dbench.$p.log has no Throughput"
		fi
	done
	"$WBFAIR" "$d" >"$TMP/wbfair.txt" 2>&1 || { fail "$d: wbfair failed: $(tail -n 3 "$TMP/wbfair.txt")"; return; }
	j=$("$WBFAIR" --format json "$d") || { fail "$d: wbfair --format json failed"; return; }
	infl=$(awk '{ print $2 }' "$d/qemu/vda.inflight.stop")
	maxkb=$(sed -n 's/^max_sectors_kb = //p' "$d/qemu/sysctl.txt")
	for p in vda1 vda2; do
		got=$(echo "$j" | jq --arg p "$p" '(if type == "array" then .[0] else . end).partitions[] | select(.name == $p) | .bytes_written')
		want=$(jq --arg p "$p" '.partitions[$p] | (.sectors_written_stop - .sectors_written_before) * 512' "$d/summary.json")
		[ -n "$got" ] && [ "$got" -gt 0 ] || { fail "$d: $p: blktrace shows ${got:-no} bytes written"; continue; }
		[ "$got" -ge "$want" ] && [ "$got" -le $((want + infl * maxkb * 1024)) ] ||
			fail "$d: $p: blktrace $got bytes, the guest's stat $want (+ $infl requests in flight)"
		echo "  $d: $p $got bytes written (stat: $want)"
	done
	got=$(jq '.start_difference_ms' "$d/summary.json")
	awk -v v="$got" 'BEGIN { exit !(v >= 0 && v < 10) }' || fail "$d: start difference $got ms"
	grep -q "^vm.writeback_flusher = $flusher\$" "$d/qemu/sysctl.txt" || fail "$d: flusher not $flusher"
	grep -q "^vm.writeback_sb_fair = $sbfair\$" "$d/qemu/sysctl.txt" || fail "$d: sb_fair not $sbfair"
	grep -q "^scheduler = .*\[$sched\]" "$d/qemu/sysctl.txt" || fail "$d: scheduler not $sched"
	[ "$(jq -r .producer "$d/summary.json")" = qemu ] || fail "$d: producer not qemu"
	grep -q ' writeback_sb_written:' "$d/trace.txt" || fail "$d: no writeback_sb_written in trace.txt"
	echo "  $d: $(jq -c '{start_difference_ms, disk_busy_pct, guest_iowait_pct, dirty_throttle_events, wall_s}' "$d/summary.json")"
}

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
