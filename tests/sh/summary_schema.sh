#!/usr/bin/env bash
# One summary.json layout (docs/summary.schema.json, docs/summary-json.md)
# for every producer: a fresh `wbsim run`, a `wbsim matrix` cell, the VM
# harness's (traces/bdi-none, tools/experiment/summary.sh's layout)
# conform, with tools/summary-check.jq; the checker rejects an
# undocumented key, a missing key, a wrong type and the old layout; every
# key of the schema is in docs/summary-json.md.
. tests/shlib.sh
need jq
check() { jq -r --slurpfile schema docs/summary.schema.json -f tools/summary-check.jq "$1"; }
conforms() { # label file
	check "$2" >"$TMP/v" 2>&1 || fail "$1: the checker failed: $(head -c 300 "$TMP/v")"
	[ ! -s "$TMP/v" ] || fail "$1: $(head -n 5 "$TMP/v" | tr '\n' ';')"
}
$BIN/wbsim run sim/scenarios/box2009.ini --set sim.duration=4 -o "$TMP/run" >/dev/null 2>"$TMP/err" ||
	fail "wbsim run: $(cat "$TMP/err")"
conforms "wbsim run" "$TMP/run/summary.json"
$BIN/wbsim matrix sim/scenarios/box2009.ini --flushers pdflush,wq --schedulers noop --set sim.duration=4 \
	-q -o "$TMP/m" >/dev/null 2>"$TMP/err" || fail "wbsim matrix: $(cat "$TMP/err")"
n=0
for s in "$TMP"/m/*/summary.json; do
	[ -f "$s" ] || continue
	n=$((n + 1))
	conforms "matrix cell ${s#$TMP/m/}" "$s"
done
[ $n = 2 ] || fail "matrix: $n cell summaries, want 2"
conforms traces/bdi-none traces/bdi-none/summary.json
[ "$(jq -r .producer traces/bdi-none/summary.json)" = qemu ] || fail "traces/bdi-none is not the VM harness's"

# the same keys mean the same thing: the partitions of the run, as an
# object, their bytes those of the disk's completions (blkparse/wbfair)
[ "$(jq -r '.partitions | type' "$TMP/run/summary.json")" = object ] || fail "wbsim: partitions is not an object"
jq -e '.partitions | keys == ["sda1", "sda2", "sda3"]' "$TMP/run/summary.json" >/dev/null ||
	fail "wbsim: partitions $(jq -c '.partitions | keys' "$TMP/run/summary.json")"
jq -e '.partitions | keys == ["vda1", "vda2"]' traces/bdi-none/summary.json >/dev/null ||
	fail "traces/bdi-none: partitions $(jq -c '.partitions | keys' traces/bdi-none/summary.json)"
jq -e '.throttled_task_seconds_total > 0 and .throttle_events_total > 0' traces/bdi-none/summary.json >/dev/null ||
	fail "traces/bdi-none: no throttled time"

# the checker catches what it must
jq '. + {dirty_throttled_s: 1}' "$TMP/run/summary.json" >"$TMP/extra.json"
check "$TMP/extra.json" | grep -q 'summary.dirty_throttled_s: not in the schema' || fail "an undocumented key passed"
jq 'del(.throttle_events_total)' "$TMP/run/summary.json" >"$TMP/missing.json"
check "$TMP/missing.json" | grep -q 'no "throttle_events_total"' || fail "a missing key passed"
jq 'del(.writes)' "$TMP/run/summary.json" >"$TMP/missing2.json"
check "$TMP/missing2.json" | grep -q 'no "writes"' || fail "a missing wbsim key passed"
jq '.partitions = [.partitions | to_entries[] | {partition: .key} + .value]' "$TMP/run/summary.json" >"$TMP/array.json"
check "$TMP/array.json" | grep -q 'summary.partitions: array, want object' || fail "partitions as an array passed"
jq '.partitions.sda1.written_bytes = "x"' "$TMP/run/summary.json" >"$TMP/type.json"
check "$TMP/type.json" | grep -q 'summary.partitions.sda1.written_bytes: string, want integer' || fail "a wrong type passed"

# every key of the schema is documented
jq -r '[(., (paths(type == "object" and has("properties")) as $p | getpath($p))) | .properties // {} | keys[]] | unique[]' \
	docs/summary.schema.json >"$TMP/keys"
[ "$(grep -c . "$TMP/keys")" -ge 50 ] || fail "the schema has $(grep -c . "$TMP/keys") keys"
while read -r k; do
	grep -qE "[\`.]$k([\`.]|\[\])" docs/summary-json.md || fail "docs/summary-json.md does not document $k"
done <"$TMP/keys"
done_test
