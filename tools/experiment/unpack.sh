#!/usr/bin/env bash
# A finished cell's run directory, from the guest's scratch disk: the
# files wbfair reads (geometry, vmstat, blktrace, dbench logs or fio output,
# trace.txt from trace-cmd) at the top, the rest of the guest's /results
# under RUN_DIR/qemu/.
#
#   tools/experiment/unpack.sh SCRATCH_IMAGE RUN_DIR dbench|fio INSTANCES
#
# INSTANCES: the partitions that ran an instance, vda1,vda2,...
set -euo pipefail
die() { echo "experiment: $*" >&2; exit 1; }
[ $# = 4 ] || { echo "usage: $0 SCRATCH_IMAGE RUN_DIR dbench|fio INSTANCES" >&2; exit 2; }
scratch=$1 out=$2 workload=$3 inst=$4
work=$(mktemp -d "${TMPDIR:-/tmp}/wbsim-unpack.XXXXXX")
trap 'rm -rf "$work"' EXIT
debugfs -R "rdump /results $work" "$scratch" >/dev/null 2>"$work/debugfs.log" &&
	[ -d "$work/results" ] || die "cannot read the results off the scratch disk: $(cat "$work/debugfs.log")"
G=$work/results
mv "$G/geometry" "$G/vmstat.before" "$G/vmstat.after" "$out/"
for f in "$G"/blktrace/vda.blktrace.*; do
	[ -s "$f" ] || continue
	mv "$f" "$out/"
done
ls "$out"/vda.blktrace.0 >/dev/null 2>&1 || die "no blktrace output: $(cat "$G/blktrace.log")"
for p in ${inst//,/ }; do
	if [ "$workload" = fio ]; then
		mv "$G/fio.$p.json" "$out/" || die "no fio output of $p: $(cat "$G/fio.$p.out")"
		mv "$G/${p}"_bw.*.log "$out/"
	else
		mv "$G/dbench.$p.log" "$out/"
	fi
done
trace-cmd report -i "$G/trace.dat" >"$out/trace.txt" 2>"$out/qemu/trace-report.log" ||
	die "trace-cmd report failed: $(head -n 5 "$out/qemu/trace-report.log")"
mv "$G/trace.dat" "$out/qemu/"
rm -rf "$G/blktrace"
mv "$G"/* "$out/qemu/"
