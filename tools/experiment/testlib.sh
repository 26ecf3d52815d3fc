# Sourced by tests/sh/experiment_*.sh after tests/shlib.sh and
# tools/kernel/testlib.sh: checks of a run directory of tools/experiment/.

# experiment_or_skip: skip the test (exit 77) without a built kernel, in
# the sanitizer pass or without the programs a cell needs; export the
# simulator's and wbfair's paths for run.sh and matrix.sh
experiment_or_skip() {
	local p
	kernel_image_or_skip
	for p in qemu-system-x86_64 dbench blktrace trace-cmd fio jq debugfs sfdisk mkfs.ext4; do
		command -v "$p" >/dev/null || PATH=/usr/sbin:/sbin:$PATH command -v "$p" >/dev/null ||
			skip "$p not installed"
	done
	export WBSIM=$PWD/$BIN/wbsim WBFAIR=$PWD/$BIN/wbfair
}

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
