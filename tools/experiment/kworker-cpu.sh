#!/usr/bin/env bash
# The CPU time the guest's writeback workers spent per page they wrote,
# from a real run: the tasks' utime + stime (/proc/PID/stat, USER_HZ
# ticks) snapshotted before the release and after the workload
# (RUN/qemu/threads.before, threads.after: tools/kernel/guest/cell.sh),
# and the pages each writeback_sb_written event of the trace says a
# worker wrote (RUN/trace.txt).
#
#   tools/experiment/kworker-cpu.sh [--hz USER_HZ] RUN_DIR
#
# Why: wbsim charges writeback.cpu_per_page to the flusher for each page
# it writes; in a CPU-bound guest that cost, against the flusher's share
# of the one vCPU, decides how much it writes (docs/validation.md). The
# unbound workers (kworker/uN:M) run bdi_wq's work, every bdi's; their
# other work (the results disk's own writeback included) is in their
# time too, so the figure is an upper bound of the data disk's cost.
# The kernel samples task time at each tick (HZ=250), so a figure of a
# few seconds is good to a few percent.
#
# Prints per kind of task (unbound kworkers, bound kworkers, jbd2,
# dbench, the rest) the CPU seconds over the window, then the pages the
# unbound workers wrote per bdi and the microseconds per page.
# Exit: 0, 2 bad argument or a run without the snapshots.
set -euo pipefail
hz=100
usage() { echo "usage: kworker-cpu.sh [--hz USER_HZ] RUN_DIR" >&2; exit 2; }
while [ $# -gt 1 ]; do
	case $1 in
	--hz) hz=$2; shift 2
		[[ $hz =~ ^[1-9][0-9]*$ ]] || { echo "kworker-cpu: --hz $hz: want a positive integer" >&2; exit 2; } ;;
	*) usage ;;
	esac
done
[ $# = 1 ] || usage
run=$1
b=$run/qemu/threads.before a=$run/qemu/threads.after t=$run/trace.txt
for f in "$b" "$a" "$t"; do
	[ -s "$f" ] || { echo "kworker-cpu: $f: missing or empty (a run made before cell.sh kept threads.*?)" >&2; exit 2; }
done
# pid, comm and utime + stime of each line: comm is in parentheses and
# may hold spaces, so fields are counted from the last ')'
ticks() {
	awk 'match($0, /\(.*\)/) {
		comm = substr($0, RSTART + 1, RLENGTH - 2)
		n = split(substr($0, RSTART + RLENGTH), f, " ")
		# after the comm: state is f[1], utime field 14 of the line is f[12]
		if (n < 13) next
		print $1 "\t" comm "\t" (f[12] + f[13])
	}' "$1"
}
awk -F'\t' -v hz="$hz" -v trace="$t" '
	function kind(c) {
		if (c ~ /^kworker\/u/) return "kworker, unbound"
		if (c ~ /^kworker\//) return "kworker, bound"
		if (c ~ /^jbd2\//) return "jbd2"
		if (c ~ /^dbench/) return "dbench"
		return "other"
	}
	FNR == NR { before[$1] = $3; next }
	{ d = $3 - (($1 in before) ? before[$1] : 0); if (d < 0) d = 0; cpu[kind($2)] += d }
	END {
		printf "%-20s %10s\n", "CPU over the window", "s"
		split("kworker, unbound|kworker, bound|jbd2|dbench|other", ks, "|")
		for (i = 1; i <= 5; i++) printf "%-20s %10.2f\n", ks[i], cpu[ks[i]] / hz
		while ((getline l < trace) > 0) {
			if (l !~ /writeback_sb_written:/ || l !~ /^ *kworker\/u/) continue
			bdi = l; sub(/.*writeback_sb_written: *bdi /, "", bdi); sub(/: .*/, "", bdi)
			p = l; sub(/.* pages=/, "", p); sub(/ .*/, "", p)
			pages[bdi] += p; total += p
		}
		printf "\n%-20s %10s\n", "pages written", "by unbound kworkers"
		for (k in pages) printf "bdi %-16s %10d\n", k, pages[k]
		if (total > 0)
			printf "\nCPU per page written: %.1f us (unbound kworkers'"'"' time over all their pages)\n", cpu["kworker, unbound"] / hz / total * 1e6
		else
			print "\nno pages written by unbound kworkers in the trace"
	}' <(ticks "$b") <(ticks "$a")
