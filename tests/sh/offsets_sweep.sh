# tools/offsets-sweep.sh: one row per offsets x flusher x elevator, the
# instances' rates from their dbench logs, the write paths adding up to
# 100% of what summary.json says reached the disk, and the loadfile line
# each instance reached (its dbench log's last status line); a directory
# it did not make is refused (exit 2) and left alone.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
export WBSIM=$BIN/wbsim WBFAIR=$BIN/wbfair
short="--set sim.duration=5 --set dbench.clients=4"
tools/offsets-sweep.sh -o "$TMP/sw" --schedulers noop --offsets "0,0 1,0" $short >"$TMP/out" 2>"$TMP/err" ||
	fail "sweep failed: $(cat "$TMP/err")"
rows=$(grep -c '^| [0-9]' "$TMP/out")
[ "$rows" = 8 ] || fail "want 8 rows (2 offsets x 4 flushers x noop), got $rows"
cmp -s "$TMP/out" "$TMP/sw/offsets.md" || fail "offsets.md differs from stdout"
grep -q '^| 1,0 | pdflush | noop |' "$TMP/out" || fail "no pdflush-noop row for offsets 1,0"
grep -q '"start_s": 1.0' "$TMP/sw/off-1_0/bdi-noop/summary.json" || fail "offset 1 s not applied to the first instance"
awk -F'|' '/^\| [0-9]/ { s = 0; n = split($8, w, "/"); for (i = 1; i <= n; i++) { gsub(/[ %]/, "", w[i]); s += w[i] }
	if (s < 97 || s > 103) { print "paths add up to " s ": " $0; bad = 1 } } END { exit bad }' "$TMP/out" ||
	fail "write paths do not add up to 100%"
# the loadfile line each instance reached: its dbench log's last status
# line, which the table must repeat
reached() { awk '$5 == "execute" { r = $2 } END { print r + 0 }' "$1"; }
for cell in bdi-noop wq-noop; do
	d=$TMP/sw/off-0_0/$cell
	want="$(reached "$d/dbench.sda1.log") / $(reached "$d/dbench.sda3.log")"
	case $want in "0 / "* | *" / 0") fail "$cell: no execute line in a dbench log" ;; esac
	grep -q "^| 0,0 | ${cell%-noop} | noop | .* | $want |\$" "$TMP/out" ||
		fail "$cell: the table does not end with the lines reached, $want"
done
mkdir "$TMP/mine" && echo keep >"$TMP/mine/file"
tools/offsets-sweep.sh -o "$TMP/mine" --offsets "0,0" >/dev/null 2>&1
[ $? = 2 ] || fail "a directory the sweep did not make was not refused with exit 2"
[ "$(cat "$TMP/mine/file")" = keep ] || fail "the user's file was touched"
done_test
