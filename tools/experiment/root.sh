#!/usr/bin/env bash
# Build the experiment guest's root disk: an ext2 image (read-only in the
# guest) with busybox, dbench and its load file, blktrace, trace-cmd, fio
# and its job file, mkfs.ext2 and debugfs with their libraries, and the
# guest init (tools/kernel/guest/init.sh; run.sh boots it with wbtest=cell,
# for which it runs cell.sh). A disk rather than an initramfs:
# the programs, libraries and dbench's 26 MB client.txt come to about
# 110 MB, which as rootfs would sit in the guest's RAM (384 MB in the
# default scenario) beside the page cache under test; on a disk they are
# reclaimable page cache like on the 2009 machines.
#
#   tools/experiment/root.sh OUT.img
set -euo pipefail
EXP=$(cd "$(dirname "$0")" && pwd)
[ $# = 1 ] || { echo "usage: $0 OUT.img" >&2; exit 2; }
loadfile=/usr/share/dbench/client.txt
[ -f $loadfile ] || { echo "experiment: no $loadfile (package dbench)" >&2; exit 1; }
exec "$EXP/../kernel/initramfs.sh" --ext2 \
	--prog dbench --prog blktrace --prog trace-cmd --prog fio \
	--prog mkfs.ext2 --prog debugfs \
	--file "$loadfile=$loadfile" \
	--file "$EXP/fio-write.fio=/etc/wbsim/fio-write.fio" "$1"
