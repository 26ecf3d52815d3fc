#!/usr/bin/env bash
# The twin scenario of one real run: from the experiment's resolved
# parameters (RUN/experiment.ini, which tools/experiment/run.sh writes: the
# simulator's sections as `wbsim options --dump` resolved them, then
# [qemu]), a scenario `wbsim run` loads as it is, describing the guest the
# run really had rather than the 2009 box the parameters start from:
#   - the disk: QEMU's throttled virtio disk (disk.model = vdisk) of
#     qemu.disk_size, vdisk.bps_total = qemu.bandwidth MiB/s,
#     vdisk.iops_total = qemu.iops; the rest of the device, the request
#     size and count, the commit and the TCG CPU costs as
#     sim/scenarios/vm61.ini has them (it says why);
#   - the scheduler: qemu.scheduler as the model has it: none -> noop,
#     mq-deadline -> deadline, bfq -> cfq, kyber -> noop (approximations
#     `make validate` names); empty: queue.elevator as it was;
#   - the flusher: writeback.flusher, bdi-fair when qemu.sb_fair = 1;
#   - the throttling: legacy (or era for pdflush, bdi, bdi-fair) ->
#     vm.task_dirty_limit = no and vm.bdi_share = flex, as the kernel
#     series' legacy throttling computes it;
#   - the dirtyable memory: 6.1's (vm.dirtyable = 6.1), every guest's;
#   - the filesystem: ext4 -> ext3.journal = ordered with ext3.delalloc
#     = yes (ext4's delayed allocation), ext3 (ext4 nodelalloc,
#     data=ordered on an ext3-format disk) -> ordered without it, and
#     ext3.allocator = mballoc (ext4's driver allocates for
#     indirect-mapped files too).
# Everything else (memory, CPUs, dirty tunables, partitions, dbench,
# duration, seed) is the run's.
#
#   tools/validate/twin.sh EXPERIMENT_INI >scenario.ini
#
# An older run directory's scenario.ini (the same content, before run.sh
# wrote experiment.ini) works as EXPERIMENT_INI too.
# Exit: 0, 2 bad input, 1 wbsim failed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
wbsim=${WBSIM:-$ROOT/bin/wbsim}
[ $# = 1 ] || { echo "usage: $0 EXPERIMENT_INI" >&2; exit 2; }
in=$1
[ -f "$in" ] || { echo "twin: $in: no such file" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# a file wbsim loads without --experiment has no [qemu] section
! "$wbsim" options -c "$in" --dump >/dev/null 2>&1 ||
	{ echo "twin: $in: no [qemu] section: not an experiment's parameters" >&2; exit 2; }

# wbsim reads both files (the one reader of scenario files) and prints
# SECTION.KEY<TAB>VALUE lines; it checks every [qemu] value too
declare -A R T
"$wbsim" options --experiment -c "$in" --dump --flat >"$tmp/run.tsv" 2>"$tmp/err" ||
	{ echo "twin: $(cat "$tmp/err")" >&2; exit 2; }
while IFS=$'\t' read -r k v; do R[$k]=$v; done <"$tmp/run.tsv"
"$wbsim" options -c "$ROOT/sim/scenarios/vm61.ini" --dump --flat >"$tmp/twin.tsv" || exit 1
keys=()
while IFS=$'\t' read -r k v; do
	T[$k]=$v
	keys+=("$k")
done <"$tmp/twin.tsv"

sets=()
# the device, request size, commit and CPU costs of the twin
for k in "${keys[@]}"; do
	case $k in
	disk.capacity|disk.partitions) ;;
	disk.*|vdisk.*|dbench.cpu_*|queue.max_sectors_kb|queue.nr_requests|queue.mq|\
	sim.timer_slack|sim.sched|ext3.commit_interval|ext3.cpu_commit|\
	writeback.cpu_per_page|writeback.cpu_fork)
		sets+=(--set "$k=${T[$k]}") ;;
	esac
done

sets+=(--set "disk.capacity=${R[qemu.disk_size]}"
	--set "vdisk.bps_total=$(awk -v b="${R[qemu.bandwidth]}" 'BEGIN { printf "%.0f", b * 1048576 }')"
	--set "vdisk.iops_total=${R[qemu.iops]}")
