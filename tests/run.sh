#!/usr/bin/env bash
# Test runner. Every test is a program or script that exits 0 (pass),
# 77 (skip) or anything else (fail); each gets a timeout. Unit tests
# (tests/unit/test_*.c) and script tests (tests/sh/*.sh) run against the
# normal build and again against the ASan/UBSan build. The last line is
# the tally: "N passed, N failed[, N skipped]".
#
#   tests/run.sh [-k PATTERN] [-v]
#   TEST_TIMEOUT=seconds (default 300)
set -u
cd "$(dirname "$0")/.."

pattern=""
verbose=0
while [ $# -gt 0 ]; do
	case "$1" in
	-k) pattern="$2"; shift 2 ;;
	-v) verbose=1; shift ;;
	*) echo "usage: $0 [-k PATTERN] [-v]" >&2; exit 2 ;;
	esac
done

timeout_s=${TEST_TIMEOUT:-300}
logdir=build/test-logs
mkdir -p "$logdir"
pass=0 fail=0 skip=0
failed=""

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

run_one() { # name, command...
	local name=$1; shift
	[ -n "$pattern" ] && [[ "$name" != *$pattern* ]] && return
	local log="$logdir/$(echo "$name" | tr '/' '_').log"
	local t0=$EPOCHREALTIME
	timeout --kill-after=10 "$timeout_s" "$@" >"$log" 2>&1
	local rc=$?
	local dt=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
	case $rc in
	0) pass=$((pass + 1)); printf 'PASS  %-44s %6ss\n' "$name" "$dt" ;;
	77) skip=$((skip + 1)); printf 'SKIP  %-44s %6ss  %s\n' "$name" "$dt" "$(tail -n 1 "$log")" ;;
	124|137) fail=$((fail + 1)); failed="$failed $name"
		printf 'FAIL  %-44s %6ss  (timeout %ss)\n' "$name" "$dt" "$timeout_s" ;;
	*) fail=$((fail + 1)); failed="$failed $name"
		printf 'FAIL  %-44s %6ss  (exit %d)\n' "$name" "$dt" "$rc"
		tail -n 20 "$log" | sed 's/^/      | /' ;;
	esac
	[ $verbose = 1 ] && sed 's/^/      | /' "$log"
	return 0
}

for variant in "" san; do
	build=build bin=bin prefix=""
	if [ "$variant" = san ]; then build=build-san bin=bin-san prefix="san/"; fi
	for t in "$build"/tests/test_*; do
		[ -x "$t" ] || continue
		run_one "${prefix}unit/$(basename "$t")" "$t"
	done
	for t in tests/sh/*.sh; do
		[ -f "$t" ] || continue
		run_one "${prefix}sh/$(basename "$t" .sh)" env BIN="$bin" BUILD="$build" bash "$t"
	done
done

[ -n "$failed" ] && echo "failed:$failed (logs in $logdir/)"
if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
