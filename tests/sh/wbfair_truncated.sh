#!/bin/bash
# A run cut short leaves a blktrace file whose last record is incomplete:
# wbfair reads every complete record (as blkparse does), warns once naming
# the cut, prints its table and exits 0.
. "$(dirname "$0")/../shlib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$BIN/wbsim" run sim/scenarios/box2009.ini --set sim.duration=5 -o "$tmp/run" \
	>/dev/null 2>&1 || fail "wbsim run exited $?"
bt=$tmp/run/sda.blktrace.0
[ -s "$bt" ] || fail "no $bt"
truncate -s -7 "$bt"
size=$(stat -c %s "$bt")
"$BIN/wbfair" "$tmp/run" >"$tmp/out" 2>"$tmp/err" || fail "wbfair exited $?: $(cat "$tmp/err")"
grep -qE "sda\.blktrace\.0: truncated at byte $size: the last record is cut after [0-9]+ of [0-9]+ bytes; read the [1-9][0-9]* complete records before it" "$tmp/err" ||
	fail "no truncation warning: $(cat "$tmp/err")"
[ "$(grep -c truncated "$tmp/err")" = 1 ] || fail "warning not given exactly once"
[ "$(wc -l <"$tmp/out")" -ge 3 ] || fail "no table: $(cat "$tmp/out")"
done_test
