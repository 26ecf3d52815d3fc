# Fan-out: the matrix's cells as a job list run by GNU parallel (-S : and
# an --sshloginfile naming only the local machine), then merged, give the
# same directory and table, byte for byte, as `wbsim matrix` run here (the
# only difference: the report cannot know a merged cell's wall time).
# The merge refuses a cell of another scenario and a non-cell, exit 2.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
need gnuplot
need parallel

args=(sim/scenarios/box2009.ini --flushers bdi,wq --schedulers noop,cfq
	--set sim.duration=3 --set dbench.clients=2 --set vm.ram=128M)
# plots carry their directory in the title: both runs write $TMP/m
$BIN/wbsim matrix "${args[@]}" -q -o "$TMP/m" >"$TMP/local.out" 2>"$TMP/err" ||
	fail "local matrix failed: $(tail -3 "$TMP/err")"
mv "$TMP/m" "$TMP/local"

$BIN/wbsim matrix "${args[@]}" --jobs-list -o "$TMP/m" >"$TMP/jobs" ||
	fail "--jobs-list failed"
[ "$(wc -l <"$TMP/jobs")" -eq 4 ] || fail "want 4 job lines: $(cat "$TMP/jobs")"
grep -q -- "--set writeback.flusher=wq --set queue.elevator=cfq .* -o $TMP/m/wq-cfq\$" "$TMP/jobs" ||
	fail "no job line for wq-cfq"
# half the cells with -S : (the local machine), half through a login file
echo : >"$TMP/hosts"
head -2 "$TMP/jobs" | parallel --will-cite -S : -j 2 >/dev/null || fail "parallel -S : failed"
tail -2 "$TMP/jobs" | parallel --will-cite --sshloginfile "$TMP/hosts" -j 2 >/dev/null ||
	fail "parallel --sshloginfile failed"
$BIN/wbsim matrix "${args[@]}" --merge "$TMP"/m/*/ >"$TMP/merge.out" 2>"$TMP/err" ||
	fail "merge failed: $(tail -3 "$TMP/err")"
cmp "$TMP/local.out" "$TMP/merge.out" || fail "merged table differs: $(diff "$TMP/local.out" "$TMP/merge.out")"
grep -q "^wq  *cfq  " "$TMP/merge.out" || fail "no wq cfq row in the merged table"
diff -r -x report.md "$TMP/local" "$TMP/m" >"$TMP/diff" || fail "merged directory differs: $(head -20 "$TMP/diff")"
unwall() { sed -E 's/\(([0-9.]+ s wall|merged: wall time not known)\)/(WALL)/' "$1"; }
cmp <(unwall "$TMP/local/report.md") <(unwall "$TMP/m/report.md") ||
	fail "report.md differs beyond the wall times"
[ "$(grep -c 'merged: wall time not known' "$TMP/m/report.md")" -eq 4 ] ||
	fail "the merged report does not say the wall times are unknown"

# a cell of another scenario: refused, naming the line, nothing written
cp -r "$TMP/m/bdi-noop" "$TMP/other"
sed -i 's/^seed = 1$/seed = 2/' "$TMP/other/scenario.ini"
rm "$TMP/m/report.md"
expect_exit 2 "other: scenario hash [0-9a-f]{16} differs from the matrix's [0-9a-f]{16} for cell bdi-noop \\(scenario.ini line 3: 'seed = 2', the matrix has 'seed = 1'\\)" \
	$BIN/wbsim matrix "${args[@]}" --merge "$TMP/m/wq-noop" "$TMP/other" -o "$TMP/m"
[ -e "$TMP/m/report.md" ] && fail "a refused merge wrote a report"
expect_exit 2 "not a wbsim cell directory" \
	$BIN/wbsim matrix "${args[@]}" --merge "$TMP/m/wq-noop" "$TMP"
expect_exit 2 "both cell wq-noop" \
	$BIN/wbsim matrix "${args[@]}" --merge "$TMP/m/wq-noop" "$TMP/local/wq-noop" -o "$TMP/m"
expect_exit 2 "needs -o DIR" $BIN/wbsim matrix "${args[@]}" --jobs-list
done_test
