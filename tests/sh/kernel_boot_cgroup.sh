#!/usr/bin/env bash
# Cgroup writeback under every model (review point: CONFIG_CGROUP_WRITEBACK
# was never built, so the bdi model's thread per (memcg, disk) was never
# run). The debug kernel has it (tools/kernel/wbsim-debug.config). In the
# guest, cgroups wbA and wbB (memory and io controllers on cgroup2) each
# write 8 MiB, wbA to partition 1 and wbB to partition 2 of one disk;
# periodic writeback then writes both. For bdi, pdflush and wq in turn,
# the writeback_sb_written events (cgroup_ino) must show both cgroups'
# wbs written by the model's threads, and under bdi by a different
# flush-MAJ:MIN thread for each; checksums after remount; a clean console
# (lockdep, hung task 30 s). Skips when the debug kernel is not built.
. tests/shlib.sh
. tools/kernel/testlib.sh
kernel_image_or_skip --debug
cfg=$(dirname "$KIMAGE")/build-debug/.config
if [ -f "$cfg" ]; then
	grep -qx CONFIG_CGROUP_WRITEBACK=y "$cfg" || fail "the debug kernel's config has no CONFIG_CGROUP_WRITEBACK=y"
fi
kernel_boot cgroup --kernel "$KIMAGE" writeback_flusher=bdi \
	wbtest=models wbmodel=bdi wbcgroup=bdi,pdflush,wq wbfiles=10 || fail "boot test (cgroup) failed"
for what in "cgroup bdi: each cgroup's wb written by its own flush-" \
	"cgroup pdflush: both cgroups' wbs written" "cgroup wq: both cgroups' wbs written"; do
	grep -aq "WBSIM: ok $what" "$TMP/cgroup/console.log" || fail "no \"$what\" in the guest's output"
done
grep -a 'WBSIM: info cgroup' "$TMP/cgroup/console.log" | sed 's/^/  /'
done_test
