#!/usr/bin/env bash
# tools/validate/collect.sh keeps the small part of a matrix's runs: per
# run its summary, parameters, figures (not with --no-figures), dbench
# series and why.md (when report.sh wrote one); and the
# matrix's runs.jsonl merged into OUT/runs.jsonl, a run already there
# replaced by the newer one, the others kept (the per-run figures the
# significance test needs).
. tests/shlib.sh
need jq
src=traces/bdi-none
[ -f "$src/summary.json" ] || fail "no $src"
m=$TMP/m out=$TMP/out
mkdir -p "$m/wq-none" "$out"
cp -r "$src" "$m/wq-none/r1"
printf '%s\n' '{"cell":"wq-none","run":"r1","jain_1s":0.7}' '{"cell":"wq-none","run":"r2","jain_1s":0.6}' >"$m/runs.jsonl"
printf '%s\n' '{"cell":"wq-none","run":"r1","jain_1s":0.1}' '{"cell":"bdi-none","run":"r1","jain_1s":0.5}' >"$out/runs.jsonl"
tools/validate/collect.sh "$m" "$out" >"$TMP/log" 2>&1 || fail "collect failed: $(tail -n 3 "$TMP/log")"
grep -qx 'collect: 1 run(s) into .*' "$TMP/log" || fail "collect: $(cat "$TMP/log")"
for f in summary.json geometry figures.json experiment.ini scenario.ini dbench.vda1.series dbench.vda2.summary; do
	[ -s "$out/wq-none/r1/$f" ] || fail "no $f kept"
done
[ "$(jq -r .jain_1s "$out/wq-none/r1/figures.json")" != null ] || fail "figures.json has no jain_1s"
[ "$(grep -c . "$out/runs.jsonl")" = 3 ] || fail "runs.jsonl: $(grep -c . "$out/runs.jsonl") lines, want 3"
[ "$(jq -r 'select(.cell == "wq-none" and .run == "r1") | .jain_1s' "$out/runs.jsonl")" = 0.7 ] ||
	fail "wq-none r1 not replaced by the newer run"
[ "$(jq -r 'select(.cell == "bdi-none") | .jain_1s' "$out/runs.jsonl")" = 0.5 ] || fail "bdi-none r1 lost"
# a first collect: OUT has no runs.jsonl yet (refused as bad input once)
tools/validate/collect.sh "$m" "$TMP/first" >"$TMP/log" 2>&1 || fail "collect into a new OUT failed: $(tail -n 3 "$TMP/log")"
[ "$(grep -c . "$TMP/first/runs.jsonl")" = 2 ] || fail "a first collect did not write the matrix's 2 runs"
echo 'not json' >"$m/runs.jsonl"
tools/validate/collect.sh "$m" "$out" >/dev/null 2>&1
[ $? = 2 ] || fail "a bad runs.jsonl was not refused with exit 2"
[ "$(grep -c . "$out/runs.jsonl")" = 3 ] || fail "a bad runs.jsonl changed OUT/runs.jsonl"
ls "$out"/runs.jsonl.* >/dev/null 2>&1 && fail "a temporary file left behind"
# --no-figures: no figures.json; a run's why/why.md is kept as why.md
mkdir -p "$m/wq-none/r1/why"
echo '# Why: wq-none/r1' >"$m/wq-none/r1/why/why.md"
rm -f "$m/runs.jsonl"
tools/validate/collect.sh --no-figures "$m" "$TMP/nf" >"$TMP/log" 2>&1 || fail "--no-figures failed: $(tail -n 3 "$TMP/log")"
[ -f "$TMP/nf/wq-none/r1/figures.json" ] && fail "--no-figures wrote figures.json"
[ -s "$TMP/nf/wq-none/r1/summary.json" ] || fail "--no-figures kept no summary.json"
grep -qx '# Why: wq-none/r1' "$TMP/nf/wq-none/r1/why.md" 2>/dev/null || fail "why/why.md not kept as why.md"
done_test
