#!/usr/bin/env bash
# Who wrote which partition's pages in a real run, instance by instance:
# from the guest's trace (RUN/trace.txt), over dbench's time limit.
#
#   tools/experiment/who-wrote.sh [--window SECONDS] RUN_DIR
#
# A dbench instance is the process that marked "wbexp_released PART" in
# the trace before exec'ing dbench (tools/experiment/guest), and every
# task it forked. For each
# writer (an instance's tasks, a flusher thread by name, or "other") and
# each partition: the pages its writeback_sb_written events report (what
# a writeback pass submitted on that superblock: the dirtier's in
# balance_dirty_pages under legacy throttling, the flusher's, sync's).
# For each instance: its balance_dirty_pages_legacy events (one per round
# of the legacy loop), the rounds that slept, the pages its tasks wrote
# there, the rounds that wrote and when the last of them was (from the
# window's start); then the wb's share of the dirty limit (wb_thresh)
# and its dirty and writeback pages (wb_dirty) over all the rounds: 2.6.32's loop
# writes only while the wb's dirty pages are over wb_thresh. The window starts at the first instance's exec
# and lasts SECONDS (default 120, dbench's time limit in the matrices):
# a legacy run goes on while its last client is held in
# balance_dirty_pages, and what is written then is the run's tail.
# Partitions are named from RUN/geometry (MAJ,MIN -> name).
# Exit: 0, 2 bad argument or no trace.
set -euo pipefail
win=120
usage() { echo "usage: who-wrote.sh [--window SECONDS] RUN_DIR" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--window) [ $# -ge 2 ] || usage; win=$2; shift 2 ;;
	-h|--help) usage ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# = 1 ] || usage
run=$1
[[ "$win" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "who-wrote: --window $win: want seconds" >&2; exit 2; }
[ -f "$run/trace.txt" ] || { echo "who-wrote: $run: no trace.txt" >&2; exit 2; }
[ -f "$run/geometry" ] || { echo "who-wrote: $run: no geometry" >&2; exit 2; }

EXP=$(cd "$(dirname "$0")" && pwd)
# the program; the helpers (field, instance, ...) are instances.awk's
prog='
BEGIN { read_geometry(geo) }
/ sched_process_fork: / { note_fork(); next }
/ tracing_mark_write: wbexp_released / { note_released(); next }
# the window starts when the first instance runs dbench (any dbench
# exec in a trace without the marks)
/ sched_process_exec: +filename=[^ ]*dbench / {
	if (pidof_line() in inst) { if (ti == "") ti = $3 + 0 }
	else if (tany == "") tany = $3 + 0
	t0 = (ti != "") ? ti : tany
	next
}
/ writeback_sb_written: / {
	t = $3 + 0
	if (t0 == "" || t < t0 || t > t0 + win) next
	w = instance(pidof_line())
	if (w != "") w = "dbench on " w
	else { w = $1; sub(/-[0-9]+$/, "", w); sub(/^ +/, "", w); if (w ~ /^kworker/) w = "kworker" }
	sb = field("sb"); p = (sb in part) ? part[sb] : "dev " sb
	pages[w SUBSEP p] += field("pages"); writers[w] = 1; parts[p] = 1
	next
}
/ balance_dirty_pages_legacy: / {
	t = $3 + 0
	if (t0 == "" || t < t0 || t > t0 + win) next
	w = instance(field("pid")); if (w == "") w = "other"
	ev[w]++; if (field("pause") + 0 > 0) slept[w]++; bw[w] += field("written")
	if (field("written") + 0 > 0) { wrote[w]++; lastw[w] = t - t0 }
	th = field("wb_thresh") + 0; nth++; sth += th; sdirty += field("wb_dirty")
	if (nth == 1 || th < minth) minth = th
	if (th > maxth) maxth = th
	next
}
END {
	if (t0 == "") { print "who-wrote: no dbench exec in the trace" > "/dev/stderr"; exit 2 }
	printf "window: %s s from the first dbench exec (%.3f s)\n\n", win, t0
	n = 0; for (p in parts) pl[++n] = p
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (pl[j] < pl[i]) { x = pl[i]; pl[i] = pl[j]; pl[j] = x }
	printf "%-24s", "MB submitted by"
	for (i = 1; i <= n; i++) printf " %10s", pl[i]
	printf "\n"
	m = 0; for (w in writers) wl[++m] = w
	for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (wl[j] < wl[i]) { x = wl[i]; wl[i] = wl[j]; wl[j] = x }
	for (i = 1; i <= m; i++) {
		printf "%-24s", wl[i]
		for (j = 1; j <= n; j++) printf " %10.1f", pages[wl[i] SUBSEP pl[j]] * 4096 / 1e6
		printf "\n"
	}
	k = 0; for (w in ev) el[++k] = w
	if (k == 0) { print "\nno balance_dirty_pages_legacy events (IO-less throttling)"; exit 0 }
	for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (el[j] < el[i]) { x = el[i]; el[i] = el[j]; el[j] = x }
	printf "\n%-24s %10s %10s %12s %8s %14s\n", "legacy throttling", "rounds", "slept", "MB written", "writing", "last writing s"
	for (i = 1; i <= k; i++)
		printf "%-24s %10d %10d %12.1f %8d %14s\n", (el[i] == "other" ? "other" : "dbench on " el[i]), ev[el[i]], slept[el[i]], \
			bw[el[i]] * 4096 / 1e6, wrote[el[i]], (el[i] in lastw) ? sprintf("%.1f", lastw[el[i]]) : "-"
	printf "\nwb_thresh over the rounds: mean %.0f, min %d, max %d pages; wb_dirty mean %.0f pages\n", \
		sth / nth, minth, maxth, sdirty / nth
}'
awk -v win="$win" -v geo="$run/geometry" -f "$EXP/instances.awk" -f <(printf '%s\n' "$prog") "$run/trace.txt"
