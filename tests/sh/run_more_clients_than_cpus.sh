# More dbench clients than CPUs with a loadfile of a few in-memory ops:
# every client must get the CPU (a task whose bursts were each shorter
# than the slice used to keep it, one client never ran and the run hit
# the 10-minute cleanup cap, exit 1). Each client's share of the ops is
# about a third.
. tests/shlib.sh

$BIN/wbsim run sim/scenarios/box2009.ini --set vm.cpus=1 --set sim.duration=5 \
	--set dbench.clients=3 --set dbench.instances=sda1 \
	--set dbench.loadfile=tests/data/tiny-loadfile.txt -o "$TMP/a" \
	>"$TMP/a.out" 2>&1 || fail "run failed: $(tail -3 "$TMP/a.out")"
grep -q '"complete": false' "$TMP/a/summary.json" 2>/dev/null &&
	fail "the run is marked incomplete"
# the last line of the log's cleanup: no client left running
grep -q "cleanup 6[0-9][0-9] sec" "$TMP/a/dbench.sda1.log" &&
	fail "the clients ran into the 10-minute cleanup cap"
done_test
