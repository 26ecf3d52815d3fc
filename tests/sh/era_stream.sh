#!/usr/bin/env bash
# The era twin's request stream against the guest's (issue 12's request-
# size gap, docs/disk-stream.md "The era twin against the guest"), in the
# first 120 s of the block trace (tools/validate/disk-stream.sh -w 120:
# the requests dispatched then, by who queued them, and each thread's
# bursts of queued writes), for two cells whose guest blktrace was kept
# as that table:
#  - wq-none-o2 (docs/evidence/era-stream/wq-none-o2: a run of the era
#    matrix's cell made again with its traces, 2026-12-06): 6.1's IO-less
#    throttling and jbd2's ordered data on blk-mq's 256 tags. Held: the
#    whole stream's mean request and count, each writer's count and mean
#    size (the flusher's kworker, the journal's threads), and how often
#    the journal threads queued a burst (the guest's jbd2 threads and
#    flusher took turns for tags, a burst every 2.5 s each);
#  - bdi-none-o2 run 1 (docs/evidence/era-matrix/bdi-none-o2/r1): 2.6.32's
#    loop and throttling. Held: the whole stream's count and mean, the
#    flusher's mean request, the journal's request count and the
#    flusher's bursts; reported: the rest (docs/disk-stream.md says what
#    is known of the flusher's larger requests).
# Since the twins run CFS with the flusher's measured CPU cost
# (2026-12-07, docs/validation.md), three figures are held looser, at
# what that change made of them, and two are held that were reported:
# over seeds 1-5, wq-none-o2's flusher requests averaged 127-139 KiB
# (round robin: 109-125; the guest 109.6) and its journal's 30-34 KiB
# (34-37; 39.2); bdi-none-o2's journal queued 363-406 requests (336-362;
# 283) where its whole stream's mean came to 121-127 KiB (140-153;
# 116.6) and its flusher's to 131-140 (155-173; 114.9).
# Before the twin had blk-mq's shared tags, jbd2's range-bounded commits
# and 6.1's every-page throttle check (2026-12-06), its wq-none-o2
# journal queued 253 requests in the first 120 s against the guest's 632
# and its mean request was 102 KiB against 81.
. tests/shlib.sh
ROOT=$PWD
need blkparse

# twin CELL_EVIDENCE_DIR OUT: run the twin of the run whose experiment.ini
# is there, print its windowed stream to OUT
twin() {
	"$ROOT/tools/validate/twin.sh" "$1/experiment.ini" >"$2.ini" || { fail "twin.sh failed on $1"; return 1; }
	grep -q '^allocator = mballoc$' "$2.ini" || fail "the twin of an ext3-format disk does not use mballoc"
	grep -q '^queue_depth = 256$' "$2.ini" || fail "the twin's device does not hold the virtqueue's 256 commands"
	grep -q '^mq = yes$' "$2.ini" || fail "the twin's queue is not blk-mq's"
	"$ROOT/$BIN/wbsim" run "$2.ini" -o "$2" >"$2.out" 2>&1 ||
		{ fail "wbsim run of the twin of $1: $(tail -3 "$2.out")"; return 1; }
	"$ROOT/tools/validate/disk-stream.sh" -w 120 "$2" >"$2.txt" || { fail "disk-stream.sh on the twin of $1"; return 1; }
}

# fig FILE KEY: requests and mean KiB of the whole stream (KEY "all"), of
# one writer class ("flusher": flush or kworker, "journal": jbd2 or
# kjournald), or the bursts and mean interval of the journal threads
# together ("jbursts") or of the flusher ("fbursts")
fig() {
	awk -v k="$2" '
		/^dispatched:/ { all_n = $2; sub(/.*mean /, ""); all_m = $1 + 0 }
		/^who queued/ { sect = "who"; next }
		/^bursts of queued/ { sect = "bursts"; next }
		/^$/ { sect = "" }
		sect == "who" && ($1 == "flush" || $1 == "kworker") { fn += $2; fb += $3 }
		sect == "who" && ($1 == "jbd2" || $1 == "kjournald") { jn += $2; jb += $3 }
		sect == "bursts" && $1 ~ /^(jbd2|kjournald)/ { jbn += $2; jbi += $2 * $3 }
		sect == "bursts" && $1 ~ /^(flush|kworker)/ { fbn += $2; fbi += $2 * $3 }
		END {
			if (k == "all") print all_n, all_m
			else if (k == "flusher") print fn, fn ? fb * 1e6 / 1024 / fn : 0
			else if (k == "journal") print jn, jn ? jb * 1e6 / 1024 / jn : 0
			else if (k == "jbursts") print jbn, jbn ? jbi / jbn : 0
			else if (k == "fbursts") print fbn, fbn ? fbi / fbn : 0
		}' "$1"
}

# within NAME WHAT SIM REAL TOLERANCE: |SIM / REAL - 1| <= TOLERANCE
within() {
	awk -v s="$3" -v r="$4" -v t="$5" 'BEGIN { exit !(r > 0 && s / r - 1 <= t && 1 - s / r <= t) }' ||
		fail "$1: the twin's $2 $3 is not within $(awk -v t="$5" 'BEGIN { print t * 100 }')% of the guest's $4"
}

# compare NAME REAL_TXT SIM_TXT KEY...: print the figures, hold KEY's
# figures ("KEY:n" the count, "KEY:m" the mean) within 20%, or within
# the tolerance a third field gives ("KEY:m:0.3")
compare() {
	local name=$1 real=$2 sim=$3 k rn rm sn sm key what tol
	shift 3
	for k in all flusher journal jbursts fbursts; do
		read -r rn rm < <(fig "$real" $k)
		read -r sn sm < <(fig "$sim" $k)
		printf '%s %-8s guest %5d %7.1f   twin %5d %7.1f\n' "$name" "$k" "$rn" "$rm" "$sn" "$sm"
	done
	for k in "$@"; do
		IFS=: read -r key what tol <<<"$k"
		read -r rn rm < <(fig "$real" "$key")
		read -r sn sm < <(fig "$sim" "$key")
		case $what in
		n) within "$name" "$key count" "$sn" "$rn" "${tol:-0.2}" ;;
		m) within "$name" "$key mean" "$sm" "$rm" "${tol:-0.2}" ;;
		esac
	done
}

ev=$ROOT/docs/evidence/era-stream/wq-none-o2
[ -f "$ev/disk-stream-120s.txt" ] && [ -f "$ev/experiment.ini" ] || { fail "no evidence in $ev"; done_test; }
if twin "$ev" "$TMP/wq"; then
	compare wq-none-o2 "$ev/disk-stream-120s.txt" "$TMP/wq.txt" \
		all:n all:m flusher:n flusher:m:0.3 journal:n journal:m:0.3 jbursts:n fbursts:n
fi

ev=$ROOT/docs/evidence/era-matrix/bdi-none-o2/r1
[ -f "$ev/disk-stream-120s.txt" ] && [ -f "$ev/experiment.ini" ] || { fail "no evidence in $ev"; done_test; }
if twin "$ev" "$TMP/bdi"; then
	compare bdi-none-o2 "$ev/disk-stream-120s.txt" "$TMP/bdi.txt" \
		all:n all:m flusher:m journal:n:0.35 fbursts:n
fi
done_test
