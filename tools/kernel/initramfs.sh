#!/usr/bin/env bash
# Build a guest initramfs: busybox-static, the programs the guest needs
# with their shared libraries found by ldd, and the one guest init:
# tools/kernel/guest/init.sh as /init, the jobs it sources (tests.sh, the
# boot tests; cell.sh, an experiment cell) in /guest.
#
#   tools/kernel/initramfs.sh [--prog PROGRAM]... [--file SRC=DEST]...
#                             [--ext2] OUT
#
# Without options it is the boot-test initramfs: mkfs.ext4 and sfdisk,
# trace-cmd when installed.
#   --prog PROGRAM  also copy PROGRAM (found in PATH or /usr/sbin, /sbin)
#                   to /usr/bin with its libraries; a missing one fails
#   --file SRC=DEST also copy the file SRC to DEST in the image (e.g. a
#                   dbench load file)
#   --ext2          write OUT as an ext2 filesystem image (mke2fs -d)
#                   instead of a gzip'd cpio archive: a read-only root
#                   disk (root=/dev/vdX ro) for a guest whose programs
#                   and data would otherwise sit in its RAM as rootfs
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() {
	echo "usage: $0 [--prog PROGRAM]... [--file SRC=DEST]... [--ext2] OUT" >&2
	exit 2
}
guest=$KROOT/tools/kernel/guest
progs=() files=() default=1 ext2=0
while [ $# -gt 1 ]; do
	case "$1" in
	--prog) progs+=("$2"); default=0; shift 2 ;;
	--file) files+=("$2"); shift 2 ;;
	--ext2) ext2=1; shift ;;
	*) usage ;;
	esac
done
[ $# = 1 ] && [ "${1#-}" = "$1" ] || usage
out=$1
busybox=$(command -v busybox || true)
[ -n "$busybox" ] || kdie "busybox not installed (busybox-static)"
file -L "$busybox" | grep -q 'statically linked' ||
	kdie "$busybox is not static: install busybox-static"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,tmp,mnt,results,lib64}
cp "$busybox" "$root/bin/busybox"

# copy_prog PROGRAM: the program (symlinks resolved) under its own name
# in /usr/bin, and every library ldd names at its host path
copy_prog() {
	local p lib
	p=$(command -v "$1" || PATH=/usr/sbin:/sbin:$PATH command -v "$1") ||
		kdie "$1 not installed"
	cp -L "$p" "$root/usr/bin/$1"
	for lib in $(ldd "$p" | awk '/=> \// { print $3 } /^\t\// { print $1 }'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -Ln "$lib" "$root$lib"
	done
}
copy_prog mkfs.ext4
copy_prog sfdisk
# the boot tests use trace-cmd when it is there
if [ $default = 1 ] && command -v trace-cmd >/dev/null; then
	copy_prog trace-cmd
fi
for p in "${progs[@]}"; do
	copy_prog "$p"
done
for f in "${files[@]}"; do
	src=${f%%=*} dst=${f#*=}
	[ -f "$src" ] && [ "$dst" != "$f" ] || kdie "--file $f: want an existing SRC=DEST"
	mkdir -p "$root$(dirname "$dst")"
	cp -L "$src" "$root$dst"
done
[ -f /etc/mke2fs.conf ] && cp /etc/mke2fs.conf "$root/etc/"
cp "$guest/init.sh" "$root/init"
chmod 755 "$root/init"
mkdir -p "$root/guest"
cp "$guest/tests.sh" "$guest/cell.sh" "$root/guest/"

if [ $ext2 = 1 ]; then
	# a read-only root cannot take `busybox --install` at boot: the
	# applet links are made here, beside (not over) the copied programs
	for a in $("$busybox" --list-full); do
		[ -e "$root/$a" ] || [ -e "$root/usr/bin/${a##*/}" ] ||
			{ mkdir -p "$root/$(dirname "$a")" && ln -s /bin/busybox "$root/$a"; }
	done
	# the content plus a quarter and 16 MiB for the metadata
	kib=$(du -sk "$root" | cut -f1)
	: >"$out.tmp"
	mkdir -p "$root/lost+found"
	mke2fs -q -F -t ext2 -m 0 -E root_owner=0:0 -d "$root" "$out.tmp" \
		"$((kib + kib / 4 + 16384))k" || kdie "mke2fs -d $out failed"
else
	(cd "$root" && find . -print0 | LC_ALL=C sort -z |
		cpio --null -o -H newc --quiet -R 0:0) | gzip -1 >"$out.tmp"
fi
mv "$out.tmp" "$out"
