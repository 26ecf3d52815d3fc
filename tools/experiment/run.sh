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
# Experiment-only keys, section [qemu] of a scenario file or --set qemu.KEY
# (defaults in qemu_defaults below; tools/experiment/experiment.ini is the
# default scenario):
#   bandwidth   MiB/s of the data disk (throttling.bps-total)
#   iops        throttling.iops-total, 0 = none (and QEMU's request merging
#               off, so that the limit counts the guest's requests)
#   disk_size   data disk size (e.g. 4G)
#   fs          ext4 | ext3 (ext4 without extent, flex_bg, uninit_bg,
#               metadata_csum, 64bit, mounted data=ordered,nodelalloc)
#   scheduler   none | mq-deadline | bfq | kyber; empty: from queue.elevator
#   sb_fair     0 | 1; empty: from writeback.flusher
#   workload    dbench | fio (one sequential buffered writer per partition,
#               tools/experiment/fio-write.fio)
#   fio_size    bytes of each fio writer's file
#   throttle    ioless | legacy | era: the guest's vm.dirty_throttle, set
#               at boot (dirty_throttle=); era = legacy for pdflush, bdi
#               and bdi-fair, ioless for wq (the throttling each model's
#               kernel had: IO-less throttling came in 3.2, after wq)
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
set -euo pipefail
EXP=$(cd "$(dirname "$0")" && pwd)
. "$EXP/../kernel/lib.sh"
. "$EXP/outdir.sh"

# The default bandwidth makes the disk the bottleneck: at 60 MiB/s a TCG
# guest on this kind of machine is CPU-bound (96% busy, disk 13-22% busy)
# so the flushers are not under test; at 10 MiB/s the disk is about 90%
# busy and the guest 65-68% in iowait (a trial of this setup, 2 cores, no
# KVM, QEMU 7.2; the smoke test's 20 s cells measured 83-89% busy).
qemu_keys="bandwidth iops disk_size fs scheduler sb_fair workload fio_size throttle"
declare -A Q=([bandwidth]=10 [iops]=0 [disk_size]=4G [fs]=ext4 [scheduler]=""
	[sb_fair]="" [workload]=dbench [fio_size]=256M [throttle]=ioless)

usage() {
	sed -n '/^#   tools\/experiment\/run.sh/,/^#                           \[--timeout/p' "$0" | sed 's/^# \{0,3\}//' >&2
	exit 2
}
bad() { echo "run.sh: $*" >&2; exit 2; }
msg() { echo "experiment: $*" >&2; }
die() { echo "experiment: $*" >&2; exit 1; }

