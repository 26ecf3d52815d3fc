#!/bin/bash
# `make run` asks tools/deps.sh only for the simulator's packages (no QEMU,
# no kernel source); `make check` asks for every group; the kernel targets
# for the kernel group; an unknown group is refused with status 2. The
# Makefile defines each target in one place.
. "$(dirname "$0")/../shlib.sh"
need make

run_list=$(tools/deps.sh --list run) || fail "deps.sh --list run exited $?"
for p in build-essential libinih-dev libjson-c-dev dbench; do
	grep -qx "$p" <<<"$run_list" || fail "run group lacks $p"
done
for p in qemu-system-x86 linux-source-6.1 busybox-static clang; do
	grep -qx "$p" <<<"$run_list" && fail "run group has $p, which the simulator does not need"
done
all=$(tools/deps.sh --list | sort)
union=$(tools/deps.sh --list run test kernel | sort)
[ "$all" = "$union" ] || fail "deps.sh without a group is not run + test + kernel"
expect_exit 2 'usage' tools/deps.sh --list nosuchgroup

# what make would run (-n: nothing is built or installed)
mrun=$(make -n run 2>/dev/null | grep 'deps\.sh')
[ "$mrun" = "tools/deps.sh run" ] || fail "make run calls '$mrun', want 'tools/deps.sh run'"
make -n check 2>/dev/null | grep -qx 'tools/deps.sh' || fail "make check does not install every group"
make -n kernel-tree 2>/dev/null | grep -q 'deps\.sh run kernel' || fail "make kernel-tree does not install the kernel group"

dups=$(grep -E '^[a-z][a-z0-9_-]*:([^=]|$)' Makefile | cut -d: -f1 | sort | uniq -d | tr '\n' ' ')
[ -z "$dups" ] || fail "Makefile defines these targets more than once: $dups"
done_test