case ${R[qemu.scheduler]} in
"") ;;
none|kyber) sets+=(--set queue.elevator=noop) ;;
mq-deadline) sets+=(--set queue.elevator=deadline) ;;
bfq) sets+=(--set queue.elevator=cfq) ;;
esac
case ${R[qemu.sb_fair]}:${R[writeback.flusher]} in
1:bdi) sets+=(--set writeback.flusher=bdi-fair) ;;
0:bdi-fair) sets+=(--set writeback.flusher=bdi) ;;
esac
# the guest's legacy throttling (the kernel series' 2.6.30/32
# balance_dirty_pages) has no task_dirty_limit(): 6.1 keeps no per-task
# dirtying proportions (mm/page-writeback-legacy.c says so); wq's is
# IO-less, where the model's own wq throttling never asks for it
legacy=0
case ${R[qemu.throttle]}:${R[writeback.flusher]} in
legacy:*|era:pdflush|era:bdi|era:bdi-fair) legacy=1 ;;
esac
# and its wb's share of the limit is 6.1's wb_calc_thresh(): flexible
# proportions (lib/flex_proportions.c), as vm.bdi_share = flex has it
[ $legacy = 0 ] || sets+=(--set vm.task_dirty_limit=no --set vm.bdi_share=flex)
# every guest runs 6.1: its dirty limits are of 6.1's dirtyable memory
# (global_dirtyable_memory(); the series' legacy throttling calls 6.1's
# global_dirty_limits() too)
sets+=(--set vm.dirtyable=6.1)
# The guest's results disk (vdb, unthrottled: tools/experiment/run.sh),
# where trace-cmd and blktrace write what they record, completes page-cache
# writeback in the same flexible proportions as the data disk and so takes
# part of its share of the dirty limit (docs/validation.md). What they
# write follows what they record, 93-97% of it balance_dirty_pages
# events with a pause: per such event (summary.json's
# throttle_events_total) the results disk wrote, whole runs, in the era
# runs with traces (runs/era, r1 of each bdi cell and a fourth wq-none-o2
# run): 355-369 bytes under IO-less throttling (6.1's event, 15 fields;
# the legacy one's, 8 fields: 140-143, 177-188 when bfq's larger
# blktrace comes on top). So the rate is the run's
# events times that, over its length. Only where the twin throttles as
# 6.1 does (wq): under the model's legacy throttling the lower share sets
# the dirtiers writing whole chunks (in bdi-none-o2's twin 37.7 MB in
# the first 120 s, 25.2 without it, the guest's 2.9: its dirtiers wrote
# 30-184 of the 1,536 pages asked), an error of its own that the lower
# share would compound (docs/validation.md)
summary=$(dirname "$in")/summary.json
ow_note="no summary.json beside the parameters: not modelled"
if [ "${R[writeback.flusher]}" != wq ]; then
	ow_note="not modelled under the model's legacy throttling (twin.sh says why)"
elif [ -f "$summary" ] && command -v jq >/dev/null &&
	ev=$(jq -er '.throttle_events_total | numbers' "$summary" 2>/dev/null) &&
	el=$(jq -er '.elapsed_s | numbers | select(. > 0)' "$summary" 2>/dev/null); then
	per=362
	ow=$(awk -v e="$ev" -v p="$per" -v s="$el" 'BEGIN { printf "%.0f", e * p / s }')
	sets+=(--set "vm.other_writeout=$ow")
	ow_note="$ev throttled balance_dirty_pages events x $per bytes over $el s: $ow bytes/s"
fi
case ${R[qemu.fs]} in
ext4) sets+=(--set ext3.journal=ordered --set ext3.delalloc=yes) ;;
# an ext3-format disk under ext4's driver: mballoc's indirect-block path
ext3) sets+=(--set ext3.journal=ordered --set ext3.delalloc=no --set ext3.allocator=mballoc) ;;
esac

"$wbsim" options --experiment=drop -c "$in" "${sets[@]}" --dump >"$tmp/out" 2>"$tmp/err" ||
	{ echo "twin: $in: $(cat "$tmp/err")" >&2; exit 1; }
echo "; the twin of a real run (tools/validate/twin.sh): its guest's throttled"
echo "; virtio disk (vdisk), scheduler and filesystem as the model has them,"
echo "; the rest as the run had it. The run's own parameters: experiment.ini."
echo "; qemu: $(for k in bandwidth iops disk_size fs scheduler sb_fair throttle workload; do printf '%s=%s ' "$k" "${R[qemu.$k]}"; done)"
# no silent stand-ins: say what each one leaves out
case ${R[qemu.scheduler]} in
none) echo "; scheduler none: modelled by noop" ;;
mq-deadline) echo "; scheduler mq-deadline: approximated by 2.6.30's deadline (not modelled: blk-mq's per-context dispatch)" ;;
bfq) echo "; scheduler bfq: approximated by 2.6.30's CFQ (not modelled: sector budgets, B-WF2Q+, weight raising, injection)" ;;
kyber) echo "; scheduler kyber: approximated by noop (not modelled: token depths, latency targets)" ;;
esac
# the model's bdi loop is 2.6.32's, pdflush's 2.6.30's; the series has
# them so since 2026-12-06 (before, 2.6.30's under every model: the era
# matrix's bdi cells of docs/evidence/era-matrix ran that)
if [ $legacy = 1 ]; then
	case ${R[writeback.flusher]} in
	pdflush) v=2.6.30 ;;
	*) v=2.6.32 ;;
	esac
	echo "; legacy throttling: the model's $v balance_dirty_pages without task_dirty_limit(), as the kernel series has it"
elif [ "${R[writeback.flusher]}" != wq ]; then
	# the model gives IO-less throttling to wq only: say so, no silent
	# stand-in (tools/validate/era.sh marks such a cell)
	echo "; IO-less throttling under ${R[writeback.flusher]}: not modelled (the model's ${R[writeback.flusher]} has its era's balance_dirty_pages, where the dirtier writes)"
fi
echo "; the results disk's writeback (vm.other_writeout): $ow_note"
case ${R[qemu.fs]} in
ext4) echo "; ext4 data=ordered with delayed allocation: ordered + delalloc (not modelled: extents, mballoc's extent path, flex_bg)" ;;
ext3) echo "; ext4 nodelalloc, data=ordered on an ext3-format disk: the model's ordered mode, ext4's mballoc on indirect-mapped files (the disk was made without extents and flex_bg, as the model has it)" ;;
esac
cat "$tmp/out"
