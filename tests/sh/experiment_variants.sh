#!/usr/bin/env bash
# The experiment's parameters that the matrix leaves at their defaults, in
# one 10 s cell (pdflush, no scheduler, 5 clients per instance):
#   - qemu.fs=ext3: both partitions formatted without extents, flex_bg and
#     uninit_bg (debugfs in the guest) and mounted nodelalloc;
#   - dbench.start_offsets=0,0.5: the guest was asked for 0 and 0.5 s and
#     applied them: by its own clock (trace markers), vda2 waited at least
#     0.5 s after its release and vda1 did not wait (check_starts). The
#     wall-time gap of the two execs depends on when the host runs the
#     vCPUs (35 ms late on a busy CI machine): printed, not asserted;
#   - qemu.iops=10: QEMU's leaky bucket holds the disk to 10 requests a
#     second. The bandwidth limit alone lets 10 to 35 data requests a
#     second through (traces/bdi-none: mostly writeback requests of up to
#     512 KiB, 10 MiB/s), so 10 binds. The bucket's burst is a tenth of
#     the rate and completions are timed by the guest, which can move a
#     request across a second's boundary: a 1 s window may hold more than
#     10, so the check is 10 + 50% in any second and 10 a second (plus
#     the burst) over the seconds in which the disk was busy;
#   - vm.cpus=2: the guest has two CPUs (cpu1 in /proc/stat, a blktrace
#     file per CPU) and the per-CPU traces still add up to the guest's own
#     sector counts (check_run).
# Skips without a built kernel and in the sanitizer pass.
. tests/shlib.sh
. tools/kernel/testlib.sh
. tools/experiment/testlib.sh
experiment_or_skip
need blkparse

iops=10
d=$TMP/v
tools/experiment/run.sh -o "$d" --set sim.duration=10 --set dbench.clients=5 \
	--set writeback.flusher=pdflush --set queue.elevator=noop \
	--set qemu.fs=ext3 --set qemu.iops=$iops --set dbench.start_offsets=0,0.5 \
	--set vm.cpus=2 >"$TMP/run.log" 2>&1 ||
	fail "run.sh exited $?: $(tail -n 3 "$TMP/run.log")"
[ -f "$d/summary.json" ] || { cat "$TMP/run.log" >&2; done_test; }
check_run "$d" pdflush 0 none dbench

# ext3 flavour: features as formatted, options as mounted
for p in vda1 vda2; do
	feat=$(sed -n "s/^$p Filesystem features://p" "$d/qemu/filesystems.txt")
	[ -n "$feat" ] || fail "$p: no features in filesystems.txt"
	echo " $feat " | grep -q ' has_journal ' || fail "$p: no journal: $feat"
	for f in extent flex_bg uninit_bg metadata_csum 64bit; do
		echo " $feat " | grep -q " $f " && fail "$p: ext3 flavour has $f: $feat"
	done
	grep -q "^$p mount: /dev/$p /mnt/$p ext4 .*nodelalloc" "$d/qemu/filesystems.txt" ||
		fail "$p: not mounted nodelalloc: $(grep "^$p mount" "$d/qemu/filesystems.txt")"
done
echo "  $(tr '\n' ' ' <"$d/qemu/filesystems.txt" | cut -c1-300)"

# start offsets: asked 0 and 0.5 s, applied by the guest (check_run's
# check_starts); here, that the delays are the two partitions' own
[ "$(jq -c '[.instances[] | {partition, offset_s}] | sort_by(.partition)' "$d/summary.json")" = \
	'[{"partition":"vda1","offset_s":0},{"partition":"vda2","offset_s":0.5}]' ] ||
	fail "offsets in summary.json: $(jq -c '.instances' "$d/summary.json")"
jq -e '[.instances[] | select(.partition == "vda1") | .delay_s][0] < 0.5' "$d/summary.json" >/dev/null ||
	fail "vda1, asked for no offset, waited: $(jq -c '.instances' "$d/summary.json")"
gap=$(jq '[.instances[] | select(.partition == "vda2") | .exec_s][0] -
	[.instances[] | select(.partition == "vda1") | .exec_s][0]' "$d/summary.json")
echo "  start gap $gap s (wall time of the execs, information only)"

# IOPS limit: data requests completed per second of the trace
blkparse -i vda -D "$d" -q -f '%a %T %n\n' 2>/dev/null |
	awk '$1 == "C" && $3 > 0 { n[$2]++ } END { for (s in n) print s, n[s] }' |
	sort -n >"$TMP/iops"
read -r secs maxs busy total < <(awk -v l=$iops '
	{ secs++; if ($2 > max) max = $2; if ($2 >= l / 2) { busy++; tot += $2 } }
	END { printf "%d %d %d %d\n", secs, max, busy, tot }' "$TMP/iops")
[ "$secs" -gt 5 ] || fail "only $secs seconds with completions"
[ "$maxs" -le $((iops + iops / 2)) ] || fail "$maxs requests completed in one second, limit $iops"
[ "$busy" -gt 0 ] && [ "$total" -le $((busy * iops + iops / 10 + 1)) ] ||
	fail "$total requests in $busy busy seconds: over $iops a second"
echo "  iops: max $maxs in a second, $total in $busy busy seconds (limit $iops)"

# two vCPUs
grep -q '^cpu1 ' "$d/qemu/stat.before" || fail "the guest has no cpu1"
[ -s "$d/vda.blktrace.1" ] || fail "no blktrace file of CPU 1"
done_test
