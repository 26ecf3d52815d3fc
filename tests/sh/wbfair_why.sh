#!/usr/bin/env bash
# `wbfair why RUN_DIR` (issue 15 point 4) on a simulated default run (60 s)
# and on the committed real run traces/bdi-none:
#  - both reports have the same sections, in order;
#  - every figure why.md embeds exists as a PNG (signature) with its SVG;
#  - section 1's per-partition totals are wbfair's written bytes;
#  - the verdict is wbfair's;
#  - on the real run, the turns hold every writeback_sb_written chunk of
#    trace.txt (this disk's or left out as another's), and the throttled
#    task-seconds are the sum of trace.txt's positive balance_dirty_pages
#    pauses;
#  - 10 s bins by default, 1 s with --bin 1s; the sim's warm-up marker at
#    duration/5, none for the real run;
#  - bad input exits 2.
source "$(dirname "$0")/../shlib.sh"
need jq
need gnuplot

sim=$TMP/sim
"$BIN/wbsim" run --set sim.duration=60 -q -o "$sim" > /dev/null 2>&1 || fail "wbsim run"
"$BIN/wbfair" why "$sim" > "$TMP/out" || fail "why on the sim run"
[ "$(cat "$TMP/out")" = "$sim/why/why.md" ] || fail "why printed '$(cat "$TMP/out")'"
"$BIN/wbfair" why -o "$TMP/wr" traces/bdi-none > /dev/null || fail "why on traces/bdi-none"

want='## What it says
## 1. Who wrote the bytes
## 2. Superblock turns
## 3. Throttled time of each dbench instance
## 4. The disk: request sizes and seek distances'
for d in "$sim/why" "$TMP/wr"; do
	[ "$(grep '^## ' "$d/why.md")" = "$want" ] ||
		fail "$d/why.md sections: $(grep '^## ' "$d/why.md" | tr '\n' '|')"
	for img in $(grep -o '](why-[a-z]*\.png)' "$d/why.md" | tr -d '()]'); do
		sig=$(head -c 8 "$d/$img" 2>/dev/null | od -An -tx1 | tr -d ' \n')
		[ "$sig" = 89504e470d0a1a0a ] || fail "$d/$img: not a PNG ($sig)"
		grep -q '</svg>' "$d/${img%.png}.svg" || fail "$d/${img%.png}.svg missing"
	done
	[ "$(grep -c '](why-[a-z]*\.png)' "$d/why.md")" -ge 4 ] || fail "$d: fewer than 4 figures"
done

# section 1 totals = wbfair's bytes written, and the verdict is wbfair's
for pair in "$sim:$sim/why" "traces/bdi-none:$TMP/wr"; do
	run=${pair%%:*} d=${pair#*:}
	"$BIN/wbfair" --format json "$run" > "$TMP/j.json" || fail "wbfair json $run"
	jq -r '.partitions[] | select(.kind == "partition") |
		"\(.name) \(.bytes_written / 1e6 * 10 | round / 10)"' "$TMP/j.json" | sort > "$TMP/want"
	sed -n '/^## 1/,/^Processes/p' "$d/why.md" | awk -F' *\\| *' '$3 == "yes" || $3 == "no" { print $2, $(NF-1) + 0 }' |
		sort > "$TMP/got"
	diff "$TMP/want" "$TMP/got" > /dev/null || fail "$run: section 1 totals $(tr '\n' ' ' < "$TMP/got") vs wbfair $(tr '\n' ' ' < "$TMP/want")"
	v=$("$BIN/wbfair" "$run" | sed -n 's/^Verdict: //p')
	grep -qF "$v." "$d/why.md" || fail "$run: verdict '$v' not in why.md"
done
grep -q 'not in the workload, not in Jain: sda2' "$sim/why/why.md" || fail "sim: sda2 not said to be out"

# real run: every chunk accounted for, throttled task-s = the trace's pauses
tr=traces/bdi-none/trace.txt
chunks=$(grep -c ' writeback_sb_written: ' $tr)
got=$(sed -n '/^## 2/,/^## 3/p' "$TMP/wr/why.md" |
	sed -n 's/^\([0-9]*\) writeback_sb_written chunks .*; \([0-9]*\) chunks of other.*/\1 \2/p' |
	awk '{ print $1 + $2 }')
[ "$got" = "$chunks" ] || fail "turn chunks $got, trace.txt has $chunks"
[ "$chunks" -gt 0 ] || fail "no writeback_sb_written in $tr"
want=$(awk '/ balance_dirty_pages: / { for (i = 1; i <= NF; i++) if ($i ~ /^pause=/) { p = substr($i, 7) + 0; if (p > 0) s += p } }
	END { printf "%.1f", s / 1000 }' $tr)
got=$(sed -n '/^## 3/,/^## 4/p' "$TMP/wr/why.md" |
	awk -F' *\\| *' '$2 ~ /^vda[0-9]$/ || $2 ~ /^tasks with no I\/O/ { s += $5 } END { printf "%.1f", s }')
awk -v a="$want" -v b="$got" 'BEGIN { d = a - b; exit !(d < 0.3 && d > -0.3) }' ||
	fail "throttled task-s $got, trace.txt's pauses sum to $want"
echo "real: $chunks chunks, throttled $got task-s (trace: $want)"

# where each instance was in its loadfile: the first and last execute
# line's mean client line of each dbench log, and Flush s a client
for run in "$sim:$sim/why" "traces/bdi-none:$TMP/wr"; do
	d=${run%%:*} w=${run#*:}
	want=$(for log in "$d"/dbench.*.log; do
		n=${log##*/dbench.}; n=${n%.log}
		awk -v n="$n" '$4 == "MB/sec" && $5 == "execute" { if (s == "") s = $2; e = $2 }
			$1 == "Flush" && $2 ~ /^[0-9]+$/ { f = $2 * $3 / 1000 }
			/^Throughput/ { c = $4 }
			END { printf "%s lines %d-%d (%d", n, s, e, e - s; fl = (c ? f / c : 0) }
			END { printf " %.1f\n", fl }' "$log"
	done)
	line=$(grep '^- Where each instance was in its loadfile' "$w/why.md") || { fail "$d: no loadfile-window line"; continue; }
	while read -r name _ range count fl; do
		grep -qF "$name lines $range $count" <<<"$line" || fail "$d: '$name lines $range $count' not in: $line"
		grep -qF "$fl s" <<<"$line" || fail "$d: $name Flush $fl s a client not in: $line"
	done <<<"$want"
done

# bins and warm-up marker
[ "$(awk 'NR == 2 { print $1 }' "$sim/why/why-split.dat")" = 10 ] || fail "default bin not 10 s"
grep -q 'set arrow 1 from 12, graph 0' "$sim/why/why.gp" || fail "no warm-up marker at 12 s in the sim's plots"
grep -q 'set arrow 1 from' "$TMP/wr/why.gp" && fail "a warm-up marker on the real run"
"$BIN/wbfair" why --bin 1s -o "$TMP/w1" "$sim" > /dev/null || fail "--bin 1s"
[ "$(awk 'NR == 2 { print $1 }' "$TMP/w1/why-split.dat")" = 1 ] || fail "--bin 1s not 1 s"

expect_exit 2 'wbfair why: .*: not a run directory' "$BIN/wbfair" why traces/bdi-none/geometry
expect_exit 2 "bad --bin 'x'" "$BIN/wbfair" why --bin x "$sim"
expect_exit 2 'why takes one run directory' "$BIN/wbfair" why "$sim" "$sim"
done_test
