#!/usr/bin/env bash
# Build the series patch by patch: wbsim-base, then base + patch 1, ...,
# base + all patches, then the debug patches on top; each must build
# without a compiler warning and boot (tools/kernel/boot.sh wbtest=basic:
# files written to two ext4 partitions and verified after remount). Then
# the whole series with its option CONFIG_WB_FLUSHER off (the default):
# it must build, boot, and its vmlinux hold the code and data of base +
# patch 1 (the tracepoints), that is 6.1's writeback: the same
# instructions in every function and the same data
# (tools/kernel/same-code.sh says how it compares). Uses
# the cache tree and the normal build directory (ccache makes the steps
# cheap), and leaves both at the full series with bzImage installed, as
# `make kernel` would.
#
#   tools/kernel/build-each.sh
#
# Writes tools/kernel/checks/build-each.log: the hash of patches/ it
# built and one line per step; tests/sh/kernel_series_checked.sh checks
# that the hash is that of the current patches/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
ktree_ok || kdie "no kernel tree: run make kernel-tree"

shopt -s nullglob
main=("$KROOT"/patches/[0-9]*.patch)
debug=("$KROOT"/patches/debug/*.patch)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log=$KROOT/tools/kernel/checks/build-each.log
mkdir -p "$(dirname "$log")"
{
	echo "# tools/kernel/build-each.sh: every prefix of the series builds"
	echo "patches: $(patches_hash)"
	echo "base: $(kgit log -1 --format=%s wbsim-base)"
} >"$tmp/log"

fails=0
# step NAME NMAIN NDEBUG [BUILD-OPTION]: build base + the first NMAIN
# patches + the first NDEBUG debug patches (applied after all the
# others, as apply.sh does), with the option BUILD-OPTION of build.sh
step() {
	local name=$1 nmain=$2 ndebug=$3 t0 t1 w st=OK
	local bopt=()
	[ -z "${4:-}" ] || bopt=("$4")
	rm -rf "$tmp/p"
	mkdir -p "$tmp/p/debug"
	[ "$nmain" = 0 ] || cp "${main[@]:0:$nmain}" "$tmp/p/"
	[ "$ndebug" = 0 ] || cp "${debug[@]:0:$ndebug}" "$tmp/p/debug/"
	"$KROOT/tools/kernel/apply.sh" --debug-printk --patches "$tmp/p" 2>/dev/null
	t0=$(date +%s)
	if ! "$KROOT/tools/kernel/build.sh" --no-install "${bopt[@]}" >"$tmp/build.log" 2>&1; then
		st=FAIL
	fi
	t1=$(date +%s)
	w=$(grep -c 'warning:' "$tmp/build.log" || true)
	[ "$w" = 0 ] || st=FAIL
	[ $st = OK ] || tail -n 30 "$tmp/build.log" >&2
	# and it boots: two ext4 partitions written and verified
	boot="boot-FAIL"
	if [ $st = OK ] && "$KROOT/tools/kernel/boot.sh" --timeout 300 \
		--kernel "$KCACHE/build/arch/x86/boot/bzImage" wbtest=basic wbfiles=30 >"$tmp/boot.log" 2>&1; then
		boot="boot-OK"
	else
		st=FAIL
		tail -n 30 "$tmp/boot.log" >&2
	fi
	[ $st = OK ] || fails=$((fails + 1))
	printf '%s %4ds %d-warnings %s %s\n' "$st" $((t1 - t0)) "$w" "$boot" "$name" | tee -a "$tmp/log" >&2
}

step "wbsim-base" 0 0
for i in "${!main[@]}"; do
	step "$(basename "${main[$i]}")" $((i + 1)) 0
	[ "$i" != 0 ] || cp "$KCACHE/build/vmlinux" "$KCACHE/vmlinux-patch1"
done
# the series with its option off: 6.1's writeback
step "CONFIG_WB_FLUSHER=n" ${#main[@]} 0 --no-wb-flusher
# both kept for a closer look (cmp -l, objdump -d) when they differ
cp "$KCACHE/build/vmlinux" "$KCACHE/vmlinux-wb-flusher-off"
if ! "$KROOT/tools/kernel/same-code.sh" --label "CONFIG_WB_FLUSHER=n vs patch 1" \
	"$KCACHE/vmlinux-patch1" "$KCACHE/vmlinux-wb-flusher-off" >"$tmp/same" 2>&1; then
	fails=$((fails + 1))
fi
tee -a "$tmp/log" <"$tmp/same" >&2
for i in "${!debug[@]}"; do
	step "debug/$(basename "${debug[$i]}")" ${#main[@]} $((i + 1))
done

# back to the series as make kernel leaves it
"$KROOT/tools/kernel/apply.sh" >/dev/null
"$KROOT/tools/kernel/build.sh" >/dev/null
cp "$tmp/log" "$log"
kmsg "build-each: $fails failing step(s); $log"
[ $fails = 0 ]
