# A whole simulated run: dbench reads the real client.txt, its logs parse
# with wbfair's dbench reader (the rules checked against real dbench 4.0
# output), the run directory is complete, the same seed gives
# byte-identical run directories, and bad scenario values or loadfile
# lines give file:line and exit 2.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"

short="--set sim.duration=10 --set dbench.clients=4 --set vm.ram=128M"
$BIN/wbsim run sim/scenarios/box2009.ini $short -o "$TMP/a" >"$TMP/a.out" ||
	fail "wbsim run failed: $(cat "$TMP/a.out")"
for f in dbench.sda1.log dbench.sda3.log sda.blktrace.0 geometry trace.txt summary.json scenario.ini plots/rate.png plots/rate.svg; do
	[ -s "$TMP/a/$f" ] || fail "run directory lacks $f"
done
grep -q "with load '/usr/share/dbench/client.txt'" "$TMP/a/dbench.sda1.log" ||
	fail "the log does not name the real loadfile"
# dbench 4.0: the final figure is the last execute line's MB/sec
for p in sda1 sda3; do
	last=$(awk '/ execute /{v=$3} END{print v}' "$TMP/a/dbench.$p.log")
	final=$(awk '/^Throughput/{print $2}' "$TMP/a/dbench.$p.log")
	awk -v a="$last" -v b="$final" 'BEGIN{exit !(a + 0 > 0 && (a - b < 0.01 && b - a < 0.01))}' ||
		fail "$p: Throughput $final != last execute line $last"
	grep -q "^ WriteX " "$TMP/a/dbench.$p.log" || fail "$p: no WriteX row in the Operation table"
done
$BIN/wbfair "$TMP/a" --format json >"$TMP/a.json" 2>"$TMP/a.err" ||
	fail "wbfair cannot read the run: $(head -3 "$TMP/a.err")"
grep -q '"dbench_fairness"' "$TMP/a.json" || fail "wbfair found no dbench instances"
grep -q '"dirty_limit_hit": true' "$TMP/a/summary.json" ||
	fail "a 128 MB box writing for 12 s should hit the dirty limit"

# determinism: the same run again into the same place (plot titles name
# the directory) gives a byte-identical run directory
mv "$TMP/a" "$TMP/b"
$BIN/wbsim run sim/scenarios/box2009.ini $short -o "$TMP/a" >/dev/null
diff -r "$TMP/a" "$TMP/b" >"$TMP/diff" || fail "same seed, different run directories: $(head -5 "$TMP/diff")"
$BIN/wbsim run sim/scenarios/box2009.ini $short --set sim.seed=2 -o "$TMP/c" >/dev/null
cmp -s "$TMP/a/summary.json" "$TMP/c/summary.json" &&
	cmp -s "$TMP/a/sda.blktrace.0" "$TMP/c/sda.blktrace.0" &&
	fail "another seed changed nothing (are the random streams seeded?)"

# a start offset per instance: sda3's clients are released 3 s later
$BIN/wbsim run sim/scenarios/box2009.ini $short --set dbench.start_offsets=0,3 -o "$TMP/d" >/dev/null ||
	fail "run with start offsets failed"
grep -q '"partition": "sda3", "dbench_mb_s": [0-9.]*, "start_s": 3.000000' "$TMP/d/summary.json" ||
	fail "sda3 did not start at 3 s: $(grep sda3 "$TMP/d/summary.json" | head -1)"
grep -q '"partition": "sda1", "dbench_mb_s": [0-9.]*, "start_s": 0.000000' "$TMP/d/summary.json" ||
	fail "sda1 did not start at 0 s"

# bad input: scenario values and loadfile lines, file:line and exit 2
printf '[vm]\nram = lots\n' >"$TMP/bad.ini"
expect_exit 2 "bad.ini:2: ram" $BIN/wbsim run "$TMP/bad.ini"
printf '[writeback]\nflusher = kswapd\n' >"$TMP/bad2.ini"
expect_exit 2 "bad2.ini:2: flusher" $BIN/wbsim run "$TMP/bad2.ini"
printf '[dbench]\nclients = 0\n' >"$TMP/bad3.ini"
expect_exit 2 "bad3.ini:2: clients" $BIN/wbsim run "$TMP/bad3.ini"
printf 'NTCreateX "\\\\clients\\\\client1\\\\f" 0x0 0x2 1 NT_STATUS_OK\nFrobnicate 1 NT_STATUS_OK\n' >"$TMP/load.txt"
expect_exit 2 "load.txt:2: " $BIN/wbsim run sim/scenarios/box2009.ini $short --set dbench.loadfile="$TMP/load.txt"
printf 'WriteX 1 zero 1 1 NT_STATUS_OK\n' >"$TMP/load2.txt"
expect_exit 2 "load2.txt:1: " $BIN/wbsim run sim/scenarios/box2009.ini $short --set dbench.loadfile="$TMP/load2.txt"
expect_exit 2 "sim.mount: no partition 'sdz1'" $BIN/wbsim run sim/scenarios/box2009.ini $short --set sim.mount=sdz1
expect_exit 2 "dbench.instances: 'sda2'" $BIN/wbsim run sim/scenarios/box2009.ini $short --set dbench.instances=sda2
expect_exit 2 "start_offsets" $BIN/wbsim run sim/scenarios/box2009.ini $short --set dbench.start_offsets=0,x
done_test
