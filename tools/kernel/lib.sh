# Shared settings for the tools/kernel scripts: source it.
#
# Everything big (the kernel tree, the build directories, ccache) lives in
# a cache directory outside the repository:
#   WBSIM_KERNEL_CACHE   default ${XDG_CACHE_HOME:-$HOME/.cache}/wbsim/kernel
#   WBSIM_KERNEL_SOURCE  the linux-source tarball
#                        default /usr/src/linux-source-6.1.tar.xz
#   CCACHE_DIR           default $WBSIM_KERNEL_CACHE/ccache
#
# Layout of the cache directory:
#   src/            git repository: tag wbsim-base = the unpacked tarball,
#                   branch wbsim = base + patches/*.patch (make patches-apply)
#   build/          O= directory of `make kernel`
#   build-debug/    O= directory of `make kernel-debug`
#   bzImage, bzImage-debug   copies of the last good images
#   ccache/         compiler cache shared by both builds

KROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
KCACHE=${WBSIM_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wbsim/kernel}
KSOURCE=${WBSIM_KERNEL_SOURCE:-/usr/src/linux-source-6.1.tar.xz}
KSRC=$KCACHE/src
export CCACHE_DIR=${CCACHE_DIR:-$KCACHE/ccache}

# Fixed identity and dates for every commit made in the cache tree, so the
# base commit (and the series applied on it) has the same hash everywhere.
export GIT_AUTHOR_NAME="wbsim" GIT_AUTHOR_EMAIL="wbsim@example.org"
export GIT_COMMITTER_NAME="wbsim" GIT_COMMITTER_EMAIL="wbsim@example.org"

# Fixed build identity: the kernel embeds user, host and time in
# init/version.c; fixing them keeps ccache hits and makes images comparable.
export KBUILD_BUILD_USER=wbsim KBUILD_BUILD_HOST=wbsim
export KBUILD_BUILD_TIMESTAMP="2009-06-01 00:00:00 UTC"
# and the build number (#N in the banner, else counted per build directory)
export KBUILD_BUILD_VERSION=1

kmsg() { echo "kernel: $*" >&2; }
kdie() { echo "kernel: $*" >&2; exit 1; }

# kgit ARGS...: git in the cache tree
kgit() { git -C "$KSRC" -c core.autocrlf=false -c advice.detachedHead=false "$@"; }

# patches_hash: identifies the content of patches/ (series and debug)
patches_hash() {
	(cd "$KROOT/patches" && cat /dev/null [0-9]*.patch debug/*.patch 2>/dev/null) |
		sha1sum | cut -d' ' -f1
}

# Is the cache tree there and complete?
ktree_ok() { kgit rev-parse -q --verify refs/tags/wbsim-base >/dev/null 2>&1; }

# kqemu TIMEOUT CONSOLE LOG ARG...: the project's one QEMU launch, for the
# boot tests (boot.sh) and the experiment (tools/experiment/run.sh): a PC
# under TCG (no KVM here; TCG also keeps runs comparable across hosts), no
# display or monitor, no reboot (a panic ends the run), the serial console
# to the file CONSOLE, QEMU's own messages to LOG. ARG...: the kernel,
# memory, CPUs, disks. Returns timeout(1)'s status: 124 or 137 when the
# guest ran past TIMEOUT seconds, else QEMU's.
kqemu() {
	local t=$1 console=$2 log=$3
	shift 3
	timeout --kill-after=10 "$t" qemu-system-x86_64 \
		-machine pc -accel tcg -display none -monitor none -no-reboot \
		-serial "file:$console" "$@" </dev/null >"$log" 2>&1
}

# kqemu_ready IMAGE: 0 when IMAGE and QEMU are there; else says which is
# missing and returns 77 (the tests' skip status)
kqemu_ready() {
	[ -f "$1" ] || { kmsg "no kernel image $1: run make kernel"; return 77; }
	command -v qemu-system-x86_64 >/dev/null ||
		{ kmsg "qemu-system-x86_64 not installed (make deps-kernel)"; return 77; }
}
