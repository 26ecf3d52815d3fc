#!/usr/bin/env bash
# wbfair ranksum, the significance test of the experiment's report:
#   - 12 runs all above 12 others: U = 144 (A's larger in every pair),
#     p = 2 / C(24, 12) = 7.4e-07, a difference under Bonferroni;
#   - 3 runs against 3 can never reach 0.05: "too few runs", p 0.1;
#   - input from stdin ("-"), errors with exit 2, stdout on /dev/full 1;
#   - docs/results.md's command on the committed wq runs: 24 tests, none
#     a difference (the smallest p of 2 runs against 3 is 0.2).
. tests/shlib.sh
need jq
w=$BIN/wbfair
for i in $(seq 1 12); do
	echo "jain_1s bdi-fair 0.7$((10 + i))"
	echo "jain_1s wq 0.6$((10 + i))"
done >"$TMP/sep.txt"
printf 'mb a 1\nmb a 2\nmb a 3\nmb b 4\nmb b 5\nmb b 6\n' >>"$TMP/sep.txt"
"$w" ranksum "$TMP/sep.txt" >"$TMP/out" 2>"$TMP/err" || fail "ranksum: exit $?: $(cat "$TMP/err")"
grep -qxF '| jain_1s | bdi-fair | wq | 12 | 12 | 0.716 | 0.616 | 144 | 7.4e-07 | 7.4e-07 | yes |' "$TMP/out" ||
	fail "separated groups: $(grep jain_1s "$TMP/out")"
grep -qxF '| mb | a | b | 3 | 3 | 2 | 5 | 0 | 0.1 | 0.1 | too few runs |' "$TMP/out" ||
	fail "3 against 3: $(grep '^| mb' "$TMP/out")"
grep -qF '2 tests; a pair differs when p < 0.05 / 2 = 0.025' "$TMP/out" || fail "no Bonferroni line: $(tail -n 1 "$TMP/out")"
"$w" ranksum - <"$TMP/sep.txt" | cmp -s - "$TMP/out" || fail "stdin gives another table than the file"
"$w" ranksum --alpha 0.5 "$TMP/sep.txt" | grep -q '^| mb | a | b .* | yes |$' ||
	fail "--alpha 0.5: p 0.1 < 0.25 is not a difference"
for bad in "--alpha 0" "--alpha x" "--alpha 1" "" "$TMP/sep.txt $TMP/sep.txt" "--nope $TMP/sep.txt" "$TMP/missing"; do
	# shellcheck disable=SC2086
	"$w" ranksum $bad >/dev/null 2>"$TMP/err"
	rc=$?
	[ $rc = 2 ] || fail "ranksum $bad: exit $rc, want 2"
	grep -q wbfair "$TMP/err" || fail "ranksum $bad: no message"
done
printf 'x a 1\n' | "$w" ranksum - >/dev/null 2>"$TMP/err"
[ $? = 2 ] && grep -q "no metric has two groups" "$TMP/err" || fail "one group: $(cat "$TMP/err")"
if [ -w /dev/full ]; then
	"$w" ranksum "$TMP/sep.txt" >/dev/full 2>/dev/null
	[ $? = 1 ] || fail "stdout on /dev/full: exit status is not 1"
fi
for f in docs/evidence/matrix/*/r*/figures.json; do
	c=$(basename "$(dirname "$(dirname "$f")")")
	jq -r --arg g "${c#wq-}" '"jain_1s \($g) \(.jain_1s)",
		"written_share_vda1 \($g) \(.share[0])",
		"dbench_total_mbps \($g) \(.dbench_mbps | add)",
		"turn_s \($g) \(.turn_s)"' "$f"
done | "$w" ranksum - >"$TMP/ev" || fail "the committed wq runs: exit $?"
grep -q '^24 tests; a pair differs when p < 0.05 / 24' "$TMP/ev" || fail "committed runs: $(tail -n 1 "$TMP/ev")"
! grep -q '| yes |$' "$TMP/ev" || fail "committed runs: a difference from 2-3 runs a scheduler: $(grep '| yes |$' "$TMP/ev")"
# 3 runs against 3: the smallest p is 2 / C(6,3) = 0.1 in every row
[ "$(grep -c '| 3 | 3 | .* | 0.1 | too few runs |$' "$TMP/ev")" = 24 ] ||
	fail "committed runs: not 24 rows of 3 against 3 with smallest p 0.1"
done_test
