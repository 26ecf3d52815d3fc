#!/usr/bin/env bash
# Test runner. Every test is a program or script that exits 0 (pass),
# 77 (skip) or anything else (fail); each gets a timeout. Unit tests
# (tests/unit/test_*.c) and script tests (tests/sh/*.sh) run against the
# normal build and again against the ASan/UBSan build. The last line is
# the tally: "N passed, N failed[, N skipped]".
#
#   tests/run.sh [-k PATTERN] [-j JOBS] [-v]
#   TEST_TIMEOUT=seconds (default 300)
#   TEST_JOBS=N: tests run at once (default: the CPUs there are; -j wins)
#
# Tests run N at a time and are reported as they end. Each keeps its own
# files (tests/shlib.sh's mktemp -d, a kernel boot's own work directory),
# so two may run side by side; a test that needs the machine to itself
# says so in its own header (none does today: the kernel boots passed
# beside a second whole make check, docs/kernel.md's CI table).
set -u
cd "$(dirname "$0")/.."

pattern=""
verbose=0
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
while [ $# -gt 0 ]; do
	case "$1" in
	-k) pattern="$2"; shift 2 ;;
	-j) jobs="$2"; shift 2 ;;
	-v) verbose=1; shift ;;
	*) echo "usage: $0 [-k PATTERN] [-j JOBS] [-v]" >&2; exit 2 ;;
	esac
done
case $jobs in
'' | *[!0-9]* | 0) echo "$0: jobs: '$jobs' is not a positive number" >&2; exit 2 ;;
esac

timeout_s=${TEST_TIMEOUT:-300}
logdir=build/test-logs
mkdir -p "$logdir"
pass=0 fail=0 skip=0
failed=""

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# the tests in the order the serial runner ran them: name, then command
names=() cmds=()
add() { # name, command...
	local name=$1; shift
	[ -n "$pattern" ] && [[ "$name" != *$pattern* ]] && return
	names+=("$name")
	cmds+=("$(printf '%q ' "$@")")
}
for variant in "" san; do
	build=build bin=bin prefix=""
	if [ "$variant" = san ]; then build=build-san bin=bin-san prefix="san/"; fi
	for t in "$build"/tests/test_*; do
		[ -x "$t" ] || continue
		add "${prefix}unit/$(basename "$t")" "$t"
	done
	for t in tests/sh/*.sh; do
		[ -f "$t" ] || continue
		add "${prefix}sh/$(basename "$t" .sh)" env BIN="$bin" BUILD="$build" bash "$t"
	done
done

logof() { echo "$logdir/$(echo "$1" | tr '/' '_').log"; }

# start test $1 in the background; its exit status and wall time go to
# LOG.status when it ends
start() {
	local i=$1 log
	log=$(logof "${names[$i]}")
	rm -f "$log.status"
	(
		t0=$EPOCHREALTIME
		eval "timeout --kill-after=10 $timeout_s ${cmds[$i]}" >"$log" 2>&1
		rc=$?
		echo "$rc $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')" >"$log.status"
	) &
	pidof[$!]=$i
}

report() { # index
	local name=${names[$1]} log rc dt
	log=$(logof "$name")
	read -r rc dt <"$log.status" || { rc=1 dt=?; }
	rm -f "$log.status"
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

declare -A pidof=()
# interrupted: timeout(1) runs each test in a process group of its own,
# which a terminal's ^C does not reach; pass the signal on (timeout sends
# it to the test's group), wait for them, and stop
stop() {
	local p
	for p in "${!pidof[@]}"; do
		pkill -TERM -P "$p" 2>/dev/null
	done
	wait
	echo "$0: interrupted" >&2
	exit 130
}
trap stop INT TERM
next=0 running=0
while [ $next -lt ${#names[@]} ] || [ $running -gt 0 ]; do
	while [ $running -lt "$jobs" ] && [ $next -lt ${#names[@]} ]; do
		start $next
		next=$((next + 1)) running=$((running + 1))
	done
	done_pid=""
	wait -n -p done_pid
	if [ -z "$done_pid" ]; then	# no child left to wait for: a bug here
		echo "$0: $running tests counted as running, none to wait for" >&2
		exit 2
	fi
	[ -n "${pidof[$done_pid]:-}" ] || continue
	report "${pidof[$done_pid]}"
	unset "pidof[$done_pid]"
	running=$((running - 1))
done

[ -n "$failed" ] && echo "failed:$failed (logs in $logdir/)"
if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
