# tools/offsets-seeds.sh: each run's gap in mean loadfile line (the
# instance started first minus the other, each on its own clock) is what
# the two dbench logs say; the first starter is the one summary.json
# gives the earlier start; the table's mean, standard deviation and count
# of runs ahead follow from runs.tsv; the clients' spread is their
# per-client results; a directory it did not make is refused (exit 2) and
# left alone, as are bad arguments.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
export WBSIM=$BIN/wbsim WBFAIR=$BIN/wbfair
short="--set sim.duration=6 --set dbench.clients=4"
tools/offsets-seeds.sh -o "$TMP/s" --flushers pdflush,wq --seeds 2 --offset 1 \
	--times "2 5 30" -j 2 $short >"$TMP/out" 2>"$TMP/err" ||
	fail "sweep failed: $(cat "$TMP/err")"
cmp -s "$TMP/out" "$TMP/s/seeds.md" || fail "seeds.md differs from stdout"
[ "$(grep -c '^| [a-z]' "$TMP/out")" = 3 ] || fail "want a header and two rows: $(cat "$TMP/out")"
[ "$(wc -l <"$TMP/s/runs.tsv")" = 8 ] || fail "want 8 runs (2 flushers x 2 seeds x 2 orders)"

# line LOG T: the mean line of the T-th status line (the last if fewer)
line() { awk -v T="$2" '($5 == "warmup" || $5 == "execute") && $2 ~ /^[0-9]+$/ { n++; if (n <= T) v = $2 } END { print v + 0 }' "$1"; }
# p50 LOG: nearest-rank median of the clients' lines
p50() { sed -n 's/^Client [0-9]* did \([0-9]*\) lines.*/\1/p' "$1" | sort -n |
	awk '{ v[NR] = $1 } END { k = int((NR + 1) / 2); print v[k] + 0 }'; }
# bytes LOG: the ReadX/WriteX bytes of client.txt's lines after the first
# execute line's mean line up to the last's, x clients / execute lines
bytes() {
	local l0 l1 c n
	read -r l0 l1 c n < <(awk '$5 == "execute" && $2 ~ /^[0-9]+$/ { if (!n++) a = $2; b = $2; c = $1 } END { print a + 0, b + 0, c + 0, n + 0 }' "$1")
	[ "$n" -gt 0 ] || { echo 0.0000; return; }
	[ "$l1" -gt "$l0" ] || { echo 0.0000; return; }
	sed -n "$((l0 + 1)),${l1}p" /usr/share/dbench/client.txt |
		awk -v c="$c" -v n="$n" '$1 == "WriteX" || $1 == "ReadX" { b += $4 } END { printf "%.4f", c * b / n / 1e6 }'
}
while IFS=$'\t' read -r f s k o lead follow gaps ls fs rates pred; do
	d=$TMP/s/$f-$s-seed$k-$o
	first=$(sed -n 's/.*"partition": "\([^"]*\)".*"start_s": 0\.000000.*/\1/p' "$d/summary.json")
	[ "$lead" = "$first" ] || fail "$d: leader $lead, but summary.json starts $first at 0"
	case $o in ab) [ "$lead" = sda1 ] || fail "$d: order ab should start sda1 first" ;;
	ba) [ "$lead" = sda3 ] || fail "$d: order ba should start sda3 first" ;; esac
	want=""
	for t in 2 5 30; do
		want="$want $(($(line "$d/dbench.$lead.log" $t) - $(line "$d/dbench.$follow.log" $t)))"
	done
	[ "$gaps" = "${want# }" ] || fail "$d: gaps '$gaps', the logs give '${want# }'"
	set -- $ls
	[ "$2" = "$(p50 "$d/dbench.$lead.log")" ] || fail "$d: leader's p50 $2, its per-client results give $(p50 "$d/dbench.$lead.log")"
	set -- $fs
	[ "$2" = "$(p50 "$d/dbench.$follow.log")" ] || fail "$d: follower's p50 $2"
	# dbench's MB/s of each: its log's Throughput line, to the digit
	# summary.json keeps (4 decimals)
	want=$(for p in "$lead" "$follow"; do awk '/^Throughput/ { printf "%.4f ", $2 }' "$d/dbench.$p.log"; done)
	got=$(for r in $rates; do printf '%.4f ' "$r"; done)
	[ "$got" = "$want" ] || fail "$d: dbench MB/s '$got', the logs' Throughput lines '$want'"
	want="$(bytes "$d/dbench.$lead.log") $(bytes "$d/dbench.$follow.log")"
	[ "$pred" = "$want" ] || fail "$d: MB/s from the lines '$pred', client.txt's bytes give '$want'"
done <"$TMP/s/runs.tsv"
# the table's figures from runs.tsv: mean +- sd (population) and the
# count of runs with the first starter ahead, at the first time
awk -F'\t' '$1 == "wq" { split($7, g, " "); s += g[1]; ss += g[1] * g[1]; n++; if (g[1] > 0) p++ }
	END { mu = s / n; v = ss / n - mu * mu; printf "| wq | noop | %d | %.0f +- %.0f (%d) |\n", n, mu, (v > 0 ? sqrt(v) : 0), p }' \
	"$TMP/s/runs.tsv" >"$TMP/want"
grep -qF "$(cat "$TMP/want")" "$TMP/out" || fail "wq row does not start '$(cat "$TMP/want")': $(grep '^| wq' "$TMP/out")"

mkdir "$TMP/mine" && echo keep >"$TMP/mine/file"
expect_exit 2 "not made by this script" tools/offsets-seeds.sh -o "$TMP/mine" --seeds 1
[ "$(cat "$TMP/mine/file")" = keep ] || fail "the user's file was touched"
expect_exit 2 "--seeds '0'" tools/offsets-seeds.sh -o "$TMP/x" --seeds 0
expect_exit 2 "--times: 'soon'" tools/offsets-seeds.sh -o "$TMP/x" --times "60 soon"
expect_exit 2 "unknown argument" tools/offsets-seeds.sh --bogus
# a --set wbsim refuses is the caller's bad input too: wbsim's message, 2
expect_exit 2 "start_offsets: 5 s is not before the end of the run" \
	tools/offsets-seeds.sh -o "$TMP/late" --flushers wq --seeds 1 --set sim.duration=5
[ -e "$TMP/x" ] && fail "a refused command line made its directory"
done_test
