# bigram (6 GB, 2 x 30 dbench clients, ext3 data=ordered) against the real
# kernel: with ordered journaling every fsync commits the running
# transaction, and the commit first writes the data of every file written
# in it, so nearly every dirtied page reaches the disk although memory is
# plentiful. The real 6.1 kernel measured it (docs/validation.md, evidence
# in docs/evidence/bigram-real/): ext4 mounted data=ordered,nodelalloc
# wrote 96% of the pages dbench dirtied, ext4 with delalloc 51%. The
# simulated share of dirtied pages written must be within 0.05 of the
# real ext3-like figure, and with data=writeback (fsync no longer forces
# other files' data) it must fall well below it.
# Delayed allocation (ext3.delalloc): the twin in the real run's own
# setting (vm61.ini at 6 GiB, 60 MiB/s, 60 s, CFQ for bfq) must write
# within 0.05 of the real delalloc share, and without delalloc within
# 0.05 of the real nodelalloc one: a commit that wrote every file's data,
# or a delalloc that never dropped deleted data, would miss by ~0.4.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
ev=docs/evidence/bigram-real/ext3
delta() { # KEY: the vmstat counter's increase over the real run
	echo $(( $(awk -v k="$1" '$1 == k { print $2 }' "$ev/vmstat.after") - \
		$(awk -v k="$1" '$1 == k { print $2 }' "$ev/vmstat.before") ))
}
grep -q 'nodelalloc,data=ordered' "$ev/filesystems.txt" || fail "the evidence is not an ordered, nodelalloc run"
real=$(awk -v w="$(delta nr_written)" -v d="$(delta nr_dirtied)" 'BEGIN { printf "%.4f", w / d }')
ev=docs/evidence/bigram-real/ext4
grep -q 'mount: .* ext4 rw,relatime ' "$ev/filesystems.txt" || fail "the ext4 evidence is not a default (delalloc) mount"
realda=$(awk -v w="$(delta nr_written)" -v d="$(delta nr_dirtied)" 'BEGIN { printf "%.4f", w / d }')
ratio() { # RUN_DIR: pages written back / pages dirtied of a simulated run
	sed -n 's/.*"pages_dirtied": \([0-9]*\).*/d \1/p; s/.*"pagecache_pages_written": \([0-9]*\).*/w \1/p' "$1/summary.json" |
		awk '$1 == "d" { d = $2 } $1 == "w" { w = $2 } END { if (d > 0) printf "%.4f", w / d }'
}
$BIN/wbsim run sim/scenarios/bigram.ini -q -o "$TMP/ordered" >/dev/null 2>"$TMP/err" || fail "bigram: $(cat "$TMP/err")"
$BIN/wbsim run sim/scenarios/bigram.ini --set ext3.journal=writeback -q -o "$TMP/wb" >/dev/null 2>"$TMP/err" ||
	fail "bigram writeback: $(cat "$TMP/err")"
sim=$(ratio "$TMP/ordered") simwb=$(ratio "$TMP/wb")
[ -n "$sim" ] && [ -n "$simwb" ] || fail "no pages_dirtied/pagecache_pages_written in summary.json"
echo "written/dirtied: real (6.1, ordered, nodelalloc) $real, simulated ordered $sim, simulated writeback $simwb"
awk -v a="$sim" -v b="$real" 'BEGIN { e = a - b; if (e < 0) e = -e; exit !(e <= 0.05) }' ||
	fail "simulated ordered share $sim is more than 0.05 from the real kernel's $real"
awk -v a="$simwb" -v b="$real" 'BEGIN { exit !(a < b - 0.3) }' ||
	fail "data=writeback share $simwb is not well below ordered's $real: fsync forces other files' data"
vmset=(--set vm.ram=6G --set vdisk.bps_total=60M --set sim.duration=60 --set queue.elevator=cfq)
for da in yes no; do
	$BIN/wbsim run sim/scenarios/vm61.ini "${vmset[@]}" --set ext3.delalloc=$da -q -o "$TMP/vm-$da" >/dev/null 2>"$TMP/err" ||
		fail "vm61 delalloc=$da: $(cat "$TMP/err")"
done
simda=$(ratio "$TMP/vm-yes") simnoda=$(ratio "$TMP/vm-no")
echo "written/dirtied in the VM's setting: real delalloc $realda, simulated $simda; real nodelalloc $real, simulated $simnoda"
awk -v a="$simda" -v b="$realda" 'BEGIN { e = a - b; if (e < 0) e = -e; exit !(e <= 0.05) }' ||
	fail "simulated delalloc share $simda is more than 0.05 from the real kernel's $realda"
awk -v a="$simnoda" -v b="$real" 'BEGIN { e = a - b; if (e < 0) e = -e; exit !(e <= 0.05) }' ||
	fail "simulated nodelalloc share $simnoda (VM setting) is more than 0.05 from the real kernel's $real"
# Issue 12's "bigram stays in memory" where a real run exists (the VM's
# setting, ext3's allocation): the real run was never throttled and its
# two instances ran 26.56 and 26.79 MB/s. The twin must not hit the
# dirty limit either, and its instances must stay within 3% of each
# other in the median of seeds 1-5: the seed draws the layout and the
# timer slack's phases, and single seeds spread (one of five ran 19%
# apart on 2026-12-06). On the 2009 box, bigram.ini, the elevator
# orders the two journals' commits and decides the split
# (docs/validation.md).
gaps=""
for seed in 1 2 3 4 5; do
	d=$TMP/vm-seed$seed
	$BIN/wbsim run sim/scenarios/vm61.ini "${vmset[@]}" --set ext3.delalloc=no --set sim.seed=$seed -q -o "$d" \
		>/dev/null 2>"$TMP/err" || { fail "vm61 seed $seed: $(cat "$TMP/err")"; continue; }
	read -r thr a b < <(sed -n 's/.*"throttle_events_total": \([0-9]*\).*/t \1/p; s/.*"dbench_mb_s": \([0-9.]*\).*/m \1/p' "$d/summary.json" |
		awk '$1 == "t" { t = $2 } $1 == "m" { m[++n] = $2 } END { print t, m[1], m[2] }')
	gap=$(awk -v a="$a" -v b="$b" 'BEGIN { if (a <= 0 || b <= 0) print "x"; else printf "%.4f", (a > b ? a / b : b / a) - 1 }')
	echo "VM setting, nodelalloc, seed $seed: $thr throttle events; dbench $a and $b MB/s ($gap apart)"
	[ "$thr" = 0 ] || fail "seed $seed: the twin at 6 GiB hit the dirty limit ($thr throttle events); the real run did not"
	gaps="$gaps $gap"
done
med=$(tr ' ' '\n' <<<"$gaps" | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR == 5) ? v[3] : "x" }')
awk -v m="$med" 'BEGIN { exit !(m != "x" && m <= 0.03) }' ||
	fail "the twin's instances at 6 GiB are $med apart in the median of seeds 1-5 (want <= 3%)"
done_test
