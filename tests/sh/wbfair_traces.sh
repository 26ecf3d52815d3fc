#!/usr/bin/env bash
# wbfair on the real sample traces in traces/ (made by
# tools/experiment/sample-traces.sh from one cell of the QEMU experiment;
# traces/README.md): each directory is read as a run directory, and what
# wbfair says is checked against independent counts of the same capture:
#   - each partition's written bytes equal the sum of the write C records
#     that real blkparse prints, attributed by sector to the geometry's
#     partition ranges;
#   - they equal the guest's own count, 512 x the sectors-written delta of
#     /sys/block/vda/vdaN/stat between the release of the instances and the
#     stop of blktrace (summary.json);
#   - each dbench instance's throughput equals the last Throughput line of
#     its log;
#   - the number of writeback_sb_written events (the series' tracepoint)
#     equals the count of those lines in trace.txt, and every partition's
#     superblock (its dev_t in the geometry) appears in them;
#   - the dbench instances' execs in trace.txt are the starts summary.json
#     reports, and less than 10 ms apart.
. tests/shlib.sh
need blkparse
need jq
shopt -s nullglob
dirs=(traces/*/)
[ ${#dirs[@]} -gt 0 ] || fail "no sample traces in traces/"
for d in "${dirs[@]}"; do
	d=${d%/}
	for f in "$d"/*; do
		[ "$(stat -c %s "$f")" -le $((4 << 20)) ] || fail "$f is over 4 MiB"
	done
	j=$("$BIN/wbfair" --format json "$d" 2>"$TMP/err") ||
		{ fail "$d: wbfair: $(head -c 300 "$TMP/err")"; continue; }
	j=$(echo "$j" | jq 'if type == "array" then .[0] else . end')
	disk=$(awk '$1 == $3 { print $1 }' "$d/geometry")
	blkparse -q -i "$d/$disk" -f '%a %d %S %n\n' >"$TMP/bp.txt" 2>"$TMP/bp.err" ||
		fail "$d: blkparse: $(head -c 300 "$TMP/bp.err")"
	nparts=0
	while read -r name _ dsk start size; do
		[ "$name" != "$dsk" ] || continue
		nparts=$((nparts + 1))
		got=$(echo "$j" | jq --arg p "$name" '.partitions[] | select(.name == $p) | .bytes_written')
		bp=$(awk -v s="$start" -v e="$((start + size))" '$1 == "C" && $2 ~ /W/ && $3 >= s && $3 < e { n += $4 }
			END { printf "%d", n * 512 }' "$TMP/bp.txt")
		stat=$(jq --arg p "$name" '.partitions[$p] | (.sectors_written_stop - .sectors_written_before) * 512' "$d/summary.json")
		[ -n "$got" ] && [ "$got" -gt 0 ] || { fail "$d: $name: wbfair shows ${got:-no} bytes written"; continue; }
		[ "$got" = "$bp" ] || fail "$d: $name: wbfair $got bytes written, blkparse C records $bp"
		[ "$got" = "$stat" ] || fail "$d: $name: wbfair $got bytes written, the guest's stat $stat"
		echo "  $d: $name written $got B (blkparse $bp, guest stat $stat)"
	done <"$d/geometry"
	[ $nparts -ge 2 ] || fail "$d: geometry has $nparts partitions"
	for log in "$d"/dbench.*.log; do
		p=${log##*/dbench.}
		p=${p%.log}
		want=$(awk '/^Throughput/ { v = $2 } END { print v }' "$log")
		got=$(echo "$j" | jq --arg p "$p" '.dbench[] | select(.name == $p) | .throughput_mbps')
		awk -v a="$got" -v b="$want" 'BEGIN { exit !(a != "" && a == b + 0) }' ||
			fail "$d: dbench $p: wbfair ${got:-nothing}, log Throughput $want"
	done
	n=$(grep -c ' writeback_sb_written:' "$d/trace.txt")
	got=$(echo "$j" | jq '[.ftrace.counts[]? | select(.event == "writeback_sb_written" and .device == "") | .count] | add // 0')
	[ "$n" -gt 0 ] && [ "$got" = "$n" ] || fail "$d: writeback_sb_written: wbfair $got, trace.txt $n"
	sed -n 's/.* writeback_sb_written:.* sb=\([0-9:]*\) .*/\1/p' "$d/trace.txt" | sort -u >"$TMP/sbs"
	sbs=$(wc -l <"$TMP/sbs")
	while read -r name dev dsk _; do
		[ "$name" != "$dsk" ] || continue
		grep -qx "${dev/,/:}" "$TMP/sbs" ||
			fail "$d: no writeback_sb_written event for $name's superblock (${dev/,/:})"
	done <"$d/geometry"
	# the guest execs dbench once before the barrier (dbench --help, to
	# have it in the page cache), so the instances are the last execs;
	# their times must be the ones summary.json reports
	nlog=$(ls "$d"/dbench.*.log | wc -l)
	grep ' sched_process_exec:' "$d/trace.txt" | grep 'filename=[^ ]*dbench' |
		awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { printf "%.6f\n", $i; break } }' |
		tail -n "$nlog" | sort -n >"$TMP/execs"
	jq -r '.instances[].exec_s' "$d/summary.json" | awk '{ printf "%.6f\n", $1 }' | sort -n >"$TMP/starts"
	[ "$(wc -l <"$TMP/execs")" = "$nlog" ] && cmp -s "$TMP/execs" "$TMP/starts" ||
		fail "$d: dbench execs in trace.txt ($(tr '\n' ' ' <"$TMP/execs")) are not summary.json's instance starts ($(tr '\n' ' ' <"$TMP/starts"))"
	diff=$(awk 'NR == 1 { a = $1 } { b = $1 } END { printf "%.3f", (b - a) * 1000 }' "$TMP/execs")
	awk -v v="$diff" -v n="$nlog" 'BEGIN { exit !(n >= 2 && v ~ /^[0-9.]+$/ && v < 10) }' ||
		fail "$d: dbench instances exec $diff ms apart (want < 10 ms)"
	echo "  $d: $n writeback_sb_written events on $sbs superblocks; dbench instances start $diff ms apart"
done
done_test
