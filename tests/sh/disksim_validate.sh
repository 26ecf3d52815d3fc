# Both DiskSim-validated drives, from DiskSim's files alone (the scenario
# only names the .parv), against the access times measured on the real
# drives: mean within 3% and rms demerit within DiskSim's own + 0.05.
# DiskSim 4.0's own demerits on these traces (tests/data/disksim/README.md,
# from its validation run): HP C2247A 0.090, HP C3323A 0.306.
. tests/shlib.sh
BIN_ABS=$(cd "$BIN" && pwd)

check_drive() {
	local name=$1 own=$2 out err dem
	out=$($BIN/wbsim replay -f disksim-validate \
		tests/data/disksim/hp_$name.trace -c sim/disks/hp-$name.ini \
		2>"$TMP/warn") || { fail "$name: replay failed: $(head -3 "$TMP/warn")"; return; }
	err=$(echo "$out" | sed -n 's/.*error \([-+0-9.]*\)%.*/\1/p')
	dem=$(echo "$out" | sed -n 's/^rms demerit *\([0-9.]*\).*/\1/p')
	echo "$name: error $err%, demerit $dem (DiskSim's own $own)"
	awk -v e="$err" 'BEGIN { exit !(e >= -3 && e <= 3) }' ||
		fail "$name: mean access time off by $err%"
	awk -v d="$dem" -v o="$own" 'BEGIN { exit !(d != "" && d <= o + 0.05) }' ||
		fail "$name: demerit $dem > $own + 0.05"
	# nothing dropped silently: what is not modelled is named, with FILE:LINE
	grep -Eq '\.diskspecs:[0-9]+: not modelled: Extra write disconnect|\.diskspecs:[0-9]+: not modelled: Low \(write\) water mark' "$TMP/warn" ||
		fail "$name: no 'not modelled' list: $(head -3 "$TMP/warn")"
	# same trace, same bytes
	[ "$($BIN/wbsim replay -f disksim-validate tests/data/disksim/hp_$name.trace \
		-c sim/disks/hp-$name.ini 2>/dev/null)" = "$out" ] || fail "$name: not deterministic"
}

check_drive c2247a 0.090
check_drive c3323a 0.306

# the path is relative to the scenario file, wherever wbsim runs
mkdir "$TMP/elsewhere"
cp tests/data/disksim/hp_c2247a* "$TMP/elsewhere/"
printf '[disk]\ndisksim = hp_c2247a.parv\n' >"$TMP/elsewhere/d.ini"
(cd / && $BIN_ABS/wbsim replay -f disksim-validate "$TMP/elsewhere/hp_c2247a.trace" \
	-c "$TMP/elsewhere/d.ini" >/dev/null 2>&1) || fail "relative disksim path not found from /"
done_test