wbsim=${WBSIM:-$KROOT/bin/wbsim}
configs=() sets=() out="" image=$KCACHE/bzImage root="" timeout_s="" check_only=0
while [ $# -gt 0 ]; do
	case "$1" in
	-c) [ $# -ge 2 ] || usage; configs+=("$2"); shift 2 ;;
	--set) [ $# -ge 2 ] || usage; sets+=("$2"); shift 2 ;;
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
[ ${#configs[@]} -gt 0 ] || configs=("$EXP/experiment.ini")
[ -x "$wbsim" ] || die "no $wbsim: run make first"

work=$(mktemp -d "${TMPDIR:-/tmp}/wbsim-exp.XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- parameters --------------------------------------------------------------
# A scenario file's [qemu] section is ours; the rest goes to wbsim as a
# copy whose relative includes point at the original's directory.
simargs=()
i=0
for f in "${configs[@]}"; do
	[ -f "$f" ] || bad "$f: no such scenario file"
	dir=$(cd "$(dirname "$f")" && pwd)
	awk -v dir="$dir" -v q="$work/qemu.$i" -v f="$f" '
		/^[ \t]*\[/ { sec = $0; gsub(/[][ \t]/, "", sec) }
		sec == "qemu" {
			if ($0 ~ /^[ \t]*\[/ || $0 ~ /^[ \t]*([;#]|$)/) { print "" ; next }
			if ($0 !~ /=/) { printf "%s:%d: not KEY = VALUE\n", f, NR > "/dev/stderr"; bad = 1 }
			k = $0; sub(/=.*/, "", k); gsub(/[ \t]/, "", k)
			v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]*$/, "", v)
			printf "%s:%d\t%s\t%s\n", f, NR, k, v > q
			print ""; next
		}
		!sec && /^[ \t]*include[ \t]*=/ {
			v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]*$/, "", v)
			if (v !~ /^\//) v = dir "/" v
			print "include = " v; next
		}
		{ print }
		END { exit bad }' "$f" >"$work/sim.$i.ini" || exit 2
	simargs+=(-c "$work/sim.$i.ini")
	if [ -f "$work/qemu.$i" ]; then
		while IFS=$'\t' read -r where k v; do
			[[ " $qemu_keys " == *" $k "* ]] || bad "$where: unknown key qemu.$k (one of: $qemu_keys)"
			Q[$k]=$v
		done <"$work/qemu.$i"
	fi
	i=$((i + 1))
done
for s in "${sets[@]}"; do
	[[ "$s" == *=* ]] || bad "--set $s: want SECTION.KEY=VALUE"
	k=${s%%=*} v=${s#*=}
	if [[ "$k" == qemu.* ]]; then
		k=${k#qemu.}
		[[ " $qemu_keys " == *" $k "* ]] || bad "--set $s: unknown key qemu.$k (one of: $qemu_keys)"
		Q[$k]=$v
	else
		simargs+=(--set "$s")
	fi
done
"$wbsim" options "${simargs[@]}" --dump >"$work/resolved.ini" 2>"$work/options.err" || {
	sed 's/^/run.sh: /' "$work/options.err" | sed "s|$work/sim\.[0-9]*\.ini|scenario|g" >&2
	exit 2
}
declare -A S
while IFS=$'\t' read -r k v; do S[$k]=$v; done < <(awk '
	/^\[/ { sec = $0; gsub(/[][ \t]/, "", sec); next }
	/=/ { k = $0; sub(/[ \t]*=.*/, "", k); v = $0; sub(/^[^=]*=[ \t]*/, "", v)
	      printf "%s.%s\t%s\n", sec, k, v }' "$work/resolved.ini")

# bytes SIZE: a size as wbsim reads it (K/M/G/T binary, KB/MB/GB/TB decimal)
bytes() {
	local n u
	[[ "$1" =~ ^([0-9]+)([KMGT]?)(B?)$ ]] || return 1
	n=${BASH_REMATCH[1]} u=${BASH_REMATCH[2]}
	local base=1024
	[ -n "${BASH_REMATCH[3]}" ] && [ -n "$u" ] && base=1000
	case $u in
	K) n=$((n * base)) ;; M) n=$((n * base ** 2)) ;;
	G) n=$((n * base ** 3)) ;; T) n=$((n * base ** 4)) ;;
	esac
	echo "$n"
}
isnum() { [[ "$1" =~ ^[0-9]+([.][0-9]+)?$ ]]; }

[ "${S[sim.disks]}" = 1 ] || bad "sim.disks = ${S[sim.disks]}: the experiment has one data disk"
dur_ns=${S[sim.duration]%ns}
[[ "$dur_ns" =~ ^[0-9]+$ ]] && [ $((dur_ns % 1000000000)) = 0 ] && [ "$dur_ns" -gt 0 ] ||
	bad "sim.duration = ${S[sim.duration]}: the experiment needs whole seconds > 0"
dur=$((dur_ns / 1000000000))
ram=${S[vm.ram]}
[ $((ram % 1048576)) = 0 ] && [ "$ram" -ge $((128 << 20)) ] ||
	bad "vm.ram = $ram: QEMU needs whole MiB, at least 128M"
ram_mib=$((ram >> 20))
cpus=${S[vm.cpus]}
clients=${S[dbench.clients]}
case ${S[writeback.flusher]} in
wq|bdi|pdflush) model=${S[writeback.flusher]} sbfair=0 ;;
bdi-fair) model=bdi sbfair=1 ;;
esac
[ -z "${Q[sb_fair]}" ] || sbfair=${Q[sb_fair]}
[[ "$sbfair" =~ ^[01]$ ]] || bad "qemu.sb_fair = ${Q[sb_fair]}: want 0, 1 or empty"
case ${S[queue.elevator]} in
noop) sched=none ;; deadline) sched=mq-deadline ;; cfq) sched=bfq ;;
esac
[ -z "${Q[scheduler]}" ] || sched=${Q[scheduler]}
case $sched in none|mq-deadline|bfq|kyber) ;; *)
	bad "qemu.scheduler = $sched: want none, mq-deadline, bfq or kyber" ;; esac
