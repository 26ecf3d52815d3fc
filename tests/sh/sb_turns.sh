#!/usr/bin/env bash
# tools/experiment/sb-turns.sh on the sample traces: its chunk and turn
# counts against counts made another way (grep and uniq over the
# partitions' writeback_sb_written lines), and its bad input.
. tests/shlib.sh
d=traces/bdi-none
[ -f "$d/trace.txt" ] || { fail "no $d (tools/experiment/sample-traces.sh)"; done_test; }
tools/experiment/sb-turns.sh "$d" >"$TMP/out" 2>"$TMP/err" || fail "sb-turns: $(cat "$TMP/err")"
set -- $(tail -n 1 "$TMP/out")
[ "$1" = "$d" ] || fail "sb-turns names the run '$1', want $d"
devs=$(awk '$1 != $3 { d = $2; sub(/,/, ":", d); printf "%s%s", s, d; s = "|" }' "$d/geometry")
grep ' writeback_sb_written:' "$d/trace.txt" | grep -oE "sb=($devs) " >"$TMP/sbs"
chunks=$(grep -c . "$TMP/sbs")
turns=$(uniq "$TMP/sbs" | grep -c .)
[ "$chunks" -gt 0 ] || fail "no chunks of the partitions in $d/trace.txt"
[ "$2" = "$chunks" ] || fail "sb-turns: $2 chunks, grep counts $chunks"
[ "$5" = "$turns" ] || fail "sb-turns: $5 turns, uniq counts $turns"
want=$(awk -v c="$chunks" -v t="$turns" 'BEGIN { printf "%.2f", c / t }')
[ "$6" = "$want" ] || fail "sb-turns: $6 chunks per turn, want $want"
expect_exit 2 "no such file" tools/experiment/sb-turns.sh "$TMP/nowhere"
mkdir -p "$TMP/bad"
cp "$d/geometry" "$TMP/bad/"
printf '  flush-254:0-75 [000] 8.5: writeback_sb_written: bdi 254:0: sb=254:1 elapsed_us=5 reason=background\n' >"$TMP/bad/trace.txt"
expect_exit 2 "trace.txt:1: writeback_sb_written without pages=" tools/experiment/sb-turns.sh "$TMP/bad"
done_test
