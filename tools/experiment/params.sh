# Sourced by tools/experiment/run.sh: the cell's parameters. wbsim reads
# the scenario files and --set (simargs), [qemu] included, and checks every
# value with file:line errors: no INI is parsed here. Sets S (SECTION.KEY ->
# resolved value: sizes in bytes, times in ns) and the variables the boot
# needs: dur ram_mib cpus clients model sbfair sched dthrottle fs workload
# iops bps disk_bytes fio_bytes psizes (MiB, 0 = the rest) mounts inst
# (vdaN lists) offsets maxoff. Needs bad(), wbsim, work.
# wbsim reads the scenario files and --set, [qemu] included, and checks
# every value (file:line errors): this script parses no INI itself. S maps
# SECTION.KEY to the resolved value (sizes in bytes, times in ns).
"$wbsim" options --experiment "${simargs[@]}" --dump >"$work/resolved.ini" 2>"$work/options.err" &&
	"$wbsim" options --experiment "${simargs[@]}" --dump --flat >"$work/resolved.tsv" 2>>"$work/options.err" || {
	sed 's/^/run.sh: /' "$work/options.err" >&2
	exit 2
}
declare -A S
while IFS=$'\t' read -r k v; do S[$k]=$v; done <"$work/resolved.tsv"

# bytes SIZE: a size in disk.partitions as wbsim reads it (K/M/G/T binary,
# KB/MB/GB/TB decimal); the [qemu] sizes come resolved from wbsim
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
[ -z "${S[qemu.sb_fair]}" ] || sbfair=${S[qemu.sb_fair]}
case ${S[queue.elevator]} in
noop) sched=none ;; deadline) sched=mq-deadline ;; cfq) sched=bfq ;;
esac
[ -z "${S[qemu.scheduler]}" ] || sched=${S[qemu.scheduler]}
dthrottle=${S[qemu.throttle]}
[ "$dthrottle" != era ] || { dthrottle=legacy; [ "$model" != wq ] || dthrottle=ioless; }
fs=${S[qemu.fs]} workload=${S[qemu.workload]} iops=${S[qemu.iops]}
bps=$(awk -v b="${S[qemu.bandwidth]}" 'BEGIN { printf "%.0f", b * 1048576 }')
disk_bytes=${S[qemu.disk_size]} fio_bytes=${S[qemu.fio_size]}
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
[ "$total" -le "$disk_bytes" ] || bad "disk.partitions: ${S[disk.partitions]} is more than qemu.disk_size $disk_bytes bytes"
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
