#!/usr/bin/env bash
# Make the sample traces in traces/: one short cell of the real experiment
# (tools/experiment/run.sh with the default scenario, 10 s, per-bdi flusher
# threads, no I/O scheduler), of which the files wbfair reads are kept.
# 10 s and the none scheduler keep every file under 4 MiB: trace.txt is
# mostly balance_dirty_pages events (15 s made 4.2 MiB of it, 10 s 3.9 MiB),
# and bfq would add its own messages to the blktrace, about four times as
# much.
#
#   tools/experiment/sample-traces.sh [OUT_DIR] [--set K=V]...
#
# OUT_DIR defaults to traces/bdi-none. Fails, and keeps nothing, when a
# file would be over 4 MiB. OUT_DIR must be new, empty, or one this script
# wrote (its wbsim.manifest lists everything in it: tools/experiment/
# outdir.sh); else exit 2 before anything runs, deleting nothing. Exit 77
# without a kernel image.
set -euo pipefail
EXP=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$EXP/../.." && pwd)
. "$EXP/outdir.sh"
out=$ROOT/traces/bdi-none
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
	out=$1
	shift
fi
outdir_check sample-traces "$out"
limit=$((4 << 20))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$EXP/run.sh" -o "$tmp/run" --set sim.duration=10 --set writeback.flusher=bdi \
	--set qemu.scheduler=none "$@"
keep=(geometry vmstat.before vmstat.after summary.json experiment.ini scenario.ini trace.txt)
for f in "$tmp"/run/vda.blktrace.* "$tmp"/run/dbench.*.log "$tmp"/run/fio.*.json; do
	[ -f "$f" ] && keep+=("$(basename "$f")")
done
for f in "${keep[@]}"; do
	s=$(stat -c %s "$tmp/run/$f")
	[ "$s" -le $limit ] || { echo "sample-traces: $f is $s bytes, over 4 MiB" >&2; exit 1; }
done
outdir_prepare sample-traces "$out"
for f in "${keep[@]}"; do
	cp "$tmp/run/$f" "$out/"
done
outdir_write_manifest "$out"
echo "sample traces: $out ($(du -sh "$out" | cut -f1))"
