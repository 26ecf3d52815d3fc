#!/usr/bin/env bash
# Who dirtied first, and what writeback wrote first, in a real run: from
# the guest's trace (RUN/trace.txt), the first seconds after the
# instances' release.
#
#   tools/experiment/first-dirty.sh [--window SECONDS] [--list N] RUN_DIR
#
# Why: 6.1's move_expired_inodes() groups the expired inodes of b_io by
# superblock and puts the group of the oldest inode's superblock where
# writeback starts, so the partition written first is the one whose
# inode went on b_dirty first. writeback_dirty_inode_enqueue fires when
# an inode goes on b_dirty from clean, in the task that dirtied it; the
# task is placed in its dbench instance through the fork tree (the
# instance is the process that marked "wbexp_released PART"), as
# who-wrote.sh does.
#
# Prints: the release ("wbexp_release" mark) and each instance's exec,
# forks (dbench 4.0 forks its clients, which wait on a semaphore its
# parent lifts when a poll every 100 ms finds them all waiting) and
# first enqueue, from the release; the first N enqueues (default
# 5); per instance and partition the inodes enqueued within SECONDS of
# the release (default 1); the first writeback_sb_written (its writer
# and superblock); and one line to aggregate over runs:
#   summary: oldest=PART by=WRITER first_written=PART by=WRITER
# Partitions are named from RUN/geometry (MAJ,MIN -> name).
# Exit: 0, 2 bad argument or no trace (or a trace without the events).
set -euo pipefail
win=1 list=5
usage() { echo "usage: first-dirty.sh [--window SECONDS] [--list N] RUN_DIR" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--window) [ $# -ge 2 ] || usage; win=$2; shift 2 ;;
	--list) [ $# -ge 2 ] || usage; list=$2; shift 2 ;;
	-h|--help) usage ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# = 1 ] || usage
run=$1
[[ "$win" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "first-dirty: --window $win: want seconds" >&2; exit 2; }
[[ "$list" =~ ^[0-9]+$ ]] || { echo "first-dirty: --list $list: want a count" >&2; exit 2; }
[ -f "$run/trace.txt" ] || { echo "first-dirty: $run: no trace.txt" >&2; exit 2; }
[ -f "$run/geometry" ] || { echo "first-dirty: $run: no geometry" >&2; exit 2; }

EXP=$(cd "$(dirname "$0")" && pwd)
# the program; the helpers (field, instance, ...) are instances.awk's
prog='
BEGIN { read_geometry(geo) }
function writer(   w, i) {
	i = instance(pidof_line())
	if (i != "")
		return "dbench on " i
	w = $1; sub(/-[0-9]+$/, "", w); sub(/^ +/, "", w)
	if (w ~ /^kworker/) w = "kworker"
	return w
}
/ tracing_mark_write: wbexp_release *$/ { if (trel == "") trel = $3 + 0; next }
/ tracing_mark_write: wbexp_released / { note_released(); next }
/ sched_process_fork: / {
	note_fork()
	i = instance(field("pid"))
	if (i != "" && trel != "") {
		nfork[i]++; lastfork[i] = $3 + 0 - trel
		if (!(i in firstfork)) firstfork[i] = $3 + 0 - trel
	}
	next
}
/ sched_process_exec: +filename=[^ ]*dbench / {
	i = instance(pidof_line())
	if (i != "" && !(i in texec)) texec[i] = $3 + 0
	next
}
/ writeback_dirty_inode_enqueue: / {
	if (trel == "") next
	t = $3 + 0 - trel
	n_enq++
	for (i = 1; i <= NF; i++)
		if ($i == "dev") { d = $(i + 1); break }
	p = (d in part) ? part[d] : "dev " d
	w = writer()
	if (!match($0, / ino [0-9]+/)) ino = "?"
	else ino = substr($0, RSTART + 5, RLENGTH - 5)
	kind = ($0 ~ / mode 04/) ? "dir" : "file"
	if (n_enq <= nlist)
		shown[n_enq] = sprintf("  %+9.4f s  %-5s ino %-8s %-4s %s (%s)", t, p, ino, kind, w, $1)
	# partitions of the disk only: an inode of another disk (the
	# results disk) is on another bdi_writeback
	if (oldp == "" && (d in part)) { oldp = p; oldw = w }
	if ((d in part) && !((w SUBSEP "first") in firstt)) firstt[w SUBSEP "first"] = t
	if (t <= win) { cnt[w SUBSEP p]++; ws[w] = 1; ps[p] = 1 }
	next
}
/ writeback_sb_written: / {
	if (trel == "" || fwp != "") next
	sb = field("sb"); fwp = (sb in part) ? part[sb] : "dev " sb
	fww = writer(); fwt = $3 + 0 - trel; fwpages = field("pages")
	next
}
END {
	if (trel == "") { print "first-dirty: no wbexp_release mark in the trace" > "/dev/stderr"; exit 2 }
	if (oldp == "") { print "first-dirty: no writeback_dirty_inode_enqueue events on the disk after the release" > "/dev/stderr"; exit 2 }
	printf "release: %.6f s (the wbexp_release mark); times below are from it\n", trel
	ne = 0; for (i in texec) xl[++ne] = i
	for (a = 1; a <= ne; a++) for (b = a + 1; b <= ne; b++) if (xl[b] < xl[a]) { x = xl[a]; xl[a] = xl[b]; xl[b] = x }
	for (a = 1; a <= ne; a++) {
		i = xl[a]; k = "dbench on " i SUBSEP "first"
		printf "dbench on %s: exec %+.4f s; %d forks, %+.4f to %+.4f s; first inode enqueued %s\n", i, texec[i] - trel, \
			nfork[i], firstfork[i], lastfork[i], (k in firstt) ? sprintf("%+.4f s", firstt[k]) : "none"
	}
	printf "\nfirst inodes put on b_dirty (writeback_dirty_inode_enqueue):\n"
	for (i = 1; i <= n_enq && i <= nlist; i++) print shown[i]
	n = 0; for (p in ps) pl[++n] = p
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (pl[j] < pl[i]) { x = pl[i]; pl[i] = pl[j]; pl[j] = x }
	m = 0; for (w in ws) wl[++m] = w
	for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (wl[j] < wl[i]) { x = wl[i]; wl[i] = wl[j]; wl[j] = x }
	printf "\n%-24s", "inodes enqueued in " win " s"
	for (i = 1; i <= n; i++) printf " %8s", pl[i]
	printf "\n"
	for (i = 1; i <= m; i++) {
		printf "%-24s", wl[i]
		for (j = 1; j <= n; j++) printf " %8d", cnt[wl[i] SUBSEP pl[j]]
		printf "\n"
	}
	if (fwp != "")
		printf "\nfirst writeback_sb_written: %+.4f s, %s, %d pages, by %s\n", fwt, fwp, fwpages, fww
	else
		printf "\nno writeback_sb_written after the release\n"
	b1 = oldw; gsub(/ /, "_", b1); b2 = fww; gsub(/ /, "_", b2)
	printf "summary: oldest=%s by=%s first_written=%s by=%s\n", oldp, b1, (fwp == "" ? "-" : fwp), (b2 == "" ? "-" : b2)
}'
awk -v win="$win" -v nlist="$list" -v geo="$run/geometry" -f "$EXP/instances.awk" -f <(printf '%s\n' "$prog") "$run/trace.txt"
