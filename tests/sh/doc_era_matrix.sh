#!/usr/bin/env bash
# docs/results.md's era matrix tables are those of the committed runs:
# the per-model rows (bytes written, dbench MB/s, Jain per 1 s: min /
# median / max over docs/evidence/era-matrix/runs.jsonl, the median the
# nearest-rank one as report.sh's) and the started-first rows of the
# committed report.md are found, as computed here, in the doc.
. tests/shlib.sh
need jq
ev=docs/evidence/era-matrix
doc=docs/results.md
[ -f "$ev/runs.jsonl" ] || { fail "no $ev/runs.jsonl"; done_test; }
n=$(grep -c . "$ev/runs.jsonl")
[ "$n" = 50 ] || fail "$ev/runs.jsonl has $n runs, want 50 (25 cells x 2 repeats)"
sec=$(sed -n '/^## The era matrix, 2026-12-06/,$p' "$doc")
[ -n "$sec" ] || { fail "$doc: no era matrix section"; done_test; }
rows=$(jq -r -s '
	def med: sort | .[(length / 2 | ceil) - 1];
	def r0: round; def r2: . * 100 | round / 100;
	def f3: . * 1000 | round / 1000 | tostring |
		if test("\\.") then (. + "00") | capture("^(?<a>[0-9]+\\.[0-9]{3})").a else . + ".000" end;
	def f2: r2 | tostring | if test("\\.") then (. + "0") | capture("^(?<a>[0-9]+\\.[0-9]{2})").a else . + ".00" end;
	group_by(.cell | capture("^(?<m>.*?)-(none|bfq)").m) | .[] |
	(.[0].cell | capture("^(?<m>.*?)-(none|bfq)").m) as $m |
	(map(.written_mb.vda1 + .written_mb.vda2)) as $b |
	(map(.dbench_mbps.vda1 + .dbench_mbps.vda2)) as $d |
	(map(.jain_1s)) as $j |
	"| \($m) | \(length) | \($b | min | r0) / \($b | med | r0) / \($b | max | r0) | " +
	"\($d | min | f2) / \($d | med | f2) / \($d | max | f2) | " +
	"\($j | min | f3) / \($j | med | f3) / \($j | max | f3) |"' "$ev/runs.jsonl")
[ "$(grep -c . <<<"$rows")" = 4 ] || fail "want 4 models in runs.jsonl, got: $rows"
while IFS= read -r row; do
	grep -qxF -- "$row" <<<"$sec" || fail "$doc: no per-model row '$row' (from $ev/runs.jsonl)"
done <<<"$rows"
# the started-first rows: the committed report's, in the doc's columns
# (model, runs, share of bytes, more in, p, share of dbench, more in, p)
rep=$ev/report.md
[ -f "$rep" ] || { fail "no $rep"; done_test; }
first=$(sed -n '/^## The instance started first/,/^## /p' "$rep" | grep -E '^\| (pdflush|bdi|bdi-fair|wq) \|')
[ "$(grep -c . <<<"$first")" = 4 ] || fail "$rep: want 4 started-first rows, got '$first'"
while IFS='|' read -r _ m runs sb more p _ sd dmore dp _; do
	m=$(echo $m) runs=$(echo $runs) more=$(echo $more) dmore=$(echo $dmore)
	p=$(echo $p) dp=$(echo $dp) sb=$(echo $sb) sd=$(echo $sd)
	got=$(grep -E "^\| $m \| $runs \|" <<<"$sec" | grep -F "| $more |" | grep -F "| $dmore |" || true)
	[ -n "$got" ] || fail "$doc: no started-first row for $m with $runs runs, '$more' and '$dmore'"
	for v in $p $dp; do
		# the doc pads p to three decimals (0.07 -> 0.070)
		pv=$(awk -v v="$v" 'BEGIN { printf "%.3f", v }')
		grep -qF "| $pv |" <<<"$got" || fail "$doc: started-first row for $m lacks p $pv: $got"
	done
	for s in "$sb" "$sd"; do
		s3=$(awk -v s="$s" 'BEGIN { n = split(s, a, " / "); for (i = 1; i <= n; i++) printf "%s%.3f", (i > 1 ? " / " : ""), a[i] }')
		grep -qF "| $s3 |" <<<"$got" || fail "$doc: started-first row for $m lacks '$s3': $got"
	done
done <<<"$first"
done_test
