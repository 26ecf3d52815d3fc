#!/usr/bin/env bash
# `wbfair why` splits a legacy-throttled run by writer (issue 14 point 3),
# on tests/data/why-legacy (a cut of a real run of the era's cell, its
# README says which): every figure recomputed here from the cut itself.
#  - section 1: bytes completed per partition by the class of the task
#    that queued them = blkparse's C records of writes, each given the
#    command of the Q at its sector (flush-* flusher, jbd2/* journal,
#    dbench dirtier), partitioned by the geometry;
#  - section 2: pages per partition and writer = the pages= of
#    trace.txt's writeback_sb_written lines by the emitting task's name
#    (the dirtiers' are their own writeback in balance_dirty_pages_legacy),
#    chunks and chunks with pages too; chunks of another bdi's
#    superblocks left out; "elsewhere" = section 1's dirtier MB minus
#    these pages;
#  - only the flusher's chunks make turns;
#  - a trace with "CPU:0 [N EVENTS DROPPED]" lines (trace-cmd's mark of
#    events it lost) is read, the same figures out.
source "$(dirname "$0")/../shlib.sh"
need blkparse
need gnuplot
D=tests/data/why-legacy
"$BIN/wbfair" why -o "$TMP/w" "$D" >/dev/null || fail "why on $D"
md=$TMP/w/why.md

# section 1
blkparse -i "$D/vda" -q -f '%a %d %S %N %C\n' 2>/dev/null | awk -v g="$D/geometry" '
	BEGIN { while ((getline l < g) > 0) { split(l, f, " "); if (f[1] != f[3]) { n++; name[n] = f[1]; lo[n] = f[4]; hi[n] = f[4] + f[5] } } }
	$1 == "Q" && $2 ~ /W/ { who[$3] = $5 }
	$1 == "C" && $2 ~ /W/ && $4 > 0 {
		c = who[$3] ~ /^flush-/ ? "flusher" : who[$3] ~ /^jbd2\// ? "journal" : who[$3] == "dbench" ? "dirtier" : "unknown"
		for (i = 1; i <= n; i++) if ($3 >= lo[i] && $3 < hi[i]) b[name[i] " " c] += $4
	}
	END { for (i = 1; i <= n; i++) printf "%s %.1f %.1f %.1f %.1f\n", name[i],
		b[name[i] " flusher"] / 1e6, b[name[i] " dirtier"] / 1e6, b[name[i] " journal"] / 1e6, b[name[i] " unknown"] / 1e6 }' >"$TMP/want1"
sed -n '/^## 1/,/^Processes/p' "$md" | awk -F' *\\| *' '$3 == "yes" { printf "%s %.1f %.1f %.1f %.1f\n", $2, $4, $5, $6, $10 }' >"$TMP/got1"
diff "$TMP/want1" "$TMP/got1" >/dev/null ||
	fail "section 1 (partition flusher dirtier journal unknown MB): $(tr '\n' ';' <"$TMP/got1"), blkparse: $(tr '\n' ';' <"$TMP/want1")"
grep -q ' [1-9]' "$TMP/want1" || fail "the cut wrote nothing"

# section 2: the writers' pages
awk -v g="$D/geometry" '
	BEGIN { while ((getline l < g) > 0) { split(l, f, " "); sub(",", ":", f[2]); part[f[2]] = f[1] } }
	/ writeback_sb_written: / {
		c = $1 ~ /^flush-/ ? "flusher" : $1 ~ /^dbench-/ ? "dirtier" : "other"
		for (i = 1; i <= NF; i++) { if ($i ~ /^sb=/) sb = substr($i, 4); if ($i ~ /^pages=/) p = substr($i, 7) + 0 }
		if (!(sb in part) || part[sb] == "vda") { out++; next }
		k = part[sb] " " c; ch[k]++; busy[k] += p > 0; pg[k] += p
	}
	END { for (k in ch) printf "%s %d %d %d %.1f\n", k, ch[k], busy[k], pg[k], pg[k] * 4096 / 1e6; print "out", out }' \
	"$D/trace.txt" | sort >"$TMP/want2"
{ sed -n '/^## 2/,/^| partition | dirtier MB/p' "$md" | awk -F' *\\| *' '$2 ~ /^vda[0-9]$/ { print $2, $3, $4, $5, $6, $7 }'
  sed -n 's/.*; \([0-9]*\) chunks of other superblocks.*/out \1/p' "$md"; } | sort >"$TMP/got2"
diff "$TMP/want2" "$TMP/got2" >/dev/null ||
	fail "section 2 writers: $(tr '\n' ';' <"$TMP/got2"), trace.txt: $(tr '\n' ';' <"$TMP/want2")"
grep -q '^vda1 flusher 2 1 1475 ' "$TMP/want2" && grep -q '^vda2 dirtier ' "$TMP/want2" ||
	fail "the cut lacks the flusher's chunk or vda2's dirtiers: $(tr '\n' ';' <"$TMP/want2")"

# dirtier MB elsewhere = section 1's dirtier MB - the dirtiers' pages
sed -n '/^| partition | dirtier MB/,/^$/p' "$md" | awk -F' *\\| *' '$2 ~ /^vda[0-9]$/ { print $2, $3, $4, $5 }' >"$TMP/else"
[ "$(wc -l <"$TMP/else")" = 2 ] || fail "no dirtier-elsewhere rows: $(cat "$TMP/else")"
while read -r p done in else_; do
	w=$(awk -v p="$p" '$1 == p { print $3 }' "$TMP/want1")
	i=$(awk -v p="$p" '$1 == p && $2 == "dirtier" { print $6 }' "$TMP/want2")
	[ "$done" = "$w" ] || fail "$p: dirtier MB $done, section 1 $w"
	[ "$in" = "${i:-0.0}" ] || fail "$p: dirtier MB in balance_dirty_pages $in, trace $i"
	awk -v a="$done" -v b="$in" -v c="$else_" 'BEGIN { d = a - b - c; exit !(d < 0.11 && d > -0.11) }' ||
		fail "$p: elsewhere $else_ is not $done - $in"
done <"$TMP/else"

# turns: the flusher's two chunks of vda1 are one turn
grep -q "the flusher's 2 in 1 turns" "$md" || fail "turns: $(grep "writeback_sb_written chunks" "$md")"
sed -n '/^| superblock /,/^$/p' "$md" | grep -q '^| 254:1 | vda1 | 1 | 2 | 1475 |' ||
	fail "turn table: $(sed -n '/^| superblock /,/^$/p' "$md" | tr '\n' ' ')"

# lost events marked in the text: the same report
cp -r "$D" "$TMP/lost"
sed -i '5i CPU:0 [3022 EVENTS DROPPED]' "$TMP/lost/trace.txt"
"$BIN/wbfair" why -o "$TMP/wl" "$TMP/lost" >/dev/null || fail "why on a trace with EVENTS DROPPED"
diff <(sed 1d "$md") <(sed 1d "$TMP/wl/why.md") >/dev/null || fail "EVENTS DROPPED changed the report"
done_test
