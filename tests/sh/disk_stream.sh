#!/usr/bin/env bash
# tools/validate/disk-stream.sh on a short box2009 run: its write count is
# blkparse's count of dispatched writes, and each histogram (size, seek
# distance, who queued them) adds up to it (the seek histogram to one
# fewer: the first request has no predecessor); bad input exits 2.
. tests/shlib.sh
need blkparse
run=$TMP/run
$BIN/wbsim run sim/scenarios/box2009.ini --set sim.duration=10 -o "$run" >/dev/null 2>"$TMP/err" ||
	fail "wbsim: $(cat "$TMP/err")"
tools/validate/disk-stream.sh "$run" >"$TMP/out" 2>"$TMP/err" || fail "disk-stream: $(cat "$TMP/err")"
want=$(blkparse -q -i sda -D "$run" -f "%a %d %n\n" | awk '$1 == "D" && $2 ~ /W/ && $3 > 0' | grep -c .)
got=$(sed -n 's/^dispatched: \([0-9]*\) writes.*/\1/p' "$TMP/out")
[ "$want" -gt 0 ] || fail "blkparse found no dispatched writes"
[ "$got" = "$want" ] || fail "disk-stream: $got writes, blkparse $want"
# sum of the rows of one table: the first count after the 22-column label
table() { awk -v h="$1" 'index($0, h) == 1 { on = 1; next } on && /^$/ { exit }
	on { split(substr($0, 23), f, " "); s += f[1] } END { print s + 0 }' "$TMP/out"; }
[ "$(table 'request size')" = "$want" ] || fail "the size histogram holds $(table 'request size'), want $want"
[ "$(table 'seek distance')" = "$((want + $(blkparse -q -i sda -D "$run" -f "%a %d %n\n" | awk '$1 == "D" && $2 ~ /R/ && $3 > 0' | grep -c .) - 1))" ] ||
	fail "the seek histogram holds $(table 'seek distance') requests"
[ "$(table 'who queued')" = "$want" ] || fail "the writers hold $(table 'who queued'), want $want"
expect_exit 2 "no blktrace" tools/validate/disk-stream.sh "$TMP"
expect_exit 2 "usage" tools/validate/disk-stream.sh
done_test
