#!/usr/bin/env bash
# `make validate` keeps its errors: the twin (sim/scenarios/vm61.ini) over
# the wq cells against the committed real runs (docs/evidence/matrix/),
# every figure's error no worse than tools/validate/baseline.tsv by more
# than the margin: 0.01 for a share or a Jain index (absolute errors), 2
# percentage points for a relative error (MB/s, turn length, latency).
# Also: the output names each scheduler's stand-in, and a real run's twin
# scenario (the committed example, as tools/experiment/run.sh writes it)
# is what tools/validate/twin.sh makes and loads in wbsim as it is.
. "$(dirname "$0")/../shlib.sh"
need jq
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export WBSIM=$BIN/wbsim WBFAIR=$BIN/wbfair
base=$ROOT/tools/validate/baseline.tsv
ex=$ROOT/docs/evidence/matrix/wq-none/r3

"$ROOT/tools/validate/validate.sh" -o "$TMP/v" -j 2 \
	--cells "wq-none wq-mq-deadline wq-bfq wq-kyber" >"$TMP/out" 2>"$TMP/err" ||
	fail "validate.sh exited $?: $(head -c 400 "$TMP/err")"
for c in wq-none wq-mq-deadline wq-bfq wq-kyber; do
	grep -q "^== $c: held to the targets" "$TMP/out" || fail "no table for $c"
done
grep -q "scheduler kyber: approximated by noop" "$TMP/out" || fail "kyber's stand-in is not named"
grep -q "scheduler bfq: approximated by 2.6.30's CFQ" "$TMP/out" || fail "bfq's stand-in is not named"
grep -q "multi-block allocator" "$TMP/out" || fail "the missing features are not listed"

# every baseline error still there and not worse than the margin
"$ROOT/tools/validate/no-worse.sh" "$base" "$TMP/v/errors.tsv" >"$TMP/worse" ||
	fail "errors grew: $(cat "$TMP/worse")"
[ "$(wc -l <"$base")" -ge 20 ] || fail "baseline has fewer than 20 errors"

# the committed twin of a real run: made by twin.sh from the run's
# parameters, and wbsim runs it as it is
[ -f "$ex/scenario.ini" ] && [ -f "$ex/experiment.ini" ] || fail "no committed example in $ex"
"$ROOT/tools/validate/twin.sh" "$ex/experiment.ini" >"$TMP/twin.ini" || fail "twin.sh failed"
# (the comments may say more than they did)
cmp -s <(grep -v '^;' "$TMP/twin.ini") <(grep -v '^;' "$ex/scenario.ini") ||
	fail "twin.sh no longer makes $ex/scenario.ini"
grep -q '^; scheduler ' "$TMP/twin.ini" || fail "the twin does not say how its scheduler stands in"
grep -q '^; ext4 data=ordered with delayed allocation: ordered + delalloc' "$TMP/twin.ini" || fail "the twin does not name delalloc"
grep -q '^delalloc = yes$' "$TMP/twin.ini" || fail "the twin of an ext4 run is not delalloc"

grep -q '^model = vdisk$' "$ex/scenario.ini" || fail "the twin's disk is not the throttled virtio disk"
grep -q '^bps_total = 10485760$' "$ex/scenario.ini" || fail "the twin's throttle is not 10 MiB/s"
"$WBSIM" run "$ex/scenario.ini" --set sim.duration=6 -o "$TMP/twin" >/dev/null 2>"$TMP/err" ||
	fail "wbsim run $ex/scenario.ini: $(head -c 300 "$TMP/err")"
[ -f "$TMP/twin/summary.json" ] || fail "the twin's run wrote no summary.json"

# bad input
expect_exit 2 'twin: .*: no \[qemu\] section' "$ROOT/tools/validate/twin.sh" "$ROOT/sim/scenarios/vm61.ini"
expect_exit 2 "validate: cell 'wq-cfq'" "$ROOT/tools/validate/validate.sh" --cells wq-cfq -o "$TMP/x"
done_test
