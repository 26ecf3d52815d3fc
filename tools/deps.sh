#!/usr/bin/env bash
# Install the Debian packages the project needs, idempotently, by group:
#
#   run     the simulator: compiler, its libraries (inih, json-c), dbench's
#           loadfile, gnuplot for the plots (`make run`, `make validate`)
#   test    what the tests and benchmarks add (clang for fuzzing, blktrace,
#           fio, trace-cmd, hyperfine, jq, GNU parallel ...)
#   kernel  the kernel series and the QEMU guests (linux-source-6.1, build
#           tools, qemu-system-x86, busybox ...): large; only the kernel and
#           experiment targets and `make check` (which runs the boot tests)
#           ask for it
#
#   tools/deps.sh [GROUP]...          install what is missing (root or sudo);
#                                     no GROUP: all three (`make check`)
#   tools/deps.sh --check [GROUP]...  exit 0 if installed, 1 otherwise
#   tools/deps.sh --list [GROUP]...   print the package list
set -euo pipefail

run_pkgs="build-essential pkg-config libinih-dev libjson-c-dev dbench gnuplot-nox"
test_pkgs="clang libclang-rt-14-dev blktrace fio trace-cmd hyperfine time jq parallel shellcheck"
kernel_pkgs="linux-source-6.1 xz-utils git flex bison bc libelf-dev libssl-dev dwarves ccache"
kernel_pkgs="$kernel_pkgs qemu-system-x86 busybox-static cpio e2fsprogs fdisk kmod file"

mode=install
case "${1:-}" in
--list) mode=list; shift ;;
--check) mode=check; shift ;;
esac
[ $# -gt 0 ] || set -- run test kernel
pkgs=""
for g in "$@"; do
	case $g in
	run) pkgs="$pkgs $run_pkgs" ;;
	test) pkgs="$pkgs $test_pkgs" ;;
	kernel) pkgs="$pkgs $kernel_pkgs" ;;
	*) echo "usage: $0 [--check|--list] [run|test|kernel]..." >&2; exit 2 ;;
	esac
done

missing() {
	local p out=""
	for p in $pkgs; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
			out="$out $p"
	done
	echo "$out"
}

case $mode in
list) echo $pkgs | tr ' ' '\n'; exit 0 ;;
check) [ -z "$(missing)" ]; exit $? ;;
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
