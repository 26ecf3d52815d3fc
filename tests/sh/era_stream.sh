#!/usr/bin/env bash
# The era twin's request stream against the guest's (issue 12's request-
# size gap, docs/disk-stream.md "The era twin against the guest"): the
# twin of bdi-none-o2 run 1 (tools/validate/twin.sh on its committed
# experiment.ini) run by wbsim, its dispatched writes counted by
# tools/validate/disk-stream.sh, held against the guest's own counts
# (docs/evidence/era-matrix/bdi-none-o2/r1/disk-stream.txt, made by the
# same script from the run's blktrace). On the 11-IOPS disk the request
# size sets the bytes. Before the twin had the guest's device queue (256
# commands, 1016 KiB requests) and ext4's mballoc, its mean was 128 KiB
# against the guest's 110, with 3 requests over 1 MiB and 22% of them in
# (64, 512] KiB against the guest's 37%.
. tests/shlib.sh
ROOT=$PWD
need blkparse
ev=$ROOT/docs/evidence/era-matrix/bdi-none-o2/r1
[ -f "$ev/disk-stream.txt" ] && [ -f "$ev/experiment.ini" ] || { fail "no evidence in $ev"; done_test; }
"$ROOT/tools/validate/twin.sh" "$ev/experiment.ini" >"$TMP/twin.ini" || { fail "twin.sh failed"; done_test; }
grep -q '^allocator = mballoc$' "$TMP/twin.ini" || fail "the twin of an ext3-format disk does not use mballoc"
grep -q '^queue_depth = 256$' "$TMP/twin.ini" || fail "the twin's device does not hold the virtqueue's 256 commands"
"$ROOT/$BIN/wbsim" run "$TMP/twin.ini" -o "$TMP/run" >"$TMP/out" 2>&1 ||
	{ fail "wbsim run of the twin: $(tail -3 "$TMP/out")"; done_test; }
"$ROOT/tools/validate/disk-stream.sh" "$TMP/run" >"$TMP/ds.txt" || { fail "disk-stream.sh on the twin failed"; done_test; }

# mean KiB of the writes; % of the requests in (64, 512] KiB; requests over 1 MiB
figures() {
	awk '/^dispatched:/ { for (i = 1; i <= NF; i++) if ($i == "mean") m = $(i + 1) }
	     /^  <= 128 KiB|^  <= 256 KiB|^  <= 512 KiB/ { mid += $(NF - 1) }
	     /^  > 1024 KiB/ { over = $(NF - 2) }
	     END { printf "%s %s %s\n", m, mid, over }' "$1"
}
read -r rm rmid rover < <(figures "$ev/disk-stream.txt")
read -r sm smid sover < <(figures "$TMP/ds.txt")
echo "guest: mean $rm KiB, $rmid% in (64, 512] KiB, $rover over 1 MiB"
echo "twin:  mean $sm KiB, $smid% in (64, 512] KiB, $sover over 1 MiB"
[ -n "$rm" ] && [ -n "$sm" ] && [ -n "$smid" ] || fail "could not read the figures"
awk -v a="$sm" -v b="$rm" 'BEGIN { exit !(a >= 0.85 * b && a <= 1.15 * b) }' ||
	fail "twin's mean request $sm KiB is not within 15% of the guest's $rm KiB"
awk -v a="$smid" -v b="$rmid" 'BEGIN { d = a - b; exit !(d >= -10 && d <= 10) }' ||
	fail "twin's $smid% of requests in (64, 512] KiB is not within 10 points of the guest's $rmid%"
[ "$sover" = 0 ] || fail "the twin issued $sover requests over 1 MiB (seg_max: 254 pages)"
done_test
