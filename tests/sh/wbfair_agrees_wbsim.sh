#!/usr/bin/env bash
# wbfair and wbsim say the same about the same run (issue 15 point 3): on
# the default scenario (box2009: dbench on sda1 and sda3, sda2 idle), 60 s,
#  - wbsim run's verdict line is byte-identical to wbfair's "Verdict:";
#  - Jain is over the workload's partitions only: sda2 is listed, marked
#    not in the workload, and Jain equals the one computed by hand from
#    summary.json's written bytes of sda1 and sda3;
#  - wbsim matrix's table shows wbfair's Jain (1 s and overall) and
#    aggregate for the same cell, to the digits it prints;
#  - the verdict names a leader and a margin, or says tie; "led:" is gone.
source "$(dirname "$0")/../shlib.sh"
need jq

run=$TMP/run
"$BIN/wbsim" run --set sim.duration=60 -q -o "$run" > "$TMP/wbsim.out" 2>&1 ||
	{ cat "$TMP/wbsim.out"; fail "wbsim run failed"; done_test; }
sim_verdict=$(grep -B1 '^run directory:' "$TMP/wbsim.out" | head -n 1 | sed 's/^  //')
"$BIN/wbfair" "$run" > "$TMP/wbfair.out" || fail "wbfair failed"
fair_verdict=$(sed -n 's/^Verdict: //p' "$TMP/wbfair.out")
[ -n "$fair_verdict" ] || fail "no wbfair verdict"
[ "$sim_verdict" = "$fair_verdict" ] ||
	fail "verdicts differ: wbsim '$sim_verdict' wbfair '$fair_verdict'"
echo "verdict: $fair_verdict"
grep -q 'led:' "$TMP/wbsim.out" "$TMP/wbfair.out" && fail "'led:' wording still there"
echo "$fair_verdict" | grep -Eq '^(tie: sda[13] and sda[13] within [0-9.]+% |sda[13] ahead of sda[13] by [0-9.]+% )of bytes written' ||
	fail "verdict does not name a leader and margin or a tie"
echo "$fair_verdict" | grep -q 'not in the workload, not in Jain: sda2;' ||
	fail "verdict does not say sda2 is left out"

"$BIN/wbfair" --format json "$run" > "$TMP/r.json" || fail "wbfair json failed"
[ "$(jq '.partition_fairness.entities' "$TMP/r.json")" = 2 ] ||
	fail "Jain over $(jq '.partition_fairness.entities' "$TMP/r.json") partitions, want 2"
[ "$(jq -r '.partitions[] | select(.name == "sda2") | .in_workload' "$TMP/r.json")" = false ] ||
	fail "sda2 not listed as outside the workload"
# Jain of the two written totals, by hand from wbsim's own summary
want=$(jq '[.partitions.sda1.written_bytes, .partitions.sda3.written_bytes] |
	(add * add) / (length * (map(. * .) | add))' "$run/summary.json")
got=$(jq '.partition_fairness.jain' "$TMP/r.json")
awk -v a="$want" -v b="$got" 'BEGIN { d = a - b; exit !(d < 1e-9 && d > -1e-9) }' ||
	fail "wbfair Jain $got, summary.json's bytes give $want"
echo "Jain $got (summary.json: $want)"

"$BIN/wbsim" matrix --set sim.duration=60 --flushers bdi --schedulers cfq \
	-o "$TMP/mx" > "$TMP/mx.out" 2> "$TMP/mx.err" || fail "wbsim matrix failed"
row=$(awk '$1 == "bdi" && $2 == "cfq"' "$TMP/mx.out")
"$BIN/wbfair" --format json "$TMP/mx/bdi-cfq" > "$TMP/m.json" || fail "wbfair on the cell failed"
want=$(jq -r '.partition_fairness | "\(.jain_interval) \(.jain) \(.aggregate_mbps)"' "$TMP/m.json" |
	awk '{ printf "%.3f %.3f %.2f", $1, $2, $3 }')
got=$(echo "$row" | awk '{ print $(NF-3), $(NF-2), $(NF-1) }')
[ "$got" = "$want" ] || fail "matrix row '$row': Jain/aggregate '$got', wbfair '$want'"
echo "matrix: $got"
done_test