case ${Q[throttle]} in
ioless|legacy) dthrottle=${Q[throttle]} ;;
era) dthrottle=legacy; [ "$model" != wq ] || dthrottle=ioless ;;
*) bad "qemu.throttle = ${Q[throttle]}: want ioless, legacy or era" ;;
esac
case ${Q[fs]} in ext4|ext3) ;; *) bad "qemu.fs = ${Q[fs]}: want ext4 or ext3" ;; esac
case ${Q[workload]} in dbench|fio) ;; *) bad "qemu.workload = ${Q[workload]}: want dbench or fio" ;; esac
isnum "${Q[bandwidth]}" && [ "$(awk -v b="${Q[bandwidth]}" 'BEGIN { print (b > 0) }')" = 1 ] ||
	bad "qemu.bandwidth = ${Q[bandwidth]}: want MiB/s > 0"
bps=$(awk -v b="${Q[bandwidth]}" 'BEGIN { printf "%.0f", b * 1048576 }')
[[ "${Q[iops]}" =~ ^[0-9]+$ ]] || bad "qemu.iops = ${Q[iops]}: want a count, 0 = no limit"
disk_bytes=$(bytes "${Q[disk_size]}") && [ "$disk_bytes" -ge $((64 << 20)) ] ||
	bad "qemu.disk_size = ${Q[disk_size]}: want a size of at least 64M"
fio_bytes=$(bytes "${Q[fio_size]}") && [ "$fio_bytes" -gt 0 ] ||
	bad "qemu.fio_size = ${Q[fio_size]}: want a size"
for d in dirty_background_ratio dirty_ratio dirty_writeback_centisecs dirty_expire_centisecs; do
	[[ "${S[vm.$d]}" =~ ^[0-9]+$ ]] || bad "vm.$d = ${S[vm.$d]}: want a whole number"
done

