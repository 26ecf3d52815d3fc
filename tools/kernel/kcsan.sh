#!/usr/bin/env bash
# The series under KCSAN (issue 13, part C): build the applied series with
# tools/kernel/wbsim-kcsan.config (KCSAN, DEBUG_ATOMIC_SLEEP, hung task
# after 60 s) and run kernel_boot_smp's guest on it: 4 vCPUs, boot in
# pdflush, switch to bdi, wq, pdflush, bdi and wq while writers fill both
# partitions of vda and a second disk whose writes QEMU throttles, every
# checksum verified after remount. Too slow for `make check` (a cold KCSAN
# build and a guest whose every memory access may be watched, under TCG),
# so it runs by hand when the series changes and writes
# tools/kernel/checks/kcsan.log, which tests/sh/kernel_kcsan_checked.sh
# holds against the current patches/.
#
#   tools/kernel/kcsan.sh            (after make patches-apply)
#
# The log lists every KCSAN report of the console as "REPORT series|6.1
# <bug> in A / B": series when A or B is a function the series defines or
# changes (a function in kernel-tree-overlay/, or named by a hunk of a
# hooks.diff), 6.1 otherwise. The run fails on a series report, on a
# guest that did not pass, and on any other kernel report (lockdep is not
# in this config; a BUG other than KCSAN's, a WARNING, a hung task).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
ktree_ok || kdie "no kernel tree: run make kernel-tree"

log=$KROOT/tools/kernel/checks/kcsan.log
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s)
"$KROOT/tools/kernel/build.sh" --kcsan >"$tmp/build.log" 2>&1 ||
	{ tail -n 30 "$tmp/build.log" >&2; kdie "the KCSAN build failed"; }
warnings=$(grep -c 'warning:' "$tmp/build.log" || true)
t1=$(date +%s)

rc=0
WBSIM_QEMU_SMP=4 WBSIM_QEMU_SLOW_DISKS="1 8388608" "$KROOT/tools/kernel/boot.sh" \
	--out "$tmp/smp" --timeout 1200 --kernel "$KCACHE/bzImage-kcsan" \
	writeback_flusher=pdflush wbtest=models wbmodel=pdflush wbswitch=bdi,wq,pdflush,bdi,wq \
	wbdisk2=1 wbfiles=60 >"$tmp/boot.log" 2>&1 || rc=$?
t2=$(date +%s)
con=$tmp/smp/console.log
[ -f "$con" ] || { cat "$tmp/boot.log" >&2; kdie "no console log"; }

# the functions the series defines or changes
{
	sed -nE 's/^(static )?(inline )?[a-z_ ]+[ *]+([a-z_0-9]+)\(.*/\3/p' \
		$(find "$KROOT/kernel-tree-overlay" -name '*.c')
	sed -nE 's/^\+(static )?(inline )?[a-z_ ]+[ *]+([a-z_0-9]+)\(.*/\3/p; s/^@@ .* @@ .*[ *]([a-z_0-9]+)\(.*/\1/p' \
		"$KROOT"/tools/kernel/series/*/hooks.diff
} | sort -u >"$tmp/series-functions"

guest=FAIL
grep -aq '^WBSIM-RESULT: PASS' "$con" && guest=PASS
kcsan=no
grep -aq 'kcsan: enabled early' "$con" && kcsan=yes
cpus=$(grep -ao 'smpboot: Total of [0-9]* processors' "$con" | grep -o '[0-9]*' || echo 0)
grep -a 'BUG: KCSAN: ' "$con" | sed 's/.*BUG: KCSAN: //' >"$tmp/kcsan" || true
nrep=0 nseries=0
: >"$tmp/reports"
while IFS= read -r r; do
	nrep=$((nrep + 1))
	fns=$(echo "$r" | sed -E 's/^[a-z -]+ in //; s/\+0x[0-9a-f]+\/0x[0-9a-f]+//g' | tr '/' '\n' | tr -d ' ')
	who=6.1
	for f in $fns; do
		grep -qx "$f" "$tmp/series-functions" && who=series
	done
	[ $who = 6.1 ] || nseries=$((nseries + 1))
	echo "REPORT $who $r" >>"$tmp/reports"
done <"$tmp/kcsan"
other=$(grep -aE 'WARNING:|BUG:|Oops|INFO: task .* blocked for more than|soft lockup' "$con" |
	grep -avc 'BUG: KCSAN: ' || true)

{
	echo "# tools/kernel/kcsan.sh: kernel_boot_smp's guest on the KCSAN kernel"
	echo "patches: $(patches_hash)"
	echo "base: $(kgit log -1 --format=%s wbsim-base)"
	echo "config: wbsim.config + wbsim-kcsan.config + wb-flusher.config ($(grep -cx 'CONFIG_KCSAN=y' "$KCACHE/build-kcsan/.config") CONFIG_KCSAN=y)"
	echo "build: $((t1 - t0)) s, $warnings warnings"
	echo "guest: $guest in $((t2 - t1)) s, $cpus vCPUs, kcsan enabled: $kcsan, boot.sh exit $rc"
	echo "models: boot pdflush, switched to bdi,wq,pdflush,bdi,wq under load"
	echo "switches: $(grep -ac 'WBSIM: ok switched to' "$con")"
	echo "files: $(grep -ao 'WBSIM: ok [0-9]* files verified' "$con" | grep -o '[0-9]*' || echo 0) verified after remount"
	echo "kcsan reports: $nrep (series: $nseries)"
	echo "other kernel reports: $other"
	cat "$tmp/reports"
} >"$tmp/log"
mkdir -p "$(dirname "$log")"
cp "$tmp/log" "$log"
cat "$log"
# the console, for reading the reports in full
cp "$con" "$KCACHE/kcsan-console.log"
kmsg "console: $KCACHE/kcsan-console.log"
[ $guest = PASS ] && [ $kcsan = yes ] && [ $nseries = 0 ] && [ "$other" = 0 ] ||
	kdie "KCSAN run not clean (see $log)"
