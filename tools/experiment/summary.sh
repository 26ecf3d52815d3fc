#!/usr/bin/env bash
# Write RUN/summary.json of an experiment run directory from what the guest
# left in RUN/qemu/ (snapshots, instance pids, run.env) and RUN/trace.txt,
# in the layout wbsim writes too (docs/summary-json.md, schema
# wbsim-summary/1; tests/sh/summary_schema.sh checks both):
#   schema, producer    "wbsim-summary/1", "qemu"; complete: true
#   dirty_limit_hit, throttle_events_total, throttled_task_seconds_total
#                       balance_dirty_pages (or _legacy) events with pause
#                       > 0 (a dirtier slept: the run was throttled on dirty
#                       memory), and their pauses summed over the tasks
#   disk_busy_ms, disk_busy_pct
#                       io_ticks of /sys/block/vda/stat between the release
#                       of the instances and their end
#   guest_iowait_pct    iowait share of /proc/stat's cpu time, same window
#   release_s, instances, start_difference_ms
#                       the guest's release of the instances and, per
#                       instance, its exec time (start_s = exec_s,
#                       sched_process_exec of the
#                       pids the guest noted), the offset it was asked for
#                       (offset_s), the time its open of the barrier
#                       returned (released_s) and its wait ended (waited_s),
#                       and the delay it applied (delay_s = waited_s -
#                       released_s); all on the guest's trace clock (its
#                       trace markers, tools/kernel/guest/cell.sh), null in runs made before
#                       the markers; first_dirty_s: when the first inode of
#                       its partition went on b_dirty after the release
#                       (writeback_dirty_inode_enqueue, traced since
#                       2026-12-06, else null): about when its clients
#                       passed dbench's barrier, which a race between the
#                       instances' forks decides more than the offsets
#                       (docs/results.md). start_difference_ms: the largest
#                       difference between two exec times less their
#                       offsets, in wall time: information, as it depends
#                       on when the host ran the vCPUs
#   partitions          per partition (an object keyed by name): sectors
#                       written (/sys/block/vda/vdaN/stat) at release
#                       ("before"), at the end ("after") and with the
#                       filesystems frozen and the disk idle ("stop", when
#                       blktrace was stopped); written_bytes = (stop -
#                       before) x 512, what the blktrace's completions hold
#   alloc_failures, trace_lost_events
#                       page allocation failures on the console, events
#                       the trace ring buffer dropped
#   guest_clock_jump_s  how much longer the guest's window (/proc/uptime)
#                       was than the host's wall time of the whole QEMU
#                       run, 0 when shorter; a guest clock that jumped
#                       forward (seen in 2 of 48 runs, two guests running
#                       at the same time whose 120 s windows both read
#                       468530 s: a jump of the host's TSC, which TCG's
#                       rdtsc reads). The window's
#                       length is then unknown: disk_busy_pct is null and
#                       the trace and blktrace timestamps after the jump
#                       are off by as much
#   parameters, qemu    every resolved parameter (experiment.ini)
# run.sh calls it; it can be run again on a run directory.
#
#   tools/experiment/summary.sh RUN_DIR
set -euo pipefail
[ $# = 1 ] && [ -d "$1/qemu" ] || { echo "usage: $0 RUN_DIR (an experiment run directory)" >&2; exit 2; }
out=$(cd "$1" && pwd)
Qd=$out/qemu
die() { echo "experiment: $*" >&2; exit 1; }
. "$Qd/run.env"
ninst=$(grep -c . "$Qd/instances")
# the run's parameters: experiment.ini (scenario.ini in runs made before
# run.sh wrote the twin there)
params=$out/experiment.ini
[ -f "$params" ] || params=$out/scenario.ini
# read by wbsim (the one reader of scenario files) as SECTION.KEY<TAB>VALUE
wbsim=${WBSIM:-$(cd "$(dirname "$0")/../.." && pwd)/bin/wbsim}
tsv=$("$wbsim" options --experiment -c "$params" --dump --flat) ||
	die "$params: wbsim cannot read the run's parameters"
Qd=$out/qemu
# cpu_field FILE N: field N of the "cpu " line of /proc/stat (1 = user)
cpu_total() { awk '/^cpu / { s = 0; for (i = 2; i <= NF; i++) s += $i; print s }' "$1"; }
cpu_field() { awk -v n="$2" '/^cpu / { print $(n + 1) }' "$1"; }
iowait=$(awk -v a="$(cpu_field "$Qd/stat.before" 5)" -v b="$(cpu_field "$Qd/stat.after" 5)" \
	-v ta="$(cpu_total "$Qd/stat.before")" -v tb="$(cpu_total "$Qd/stat.after")" \
	'BEGIN { printf "%.1f", (tb > ta ? 100 * (b - a) / (tb - ta) : 0) }')
# allocation failures the kernel reported (warn_alloc; run.sh lets only
# those through) and trace events the ring buffer dropped (trace-cmd
# report's "CPU:N [LOST M EVENTS]", or "CPU:N [M EVENTS DROPPED]" from
# a later trace-cmd): both mean the trace is incomplete
alloc_failures=$(grep -ac 'page allocation failure' "$Qd/console.log" || true)
lost=$({ grep -aoE 'LOST [0-9]+ EVENTS|\[[0-9]+ EVENTS DROPPED' "$out/trace.txt" || true; } | tr -d '[' |
	awk '{ n += ($1 == "LOST" ? $2 : $1) } END { print n + 0 }')
busy_ms=$(( $(awk '{ print $10 }' "$Qd/vda.stat.after") - $(awk '{ print $10 }' "$Qd/vda.stat.before") ))
elapsed=$(awk -v a="$(cut -d' ' -f1 "$Qd/uptime.before")" -v b="$(cut -d' ' -f1 "$Qd/uptime.after")" \
	'BEGIN { printf "%.2f", b - a }')
jump=$(awk -v e="$elapsed" -v w="$wall" 'BEGIN { printf "%.2f", (e > w ? e - w : 0) }')
busy_pct=$(awk -v m="$busy_ms" -v e="$elapsed" -v j="$jump" \
	'BEGIN { if (j > 0) print "null"; else printf "%.1f", (e > 0 ? m / 10 / e : 0) }')
# pause= is in ms in both events (include/trace-events.def)
read -r throttle throttled_s < <(awk '/ balance_dirty_pages(_legacy)?:/ { for (i = 1; i <= NF; i++) if ($i ~ /^pause=/) {
		v = $i; sub(/pause=/, "", v); if (v + 0 > 0) { n++; ms += v } } }
	END { printf "%d %.3f\n", n, ms / 1000 }' "$out/trace.txt")
