#!/usr/bin/env bash
# One cell of the real experiment: boot the patched kernel under QEMU with
# a throttled two-partition disk, run dbench (or fio) on the partitions
# from one barrier, trace the whole disk with blktrace and the writeback
# events with trace-cmd, and unpack everything into a run directory with
# the layout wbsim writes and wbfair reads (analysis/README.md).
#
#   tools/experiment/run.sh [-c SCENARIO]... [--set SECTION.KEY=VALUE]...
#                           -o RUN_DIR [--kernel IMAGE] [--root IMAGE]
#                           [--timeout SECONDS] [--check-only]
#
# Parameters are a simulator scenario's (`wbsim options` lists them, the
# same files and --set), resolved and checked by `wbsim options --dump`;
# the ones the experiment uses:
#   vm.ram -> qemu -m, vm.cpus -> -smp, vm.dirty_* -> the guest's sysctls,
#   sim.duration (whole seconds), dbench.clients, dbench.start_offsets,
#   disk.partitions (N%, sizes or rest, of qemu.disk_size), sim.mount and
#   dbench.instances (sdaN is the guest's vdaN; one disk),
#   writeback.flusher: wq, bdi, pdflush; bdi-fair = bdi with
#     vm.writeback_sb_fair=1,
#   queue.elevator: noop -> none, deadline -> mq-deadline, cfq -> bfq (the
#     multi-queue schedulers of 6.1 closest to the 2009 ones).
# Experiment-only keys: section [qemu] of a scenario file or --set qemu.KEY,
# read and checked by wbsim like every other section; `wbsim options
# --experiment` lists them with defaults and help (the table is
# sim/cmd/experiment.c; tools/experiment/experiment.ini is the default
# scenario): bandwidth, iops, disk_size, fs, scheduler, sb_fair, workload,
# fio_size, throttle.
#
# --check-only checks the parameters and exits (0, 2, or 77 without a
# kernel image or QEMU).
# RUN_DIR must be new, empty, or a run directory this script wrote (its
# wbsim.manifest lists everything in it, tools/experiment/outdir.sh); a
# reused one loses exactly the listed files. Anything else, such as
# `-o .` in a work tree, exits 2 before any check that needs a kernel,
# deleting nothing.
# --root IMAGE uses a root disk made by tools/experiment/root.sh (the
# matrix makes one for all its cells) instead of making one.
# Exit: 0 done, 2 bad parameters, 77 no kernel image or QEMU, 1 failure.
# The jobs, one file each: params.sh (the parameters, read by wbsim),
# disk.sh (the data disk image), the boot here (kqemu of
# tools/kernel/lib.sh, the launcher the boot tests use too), unpack.sh
# (the run directory from the scratch disk), summary.sh (summary.json).
set -euo pipefail
EXP=$(cd "$(dirname "$0")" && pwd)
. "$EXP/../kernel/lib.sh"
. "$EXP/outdir.sh"

# The default bandwidth makes the disk the bottleneck: at 60 MiB/s a TCG
# guest on this kind of machine is CPU-bound (96% busy, disk 13-22% busy)
# so the flushers are not under test; at 10 MiB/s the disk is about 90%
# busy and the guest 65-68% in iowait (a trial of this setup, 2 cores, no
# KVM, QEMU 7.2; the smoke test's 20 s cells measured 83-89% busy).
# (the [qemu] table: sim/cmd/experiment.c; `wbsim options --experiment`)

usage() {
	sed -n '/^#   tools\/experiment\/run.sh/,/^#                           \[--timeout/p' "$0" | sed 's/^# \{0,3\}//' >&2
	exit 2
}
bad() { echo "run.sh: $*" >&2; exit 2; }
msg() { echo "experiment: $*" >&2; }
die() { echo "experiment: $*" >&2; exit 1; }

