# tools/order-sweep.sh: each cell run both ways round per seed; B's share
# of dbench MB/s is the instances' rates of summary.json; the ranksum row
# compares the two orders with the runs made; the mechanism table reads
# the dbench logs (execute-start line at most the last execute line);
# a directory it did not make, a bad cell or seed count are refused (2).
. tests/shlib.sh
need jq
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
export WBSIM=$BIN/wbsim WBFAIR=$BIN/wbfair
short="--set sim.duration=20 --set dbench.clients=4"
# shellcheck disable=SC2086
tools/order-sweep.sh -o "$TMP/sw" --cells "pdflush-noop wq-cfq" --seeds 2 $short >"$TMP/out" 2>"$TMP/err" ||
	fail "sweep failed: $(cat "$TMP/err")"
cmp -s "$TMP/out" "$TMP/sw/order.md" || fail "order.md differs from stdout"
[ "$(grep -c . "$TMP/sw/runs.txt")" = 8 ] || fail "runs.txt: $(grep -c . "$TMP/sw/runs.txt") lines, want 8 (2 cells x 2 orders x 2 seeds)"
grep -q '"seed": 2' "$TMP/sw/wq-cfq/sda3_sda1-s2/summary.json" || fail "seed 2 not applied"
[ "$(jq -r '.instances[0].partition' "$TMP/sw/wq-cfq/sda3_sda1-s2/summary.json")" = sda3 ] ||
	fail "order sda3,sda1 did not list sda3 first"
# the share of the runs.txt line is the one summary.json gives
want=$(jq -r '(.instances | map({(.partition): .dbench_mb_s}) | add) as $r | $r.sda3 / ($r.sda1 + $r.sda3)' \
	"$TMP/sw/wq-cfq/sda1_sda3-s1/summary.json")
got=$(awk '$1 == "wq-cfq" && $2 == "second" { print $3; exit }' "$TMP/sw/runs.txt")
[ "$got" = "$want" ] || fail "wq-cfq share '$got', summary.json gives '$want'"
grep -q '^| pdflush-noop_sda3_share | sda3_second | sda3_first | 2 | 2 |' "$TMP/out" ||
	fail "no ranksum row for pdflush-noop: $(grep pdflush "$TMP/out" | head -n 2)"
grep -q '^2 tests; a pair differs' "$TMP/out" || fail "not 2 tests"
row=$(grep '^| wq-cfq | ' "$TMP/out" | tail -n 1)
awk -F' [|] ' '{ split($2, s, " / "); split($3, e, " / ")
	if (s[1] < 1 || s[1] > e[1] || s[2] > e[2]) exit 1 }' <<<"$row" ||
	fail "mechanism row '$row': execute-start line not within 1..last line"
mkdir "$TMP/mine" && echo keep >"$TMP/mine/file"
tools/order-sweep.sh -o "$TMP/mine" --cells wq-cfq --seeds 1 >/dev/null 2>&1
[ $? = 2 ] || fail "a directory the sweep did not make was not refused with exit 2"
[ "$(cat "$TMP/mine/file")" = keep ] || fail "the user's file was touched"
for bad in "--cells wq-bfq" "--seeds 0" "--parts sda1" "--parts sda1,sda1"; do
	# shellcheck disable=SC2086
	tools/order-sweep.sh -o "$TMP/b" $bad >/dev/null 2>&1
	[ $? = 2 ] || fail "order-sweep.sh $bad: not refused with exit 2"
done
[ ! -e "$TMP/b" ] || fail "a refused sweep made its directory"
done_test
