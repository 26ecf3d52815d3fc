#!/usr/bin/env bash
# Why deadline favours one partition in bigram (docs/validation.md,
# "Who writes, and the split"): 2.6.30's deadline sends a batch in
# ascending sector order from where the last request ended and starts a
# new batch at the FIFO head only when that deadline has passed (5 s for
# writes) or the sweep runs off the end of the tree. With two journals
# committing on two partitions, the higher partition's requests are
# ahead of a head working in the lower one and join its sweep, while the
# lower one's wait for the sweep to run out: under the shipped deadline
# the higher partition's instance gets about twice the other's dbench
# rate, whichever two partitions carry the instances. Serving in arrival
# order (write_expire 0: every deadline passed; fifo_batch 1: every
# request a batch) takes the sweep away and the split evens out.
. tests/shlib.sh
ROOT=$PWD
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"

# rate PART: dbench's MB/s of that instance in the last run
n=0
rate() { awk '/^Throughput/ { print $2 }' "$TMP/run$n/dbench.$1.log"; }
# run "A,B" [--set ...]: bigram under deadline (bdi) with its instances on
# A and B, into a new directory each time
run() {
	local pair=$1
	shift
	n=$((n + 1))
	"$ROOT/$BIN/wbsim" run "$ROOT/sim/scenarios/bigram.ini" --set queue.elevator=deadline \
		--set writeback.flusher=bdi --set sim.mount="$pair" --set dbench.instances="$pair" \
		"$@" -o "$TMP/run$n" >"$TMP/out" 2>&1 || { fail "wbsim run ($pair $*): $(tail -2 "$TMP/out")"; return 1; }
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

for pair in sda1,sda2 sda2,sda3; do
	lo=${pair%,*} hi=${pair#*,}
	run "$pair" || continue
	r=$(ratio "$(rate "$hi")" "$(rate "$lo")")
	echo "deadline, instances on $pair: $hi / $lo = $r"
	awk -v r="$r" 'BEGIN { exit !(r >= 1.4) }' || fail "deadline on $pair: the higher partition's rate is $r x the lower's, want >= 1.4"
done
if run sda1,sda3 --set deadline.write_expire=0 --set deadline.fifo_batch=1; then
	r=$(ratio "$(rate sda3)" "$(rate sda1)")
	echo "deadline in arrival order, sda1,sda3: sda3 / sda1 = $r"
	awk -v r="$r" 'BEGIN { exit !(r >= 0.87 && r <= 1.15) }' || fail "in arrival order the split should be even: sda3 / sda1 = $r"
fi
done_test
