#!/usr/bin/env bash
# The era matrix's report is what its kept evidence says: report.sh
# --kept over a copy of docs/evidence/era-matrix (runs.jsonl and each
# run's why.md; the traces are not kept) makes the committed report.md
# byte for byte, so a table in it cannot drift from the rows it is made
# from; --kept leaves the kept runs.jsonl as it is, also when it reports
# only some cells. --kept without runs.jsonl exits 2.
. "$(dirname "$0")/../shlib.sh"
need jq
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export WBFAIR=$BIN/wbfair WBSIM=$BIN/wbsim
ev=$ROOT/docs/evidence/era-matrix
cp -r "$ev" "$TMP/era-matrix"
cells=$(awk '!/^#/ && NF { print $1 }' "$ROOT/tools/experiment/era.jobs")
"$ROOT/tools/experiment/report.sh" --kept "$TMP/era-matrix" $cells >"$TMP/out" 2>&1 ||
	fail "report.sh --kept exited $?: $(head -c 300 "$TMP/out")"
cmp -s "$ev/report.md" "$TMP/era-matrix/report.md" ||
	fail "report.md differs from what --kept makes: $(diff "$ev/report.md" "$TMP/era-matrix/report.md" | head -n 8)"
cmp -s "$ev/runs.jsonl" "$TMP/era-matrix/runs.jsonl" || fail "--kept changed the kept runs.jsonl"
# a report of some cells leaves the other cells' lines alone
"$ROOT/tools/experiment/report.sh" --kept "$TMP/era-matrix" bdi-none-o2 >/dev/null 2>&1 ||
	fail "report.sh --kept of one cell failed"
cmp -s "$ev/runs.jsonl" "$TMP/era-matrix/runs.jsonl" || fail "--kept of one cell changed runs.jsonl"
grep -q '^Made by tools/experiment/matrix.sh; 3 runs in era-matrix\.$' "$TMP/era-matrix/report.md" ||
	fail "the one-cell report does not count its 3 runs: $(sed -n 3p "$TMP/era-matrix/report.md")"
mkdir -p "$TMP/empty/c/r1"
echo '{}' >"$TMP/empty/c/r1/summary.json"
expect_exit 2 'no .*runs.jsonl' "$ROOT/tools/experiment/report.sh" --kept "$TMP/empty" c
done_test
