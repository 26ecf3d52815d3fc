#!/bin/bash
# A partial run (summary.json "complete": false, or wbsim.manifest without
# summary.json) is analysed as far as its files go, and wbfair says so:
# "partial run: REASON" atop the text output and a warning on stderr.
. "$(dirname "$0")/../shlib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run=$tmp/run
"$BIN/wbsim" run sim/scenarios/box2009.ini --set sim.duration=5 -o "$run" \
	>/dev/null 2>&1 || fail "wbsim run exited $?"
sum=$run/summary.json
if grep -q '"complete": *true' "$sum"; then
	sed -i 's/"complete": *true/"complete": false, "incomplete_reason": "interrupted by SIGINT"/' "$sum"
else
	sed -i '0,/"producer"/s/"producer"/"complete": false, "incomplete_reason": "interrupted by SIGINT", "producer"/' "$sum"
fi
grep -q '"complete": false' "$sum" || fail "could not edit $sum"

"$BIN/wbfair" "$run" >"$tmp/out" 2>"$tmp/err" || fail "wbfair exited $?: $(cat "$tmp/err")"
[ "$(head -n 1 "$tmp/out")" = "partial run: interrupted by SIGINT" ] ||
	fail "first line '$(head -n 1 "$tmp/out")'"
grep -q "partial run: interrupted by SIGINT" "$tmp/err" || fail "no warning: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/out")" -ge 4 ] || fail "no table after the partial line"
"$BIN/wbfair" --format json "$run" >"$tmp/json" 2>/dev/null || fail "wbfair --format json exited $?"
grep -q '"partial": *true' "$tmp/json" || fail "no \"partial\": true in the JSON"
grep -q '"partial_reason": *"interrupted by SIGINT"' "$tmp/json" || fail "no partial_reason in the JSON"

rm "$sum"
[ -e "$run/wbsim.manifest" ] || printf '# wbsim manifest v1\nsda.blktrace.0\n' >"$run/wbsim.manifest"
"$BIN/wbfair" "$run" >"$tmp/out" 2>"$tmp/err" || fail "wbfair exited $?: $(cat "$tmp/err")"
head -n 1 "$tmp/out" | grep -q "^partial run: .*no summary.json" ||
	fail "first line '$(head -n 1 "$tmp/out")'"
grep -q "partial run" "$tmp/err" || fail "no warning: $(cat "$tmp/err")"
done_test
