# wbsim replay -f disksim-validate: the closed loop and its report.
. tests/shlib.sh

# Two reads of one sector each, the second issued 1 s after the first
# completes: the report counts 2, gives the measured mean (1 ms, 3 ms ->
# 2 ms) and a simulated span longer than the 1 s of think time.
printf 'R Miss 1000 1 1000.0 1000000.0\nR Miss 500000 1 3000.0 0\n' >"$TMP/t"
out=$($BIN/wbsim replay -f disksim-validate "$TMP/t") || fail "replay failed"
echo "$out" | grep -q '^requests      2$' || fail "count: $out"
echo "$out" | grep -Eq 'measured 2\.000 ' || fail "measured mean: $out"
span=$(echo "$out" | sed -n 's/^simulated *\([0-9.]*\) s/\1/p')
awk -v s="$span" 'BEGIN { exit !(s > 1.0 && s < 1.1) }' || fail "span $span"
# the same trace twice: the same bytes
[ "$($BIN/wbsim replay -f disksim-validate "$TMP/t")" = "$out" ] || fail "not deterministic"
expect_exit 2 "does not go with" $BIN/wbsim replay -f disksim-validate "$TMP/t" -o "$TMP/o"
expect_exit 2 "t2:1: 'Q' is not R or W" sh -c "printf 'Q Miss 1 1 1 1\n' >'$TMP/t2'; $BIN/wbsim replay -f disksim-validate '$TMP/t2'"
done_test
