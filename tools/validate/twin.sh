#!/usr/bin/env bash
# The twin scenario of one real run: from the experiment's resolved
# parameters (RUN/experiment.ini, which tools/experiment/run.sh writes: the
# simulator's sections as `wbsim options --dump` resolved them, then
# [qemu]), a scenario `wbsim run` loads as it is, describing the guest the
# run really had rather than the 2009 box the parameters start from:
#   - the disk: QEMU's throttled virtio disk (disk.model = vdisk) of
#     qemu.disk_size, vdisk.bps_total = qemu.bandwidth MiB/s,
#     vdisk.iops_total = qemu.iops; the rest of the device, the request
#     size, the commit and the TCG CPU costs as sim/scenarios/vm61.ini has
#     them (it says why);
#   - the scheduler: qemu.scheduler as the model has it: none -> noop,
#     mq-deadline -> deadline, bfq -> cfq, kyber -> noop (approximations
#     `make validate` names); empty: queue.elevator as it was;
#   - the flusher: writeback.flusher, bdi-fair when qemu.sb_fair = 1;
#   - the filesystem: ext4 (delalloc) -> fs.journal = writeback, ext3
#     (ext4 nodelalloc, data=ordered) -> ordered (vm61.ini says why).
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
grep -q '^\[qemu\]' "$in" || { echo "twin: $in: no [qemu] section: not an experiment's parameters" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

sed '/^\[qemu\]/,$d' "$in" >"$tmp/exp.ini"
declare -A Q
while IFS=$'\t' read -r k v; do Q[$k]=$v; done < <(sed -n '/^\[qemu\]/,$p' "$in" | awk '
	/^[ \t]*([;#]|\[|$)/ { next }
	{ k = $0; sub(/[ \t]*=.*/, "", k); v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]*$/, "", v)
	  printf "%s\t%s\n", k, v }')
"$wbsim" options -c "$tmp/exp.ini" --dump >"$tmp/run.dump" 2>"$tmp/err" ||
	{ echo "twin: $in: $(cat "$tmp/err")" >&2; exit 2; }
"$wbsim" options -c "$ROOT/sim/scenarios/vm61.ini" --dump >"$tmp/twin.dump" || exit 1
get() { # DUMP SECTION.KEY
	awk -v want="$2" '/^\[/ { sec = $0; gsub(/[][ \t]/, "", sec); next }
		/=/ { k = $0; sub(/[ \t]*=.*/, "", k); v = $0; sub(/^[^=]*=[ \t]*/, "", v)
		      if (sec "." k == want) print v }' "$1"
}

sets=()
# the device, request size, commit and CPU costs of the twin
while read -r k; do
	sets+=(--set "$k=$(get "$tmp/twin.dump" "$k")")
done < <(awk '/^\[/ { sec = $0; gsub(/[][ \t]/, "", sec); next }
	/=/ { k = $0; sub(/[ \t]*=.*/, "", k)
	      if ((sec == "disk" && k != "capacity" && k != "partitions") || sec == "vdisk" ||
	          sec "." k ~ /^(queue\.max_sectors_kb|fs\.commit_interval|fs\.cpu_commit|writeback\.cpu_per_page|writeback\.cpu_fork)$/ ||
	          (sec == "dbench" && k ~ /^cpu_/))
		print sec "." k }' "$tmp/twin.dump")

bw=${Q[bandwidth]:-10} iops=${Q[iops]:-0} size=${Q[disk_size]:-4G}
[[ "$bw" =~ ^[0-9]+([.][0-9]+)?$ ]] || { echo "twin: $in: qemu.bandwidth = $bw: want MiB/s" >&2; exit 2; }
[[ "$iops" =~ ^[0-9]+$ ]] || { echo "twin: $in: qemu.iops = $iops: want a count" >&2; exit 2; }
sets+=(--set "disk.capacity=$size" --set "vdisk.bps_total=$(awk -v b="$bw" 'BEGIN { printf "%.0f", b * 1048576 }')"
	--set "vdisk.iops_total=$iops")
case ${Q[scheduler]:-} in
"") ;;
none|kyber) sets+=(--set queue.elevator=noop) ;;
mq-deadline) sets+=(--set queue.elevator=deadline) ;;
bfq) sets+=(--set queue.elevator=cfq) ;;
*) echo "twin: $in: qemu.scheduler = ${Q[scheduler]}: want none, mq-deadline, bfq or kyber" >&2; exit 2 ;;
esac
flusher=$(get "$tmp/run.dump" writeback.flusher)
case ${Q[sb_fair]:-}:$flusher in
1:bdi) sets+=(--set writeback.flusher=bdi-fair) ;;
0:bdi-fair) sets+=(--set writeback.flusher=bdi) ;;
esac
case ${Q[fs]:-ext4} in
ext4) sets+=(--set fs.journal=writeback) ;;
ext3) sets+=(--set fs.journal=ordered) ;;
*) echo "twin: $in: qemu.fs = ${Q[fs]}: want ext4 or ext3" >&2; exit 2 ;;
esac

"$wbsim" options -c "$tmp/exp.ini" "${sets[@]}" --dump >"$tmp/out" 2>"$tmp/err" ||
	{ echo "twin: $in: $(cat "$tmp/err")" >&2; exit 1; }
echo "; the twin of a real run (tools/validate/twin.sh): its guest's throttled"
echo "; virtio disk (vdisk), scheduler and filesystem as the model has them,"
echo "; the rest as the run had it. The run's own parameters: experiment.ini."
echo "; qemu: $(for k in bandwidth iops disk_size fs scheduler sb_fair workload; do printf '%s=%s ' "$k" "${Q[$k]:-}"; done)"
# no silent stand-ins: say what each one leaves out
case ${Q[scheduler]:-} in
none) echo "; scheduler none: modelled by noop" ;;
mq-deadline) echo "; scheduler mq-deadline: approximated by 2.6.30's deadline (not modelled: blk-mq's tags, per-context dispatch)" ;;
bfq) echo "; scheduler bfq: approximated by 2.6.30's CFQ (not modelled: sector budgets, B-WF2Q+, weight raising, injection)" ;;
kyber) echo "; scheduler kyber: approximated by noop (not modelled: token depths, latency targets)" ;;
esac
case ${Q[fs]:-ext4} in
ext4) echo "; ext4 with delayed allocation: not modelled; its writers approximated by fs.journal = writeback (vm61.ini says why)" ;;
ext3) echo "; ext4 nodelalloc, data=ordered: the model's ext3-like ordered mode" ;;
esac
cat "$tmp/out"
