#!/usr/bin/env bash
# wbfair sb-turns (and the tools/experiment/sb-turns.sh wrapper) on the
# committed real trace and on a short simulated run: its chunk and turn
# counts against counts made another way (grep and uniq over the
# partitions' writeback_sb_written lines), a non-zero turn count on both,
# a turn sequence whose pages add up to the events', and its bad input.
. tests/shlib.sh
need jq
real=traces/bdi-none
[ -f "$real/trace.txt" ] || { fail "no $real (tools/experiment/sample-traces.sh)"; done_test; }
sim=$TMP/sim
$BIN/wbsim run sim/scenarios/box2009.ini --set sim.duration=10 -o "$sim" >/dev/null 2>"$TMP/err" ||
	fail "wbsim: $(cat "$TMP/err")"
for d in "$real" "$sim"; do
	$BIN/wbfair sb-turns "$d" >"$TMP/out" 2>"$TMP/err" || { fail "sb-turns $d: $(cat "$TMP/err")"; continue; }
	set -- $(sed -n 2p "$TMP/out")
	[ "$1" = "$d" ] || fail "sb-turns names the run '$1', want $d"
	devs=$(awk '$1 != $3 { d = $2; sub(/,/, ":", d); printf "%s%s", s, d; s = "|" }' "$d/geometry")
	grep ' writeback_sb_written:' "$d/trace.txt" | grep -oE "sb=($devs) " >"$TMP/sbs"
	chunks=$(grep -c . "$TMP/sbs")
	turns=$(uniq "$TMP/sbs" | grep -c .)
	[ "$chunks" -gt 0 ] || fail "$d: no chunks of the partitions in trace.txt"
	[ "$turns" -gt 1 ] || fail "$d: $turns turns: the partitions never took turns"
	[ "$2" = "$chunks" ] || fail "$d: sb-turns: $2 chunks, grep counts $chunks"
	[ "$5" = "$turns" ] || fail "$d: sb-turns: $5 turns, uniq counts $turns"
	want=$(awk -v c="$chunks" -v t="$turns" 'BEGIN { printf "%.2f", c / t }')
	[ "$6" = "$want" ] || fail "$d: sb-turns: $6 chunks per turn, want $want"
	# the sequence: one line per turn, its pages those of the events
	seq_turns=$(awk '/ turns$/ { on = 1; next } on && $1 ~ /^[0-9]+$/ { n++ } END { print n + 0 }' "$TMP/out")
	[ "$seq_turns" = "$turns" ] || fail "$d: the sequence lists $seq_turns turns, want $turns"
	seq_pages=$(awk '/ turns$/ { on = 1; next } on && $1 ~ /^[0-9]+$/ { p += $6 } END { print p + 0 }' "$TMP/out")
	ev_pages=$(grep ' writeback_sb_written:' "$d/trace.txt" | grep -E "sb=($devs) " |
		grep -oE ' pages=[0-9]+' | awk -F= '{ p += $2 } END { print p + 0 }')
	[ "$seq_pages" = "$ev_pages" ] || fail "$d: the turns hold $seq_pages pages, the events $ev_pages"
done
# the old script is a wrapper and prints the same
tools/experiment/sb-turns.sh -q "$real" >"$TMP/old" 2>&1 || fail "sb-turns.sh: $(cat "$TMP/old")"
$BIN/wbfair sb-turns -q "$real" | cmp -s - "$TMP/old" || fail "sb-turns.sh and wbfair sb-turns differ"
expect_exit 2 "nowhere: No such file" $BIN/wbfair sb-turns "$TMP/nowhere"
expect_exit 2 "no run directory" $BIN/wbfair sb-turns
expect_exit 2 "bad option" $BIN/wbfair sb-turns --bogus "$real"
mkdir -p "$TMP/bad"
cp "$real/geometry" "$TMP/bad/"
printf '  flush-254:0-75 [000] 8.5: writeback_sb_written: bdi 254:0: sb=254:1 elapsed_us=5 reason=background\n' >"$TMP/bad/trace.txt"
expect_exit 2 "trace.txt:1: writeback_sb_written: no bdi, sb=, pages= or elapsed_us=" $BIN/wbfair sb-turns "$TMP/bad"
done_test