wbsim=${WBSIM:-$KROOT/bin/wbsim}
simargs=() out="" image=$KCACHE/bzImage root="" timeout_s="" check_only=0 nconf=0
while [ $# -gt 0 ]; do
	case "$1" in
	-c) [ $# -ge 2 ] || usage; simargs+=(-c "$2"); nconf=$((nconf + 1)); shift 2 ;;
	--set) [ $# -ge 2 ] || usage; simargs+=(--set "$2"); shift 2 ;;
	-o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	--kernel) [ $# -ge 2 ] || usage; image=$2; shift 2 ;;
	--root) [ $# -ge 2 ] || usage; root=$2; shift 2 ;;
	--timeout) [ $# -ge 2 ] || usage; timeout_s=$2; shift 2 ;;
	--check-only) check_only=1; shift ;;
	-h|--help) usage ;;
	*) bad "unknown argument '$1' (see --help)" ;;
	esac
done
[ -n "$out" ] || [ $check_only = 1 ] || bad "-o RUN_DIR is required"
[ -z "$out" ] || outdir_check run.sh "$out"
[ $nconf -gt 0 ] || simargs=(-c "$EXP/experiment.ini" "${simargs[@]}")
[ -x "$wbsim" ] || die "no $wbsim: run make first"

work=$(mktemp -d "${TMPDIR:-/tmp}/wbsim-exp.XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- parameters --------------------------------------------------------------
. "$EXP/params.sh"

kqemu_ready "$image" || exit 77
[ $check_only = 0 ] || exit 0
[ -n "$timeout_s" ] || timeout_s=$(awk -v d="$dur" -v o="$maxoff" 'BEGIN { printf "%d", 2 * d + o + 300 }')

# --- disks ---------------------------------------------------------------------
if [ -z "$root" ]; then
	root=$work/root.img
	"$EXP/root.sh" "$root"
fi
[ -f "$root" ] || bad "--root $root: no such image"
"$EXP/disk.sh" "$work/data.img" "$disk_bytes" "$fs" "${psizes[@]}"
truncate -s 2G "$work/scratch.img"

# cache=none (O_DIRECT): the host's page cache would absorb the guest's
# writes and release them later, out of step with the throttle; it needs a
# filesystem that allows O_DIRECT, which tmpfs did not before Linux 6.6
cache=none
dd if=/dev/zero of="$work/odirect" bs=4096 count=1 oflag=direct 2>/dev/null || {
	cache=writeback
	msg "$work does not allow O_DIRECT: the data disk uses cache=writeback (set TMPDIR elsewhere)"
}
rm -f "$work/odirect"
thr="throttling.bps-total=$bps"
nomerge=()
if [ "$iops" != 0 ]; then
	thr="$thr,throttling.iops-total=$iops"
	# QEMU's virtio-blk merges contiguous requests of one batch before the
	# throttle counts them: the guest then completes more requests a
	# second than the limit (seen: 24 in one second, 11.5 a second on
	# average, at iops=10). One guest request, one disk operation: as a
	# 2009 disk served them. (Bandwidth counts bytes; merging is harmless
	# there, so the matrix, which sets no IOPS limit, keeps it.)
	nomerge=(-global virtio-blk-pci.request-merging=off)
fi

# --- boot ----------------------------------------------------------------------
outdir_prepare run.sh "$out"
mkdir "$out/qemu"
out=$(cd "$out" && pwd)
# everything in RUN_DIR from here on is this run's: listed on any exit,
# so a failed run's directory can be reused too
trap 'outdir_write_manifest "$out"; rm -rf "$work"' EXIT
cmdline="console=ttyS0 tsc=reliable panic=-1 root=/dev/vdc ro init=/init wbtest=cell"
cmdline="$cmdline writeback_flusher=$model xflusher=$model xsbfair=$sbfair xsched=$sched"
cmdline="$cmdline xmounts=$mounts xinst=$inst xoffsets=$offsets xdur=$dur xclients=$clients"
cmdline="$cmdline xworkload=$workload xfiosize=$fio_bytes xfs=$fs"
cmdline="$cmdline xdbr=${S[vm.dirty_background_ratio]} xdr=${S[vm.dirty_ratio]}"
cmdline="$cmdline xdwc=${S[vm.dirty_writeback_centisecs]} xdec=${S[vm.dirty_expire_centisecs]}"
# ioless is the kernel's default: a run that asks for it boots with the
# command line it always had
cmdline="$cmdline xthrottle=$dthrottle"
[ "$dthrottle" = ioless ] || cmdline="$cmdline dirty_throttle=$dthrottle"
msg "$(basename "$out"): flusher=$model sb_fair=$sbfair throttle=$dthrottle scheduler=$sched $workload ${dur}s, $ram_mib MiB, ${S[qemu.bandwidth]} MiB/s"
t0=$(date +%s)
rc=0
kqemu "$timeout_s" "$out/qemu/console.log" "$out/qemu/qemu.log" \
	-m "$ram_mib" -smp "$cpus" \
	-kernel "$image" -append "$cmdline" "${nomerge[@]}" \
	-drive "file=$work/data.img,format=raw,if=virtio,cache=$cache,aio=threads,$thr" \
	-drive "file=$work/scratch.img,format=raw,if=virtio,cache=unsafe" \
	-drive "file=$root,format=raw,if=virtio,readonly=on" || rc=$?
t1=$(date +%s)
echo "$((t1 - t0))" >"$out/qemu/wall_seconds"
if [ $rc = 124 ] || [ $rc = 137 ]; then
	die "timeout after ${timeout_s}s; console: $out/qemu/console.log"
fi
grep -aq '^WBEXP-RESULT: PASS' "$out/qemu/console.log" ||
	die "guest failed (qemu exit $rc): $(grep -a '^WBEXP' "$out/qemu/console.log" | tail -n 3)"
reports='WARNING:|BUG:|Oops|INFO: task .* blocked for more than|soft lockup'
if grep -aE "$reports" "$out/qemu/console.log" >"$work/reports"; then
	head -n 20 "$work/reports" >&2
	die "kernel reports on the console: $out/qemu/console.log"
fi
# A failed __GFP_NORETRY allocation prints a Call Trace too (warn_alloc):
# trace-cmd's splice of the ring buffer meets it in a 384 MiB guest full
# of dirty page cache, and retries. Such reports are counted in
# summary.json (alloc_failures); any other Call Trace fails the run.
ncalls=$(grep -ac 'Call Trace:' "$out/qemu/console.log" || true)
nalloc=$(grep -ac 'page allocation failure' "$out/qemu/console.log" || true)
[ "$ncalls" -le "$nalloc" ] ||
	die "kernel reports on the console: $((ncalls - nalloc)) call traces besides allocation failures: $out/qemu/console.log"

# --- the run directory ---------------------------------------------------------
"$EXP/unpack.sh" "$work/scratch.img" "$out" "$workload" "$inst"

# experiment.ini: the resolved parameters; `run.sh -c experiment.ini`
# repeats it
{
	echo "; resolved by tools/experiment/run.sh (wbsim options --experiment --dump)"
	cat "$work/resolved.ini"
} >"$out/experiment.ini"

# facts of the boot for summary.sh
{
	printf 'model=%q\nsbfair=%q\nsched=%q\nkernel=%q\ncache=%q\nwall=%q\n' \
		"$model" "$sbfair" "$sched" "$(basename "$image")" "$cache" "$((t1 - t0))"
} >"$out/qemu/run.env"
"$EXP/summary.sh" "$out"
# scenario.ini: the twin, the guest's disk as wbsim models it; `wbsim run
# scenario.ini` predicts this run (tools/validate/twin.sh says how). After
# summary.sh: the twin reads the run's throttled events from summary.json
# (the results disk's writeback)
WBSIM=$wbsim "$KROOT/tools/validate/twin.sh" "$out/experiment.ini" >"$out/scenario.ini" ||
	msg "cannot write the twin scenario $out/scenario.ini (the run itself is complete)"
