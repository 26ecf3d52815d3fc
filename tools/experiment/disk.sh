#!/usr/bin/env bash
# The experiment's data disk: a raw image partitioned (DOS label) and each
# partition formatted here, on the host: the guest's mkfs would spend
# minutes of the throttled disk on inode tables and the journal; no lazy
# initialisation, so the kernel does not zero tables mid-run.
#
#   tools/experiment/disk.sh IMAGE BYTES ext4|ext3 MIB...
#
# MIB: each partition's size, 0 = the rest (last only). ext3: ext4 without
# extent, flex_bg, uninit_bg, metadata_csum and 64bit (mounted
# data=ordered,nodelalloc by the guest). IMAGE must not exist.
set -euo pipefail
die() { echo "experiment: $*" >&2; exit 1; }
[ $# -ge 4 ] || { echo "usage: $0 IMAGE BYTES ext4|ext3 MIB..." >&2; exit 2; }
img=$1 disk_bytes=$2 fs=$3
shift 3
psizes=("$@")
[ ! -e "$img" ] || die "$img exists"
truncate -s "$disk_bytes" "$img"
{
	echo "label: dos"
	for s in "${psizes[@]}"; do
		if [ "$s" = 0 ]; then echo "type=83"; else echo "size=${s}MiB, type=83"; fi
	done
} | sfdisk -q "$img" >/dev/null || die "sfdisk on the data image failed"
features=""
[ "$fs" = ext3 ] && features="-O ^extent,^flex_bg,^uninit_bg,^metadata_csum,^64bit"
j=1
while read -r start size; do
	mkfs.ext4 -q -F $features -L "vda$j" \
		-E "offset=$((start * 512)),lazy_itable_init=0,lazy_journal_init=0" \
		"$img" "$((size / 2))k" || die "mkfs.ext4 of partition $j failed"
	j=$((j + 1))
done < <(sfdisk -d "$img" | sed -n 's/.*start= *\([0-9]*\), *size= *\([0-9]*\).*/\1 \2/p')
