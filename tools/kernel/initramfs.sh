#!/usr/bin/env bash
# Build the boot-test initramfs: busybox-static, the programs the guest
# test needs (mkfs.ext4 and sfdisk always, trace-cmd when installed) with
# their shared libraries found by ldd, and tools/kernel/guest/init.sh as
# /init.
#
#   tools/kernel/initramfs.sh OUT.cpio.gz
set -eu
. "$(dirname "$0")/lib.sh"

[ $# = 1 ] || { echo "usage: $0 OUT.cpio.gz" >&2; exit 2; }
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
if command -v trace-cmd >/dev/null; then
	copy_prog trace-cmd
fi
[ -f /etc/mke2fs.conf ] && cp /etc/mke2fs.conf "$root/etc/"
cp "$KROOT/tools/kernel/guest/init.sh" "$root/init"
chmod 755 "$root/init"

(cd "$root" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc --quiet -R 0:0) | gzip -1 >"$out.tmp"
mv "$out.tmp" "$out"
