#!/bin/bash
# The tree's shape is its architecture (docs/architecture.md): sim/ holds
# only the kernel-like folders; the engine library libwbsim.a needs neither
# the commands (libwbsim-cmd.a) nor wbfair (libwbfair.a); library code never
# writes to stdout and never exits (BUG()-style abort() is allowed); the
# same split for analysis/ (libwbfair.a, the command in analysis/cmd/) and
# common/ (libwbcommon.a) below both; the commands parse their command
# lines from option tables; the QEMU harness has one launcher, one guest
# init, and run.sh's jobs in their own files.
. "$(dirname "$0")/../shlib.sh"
need nm

libdirs="kernel lib init mm fs block drivers flushers workload"
for f in sim/*; do
	case ${f#sim/} in
	cmd|scenarios|disks) continue ;;
	esac
	[[ " $libdirs " == *" ${f#sim/} "* ]] || fail "$f: not one of the folders of docs/architecture.md"
done
for d in $libdirs cmd; do
	[ -d "sim/$d" ] || fail "sim/$d missing"
done

for a in libwbsim libwbsim-cmd libwbfair libwbcommon; do
	[ -f "$BUILD/$a.a" ] || skip "$BUILD/$a.a not built"
done
defined() { nm --defined-only "$1" 2>/dev/null | awk 'NF == 3 && $2 ~ /[TDBR]/ { print $3 }' | sort -u; }
nm -u "$BUILD/libwbsim.a" 2>/dev/null | awk '{ print $2 }' | sort -u >"$TMP/undef"
# a symbol defined inside libwbsim too is not a dependency
defined "$BUILD/libwbsim.a" >"$TMP/own"
cp "$TMP/own" "$TMP/libwbsim"
comm -23 "$TMP/undef" "$TMP/own" >"$TMP/need"
[ -s "$TMP/need" ] || fail "nm found no undefined symbols in libwbsim.a (nm broken?)"
for a in libwbsim-cmd libwbfair; do
	defined "$BUILD/$a.a" >"$TMP/$a"
	[ -s "$TMP/$a" ] || fail "nm found no symbols in $a.a"
	bad=$(comm -12 "$TMP/need" "$TMP/$a" | tr '\n' ' ')
	[ -z "$bad" ] || fail "libwbsim.a depends on $a.a: $bad"
done

# the shared format helpers (common/) stand below both programs: they
# need nothing from libwbsim, its commands or libwbfair
nm -u "$BUILD/libwbcommon.a" 2>/dev/null | awk '{ print $2 }' | sort -u >"$TMP/cneed"
for a in libwbsim libwbsim-cmd libwbfair; do
	bad=$(comm -12 "$TMP/cneed" "$TMP/$a" | tr '\n' ' ')
	[ -z "$bad" ] || fail "libwbcommon.a depends on $a.a: $bad"
done

# analysis/ the same way: libwbfair.a (analysis/*.c) needs nothing from
# the wbfair command (analysis/cmd/)
ls "$BUILD"/analysis/cmd/*.o >/dev/null 2>&1 || skip "$BUILD/analysis/cmd not built"
for o in "$BUILD"/analysis/cmd/*.o; do defined "$o"; done | sort -u >"$TMP/anacmd"
[ -s "$TMP/anacmd" ] || fail "nm found no symbols in $BUILD/analysis/cmd/*.o"
nm -u "$BUILD/libwbfair.a" 2>/dev/null | awk '{ print $2 }' | sort -u >"$TMP/aneed"
bad=$(comm -12 "$TMP/aneed" "$TMP/anacmd" | tr '\n' ' ')
[ -z "$bad" ] || fail "libwbfair.a depends on the wbfair command: $bad"
[ -f analysis/cmd/wbfair.c ] || fail "analysis/cmd/wbfair.c missing"

# library code: no stdout, no exit (a forked child leaving with _exit()
# before its exec is not the library exiting: analysis/plot.c's gnuplot)
libre='(^|[^a-z_>.])(printf|puts|putchar|exit|_exit)\(|\bstdout\b'
anare='(^|[^a-z_>.])(printf|puts|putchar|exit)\(|\bstdout\b'
bad=$(for d in $libdirs; do
	grep -nE "$libre" sim/$d/*.c
done; grep -nE "$libre" common/*.c; grep -nE "$anare" analysis/*.c)
[ -z "$bad" ] || fail "library code writes stdout or exits: $bad"

# the commands' command lines come from their option tables (cmdline.c):
# no hand-rolled argv loop in sim/cmd or analysis/cmd
# (dispatching on argv[1], the subcommand's name, is not parsing options)
bad=$(grep -nE 'strn?cmp\(argv\[i\]|argv\[\+\+i\]|argv\[[i1]\]\[0\] ==' sim/cmd/*.c analysis/cmd/*.c)
[ -z "$bad" ] || fail "a hand-rolled argv loop: $bad"

# the harness: one QEMU launch (kqemu), one guest init, run.sh split by job
n=$(git ls-files 'tools/*' | xargs grep -l 'qemu-system-x86_64 \\$' 2>/dev/null | tr '\n' ' ')
[ "$n" = "tools/kernel/lib.sh " ] || fail "QEMU is launched from '$n', want tools/kernel/lib.sh (kqemu) only"
n=$(git ls-files 'tools/*' | xargs grep -l '^#!/bin/busybox' 2>/dev/null | tr '\n' ' ')
[ "$n" = "tools/kernel/guest/init.sh " ] || fail "guest inits: '$n', want tools/kernel/guest/init.sh only"
for f in params.sh disk.sh unpack.sh summary.sh; do
	[ -f "tools/experiment/$f" ] || fail "tools/experiment/$f missing (run.sh's jobs)"
done
[ "$(wc -l <tools/experiment/run.sh)" -le 200 ] ||
	fail "tools/experiment/run.sh has $(wc -l <tools/experiment/run.sh) lines: its jobs belong in their own files"
done_test
