# The matrix on a short version of the 2009 box: every requested cell runs,
# the table has a row per cell with the fairness columns computed by
# wbfair's library, and the report and plots are written; each cell of
# the report says where each dbench instance was in its loadfile, as
# wbfair why does.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
need gnuplot

$BIN/wbsim matrix sim/scenarios/box2009.ini --flushers bdi,bdi-fair \
	--schedulers noop,cfq -j 2 -o "$TMP/m" --set sim.duration=8 \
	--set dbench.clients=3 --set vm.ram=128M >"$TMP/out" 2>"$TMP/err" ||
	fail "matrix failed: $(tail -3 "$TMP/err")"
cat "$TMP/out"
grep -q "^flusher .*Jain 1s.*Jain all" "$TMP/out" || fail "no table header"
for cell in "bdi  *noop" "bdi  *cfq" "bdi-fair  *noop" "bdi-fair  *cfq"; do
	grep -Eq "^$cell " "$TMP/out" || fail "no row for $cell"
done
grep -q "failed" "$TMP/out" && fail "a cell failed"
grep -q "^report: $TMP/m/report.md" "$TMP/out" || fail "no report path printed"
[ -s "$TMP/m/report.md" ] || fail "no report.md"
for c in bdi-noop bdi-cfq bdi-fair-noop bdi-fair-cfq; do
	f="$TMP/m/$c/plots/rate.png"
	[ -s "$f" ] && [ "$(head -c 8 "$f" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] ||
		fail "$c: no PNG rate plot"
	grep -q "($c/plots/rate.png)" "$TMP/m/report.md" || fail "report does not link $c's plot"
	# dbench beside the disk, in the words `wbfair why` uses for the cell
	"$BIN/wbfair" why -o "$TMP/why-$c" "$TMP/m/$c" >/dev/null 2>&1 || fail "$c: wbfair why failed"
	want=$(grep '^- Where each instance was in its loadfile' "$TMP/why-$c/why.md")
	[ -n "$want" ] || fail "$c: wbfair why has no loadfile-window line"
	got=$(sed -n "/^### ${c%-*}, ${c##*-}\$/,/^Run directory/p" "$TMP/m/report.md" | grep '^- Where each instance')
	[ "$got" = "$want" ] || fail "$c: report.md says '$got', wbfair why '$want'"
done
grep -q 'the instance listed second tends to lead dbench' "$TMP/m/report.md" ||
	fail "report.md does not say what the dbench split means"
# the Jain column is a number in [0.5, 1] for two partitions
awk '$1 ~ /^bdi/ { if ($(NF-3) < 0.5 || $(NF-3) > 1) exit 1 }' "$TMP/out" ||
	fail "Jain outside [1/n, 1]"
expect_exit 2 "unknown flusher 'kswapd'" $BIN/wbsim matrix sim/scenarios/box2009.ini --flushers kswapd
expect_exit 2 "unknown scheduler 'as'" $BIN/wbsim matrix sim/scenarios/box2009.ini --schedulers as
done_test
