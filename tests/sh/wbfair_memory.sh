#!/usr/bin/env bash
# wbfair's memory does not follow the length of the trace (issue 16: an
# 86,400 s run writes gigabytes of blktrace). A synthetic trace of 0.3 M
# requests on 2 CPUs (~110 MB, ~2.1 M records) is analysed at a peak RSS
# under 48 MiB: what the design bounds it by is a 256 KiB window per file,
# the I/O in flight, one counter per entity and interval, and at most
# 32 MiB of percentile samples (blkstat.h); reading the files whole, as
# wbfair did before, cost more than the trace itself (~120 MB here). The
# same text through blkparse text input is bounded the same way. The
# figures are also checked: the written bytes are the generator's truth.
#
# Skipped in the ASan build: its shadow memory and quarantine are not the
# program's.
. tests/shlib.sh
[ "${BIN%-san}" = "$BIN" ] || skip "RSS of an ASan build is not wbfair's"
[ -x /usr/bin/time ] || skip "/usr/bin/time not installed (Debian package time)"
gen=$BUILD/tests/test_wbfair_tracegen
[ -x "$gen" ] || fail "$gen missing: make first"
limit_kb=$((48 * 1024))

"$gen" write "$TMP/sda" requests=300000 cpus=2 >"$TMP/truth" || fail "tracegen failed"
size=$(cat "$TMP"/sda.blktrace.* | wc -c)
[ "$size" -gt $((100 << 20)) ] || fail "trace is only $size bytes"

rss() { # file for the figures, wbfair args...
	local out=$1
	shift
	/usr/bin/time -f %M -o "$TMP/rss" "$BIN/wbfair" --format csv "$@" >"$out" 2>"$TMP/err" ||
		{ fail "wbfair $*: $(head -c 300 "$TMP/err")"; echo 0; return; }
	tail -n 1 "$TMP/rss"
}
kb=$(rss "$TMP/bin.csv" --geometry "$TMP/sda.geometry" "$TMP/sda")
echo "  binary trace of $((size >> 20)) MiB: peak RSS $((kb / 1024)) MiB"
[ "$kb" -gt 0 ] && [ "$kb" -lt $limit_kb ] ||
	fail "wbfair on a $((size >> 20)) MiB trace: peak RSS $kb KiB, want < $limit_kb KiB"
for p in sda1 sda2; do
	want=$(awk -v p="$p" '$1 == "written" && $2 == p { print $3 }' "$TMP/truth")
	got=$(awk -F, -v p="$p" '$1 == "partitions" && $2 == p && $3 == "bytes_written" { print $5 }' "$TMP/bin.csv")
	[ -n "$want" ] && [ "$got" = "$want" ] || fail "$p: wbfair wrote ${got:-nothing}, generator $want"
done

# blkparse text of the first 40 % of the same trace: line by line too
if command -v blkparse >/dev/null; then
	blkparse -q -i "$TMP/sda" 2>/dev/null | head -n 800000 >"$TMP/sda.txt"
	tsize=$(wc -c <"$TMP/sda.txt")
	kb=$(rss "$TMP/txt.csv" --geometry "$TMP/sda.geometry" "$TMP/sda.txt")
	echo "  blkparse text of $((tsize >> 20)) MiB: peak RSS $((kb / 1024)) MiB"
	[ "$kb" -gt 0 ] && [ "$kb" -lt $limit_kb ] ||
		fail "wbfair on $((tsize >> 20)) MiB of blkparse text: peak RSS $kb KiB, want < $limit_kb KiB"
fi
done_test
