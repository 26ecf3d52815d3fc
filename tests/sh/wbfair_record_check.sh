#!/usr/bin/env bash
# wbfair refuses records no kernel writes (analysis/record_check.h) and
# still reads every real and simulated trace:
#   - each committed trace in traces/ (binary), and blkparse's text of
#     it with --geometry, is read (exit 0) with the same written bytes;
#   - a simulated 4-CPU run (bigram.ini) and a 13-disk one (jbod.ini),
#     binary and blkparse text, are read;
#   - blkparse text whose CPUs interleave out of time order (pipe mode's
#     batches), with an empty flush, is read, and its bytes counted;
#   - the same text with one CPU going back in time, a write Q of no
#     data, or a Q beyond the disk of --geometry exits 2 with FILE:LINE.
. tests/shlib.sh
need blkparse
need jq
shopt -s nullglob

written() { # wbfair args...: total bytes written, or "error"
	"$BIN/wbfair" --format json "$@" 2>"$TMP/err" |
		jq 'if type == "array" then .[0] else . end | [.partitions[].bytes_written] | add' ||
		echo error
}

# 1. committed traces, binary and as blkparse text
dirs=(traces/*/)
[ ${#dirs[@]} -gt 0 ] || fail "no sample traces in traces/"
for d in "${dirs[@]}"; do
	d=${d%/}
	disk=$(awk '$1 == $3 { print $1 }' "$d/geometry")
	bin=$(written "$d")
	[ "$bin" != error ] && [ "$bin" -gt 0 ] ||
		{ fail "$d: wbfair: $(head -c 300 "$TMP/err")"; continue; }
	blkparse -i "$d/$disk" -o "$TMP/$disk.txt" >/dev/null 2>&1 ||
		fail "$d: blkparse failed"
	txt=$(written --geometry "$d/geometry" "$TMP/$disk.txt")
	[ "$txt" = "$bin" ] ||
		fail "$d: blkparse text: $txt bytes written ($(head -c 300 "$TMP/err")), binary $bin"
	echo "  $d: binary and text read, $bin B written"
done

# 2. simulated runs: 4 CPUs; 13 disks
for sc in bigram jbod; do
	run=$TMP/run-$sc
	"$BIN/wbsim" run "sim/scenarios/$sc.ini" --set sim.duration=5 -q -o "$run" \
		>/dev/null 2>"$TMP/err" || { fail "wbsim $sc: $(head -c 300 "$TMP/err")"; continue; }
	[ "$(written "$run")" != error ] || fail "$sc: wbfair: $(head -c 300 "$TMP/err")"
	n=0
	for t in "$run"/*.blktrace.0; do
		dev=$(basename "$t" .blktrace.0)
		blkparse -i "$run/$dev" -o "$TMP/$sc-$dev.txt" >/dev/null 2>&1 ||
			fail "$sc: blkparse $dev failed"
		[ "$(written --geometry "$run/geometry" "$TMP/$sc-$dev.txt")" != error ] ||
			fail "$sc: $dev text: $(head -c 300 "$TMP/err")"
		n=$((n + 1))
	done
	[ $n -ge 1 ] || fail "$sc: no blktrace"
	echo "  $sc: binary and $n blkparse texts read"
done

# 3. what real blkparse output holds: CPUs out of order, an empty flush
geo=$TMP/geometry
printf 'sda 8,0 sda 0 1000000\nsda1 8,1 sda 2048 997952\n' >"$geo"
good=$TMP/good.txt
cat >"$good" <<'EOF'
  8,0    1        1     0.200000000  1000  Q   W 4096 + 8 [dbench]
  8,0    1        2     0.200000100  1000  D   W 4096 + 8 [dbench]
  8,0    0        1     0.100000000  1000  Q   W 2048 + 8 [dbench]
  8,0    0        2     0.100000000    77  Q FWS 0 + 0 [jbd2/sda1-8]
  8,0    0        3     0.100000100  1000  D   W 2048 + 8 [dbench]
  8,0    0        4     0.300000000     0  C   W 2048 + 8 [0]
  8,0    1        3     0.300000000     0  C   W 4096 + 8 [0]
EOF
got=$(written --geometry "$geo" "$good")
[ "$got" = 8192 ] || fail "interleaved CPUs: $got bytes written, want 8192: $(head -c 300 "$TMP/err")"

# 4. what it cannot hold
sed '5s/0\.100000100/0.099999999/' "$good" >"$TMP/back.txt"
expect_exit 2 "back.txt:5: time 0\.099999999 s is before 0\.100000000 s, the previous record of CPU 0 of 8,0" \
	"$BIN/wbfair" --geometry "$geo" "$TMP/back.txt"
sed '3s/2048 + 8/2048 + 0/' "$good" >"$TMP/zero.txt"
expect_exit 2 "zero.txt:3: a write queued \(Q\) with no data at sector 2048" \
	"$BIN/wbfair" --geometry "$geo" "$TMP/zero.txt"
sed '1s/4096 + 8/999999 + 8/' "$good" >"$TMP/beyond.txt"
expect_exit 2 "beyond.txt:1: Q of sectors 999999 \+ 8 ends beyond the disk of 8,0, 1000000 sectors long" \
	"$BIN/wbfair" --geometry "$geo" "$TMP/beyond.txt"
# without a geometry the disk's size is unknown: read
[ "$(written "$TMP/beyond.txt")" != error ] || fail "beyond.txt without --geometry: $(head -c 300 "$TMP/err")"
done_test
