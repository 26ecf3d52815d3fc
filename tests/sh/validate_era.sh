#!/usr/bin/env bash
# The twin of the era matrix keeps its errors: tools/validate/era.sh over
# every cell of docs/evidence/era-matrix (3 seeds each), one table per
# cell and one row per flusher model, and every error no worse than
# tools/validate/era-baseline.tsv by more than the margin
# (tools/validate/no-worse.sh). Also: a simulated run's line has the
# figures of a real one's (tools/experiment/run-row.sh reads both), and
# bad arguments exit 2.
. "$(dirname "$0")/../shlib.sh"
need jq
need blkparse
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export WBSIM=$BIN/wbsim WBFAIR=$BIN/wbfair
ev=$ROOT/docs/evidence/era-matrix
base=$ROOT/tools/validate/era-baseline.tsv
era=$ROOT/tools/validate/era.sh

"$era" -o "$TMP/e" -j 2 >"$TMP/out" 2>"$TMP/err" || fail "era.sh exited $?: $(head -c 400 "$TMP/err")"
ncell=0
for c in $(jq -r .cell "$ev/runs.jsonl" | sort -u); do
	ncell=$((ncell + 1))
	grep -q "^== $c: [0-9]* real runs, 3 simulated" "$TMP/out" || fail "no table for $c"
	[ "$(grep -c "\"cell\":\"$c\"" "$TMP/e/sim.jsonl")" = 3 ] || fail "$c: not 3 simulated runs"
done
[ $ncell -ge 25 ] || fail "only $ncell cells in $ev"
for m in wq pdflush bdi bdi-fair; do
	grep -Eq "^\| $m \| [0-9]+ \| " "$TMP/out" || fail "no per-model row for $m"
done
# a simulated line has what a real one has (the figures compared)
jq -e 'has("written_mb") and has("dbench_mbps") and has("max_latency_s") and
	(.written_mb | length) == 2 and (.dbench_mbps | length) == 2 and
	.jain_1s != null and .jain_10s != null' "$TMP/e/sim.jsonl" >/dev/null ||
	fail "a simulated run's line lacks figures"
# the staggered cells started as asked: the simulated instance started
# first is the one the cell names (sda1 first, but sda2 in -sda2first);
# those with a measured start follow their real runs (checked below)
asked=$(grep -A 1 '^== ' "$TMP/out" | awk '/^== / { c = $2; sub(/:$/, "", c) } /^start: the offsets asked for/ { print c }' | jq -R . | jq -s -c .)
jq -e -s --argjson asked "$asked" 'map(select((.cell | test("-o(0\\.5|2)$")) and (.cell as $c | $asked | index($c)))) |
	length > 0 and all(.first.partition == "sda1")' "$TMP/e/sim.jsonl" >/dev/null ||
	fail "a staggered simulated run started as asked did not start sda1 first"
jq -e -s 'map(select(.cell | test("sda2first$"))) | length > 0 and all(.first.partition == "sda2")' "$TMP/e/sim.jsonl" >/dev/null ||
	fail "the sda2-first cell did not start sda2 first"
# the start: a cell whose real runs traced each partition's first dirty
# inode runs seed k with real run k's measured start, the others the
# offsets asked for; each cell's header says which
nmeasured=0
for c in $(jq -r .cell "$ev/runs.jsonl" | sort -u); do
	hdr=$(grep -A 1 "^== $c: " "$TMP/out" | sed -n 2p)
	case $hdr in
	"start: the offsets asked for") ;;
	"start: measured "*)
		nmeasured=$((nmeasured + 1))
		want=$(jq -r '[.instances | sort_by(.partition)[] | .first_dirty_s] | (.[1] - .[0]) * 1000 | round' "$ev/$c/r1/summary.json")
		got=$(jq -r '[.instances | sort_by(.partition)[] | .start_s] | (.[1] - .[0]) * 1000 | round' "$TMP/e/$c/r1/summary.json")
		[ "$want" = "$got" ] || fail "$c: seed 1 started sda2 $got ms after sda1, real run 1 $want ms" ;;
	*) fail "$c: no start line under its header: '$hdr'" ;;
	esac
done
[ $nmeasured -ge 1 ] || fail "no cell ran with a measured start"
grep -q '^== pdflush-ioless-none-o2: .*: semantics differ' "$TMP/out" ||
	fail "the IO-less pdflush cell is not marked as differing in semantics"

"$ROOT/tools/validate/no-worse.sh" "$base" "$TMP/e/errors.tsv" >"$TMP/worse" ||
	fail "errors grew: $(cat "$TMP/worse")"
[ "$(wc -l <"$base")" -ge 200 ] || fail "baseline has fewer than 200 errors"

expect_exit 2 "want a count" "$era" -o "$TMP/x" --seeds 0
expect_exit 2 "no runs in" "$era" -o "$TMP/x" --cells nosuch-none
expect_exit 2 "not a cell name" "$era" -o "$TMP/x" --cells 'a/b'
expect_exit 2 "no runs.jsonl" "$era" -o "$TMP/x" --evidence "$TMP"
done_test