# exec times of the instances' first programs, by the pids the guest noted
starts=$(awk 'NR == FNR { part[$2] = $1; off[$2] = $3; next }
	/ sched_process_exec:/ {
		ts = ""; pid = ""
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^[0-9]+\.[0-9]+:$/ && ts == "") { ts = $i; sub(/:$/, "", ts) }
			if ($i ~ /^pid=/) { pid = $i; sub(/pid=/, "", pid) }
		}
		if (pid in part && !(pid in seen)) { seen[pid] = 1; print part[pid], ts, off[pid] }
	}' "$Qd/instances" "$out/trace.txt")
[ "$(echo "$starts" | grep -c .)" = "$ninst" ] ||
	die "the trace has the exec of $(echo "$starts" | grep -c .) of $ninst instances"
# the guest's trace markers (tools/kernel/guest/cell.sh): "wbexp_release", "wbexp_released
# PART OFFSET", "wbexp_waited PART OFFSET"; each instance's start line
# gains released, waited and the offset the marker carried ("null" when
# absent)
markers=$(awk '/ wbexp_release/ || / wbexp_waited / {
		ts = ""
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^[0-9]+\.[0-9]+:$/ && ts == "") { ts = $i; sub(/:$/, "", ts) }
			if ($i ~ /^wbexp_/) { k = i; break }
		}
		if (ts == "") next
		if ($k == "wbexp_release") print "release", "-", ts, "-"
		else print $k, $(k + 1), ts, $(k + 2)
	}' "$out/trace.txt")
release=$(awk '$1 == "release" { print $3; exit }' <<<"$markers")
starts=$(echo "$starts" | awk -v m="$markers" 'BEGIN {
		n = split(m, l, "\n")
		for (i = 1; i <= n; i++) {
			split(l[i], f, " ")
			if (f[1] == "wbexp_released") { rel[f[2]] = f[3]; roff[f[2]] = f[4] }
			if (f[1] == "wbexp_waited") { wt[f[2]] = f[3]; woff[f[2]] = f[4] }
		}
	}
	{ p = $1
	  print $0, (p in rel ? rel[p] : "null"), (p in wt ? wt[p] : "null"),
		(p in woff ? woff[p] : "null") }')
# the first inode of each partition put on b_dirty after the release
# ("dev MAJ,MIN" in the event; RUN/geometry names the partitions)
firstdirty=$(awk -v rel="${release:-}" 'NR == FNR { dev[$2] = $1; next }
	rel != "" && / writeback_dirty_inode_enqueue: / {
		ts = ""; d = ""
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^[0-9]+\.[0-9]+:$/ && ts == "") { ts = $i; sub(/:$/, "", ts) }
			if ($i == "dev") d = $(i + 1)
		}
		if (ts + 0 < rel + 0 || !(d in dev) || (dev[d] in seen)) next
		seen[dev[d]] = 1; print dev[d], ts
	}' "$out/geometry" "$out/trace.txt")
