#!/usr/bin/env bash
# make kernel / make kernel-debug: build bzImage from whatever is checked
# out in the cache tree (after `make patches-apply`: the series).
#
#   tools/kernel/build.sh [--debug | --kcsan] [--out DIR] [--no-install]
#                         [--no-wb-flusher]
#
# Config: `make ARCH=x86_64 allnoconfig` + tools/kernel/wbsim.config
# (+ wbsim-debug.config with --debug, wbsim-kcsan.config with --kcsan)
# + wb-flusher.config once the tree
# has the series' option CONFIG_WB_FLUSHER (patch 2 on; wb-flusher-off.config
# with --no-wb-flusher), regenerated only when a fragment changes, so
# rebuilds are incremental. Compiles through ccache. The image
# is copied to $WBSIM_KERNEL_CACHE/bzImage (bzImage-debug, bzImage-kcsan) with a
# .commit file naming the source commit it was built from.
# JOBS (default 2) sets make -j.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

debug=0 out="" install=1 wbf=1
while [ $# -gt 0 ]; do
	case "$1" in
	--debug) debug=1; shift ;;
	--kcsan) debug=kcsan; shift ;;
	--out) out=$2; shift 2 ;;
	--no-install) install=0; shift ;;
	--no-wb-flusher) wbf=0; shift ;;
	*) echo "usage: $0 [--debug | --kcsan] [--out DIR] [--no-install] [--no-wb-flusher]" >&2; exit 2 ;;
	esac
done

ktree_ok || kdie "no kernel tree: run make kernel-tree"
command -v ccache >/dev/null || kdie "ccache not installed (tools/deps.sh)"
frags="$KROOT/tools/kernel/wbsim.config"
name=bzImage
defout=$KCACHE/build
if [ $debug = 1 ]; then
	frags="$frags $KROOT/tools/kernel/wbsim-debug.config"
	name=bzImage-debug
	defout=$KCACHE/build-debug
elif [ $debug = kcsan ]; then
	frags="$frags $KROOT/tools/kernel/wbsim-kcsan.config"
	name=bzImage-kcsan
	defout=$KCACHE/build-kcsan
fi
# the series' option, in the trees that have it (not wbsim-base, not
# patch 1 alone)
if grep -qx 'config WB_FLUSHER' "$KSRC/mm/Kconfig"; then
	if [ $wbf = 1 ]; then
		frags="$frags $KROOT/tools/kernel/wb-flusher.config"
	else
		frags="$frags $KROOT/tools/kernel/wb-flusher-off.config"
	fi
fi
[ -n "$out" ] || out=$defout
mkdir -p "$out" "$CCACHE_DIR"

kmake() {
	make -s -C "$KSRC" O="$out" ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" "$@"
}

# Regenerate .config only when the fragments change: a rewritten .config
# with the same content costs nothing, but allnoconfig on top of an
# existing build would.
# shellcheck disable=SC2086
want=$(cat $frags | sha1sum | cut -d' ' -f1)
if [ ! -f "$out/.config" ] || [ "$(cat "$out/.wbsim-config" 2>/dev/null)" != "$want" ]; then
	kmsg "configuring $out"
	kmake allnoconfig >/dev/null
	# shellcheck disable=SC2086
	(cd "$out" && ARCH=x86_64 "$KSRC/scripts/kconfig/merge_config.sh" -m -O "$out" .config $frags >/dev/null)
	kmake olddefconfig >/dev/null
	bad=""
	# shellcheck disable=SC2086
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*) grep -qxF "$line" "$out/.config" || bad="$bad ${line%%=*}" ;;
		"# CONFIG_"*" is not set")
			opt=${line#"# "}; opt=${opt%% *}
			grep -q "^$opt=" "$out/.config" && bad="$bad $opt" ;;
		esac
	done < <(cat $frags)
	[ -z "$bad" ] || kdie "config options not as the fragment asks (dependencies?):$bad"
	echo "$want" >"$out/.wbsim-config"
fi

commit=$(kgit rev-parse HEAD)
# the first changed path, if any (a whole listing: a pipe into head could
# kill git with SIGPIPE, which pipefail would make an error)
dirty=$(kgit status --porcelain --untracked-files=no)
dirty=${dirty%%$'\n'*}
t0=$(date +%s)
kmsg "building $(kgit log -1 --format='%h %s' HEAD | cut -c1-60) in $out (-j${JOBS:-2})"
kmake -j"${JOBS:-2}" bzImage
t1=$(date +%s)
kmsg "built in $((t1 - t0)) s"
if [ $install = 1 ]; then
	cp "$out/arch/x86/boot/bzImage" "$KCACHE/$name.tmp"
	mv "$KCACHE/$name.tmp" "$KCACHE/$name"
	echo "$commit${dirty:+ dirty}" >"$KCACHE/$name.commit"
	kmsg "image: $KCACHE/$name"
fi
