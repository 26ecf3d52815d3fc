#!/usr/bin/env bash
# docs/results.md's era matrix tables are those of the committed runs:
# the per-model rows (bytes written over the run and over its first
# 120 s, dbench MB/s, Jain per 1 s, worst dbench latency: min / median /
# max over docs/evidence/era-matrix/runs.jsonl, the median the
# nearest-rank one as report.sh's) are found, as computed here, in the
# doc, and so are the started-first rows of the committed report.md,
# verbatim; and the evidence has three repeats of every cell.
. tests/shlib.sh
need jq
ev=docs/evidence/era-matrix
doc=docs/results.md
[ -f "$ev/runs.jsonl" ] || { fail "no $ev/runs.jsonl"; done_test; }
n=$(grep -c . "$ev/runs.jsonl")
ncells=$(grep -cE '^[a-z]' tools/experiment/era.jobs)
[ "$n" = $((3 * ncells)) ] || fail "$ev/runs.jsonl has $n runs, want $((3 * ncells)) ($ncells cells of era.jobs x 3 repeats)"
[ "$(jq -r '"\(.cell)/\(.run)"' "$ev/runs.jsonl" | sort -u | grep -c .)" = "$n" ] || fail "$ev/runs.jsonl repeats a run"
for l in $(jq -r '"\(.cell)/\(.run)"' "$ev/runs.jsonl"); do
	[ -f "$ev/$l/summary.json" ] && [ -f "$ev/$l/why.md" ] || fail "$ev/$l: no summary.json or why.md"
done
sec=$(sed -n '/^## The era matrix, 2026-12-06/,$p' "$doc")
[ -n "$sec" ] || { fail "$doc: no era matrix section"; done_test; }
rows=$(jq -r -s '
	def med: sort | .[(length / 2 | ceil) - 1];
	def r0: round; def r2: . * 100 | round / 100;
	def f3: . * 1000 | round / 1000 | tostring |
		if test("\\.") then (. + "00") | capture("^(?<a>[0-9]+\\.[0-9]{3})").a else . + ".000" end;
	def f2: r2 | tostring | if test("\\.") then (. + "0") | capture("^(?<a>[0-9]+\\.[0-9]{2})").a else . + ".00" end;
	def mmm(f): "\(min | f) / \(med | f) / \(max | f)";
	map(select(.clock_jump_s == 0)) |
	group_by(.cell | capture("^(?<m>.*?)-(none|bfq)").m) | .[] |
	(.[0].cell | capture("^(?<m>.*?)-(none|bfq)").m) as $m |
	"| \($m) | \(length) | " +
	(map(.written_mb | add) | mmm(r0)) + " | " +
	(map(.written_mb_120s | add) | mmm(r0)) + " | " +
	(map(.dbench_mbps | add) | mmm(f2)) + " | " +
	(map(.jain_1s) | mmm(f3)) + " | " +
	(map(.max_latency_s | map(.) | max) | mmm(r0)) + " |"' "$ev/runs.jsonl")
# pdflush, bdi, bdi-fair, wq and the two -ioless- cells' models
[ "$(grep -c . <<<"$rows")" = 6 ] || fail "want 6 models in runs.jsonl, got: $rows"
while IFS= read -r row; do
	grep -qxF -- "$row" <<<"$sec" || fail "$doc: no per-model row '$row' (from $ev/runs.jsonl)"
done <<<"$rows"
# the started-first rows: the committed report's, as they are
rep=$ev/report.md
[ -f "$rep" ] || { fail "no $rep"; done_test; }
first=$(sed -n '/^## The instance started first/,/^## /p' "$rep" | grep -E '^\| (pdflush|bdi|bdi-fair|wq|pdflush-ioless|bdi-ioless) \|')
[ "$(grep -c . <<<"$first")" = 6 ] || fail "$rep: want 6 started-first rows, got '$first'"
while IFS= read -r row; do
	grep -qxF -- "$row" <<<"$sec" || fail "$doc: no started-first row '$row' (from $rep)"
done <<<"$first"
done_test
