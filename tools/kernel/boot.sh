#!/usr/bin/env bash
# Boot a kernel under QEMU (TCG) with the test initramfs and two virtio
# disks: vda (data, 1 GiB raw, partitioned by the guest) and vdb (results,
# a tar archive written by the guest). The guest test is
# tools/kernel/guest/tests.sh (run by the guest init, init.sh); its
# parameters are NAME=VALUE words on the
# kernel command line, which the kernel hands to /init as environment.
#
#   tools/kernel/boot.sh [--debug] [--kernel IMAGE] [--out DIR]
#                        [--timeout SECONDS] [ARG...]
#
# ARG...: extra kernel command line words, e.g. wbtest=models wbmodel=bdi
# writeback_flusher=bdi. --out keeps console.log and results/ in DIR
# (default: a temporary directory, removed). Exit 0 when the guest printed
# WBSIM-RESULT: PASS and the console shows no kernel warning, BUG, oops,
# lockdep report or hung task; 1 otherwise; 77 when no image is built.
# WBSIM_QEMU_MEM (MiB, default 512) and WBSIM_QEMU_SMP (default 1) size
# the guest. WBSIM_QEMU_SLOW_DISKS="N BYTES_PER_S" adds N disks (vdc,
# vdd, ...; 256 MiB each) whose writes QEMU throttles to BYTES_PER_S, so
# that one writeback pass over them takes long (kernel_boot_pool).
# WBSIM_QEMU_DATA_BPS=BYTES_PER_S throttles vda's writes the same way, so
# that how long writeback takes is set by host time, not by how fast the
# host is (kernel_boot_sbfair's chunk order).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

image="" out="" timeout_s=600 debug=0
while [ $# -gt 0 ]; do
	case "$1" in
	--debug) debug=1; shift ;;
	--kernel) image=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--timeout) timeout_s=$2; shift 2 ;;
	--) shift; break ;;
	-*) echo "usage: $0 [--debug] [--kernel IMAGE] [--out DIR] [--timeout S] [ARG...]" >&2; exit 2 ;;
	*) break ;;
	esac
done
if [ -z "$image" ]; then
	image=$KCACHE/bzImage
	[ $debug = 1 ] && image=$KCACHE/bzImage-debug
fi
kqemu_ready "$image" || exit 77

keep=1
if [ -z "$out" ]; then
	out=$(mktemp -d)
	keep=0
fi
mkdir -p "$out"
work=$(mktemp -d)
cleanup() {
	rm -rf "$work"
	[ $keep = 1 ] || rm -rf "$out"
}
trap cleanup EXIT

"$KROOT/tools/kernel/initramfs.sh" "$work/initramfs.cpio.gz"
truncate -s 1G "$work/data.img"
truncate -s 64M "$work/results.img"
slow=()
if [ -n "${WBSIM_QEMU_SLOW_DISKS:-}" ]; then
	read -r nslow bps <<<"$WBSIM_QEMU_SLOW_DISKS"
	for ((i = 0; i < nslow; i++)); do
		truncate -s 256M "$work/slow$i.img"
		slow+=(-drive "file=$work/slow$i.img,format=raw,if=virtio,cache=unsafe,throttling.bps-write=$bps")
	done
fi

data_throttle=""
[ -n "${WBSIM_QEMU_DATA_BPS:-}" ] && data_throttle=",throttling.bps-write=$WBSIM_QEMU_DATA_BPS"

t0=$(date +%s)
rc=0
kqemu "$timeout_s" "$out/console.log" "$out/qemu.log" \
	-m "${WBSIM_QEMU_MEM:-512}" -smp "${WBSIM_QEMU_SMP:-1}" \
	-kernel "$image" -initrd "$work/initramfs.cpio.gz" \
	-append "console=ttyS0 tsc=reliable panic=-1 $*" \
	-drive "file=$work/data.img,format=raw,if=virtio,cache=unsafe$data_throttle" \
	-drive "file=$work/results.img,format=raw,if=virtio,cache=unsafe" \
	"${slow[@]}" || rc=$?
t1=$(date +%s)
mkdir -p "$out/results"
tar -xf "$work/results.img" -C "$out/results" 2>/dev/null || true

grep -a '^WBSIM' "$out/console.log" || true
status=0
if [ $rc = 124 ] || [ $rc = 137 ]; then
	kmsg "timeout after ${timeout_s}s"
	status=1
elif ! grep -aq '^WBSIM-RESULT: PASS' "$out/console.log"; then
	kmsg "guest test did not pass (qemu exit $rc)"
	status=1
fi
# Kernel reports that fail the run whatever the guest said. The guest
# checks nothing of this itself: the console has every printk.
reports='WARNING:|BUG:|Oops|Call Trace:|possible circular locking|inconsistent lock state|possible recursive locking|suspicious RCU usage|INFO: task .* blocked for more than|soft lockup|DEBUG_LOCKS_WARN_ON|ODEBUG:'
if grep -aE "$reports" "$out/console.log" >"$work/reports"; then
	kmsg "kernel reports on the console:"
	head -n 20 "$work/reports" >&2
	status=1
fi
kmsg "boot test took $((t1 - t0)) s ($(basename "$image") $*)"
if [ $status != 0 ]; then
	kmsg "console tail:"
	tail -n 40 "$out/console.log" >&2
fi
exit $status
