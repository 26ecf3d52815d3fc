# Replay writes a blktrace that the real blkparse reads without complaint;
# per-partition written bytes summed from its C lines equal the simulator's
# own counters exactly; btt runs on `blkparse -O -d`; two replays give
# byte-identical files; blkparse's text of the replay replays again.
. tests/shlib.sh
need blkparse
need btt

$BUILD/bench/gen_trace -n 4000 -s 7 --disk-sectors 150000000 --rate 150 \
	--seq-frac 0.6 -o "$TMP/t.ascii" || fail "gen_trace"
for sched in noop deadline cfq; do
	out=$TMP/$sched
	$BIN/wbsim replay "$TMP/t.ascii" --set disk.partitions=30%,40%,rest \
		--set queue.elevator=$sched -o "$out" >"$out.stats" ||
		{ fail "replay $sched"; continue; }
	blkparse -i sda -D "$out" >"$out.txt" 2>"$out.err" || fail "blkparse exit $sched"
	[ -s "$out.err" ] && fail "blkparse complained ($sched): $(head -3 "$out.err")"
	# Written sectors per partition from C lines, attributed by disk sector.
	awk 'NR == FNR { if ($1 !~ /^#/ && $1 != $3) { name[++n] = $1; start[n] = $4; size[n] = $5 }; next }
	     $6 == "C" && $7 ~ /W/ && $9 == "+" {
		for (i = 1; i <= n; i++)
			if ($8 >= start[i] && $8 < start[i] + size[i]) w[name[i]] += $10
	     }
	     END { for (i = 1; i <= n; i++) printf "%s %d\n", name[i], w[name[i]] }' \
		"$out/geometry" "$out.txt" >"$out.blkparse"
	awk '$1 ~ /^sda[0-9]+$/ { print $1, $9 }' "$out.stats" >"$out.sim"
	[ -s "$out.sim" ] || fail "no per-partition counters from wbsim ($sched)"
	cmp -s "$out.blkparse" "$out.sim" ||
		fail "$sched: blkparse C sums $(tr '\n' ' ' <"$out.blkparse") != wbsim $(tr '\n' ' ' <"$out.sim")"
	echo "$sched: written sectors per partition: $(tr '\n' ' ' <"$out.sim")"
	blkparse -i sda -D "$out" -O -d "$out/merged.bin" >/dev/null 2>&1 || fail "blkparse -O -d"
	# btt writes its *_fp.dat files into the current directory
	(cd "$TMP" && btt -i "$out/merged.bin") >"$out.btt" 2>&1 || fail "btt exit ($sched)"
	grep -q "^Q2C" "$out.btt" || fail "btt printed no Q2C line ($sched)"
done

# determinism: same scenario and seed, byte-identical files
$BIN/wbsim replay "$TMP/t.ascii" --set disk.partitions=30%,40%,rest -o "$TMP/again" >/dev/null
for f in "$TMP/cfq"/sda.blktrace.0 "$TMP/cfq"/geometry; do
	cmp -s "$f" "$TMP/again/$(basename "$f")" || fail "$(basename "$f") differs between two replays"
done

# blkparse output of a replay replays: as many requests as Q lines
nq=$(awk '$6 == "Q"' "$TMP/noop.txt" | wc -l)
$BIN/wbsim replay "$TMP/noop.txt" -f blkparse --set disk.partitions=30%,40%,rest \
	--set queue.elevator=noop >"$TMP/re.stats" || fail "replay of blkparse text"
got=$(awk '$1 == "requests" { print $2 }' "$TMP/re.stats")
[ "$got" = "$nq" ] || fail "replayed $got requests from $nq Q lines"
done_test
