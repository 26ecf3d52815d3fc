#!/usr/bin/env bash
# Install every Debian package the project needs, idempotently.
#
#   tools/deps.sh           install what is missing (needs root or sudo)
#   tools/deps.sh --check   exit 0 if everything is installed, 1 otherwise
#   tools/deps.sh --list    print the package list
#
# One list, grouped by what needs it. Kernel/VM packages are large; they are
# in the list because `make check` runs the kernel boot test when present.
set -eu

build_pkgs="build-essential pkg-config clang libclang-rt-14-dev libinih-dev libjson-c-dev"
tool_pkgs="blktrace dbench fio trace-cmd gnuplot-nox hyperfine time jq parallel"
# the kernel series (tools/kernel/): tree, build, boot test under QEMU
kernel_pkgs="linux-source-6.1 xz-utils git flex bison bc libelf-dev libssl-dev dwarves ccache"
kernel_pkgs="$kernel_pkgs qemu-system-x86 busybox-static cpio e2fsprogs fdisk kmod file"

pkgs="$build_pkgs $tool_pkgs $kernel_pkgs"

missing() {
	local p out=""
	for p in $pkgs; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
			out="$out $p"
	done
	echo "$out"
}

case "${1:-}" in
--list) echo "$pkgs" | tr ' ' '\n'; exit 0 ;;
--check) [ -z "$(missing)" ]; exit $? ;;
"") ;;
*) echo "usage: $0 [--check|--list]" >&2; exit 2 ;;
esac

need=$(missing)
[ -z "$need" ] && exit 0

echo "deps: installing:$need"
sudo=""
if [ "$(id -u)" != 0 ]; then
	command -v sudo >/dev/null || { echo "deps: need root to install:$need" >&2; exit 1; }
	sudo=sudo
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >/dev/null
# shellcheck disable=SC2086
$sudo apt-get install -y -q --no-install-recommends $need >/dev/null
need=$(missing)
[ -z "$need" ] || { echo "deps: still missing:$need" >&2; exit 1; }