# partitions: sizes in MiB (sfdisk aligns to 1 MiB), 0 = the rest
[ -n "${S[disk.partitions]}" ] || bad "disk.partitions is empty: the experiment needs partitions"
IFS=, read -ra ptoks <<<"${S[disk.partitions]}"
[ ${#ptoks[@]} -le 4 ] || bad "disk.partitions: ${#ptoks[@]} partitions, the experiment makes at most 4 primaries"
psizes=() total=$((1 << 20))
for j in "${!ptoks[@]}"; do
	t=${ptoks[$j]// /}
	if [ "$t" = rest ]; then
		[ $j = $((${#ptoks[@]} - 1)) ] || bad "disk.partitions: partition $((j + 1)): 'rest' must be the last"
		psizes+=(0)
		continue
	elif [[ "$t" =~ ^([0-9]+([.][0-9]+)?)%$ ]]; then
		b=$(awk -v p="${BASH_REMATCH[1]}" -v c="$disk_bytes" 'BEGIN { printf "%.0f", p / 100 * c }')
	else
		b=$(bytes "$t") || bad "disk.partitions: partition $((j + 1)): '$t' is not N%, a size or rest"
	fi
	[ $((b >> 20)) -ge 16 ] || bad "disk.partitions: partition $((j + 1)) ($t) is under 16 MiB"
	psizes+=($((b >> 20)))
	total=$((total + (b >> 20 << 20)))
done
[ "$total" -le "$disk_bytes" ] || bad "disk.partitions: ${S[disk.partitions]} is more than qemu.disk_size ${Q[disk_size]}"
[ "${psizes[-1]}" != 0 ] || [ $((disk_bytes - total)) -ge $((16 << 20)) ] ||
	bad "disk.partitions: no space left for 'rest'"

# sdaN -> vdaN
vdnames() { # LIST WHAT
	local n out="" seen=" "
	for n in ${1//,/ }; do
		[[ "$n" =~ ^sda([1-9])$ ]] || bad "$2: '$n' is not a partition sda1..sda${#ptoks[@]}"
		[ "${BASH_REMATCH[1]}" -le ${#ptoks[@]} ] || bad "$2: $n: disk.partitions has ${#ptoks[@]}"
		[[ "$seen" != *" $n "* ]] || bad "$2: $n twice"
		seen="$seen$n "
		out="$out,vda${BASH_REMATCH[1]}"
	done
	[ -n "$out" ] || bad "$2 is empty"
	echo "${out#,}"
}
mounts=$(vdnames "${S[sim.mount]}" sim.mount)
inst=$(vdnames "${S[dbench.instances]:-${S[sim.mount]}}" dbench.instances)
for p in ${inst//,/ }; do
	[[ ",$mounts," == *",$p,"* ]] || bad "dbench.instances: ${p/vda/sda} is not in sim.mount"
done
ninst=$(echo "$inst" | tr , '\n' | wc -l)
offsets=""
IFS=, read -ra otoks <<<"${S[dbench.start_offsets]}"
[ ${#otoks[@]} -le "$ninst" ] || bad "dbench.start_offsets: ${#otoks[@]} offsets for $ninst instances"
for j in $(seq 0 $((ninst - 1))); do
	o=${otoks[$j]:-0}
	o=${o// /}
	isnum "$o" || bad "dbench.start_offsets: '$o' is not a number of seconds"
	offsets="$offsets,$o"
done
offsets=${offsets#,}
maxoff=$(echo "$offsets" | tr , '\n' | sort -g | tail -n 1)

[ -f "$image" ] || { msg "no kernel image $image: make kernel"; exit 77; }
command -v qemu-system-x86_64 >/dev/null || { msg "qemu-system-x86_64 not installed"; exit 77; }
[ $check_only = 0 ] || exit 0
[ -n "$timeout_s" ] || timeout_s=$(awk -v d="$dur" -v o="$maxoff" 'BEGIN { printf "%d", 2 * d + o + 300 }')

# --- disks ---------------------------------------------------------------------
if [ -z "$root" ]; then
	root=$work/root.img
	"$EXP/root.sh" "$root"
fi
[ -f "$root" ] || bad "--root $root: no such image"

# the data disk: partitioned and formatted here (the guest's mkfs would
# spend minutes of the throttled disk on inode tables and the journal);
# no lazy initialisation, so the kernel does not zero tables mid-run
truncate -s "$disk_bytes" "$work/data.img"
{
	echo "label: dos"
	for s in "${psizes[@]}"; do
		if [ "$s" = 0 ]; then echo "type=83"; else echo "size=${s}MiB, type=83"; fi
	done
} | sfdisk -q "$work/data.img" >/dev/null || die "sfdisk on the data image failed"
features=""
[ "${Q[fs]}" = ext3 ] && features="-O ^extent,^flex_bg,^uninit_bg,^metadata_csum,^64bit"
j=1
while read -r start size; do
	mkfs.ext4 -q -F $features -L "vda$j" \
		-E "offset=$((start * 512)),lazy_itable_init=0,lazy_journal_init=0" \
		"$work/data.img" "$((size / 2))k" || die "mkfs.ext4 of partition $j failed"
	j=$((j + 1))
done < <(sfdisk -d "$work/data.img" | sed -n 's/.*start= *\([0-9]*\), *size= *\([0-9]*\).*/\1 \2/p')
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
if [ "${Q[iops]}" != 0 ]; then
	thr="$thr,throttling.iops-total=${Q[iops]}"
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
cmdline="console=ttyS0 tsc=reliable panic=-1 root=/dev/vdc ro init=/init"
cmdline="$cmdline writeback_flusher=$model xflusher=$model xsbfair=$sbfair xsched=$sched"
cmdline="$cmdline xmounts=$mounts xinst=$inst xoffsets=$offsets xdur=$dur xclients=$clients"
cmdline="$cmdline xworkload=${Q[workload]} xfiosize=$fio_bytes xfs=${Q[fs]}"
cmdline="$cmdline xdbr=${S[vm.dirty_background_ratio]} xdr=${S[vm.dirty_ratio]}"
cmdline="$cmdline xdwc=${S[vm.dirty_writeback_centisecs]} xdec=${S[vm.dirty_expire_centisecs]}"
# ioless is the kernel's default: a run that asks for it boots with the
# command line it always had
cmdline="$cmdline xthrottle=$dthrottle"
[ "$dthrottle" = ioless ] || cmdline="$cmdline dirty_throttle=$dthrottle"
msg "$(basename "$out"): flusher=$model sb_fair=$sbfair throttle=$dthrottle scheduler=$sched ${Q[workload]} ${dur}s, $ram_mib MiB, ${Q[bandwidth]} MiB/s"
t0=$(date +%s)
rc=0
timeout --kill-after=10 "$timeout_s" qemu-system-x86_64 \
	-machine pc -accel tcg -m "$ram_mib" -smp "$cpus" \
	-display none -monitor none -no-reboot \
	-serial "file:$out/qemu/console.log" \
	-kernel "$image" -append "$cmdline" "${nomerge[@]}" \
	-drive "file=$work/data.img,format=raw,if=virtio,cache=$cache,aio=threads,$thr" \
	-drive "file=$work/scratch.img,format=raw,if=virtio,cache=unsafe" \
	-drive "file=$root,format=raw,if=virtio,readonly=on" \
	</dev/null >"$out/qemu/qemu.log" 2>&1 || rc=$?
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
debugfs -R "rdump /results $work" "$work/scratch.img" >/dev/null 2>"$work/debugfs.log" &&
	[ -d "$work/results" ] || die "cannot read the results off the scratch disk: $(cat "$work/debugfs.log")"
G=$work/results
mv "$G/geometry" "$G/vmstat.before" "$G/vmstat.after" "$out/"
for f in "$G"/blktrace/vda.blktrace.*; do
	[ -s "$f" ] || continue
	mv "$f" "$out/"
done
ls "$out"/vda.blktrace.0 >/dev/null 2>&1 || die "no blktrace output: $(cat "$G/blktrace.log")"
for p in ${inst//,/ }; do
	if [ "${Q[workload]}" = fio ]; then
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

# experiment.ini: the resolved parameters; `run.sh -c experiment.ini`
# repeats it
{
	echo "; resolved by tools/experiment/run.sh (wbsim options --dump + [qemu])"
	cat "$work/resolved.ini"
	echo
	echo "[qemu]"
	for k in $qemu_keys; do echo "$k = ${Q[$k]}"; done
} >"$out/experiment.ini"
# scenario.ini: the twin, the guest's disk as wbsim models it; `wbsim run
# scenario.ini` predicts this run (tools/validate/twin.sh says how)
WBSIM=$wbsim "$KROOT/tools/validate/twin.sh" "$out/experiment.ini" >"$out/scenario.ini" ||
	msg "cannot write the twin scenario $out/scenario.ini (the run itself is complete)"

# facts of the boot for summary.sh
{
	printf 'model=%q\nsbfair=%q\nsched=%q\nkernel=%q\ncache=%q\nwall=%q\n' \
		"$model" "$sbfair" "$sched" "$(basename "$image")" "$cache" "$((t1 - t0))"
} >"$out/qemu/run.env"
"$EXP/summary.sh" "$out"
