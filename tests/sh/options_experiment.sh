#!/usr/bin/env bash
# wbsim is the one reader of scenario files, for the scripts too:
#   - `wbsim options --dump --flat` prints every key of the INI dump, as
#     SECTION.KEY<TAB>VALUE in the same order with the same values;
#   - --experiment reads the real experiment's [qemu] section (defaults,
#     sizes resolved to bytes), checks its values with file:line errors,
#     and dumps it; =drop reads it and leaves it out; without the flag a
#     [qemu] section is an unknown section (wbsim run cannot mistake a
#     VM parameter for a modelled one);
#   - no script parses INI itself (no awk, sed or jq matching section
#     headers in tools/, bench/, .ci/ or the tests).
set -uo pipefail
. tests/shlib.sh
W=$BIN/wbsim
sc=sim/scenarios/box2009.ini

# flat = INI, key for key
$W options -c "$sc" --dump >"$TMP/ini"
$W options -c "$sc" --dump --flat >"$TMP/flat"
awk '/^\[/ { sec = substr($0, 2, length($0) - 2); next }
	/ = / { i = index($0, " = "); printf "%s.%s\t%s\n", sec, substr($0, 1, i - 1), substr($0, i + 3) }
	/ =$/ { printf "%s.%s\t\n", sec, substr($0, 1, length($0) - 2) }' "$TMP/ini" >"$TMP/flat.want"
cmp -s "$TMP/flat" "$TMP/flat.want" || fail "--flat differs from the INI dump: $(diff "$TMP/flat.want" "$TMP/flat" | head -5)"
[ "$(wc -l <"$TMP/flat")" -gt 100 ] || fail "--flat printed $(wc -l <"$TMP/flat") lines"

# [qemu]: defaults, resolved sizes, --set, the dump
$W options --experiment -c "$sc" --set qemu.disk_size=1G --dump --flat >"$TMP/q"
grep -qx $'qemu.disk_size\t1073741824' "$TMP/q" || fail "qemu.disk_size=1G not 1073741824 bytes: $(grep disk_size "$TMP/q")"
grep -qx $'qemu.bandwidth\t10' "$TMP/q" || fail "qemu.bandwidth default: $(grep bandwidth "$TMP/q")"
grep -qx $'qemu.scheduler\t' "$TMP/q" || fail "qemu.scheduler default not empty"
$W options --experiment -c "$sc" --dump >"$TMP/qini"
grep -q '^\[qemu\]$' "$TMP/qini" || fail "--experiment --dump has no [qemu]"
# the dump reloads to the same values
$W options --experiment -c "$TMP/qini" --dump >"$TMP/qini2"
cmp -s "$TMP/qini" "$TMP/qini2" || fail "the --experiment dump does not reload to itself"
$W options --experiment=drop -c "$TMP/qini" --dump >"$TMP/drop"
! grep -q '^\[qemu\]' "$TMP/drop" || fail "--experiment=drop kept [qemu]"
cmp -s "$TMP/drop" "$TMP/ini" || fail "--experiment=drop dump differs from the plain dump"

# errors: file:line, exit 2
printf '[qemu]\nbandwidth = 10\nfs = xfs\n' >"$TMP/bad.ini"
expect_exit 2 "bad.ini:3: fs: 'xfs' is not one of ext4 ext3" $W options --experiment -c "$TMP/bad.ini" --dump
printf '[qemu]\ndisk_size = 1M\n' >"$TMP/small.ini"
expect_exit 2 "small.ini:2: disk_size: .* out of range" $W options --experiment -c "$TMP/small.ini" --dump
printf '[qemu]\nspeed = 1\n' >"$TMP/key.ini"
expect_exit 2 "key.ini:2: unknown key 'speed' in \[qemu\]" $W options --experiment -c "$TMP/key.ini" --dump
expect_exit 2 "qini:[0-9]+: unknown section \[qemu\]" $W options -c "$TMP/qini" --dump
expect_exit 2 "qini:[0-9]+: unknown section \[qemu\]" $W run "$TMP/qini" -o "$TMP/r"
[ ! -e "$TMP/r" ] || fail "wbsim run wrote $TMP/r for a scenario it refused"
expect_exit 2 "takes no value but drop" $W options --experiment=keep --dump

# no second INI reader in the scripts (patchsplit.sh's ^\[ strips a mail
# subject's [PATCH n/m], not a section)
for f in $(git ls-files 'tools/*.sh' 'bench/*.sh' '.ci/*' 'tests/*.sh' 'tests/sh/*.sh' |
	grep -v -e '^tools/kernel/patchsplit.sh$' -e '^tests/sh/options_experiment.sh$'); do
	if grep -nF '^\[' "$f" >"$TMP/hits"; then
		fail "$f reads INI sections itself: $(head -n 2 "$TMP/hits")"
	fi
done
done_test
