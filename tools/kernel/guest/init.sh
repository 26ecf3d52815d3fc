#!/bin/busybox sh
# /init of every guest of the project: the boot tests' initramfs
# (tools/kernel/boot.sh) and the experiment's read-only root disk
# (tools/experiment/run.sh), both built by tools/kernel/initramfs.sh.
# The common start here; the job is a file beside it, sourced:
#   wbtest=cell     /guest/cell.sh: one cell of the real experiment
#   anything else   /guest/tests.sh: the boot tests (basic when unset)
# Parameters arrive as environment variables: kernel command line words
# the kernel does not know (name=value without a dot) are handed to init.
# Each job ends the guest itself (poweroff or reboot, with -no-reboot
# QEMU exits), after its last RESULT line on the console.
#
# Busybox sh, not bash: no `set -o pipefail` (each job checks what it
# runs and reports FAIL lines instead of exiting: an /init that exits
# panics the kernel and loses the results).

# a read-only root (the experiment's) has its applet links made on the
# host; the initramfs gets them here
/bin/busybox mkdir -p /bin /sbin /usr/bin /usr/sbin 2>/dev/null
/bin/busybox --install -s 2>/dev/null
export PATH=/usr/bin:/usr/sbin:/bin:/sbin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /mnt
mount -t tmpfs tmpfs /results
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null

# the series' events (in the writeback system, beside 6.1's), for
# trace-cmd record: what each job records of them
series_events="-e writeback:writeback_sb_written -e writeback:writeback_flusher_start
	-e writeback:writeback_flusher_exit -e writeback:writeback_pdflush_congested
	-e writeback:writeback_flusher_rescue"

case ${wbtest:-basic} in
cell) . /guest/cell.sh ;;
*) . /guest/tests.sh ;;
esac
