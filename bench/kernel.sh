#!/usr/bin/env bash
# The kernel series (tools/kernel/): how long a developer waits.
#   - warm rebuild after a one-patch change (target <= 3 min): patch 6 gets
#     one more line of code (a file-scope variable in its new file), the
#     changed series is applied from scratch on the base (`git am`, as
#     `make patches-apply` does) and `make kernel` rebuilds incrementally
#     with ccache; then the real series is put back and rebuilt;
#   - the boot test (target <= 5 min): tests/sh/kernel_boot_{wq,bdi,
#     pdflush,sbfair}.sh one after the other, then the debug kernel's;
#   - with BENCH_KERNEL_COLD=1 also a cold build (target <= 15 min): a new
#     build directory and an empty ccache, everything compiled.
# Skips (one line saying so) without a kernel tree or a built image: run
# `make kernel` first. Single runs, not medians: each takes minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
. tools/kernel/lib.sh

if ! ktree_ok || [ ! -f "$KCACHE/bzImage" ]; then
	report "kernel: warm rebuild, boot test" "skipped" "(make kernel first)"
	exit 0
fi
tmp=$(mktemp -d)
restore() {
	tools/kernel/apply.sh >/dev/null 2>&1 && tools/kernel/build.sh >/dev/null 2>&1 ||
		echo "bench: could not restore the kernel build: make kernel" >&2
	rm -rf "$tmp"
}
trap restore EXIT

# secs CMD...: wall seconds of one run, the command's output to $tmp/log
secs() {
	/usr/bin/time -f %e -o "$tmp/t" "$@" >"$tmp/log" 2>&1 ||
		{ echo "bench: failed: $*" >&2; tail -n 20 "$tmp/log" >&2; return 1; }
	cat "$tmp/t"
}
verdict() { awk -v v="$1" -v l="$2" 'BEGIN { print (v <= l) ? "met" : "missed" }'; }

tools/kernel/apply.sh >/dev/null 2>&1
tools/kernel/build.sh >/dev/null 2>&1

# The one-patch change: the first blank line at file scope after a
# function in patch 6's new file becomes a variable definition. Same line
# count, so the patch stays well-formed; the object file really changes.
mkdir -p "$tmp/patches"
cp patches/*.patch "$tmp/patches/"
p6=$(ls "$tmp"/patches/0006-*.patch)
awk '!done && prev == "+}" && $0 == "+" {
	print "+static int __maybe_unused wbsim_bench_marker;"; done = 1; prev = $0; next }
	{ prev = $0; print }' "$p6" >"$tmp/p6" && mv "$tmp/p6" "$p6"
grep -q wbsim_bench_marker "$p6" || { echo "bench: could not change patch 6" >&2; exit 1; }
a=$(secs tools/kernel/apply.sh --patches "$tmp/patches")
b=$(secs tools/kernel/build.sh --no-install)
w=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.0f", a + b }')
report "kernel: warm rebuild after a one-patch change" "$w s" "<= 180 s" "$(verdict "$w" 180)"
report "  git am of the changed series" "$a s"
report "  incremental make bzImage (ccache)" "$b s"
tools/kernel/apply.sh >/dev/null 2>&1
tools/kernel/build.sh >/dev/null 2>&1

# the boot test: its four configurations one after the other (as make
# check runs them), then the debug kernel's, which is a test of its own
total=0
for m in wq bdi pdflush sbfair; do
	t=$(secs bash tests/sh/kernel_boot_$m.sh)
	report "  boot test $m" "$t s"
	total=$(awk -v a="$total" -v b="$t" 'BEGIN { printf "%.1f", a + b }')
done
report "kernel: boot test (wq, bdi, pdflush, sbfair)" "$total s" "<= 300 s" "$(verdict "$total" 300)"
t=$(secs bash tests/sh/kernel_boot_debug.sh)
report "kernel: debug-kernel boot test" "$t s"

if [ "${BENCH_KERNEL_COLD:-0}" = 1 ]; then
	mkdir -p "$tmp/ccache"
	c=$(CCACHE_DIR=$tmp/ccache secs tools/kernel/build.sh --out "$tmp/cold" --no-install)
	report "kernel: cold build (empty ccache, new build dir)" "$c s" "<= 900 s" "$(verdict "$c" 900)"
else
	report "kernel: cold build" "not run" "(BENCH_KERNEL_COLD=1)"
fi
