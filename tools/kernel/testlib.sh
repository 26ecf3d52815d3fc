# Sourced by tests/sh/kernel_*.sh after tests/shlib.sh.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# kernel_image_or_skip [--debug]: set KIMAGE to the image, or skip the test
# (exit 77) when it is not built, is stale, or this is the sanitizer pass
# of tests/run.sh (a kernel boot does not depend on BUILD; once is enough).
kernel_image_or_skip() {
	local name=bzImage make_target=kernel want built
	if [ "${1:-}" = --debug ]; then
		name=bzImage-debug make_target=kernel-debug
	fi
	[ "${BUILD:-build}" = build ] || skip "kernel tests run in the normal pass only"
	[ -f "$KCACHE/$name" ] || skip "kernel not built ($KCACHE/$name): make $make_target, or make kernel-check"
	# the image must be built from the series in patches/ as it is now
	ktree_ok || skip "no kernel tree: make kernel-tree"
	want=$( (kgit rev-parse wbsim-base; cat /dev/null "$KROOT"/patches/*.patch) | sha1sum | cut -d' ' -f1)
	[ "$(kgit config --get wbsim.applied || true)" = "$want" ] ||
		skip "patches/ changed since the last make patches-apply: make $make_target"
	built=$(cut -d' ' -f1 "$KCACHE/$name.commit" 2>/dev/null || true)
	[ "$built" = "$(kgit rev-parse refs/heads/wbsim)" ] && ! grep -q dirty "$KCACHE/$name.commit" ||
		skip "$name is not built from the applied series: make $make_target"
	KIMAGE=$KCACHE/$name
}

# kernel_boot NAME ARGS...: boot the test, keep console and results in
# $TMP/NAME; exit status of tools/kernel/boot.sh
kernel_boot() {
	local name=$1
	shift
	"$KROOT/tools/kernel/boot.sh" --out "$TMP/$name" --timeout "${KERNEL_BOOT_TIMEOUT:-270}" "$@"
}
