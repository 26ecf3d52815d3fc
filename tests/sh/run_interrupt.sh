# SIGINT and SIGTERM stop a run cleanly: exit 130 / 143, summary.json says
# complete:false with the reason, every dbench log line is whole and the
# blktrace parses to its last record. The matrix forwards the signal to its
# cells and writes its report marked incomplete. Also: progress lines off a
# tty (no carriage returns, correct running counts), --max-trace-size, and
# the matrix's messages for bad input.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
long="--set sim.duration=86400 --set dbench.clients=2 -q"

# wait_growing FILE: until FILE exists and has grown (the run is under way)
wait_growing() {
	local s0=-1 s i
	for i in $(seq 1 600); do
		s=$(stat -c %s "$1" 2>/dev/null || echo -1)
		[ "$s" -gt 0 ] && [ "$s0" -ge 0 ] && [ "$s" -gt "$s0" ] && return 0
		s0=$s
		sleep 0.05
	done
	return 1
}

for sig in INT TERM; do
	d=$TMP/$sig
	$BIN/wbsim run sim/scenarios/box2009.ini $long -o "$d" >/dev/null 2>"$d.err" &
	pid=$!
	wait_growing "$d/sda.blktrace.0" || fail "$sig: the run never started writing"
	kill -$sig $pid
	wait $pid; rc=$?
	want=$([ $sig = INT ] && echo 130 || echo 143)
	[ $rc -eq "$want" ] || fail "SIG$sig: exit $rc, want $want"
	grep -q '"complete": false' "$d/summary.json" || fail "$sig: not marked incomplete"
	grep -q "\"incomplete_reason\": \"interrupted by SIG$sig\"" "$d/summary.json" || fail "$sig: reason"
	for log in "$d"/dbench.*.log; do
		[ -z "$(tail -c 1 "$log")" ] || fail "$sig: $log ends mid-line"
	done
	grep -qx sda.blktrace.0 "$d/wbsim.manifest" || fail "$sig: no manifest"
	$BIN/wbfair "$d" >"$d.wbfair" 2>&1 || fail "$sig: wbfair cannot read the partial run: $(tail -3 "$d.wbfair")"
	if command -v blkparse >/dev/null; then
		blkparse -i sda -D "$d" >/dev/null 2>"$d.bp" || fail "$sig: blkparse failed"
	fi
done

# the matrix: the signal reaches its cells, the report says incomplete
$BIN/wbsim matrix sim/scenarios/box2009.ini --flushers bdi --schedulers noop,cfq -j 2 \
	$long -o "$TMP/m" >"$TMP/m.out" 2>"$TMP/m.err" &
pid=$!
wait_growing "$TMP/m/bdi-noop/sda.blktrace.0" || fail "matrix never started"
kill -INT $pid
wait $pid; rc=$?
[ $rc -eq 130 ] || fail "matrix: exit $rc, want 130"
grep -q "Incomplete: interrupted by SIGINT" "$TMP/m/report.md" || fail "matrix report not marked"
for c in bdi-noop bdi-cfq; do
	grep -q '"complete": false' "$TMP/m/$c/summary.json" || fail "cell $c not marked incomplete"
done

# progress off a tty: plain lines, no \r; the matrix counts what runs
$BIN/wbsim run sim/scenarios/box2009.ini --set sim.duration=20 --progress=0.01 -o "$TMP/p" \
	>/dev/null 2>"$TMP/p.err" || fail "progress run"
grep -q "simulated s, .*%, ETA" "$TMP/p.err" || fail "no progress line"
grep -q $'\r' "$TMP/p.err" && fail "carriage return in non-tty progress"
$BIN/wbsim matrix sim/scenarios/box2009.ini --flushers bdi --schedulers noop,cfq -j 2 \
	--set sim.duration=4 -o "$TMP/mp" >/dev/null 2>"$TMP/mp.err" || fail "small matrix"
grep -q "0/2 cells done, 2 running" "$TMP/mp.err" || fail "running count: $(cat "$TMP/mp.err")"
grep -q $'\r' "$TMP/mp.err" && fail "carriage return in the matrix's non-tty progress"

# --max-trace-size: a warning before the run, a cut on a record boundary
$BIN/wbsim run sim/scenarios/box2009.ini --set sim.duration=20 -q --max-trace-size=64k \
	-o "$TMP/cap" >/dev/null 2>"$TMP/cap.err" || fail "capped run failed"
grep -q "may reach .* over --max-trace-size" "$TMP/cap.err" || fail "no warning before the run"
grep -q "reached --max-trace-size" "$TMP/cap.err" || fail "no warning at the limit"
[ "$(stat -c %s "$TMP/cap/sda.blktrace.0")" -le 65536 ] || fail "trace past the limit"
grep -q '"complete": false' "$TMP/cap/summary.json" || fail "capped run not marked incomplete"
$BIN/wbfair "$TMP/cap" >/dev/null 2>&1 || fail "wbfair cannot read the capped trace"
expect_exit 2 "max-trace-size wants a size" $BIN/wbsim run --max-trace-size=lots

# the matrix's messages
expect_exit 2 "--flushers: item 1 of .,. is empty" $BIN/wbsim matrix sim/scenarios/box2009.ini --flushers ,
printf '[dbench]\nclients = 0\n' >"$TMP/bad.ini"
expect_exit 2 "bad.ini:2: " $BIN/wbsim matrix "$TMP/bad.ini" -o "$TMP/badm"
[ -e "$TMP/badm" ] && fail "bad matrix input created its directory"
done_test
