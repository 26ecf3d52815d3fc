#!/usr/bin/env bash
# Run directories as wbsim and the VM harness write them, and `wbfair
# compare`: the leader and its margin come from the generator's truth, the
# dirty-limit verdict from the rule of analysis/rundir.h that applies
# (trace.txt pauses, summary.json, nothing).
set -u
BIN=${BIN:-bin} BUILD=${BUILD:-build}
gen=$BUILD/tests/test_wbfair_tracegen
td=analysis/testdata
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }
has() { # file, fixed string
	grep -qF -- "$2" "$1" || bad "'$2' not in: $(cat "$1")"
}

# run1: trace 3:1, two dbench logs, trace-cmd report with 3 bdp pauses
r1=$tmp/run1
mkdir -p "$r1"
"$gen" write "$r1/sda" requests=3000 weights=3:1 merge_every=0 fixed_sects=64 > "$tmp/truth1"
mv "$r1/sda.geometry" "$r1/geometry"
cp $td/dbench.sda1.log $td/dbench.sda2.log "$r1/"
cp $td/trace-cmd-report.txt "$r1/trace.txt"
# run2: sda2 starved; the producer says the dirty limit was never hit
r2=$tmp/run2
mkdir -p "$r2"
"$gen" write "$r2/sda" requests=1000 weights=1:0 > /dev/null
mv "$r2/sda.geometry" "$r2/geometry"
printf '{"producer": "test", "dirty_limit_hit": false, "dirty_throttled_ns": 0}\n' > "$r2/summary.json"
# run3: dbench logs only, nothing about dirty memory
r3=$tmp/run3
mkdir -p "$r3"
cp $td/dbench.sda1.log $td/dbench.sda2.log "$r3/"

"$BIN/wbfair" "$r1" > "$tmp/r1.txt" || bad "wbfair run1"
# equal request sizes, 3:1 round robin: 3000 = 750 cycles of 4 -> 3/4
want=$(awk '$1 == "written" { w[$2] = $3 } END { printf "%.0f", 100 * w["sda1"] / (w["sda1"] + w["sda2"]) }' "$tmp/truth1")
[ "$want" = 75 ] || bad "truth share $want, want 75"
# the margin is the leader's share minus the runner-up's: 75 - 25
has "$tmp/r1.txt" "Verdict: sda1 ahead of sda2 by 50.0% of bytes written"
has "$tmp/r1.txt" "throttled on dirty memory (3 events)"
has "$tmp/r1.txt" "dbench instances"
has "$tmp/r1.txt" "writeback_start                  sb 8:1"
sed -n '/^Verdict/p' "$tmp/r1.txt"

"$BIN/wbfair" compare "$r1" "$r2" "$r3" > "$tmp/cmp.txt" || bad "compare"
cat "$tmp/cmp.txt"
has "$tmp/cmp.txt" "$r2: sda1 ahead of sda2 by 100.0% of bytes written"
grep "^$r2:" "$tmp/cmp.txt" | grep -qF "Jain 0.50" || bad "run2 Jain"
has "$tmp/cmp.txt" "never hit the dirty limit: does not test the flushers"
has "$tmp/cmp.txt" "$r3: sda2 ahead of sda1"
has "$tmp/cmp.txt" "of dbench instances throughput"
grep "^$r3:" "$tmp/cmp.txt" | grep -qF "dirty limit: unknown" || bad "run3 not unknown"
grep "^$r1:" "$tmp/cmp.txt" | grep -qF "throttled on dirty memory" || bad "run1 not throttled"
# the dbench instances: 138.633 vs 141.474 MB/s from the logs' last lines,
# (141.474 - 138.633) / 280.107 = 1.0%
has "$tmp/cmp.txt" "$r3: sda2 ahead of sda1 by 1.0% of dbench instances throughput"

"$BIN/wbfair" compare --format csv "$r1" "$r2" > "$tmp/cmp.csv" || bad "compare csv"
head -n 1 "$tmp/cmp.csv" | grep -qx 'kind,name,metric,t,value' || bad "csv header"
grep -q "^compare,$r2,jain,,0.5$" "$tmp/cmp.csv" || bad "csv jain of run2: $(grep "$r2,jain" "$tmp/cmp.csv")"
"$BIN/wbfair" compare --format json "$r1" "$r2" > "$tmp/cmp.json" || bad "compare json"
grep -q '"runs"' "$tmp/cmp.json" || bad "json has no runs"
"$BIN/wbfair" --format json "$r1" > "$tmp/r1.json" || bad "json report"
grep -q '"state": "hit"' "$tmp/r1.json" || bad "json dirty state"
# an empty directory is bad input
mkdir -p "$tmp/empty"
"$BIN/wbfair" "$tmp/empty" 2> "$tmp/err" > /dev/null
[ $? -eq 2 ] && grep -q 'no trace, dbench log' "$tmp/err" || bad "empty run dir: $(cat "$tmp/err")"
exit $fail
