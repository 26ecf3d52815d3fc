#!/usr/bin/env bash
# make kernel-tree: unpack the linux-source tarball into the cache directory
# and make it a git repository with one base commit tagged wbsim-base.
# Idempotent: when the tag exists, nothing is done. An interrupted run
# leaves only src.tmp behind, which the next run removes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

if ktree_ok; then
	kmsg "tree ready: $KSRC ($(kgit describe --tags --always wbsim-base))"
	exit 0
fi
[ -r "$KSOURCE" ] || kdie "no kernel source tarball $KSOURCE (apt-get install linux-source-6.1, or set WBSIM_KERNEL_SOURCE)"
[ ! -e "$KSRC" ] || kdie "$KSRC exists but has no wbsim-base tag: remove it and run again"

mkdir -p "$KCACHE"
tmp=$KCACHE/src.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
kmsg "unpacking $(basename "$KSOURCE") into $KCACHE"
tar -xJf "$KSOURCE" -C "$tmp" --strip-components=1

ver=$(make -s -C "$tmp" kernelversion)
pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)
cd "$tmp"
git init -q -b master .
# The tarball ships .gitignore files: force-add everything it contains so
# the base is exactly the tarball.
git add -f -A .
export GIT_AUTHOR_DATE="2009-06-01T00:00:00Z" GIT_COMMITTER_DATE="2009-06-01T00:00:00Z"
git -c commit.gpgsign=false commit -q -m "Linux $ver${pkgver:+ (Debian linux-source $pkgver)}

Unpacked from $(basename "$KSOURCE") by wbsim tools/kernel/tree.sh."
git tag wbsim-base
cd - >/dev/null
mv "$tmp" "$KSRC"
kmsg "tree ready: $KSRC (Linux $ver, base $(kgit rev-parse --short wbsim-base))"
