# `--set` wins over the scenario file wherever the file stands on the
# command line: `wbsim run --set queue.elevator=noop FILE` once let FILE's
# elevator = cfq silently win. Both orders must run noop, with the same
# bytes, and -c files still apply in order before later --set.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
short="--set sim.duration=3 --set dbench.clients=2 --set vm.ram=128M -q"
sc=sim/scenarios/bigram.ini
$BIN/wbsim run $short --set queue.elevator=noop --set writeback.flusher=pdflush $sc -o "$TMP/before" >/dev/null 2>&1 ||
	fail "run with --set before the scenario failed"
$BIN/wbsim run $sc $short --set queue.elevator=noop --set writeback.flusher=pdflush -o "$TMP/after" >/dev/null 2>&1 ||
	fail "run with --set after the scenario failed"
for d in before after; do
	grep -q '"scheduler": "noop"' "$TMP/$d/summary.json" || fail "$d: --set queue.elevator=noop lost: $(grep scheduler "$TMP/$d/summary.json")"
	grep -q '"flusher": "pdflush"' "$TMP/$d/summary.json" || fail "$d: --set writeback.flusher lost"
	grep -q '^ram = 134217728$' "$TMP/$d/scenario.ini" || fail "$d: --set vm.ram lost in scenario.ini"
done
cmp -s "$TMP/before/sda.blktrace.0" "$TMP/after/sda.blktrace.0" || fail "the two orders simulate different runs"
# a -c file after --set overrides it (files and --set apply in order)
printf '[queue]\nelevator = deadline\n' >"$TMP/dl.ini"
$BIN/wbsim run $sc $short --set queue.elevator=noop -c "$TMP/dl.ini" -o "$TMP/c" >/dev/null 2>&1 || fail "-c after --set failed"
grep -q '"scheduler": "deadline"' "$TMP/c/summary.json" || fail "-c after --set: want deadline, got $(grep scheduler "$TMP/c/summary.json")"
done_test
