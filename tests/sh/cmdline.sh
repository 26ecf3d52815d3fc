#!/usr/bin/env bash
# wbsim's command lines come from one option table per command
# (sim/cmd/cmdline.c, getopt_long):
#   - every command's --help lists each option of its table and exits 0;
#   - long, short and --name=value forms are the same option;
#   - scenario files and --set apply in command-line order;
#   - an unknown option or a missing argument exits 2 naming the command.
set -uo pipefail
. tests/shlib.sh
W=$BIN/wbsim
for c in run matrix replay options; do
	$W $c --help >"$TMP/h.$c" 2>&1 || fail "wbsim $c --help exited $?"
	grep -q '^  -h, --help ' "$TMP/h.$c" || fail "wbsim $c --help: no -h, --help line"
	grep -q '^  -s, --set SECTION.KEY=VALUE ' "$TMP/h.$c" || fail "wbsim $c --help: no --set line"
	expect_exit 2 "wbsim $c: unknown option '--bogus'" $W $c --bogus
	expect_exit 2 "wbsim $c: --set needs an argument" $W $c --set
done
grep -q -- '--max-trace-size SIZE' "$TMP/h.run" || fail "run --help: no --max-trace-size"
grep -q -- '--experiment\[=drop\]' "$TMP/h.options" || fail "options --help: no --experiment[=drop]"
awk 'length > 79 { exit 1 }' "$TMP"/h.* || fail "a --help line is longer than 79 columns"

sc=sim/scenarios/box2009.ini
ram() { $W options "$@" --dump --flat | grep "^vm.ram	" | cut -f 2; }
[ "$(ram -c $sc -s vm.ram=128M)" = 134217728 ] || fail "-s: $(ram -c $sc -s vm.ram=128M)"
[ "$(ram --scenario=$sc --set=vm.ram=128M)" = 134217728 ] || fail "--name=value forms"
[ "$(ram --scenario $sc --set vm.ram=128M)" = 134217728 ] || fail "--name value forms"
printf '[vm]\nram = 256M\n' >"$TMP/ram.ini"
[ "$(ram -c $sc --set vm.ram=128M -c "$TMP/ram.ini")" = 268435456 ] || fail "a -c after --set did not win"
[ "$(ram -c $sc -c "$TMP/ram.ini" --set vm.ram=128M)" = 134217728 ] || fail "a --set after -c did not win"

expect_exit 2 "wbsim matrix: -j wants 1..64" $W matrix $sc -j 0
expect_exit 2 "wbsim matrix: -j wants 1..64" $W matrix $sc --jobs=x
expect_exit 2 "more than one scenario" $W run $sc $sc -o "$TMP/two"
[ ! -e "$TMP/two" ] || fail "wbsim run wrote $TMP/two for a bad command line"
expect_exit 2 "unknown option '-x'" $W replay -x
# jobs-list: --set reaches every cell's command line
$W matrix $sc --flushers wq --schedulers noop,cfq --jobs-list -o "$TMP/jl" --set=vm.ram=128M >"$TMP/jobs" ||
	fail "matrix --jobs-list exited $?"
[ "$(grep -c 'vm.ram=128M' "$TMP/jobs")" = 2 ] || fail "--jobs-list: $(cat "$TMP/jobs")"
done_test
