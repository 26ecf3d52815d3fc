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

# check_starts DIR: the start offsets the harness asked for are the ones
# the guest applied, by the guest's own clock (its trace markers, in
# summary.json): per instance, the offset it waited for is the configured
# one (dbench.start_offsets, 0 when not given), the delay it applied is at
# least that (less 1 ms: busybox's read -t counts whole milliseconds), it
# was released no earlier than the harness's release, and it exec'd after
# its wait. How far apart the execs landed in wall time depends on the
# host's load and is printed, not asserted.
check_starts() {
	local d=$1 cfg i line p off moff rel wt ex delay want
	local release
	release=$(jq '.release_s' "$d/summary.json")
	[ "$release" != null ] || { fail "$d: no release marker of the guest in summary.json"; return; }
	IFS=, read -ra cfg <<<"$(jq -r '.parameters["dbench.start_offsets"] // ""' "$d/summary.json" | tr -d ' ')"
	i=0
	while read -r p off moff rel wt ex delay; do
		want=${cfg[$i]:-0}
		i=$((i + 1))
		awk -v a="$off" -v b="$want" -v c="$moff" 'BEGIN { exit !(a == b && c == b) }' ||
			fail "$d: $p: configured offset $want s, the harness passed $off s, the guest waited for $moff s"
		[ "$delay" != null ] || { fail "$d: $p: no release/wait markers of the guest"; continue; }
		awk -v d="$delay" -v o="$off" 'BEGIN { exit !(d >= o - 0.001) }' ||
			fail "$d: $p: the guest waited $delay s, asked for $off s"
		awk -v r="$release" -v a="$rel" -v w="$wt" -v e="$ex" 'BEGIN { exit !(a >= r && w >= a && e >= w) }' ||
			fail "$d: $p: out of order on the guest's clock: release $release, released $rel, waited $wt, exec $ex"
		echo "  $d: $p asked $off s, waited $delay s (guest clock), exec $(awk -v e="$ex" -v w="$wt" 'BEGIN { printf "%.1f", (e - w) * 1000 }') ms after its wait"
	done < <(jq -r '.instances[] | [.partition, .offset_s, .marker_offset_s, .released_s, .waited_s, .exec_s, .delay_s] | map(tostring) | join(" ")' "$d/summary.json")
	[ $i -gt 0 ] || fail "$d: no instance starts in summary.json"
	echo "  $d: start difference $(jq '.start_difference_ms' "$d/summary.json") ms (wall time on a TCG guest: information only)"
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
	check_starts "$d"
	grep -q "^vm.writeback_flusher = $flusher\$" "$d/qemu/sysctl.txt" || fail "$d: flusher not $flusher"
	grep -q "^vm.writeback_sb_fair = $sbfair\$" "$d/qemu/sysctl.txt" || fail "$d: sb_fair not $sbfair"
	grep -q "^scheduler = .*\[$sched\]" "$d/qemu/sysctl.txt" || fail "$d: scheduler not $sched"
	[ "$(jq -r .producer "$d/summary.json")" = qemu ] || fail "$d: producer not qemu"
	grep -q ' writeback_sb_written:' "$d/trace.txt" || fail "$d: no writeback_sb_written in trace.txt"
	echo "  $d: $(jq -c '{start_difference_ms, disk_busy_pct, guest_iowait_pct, throttle_events_total, throttled_task_seconds_total, wall_s}' "$d/summary.json")"
}