starts=$(echo "$starts" | awk -v f="$firstdirty" 'BEGIN {
		n = split(f, l, "\n")
		for (i = 1; i <= n; i++) { split(l[i], x, " "); fd[x[1]] = x[2] }
	}
	{ print $0, ($1 in fd ? fd[$1] : "null") }')
start_diff=$(echo "$starts" | awk '{ t = $2 - $3; if (NR == 1 || t < lo) lo = t; if (NR == 1 || t > hi) hi = t }
	END { printf "%.3f", (hi - lo) * 1000 }')
parts_json=$(for d in "$Qd"/vda[0-9]*.stat.before; do
	p=$(basename "$d" .stat.before)
	echo "$p $(awk '{ print $7 }' "$d") $(awk '{ print $7 }' "$Qd/$p.stat.after") $(awk '{ print $7 }' "$Qd/$p.stat.stop")"
done | jq -R -s 'split("\n") | map(select(length > 0) | split(" ")) |
	map({key: .[0], value: {written_bytes: (((.[3] | tonumber) - (.[1] | tonumber)) * 512),
	     sectors_written_before: (.[1] | tonumber),
	     sectors_written_after: (.[2] | tonumber), sectors_written_stop: (.[3] | tonumber)}}) | from_entries')
jq -n \
	--arg producer qemu --argjson hit "$([ "$throttle" -gt 0 ] && echo true || echo false)" \
	--argjson events "$throttle" --argjson throttled_s "$throttled_s" --argjson busy_ms "$busy_ms" --argjson busy_pct "$busy_pct" \
	--argjson iowait "$iowait" --argjson elapsed "$elapsed" --argjson diff "$start_diff" --argjson release "${release:-null}" \
	--arg starts "$starts" --argjson parts "$parts_json" --arg tsv "$tsv" \
	--arg model "$model" --argjson sbfair "$sbfair" --arg sched "$sched" \
	--arg kernel "$kernel" --arg kernel_release "$(grep -ao -m 1 'Linux version [^ ]*' "$Qd/console.log" | cut -d' ' -f3)" \
	--arg cache "$cache" --argjson wall "$wall" \
	--argjson alloc "$alloc_failures" --argjson lost "$lost" --argjson jump "$jump" \
	'{schema: "wbsim-summary/1", producer: $producer, complete: true,
	  dirty_limit_hit: $hit, throttle_events_total: $events,
	  throttled_task_seconds_total: $throttled_s,
	  flusher: $model, sb_fair: $sbfair, scheduler: $sched,
	  disk_busy_ms: $busy_ms, disk_busy_pct: $busy_pct, guest_iowait_pct: $iowait,
	  elapsed_s: $elapsed, wall_s: $wall, data_disk_cache: $cache,
	  alloc_failures: $alloc, trace_lost_events: $lost, guest_clock_jump_s: $jump,
	  kernel: $kernel, kernel_release: $kernel_release,
	  release_s: $release,
	  instances: ($starts | split("\n") | map(select(length > 0) | split(" ") |
		{partition: .[0], start_s: (.[1] | tonumber), exec_s: (.[1] | tonumber),
		 offset_s: (.[2] | tonumber),
		 released_s: (.[3] | fromjson), waited_s: (.[4] | fromjson),
		 marker_offset_s: (.[5] | fromjson), first_dirty_s: (.[6] | fromjson)} |
		.delay_s = (if .released_s and .waited_s then
			((.waited_s - .released_s) * 1e6 | round) / 1e6 else null end))),
	  start_difference_ms: $diff,
	  partitions: $parts,
	  parameters: ($tsv | split("\n") | map(select(length > 0) | split("\t") |
		select(.[0] | startswith("qemu.") | not) | {key: .[0], value: .[1]}) | from_entries),
	  qemu: ($tsv | split("\n") | map(select(startswith("qemu.")) | split("\t") |
		{key: .[0][5:], value: .[1]}) | from_entries)}' >"$out/summary.json"

busy_say="disk busy $busy_pct%"
awk -v j="$jump" 'BEGIN { exit !(j > 0) }' && busy_say="GUEST CLOCK JUMPED $jump s, disk busy unknown"
echo "experiment: $(basename "$out"): $wall s wall, $busy_say, iowait $iowait%, start difference $start_diff ms, $throttle throttle events"
