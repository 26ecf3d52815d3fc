# dbench's line counter and --per-client-results: dbench 4.0 counts every
# loadfile line a client reads and never resets the count when it rewinds
# the file, so over a loadfile shorter than the run the status lines'
# mean line keeps growing past the file's length (wbsim reset it each
# pass until 2026-12-07: the mean fell back at every rewind);
# dbench.per_client_results=yes ends each log with every client's line
# count and bytes, as dbench --per-client-results does, and wbfair reads
# them (the clients' spread: p10/p50/p90 by nearest rank).
. tests/shlib.sh

# 14 lines, one a comment: a client goes round it many times in 8 s
cat >"$TMP/lf.txt" <<'EOF'
# a short loadfile
NTCreateX "\clients\client1\a.dat" 0x40 0x2 100 NT_STATUS_OK
WriteX 100 0 65536 65536 NT_STATUS_OK
WriteX 100 65536 65536 65536 NT_STATUS_OK
QUERY_FILE_INFORMATION 100 258 NT_STATUS_OK
Close 100 NT_STATUS_OK
NTCreateX "\clients\client1\a.dat" 0x40 0x1 101 NT_STATUS_OK
ReadX 101 0 65536 65536 NT_STATUS_OK
Close 101 NT_STATUS_OK
NTCreateX "\clients\client1\b.dat" 0x40 0x2 102 NT_STATUS_OK
WriteX 102 0 4096 4096 NT_STATUS_OK
Close 102 NT_STATUS_OK
Unlink "\clients\client1\b.dat" 0x20 NT_STATUS_OK
QUERY_FS_INFORMATION 1 NT_STATUS_OK
EOF
short="--set sim.duration=8 --set dbench.clients=3 --set dbench.loadfile=$TMP/lf.txt"
$BIN/wbsim run sim/scenarios/box2009.ini $short --set dbench.per_client_results=yes \
	-o "$TMP/a" >"$TMP/a.out" 2>&1 || fail "wbsim run failed: $(tail -3 "$TMP/a.out")"
log=$TMP/a/dbench.sda1.log
# the mean line never falls, and ends far past the file's 14 lines
awk '($5 == "warmup" || $5 == "execute") && $2 ~ /^[0-9]+$/ {
	if ($2 + 0 < prev) { print "mean line fell from " prev " to " $2 " at " $5 " " $6 " s"; bad = 1 }
	prev = $2 + 0 }
	END { if (prev <= 10 * 14) { print "mean line ends at " prev ", not past 10 passes"; bad = 1 }
	exit bad }' "$log" >"$TMP/mono" || fail "status lines: $(cat "$TMP/mono")"
# one result per client, in order, each past the file's length
awk '/^Client [0-9]+ did [0-9]+ lines and [0-9]+ bytes$/ {
	if ($2 != n) { print "client " $2 " where " n " was due"; bad = 1 }
	if ($4 <= 14) { print "client " $2 " did " $4 " lines"; bad = 1 }
	n++ } END { if (n != 3) { print n " clients"; bad = 1 } exit bad }' "$log" >"$TMP/pc" ||
	fail "per-client results: $(cat "$TMP/pc")"
grep -q '^Per client results:$' "$log" || fail "no 'Per client results:' header"
# without the option the log has none (dbench's default)
$BIN/wbsim run sim/scenarios/box2009.ini $short -o "$TMP/b" >/dev/null 2>&1 || fail "run without the option failed"
grep -q '^Client ' "$TMP/b/dbench.sda1.log" && fail "per-client results without the option"
# and the rest of the log is the same, byte for byte
awk '/^Per client results:$/ { skip = 1 } /^Throughput/ { skip = 0 } !skip' "$log" >"$TMP/rest"
cmp -s "$TMP/b/dbench.sda1.log" "$TMP/rest" || fail "the option changed more than the per-client section"

# wbfair: the same numbers, nearest-rank percentiles of the clients' lines
$BIN/wbfair --format csv "$TMP/a" >"$TMP/a.csv" 2>"$TMP/a.err" ||
	fail "wbfair cannot read a log with per-client results: $(head -2 "$TMP/a.err")"
want=$(sed -n 's/^Client [0-9]* did \([0-9]*\) lines.*/\1/p' "$log" | sort -n |
	awk '{ v[NR] = $1; s += $1 } END { printf "%d %d %d %d %.2f", v[1], v[2], v[3], NR, s / NR }')
got=$(awk -F, '$1 == "dbench" && $2 == "sda1" && $3 ~ /^clients_lines\./ { v[$3] = $5 }
	END { printf "%d %d %d %d %.2f", v["clients_lines.p10"], v["clients_lines.p50"], v["clients_lines.p90"], v["clients_lines.clients"], v["clients_lines.mean"] }' "$TMP/a.csv")
[ "$got" = "$want" ] || fail "wbfair's clients_lines '$got', the log's '$want' (p10 p50 p90 n mean)"
$BIN/wbfair "$TMP/a" | grep -q "^dbench clients' loadfile line at the end" ||
	fail "the text report lacks the clients' spread"
done_test
