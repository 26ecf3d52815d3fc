# Bad traces, scenarios and command lines: "file:line: message", exit 2.
. tests/shlib.sh

printf '0.0 0 100 8 1\n1.5 0 200 8 0\n' >"$TMP/good"
$BIN/wbsim replay "$TMP/good" >/dev/null || fail "good trace rejected"

printf '0.0 0 100 8 1\n1.5 0 x 8 0\n' >"$TMP/nonnum"
expect_exit 2 "nonnum:2: " $BIN/wbsim replay "$TMP/nonnum"
printf '5.0 0 100 8 1\n1.5 0 200 8 0\n' >"$TMP/backwards"
expect_exit 2 "backwards:2: " $BIN/wbsim replay "$TMP/backwards"
printf '0.0 0 100 0 1\n' >"$TMP/zero"
expect_exit 2 "zero:1: " $BIN/wbsim replay "$TMP/zero"
printf '0.0 0 100 8\n' >"$TMP/short"
expect_exit 2 "short:1: " $BIN/wbsim replay "$TMP/short"
printf '# header\n\n0.0 0 99999999999999 8 1\n' >"$TMP/beyond"
expect_exit 2 "beyond:3: .*beyond the end" $BIN/wbsim replay "$TMP/beyond"
printf '0.0 5 100 8 1\n' >"$TMP/nopart"
expect_exit 2 "nopart:1: .*partition" $BIN/wbsim replay "$TMP/nopart"
printf '0.0 0 100 8 1\x00\n' >"$TMP/nul"
expect_exit 2 "nul:1: " $BIN/wbsim replay "$TMP/nul"
printf '  8,0    0        1     0.000000000  1000  Q   W 100 + 8 [a]\n  8,16   0        2     0.000000001  1000  Q   W 100 + 8 [a]\n' >"$TMP/twodev"
expect_exit 2 "twodev:2: .*one disk" $BIN/wbsim replay "$TMP/twodev" -f blkparse
expect_exit 2 "nonexistent" $BIN/wbsim replay "$TMP/nonexistent"

# scenario values
printf '[disk]\ncapacity = 80GB\nrpm = 7200\n' >"$TMP/s1.ini"
expect_exit 2 "s1.ini:3: unknown key 'rpm' in \[disk\]" $BIN/wbsim replay "$TMP/good" -c "$TMP/s1.ini"
printf '[queue]\nelevator = as\n' >"$TMP/s2.ini"
expect_exit 2 "s2.ini:2: elevator: 'as' is not one of" $BIN/wbsim replay "$TMP/good" -c "$TMP/s2.ini"
printf '[hdd]\nrpm = -5\n' >"$TMP/s3.ini"
expect_exit 2 "s3.ini:2: rpm" $BIN/wbsim replay "$TMP/good" -c "$TMP/s3.ini"
printf '[cfq]\nslice_idle = 8 fortnights\n' >"$TMP/s4.ini"
expect_exit 2 "s4.ini:2: slice_idle" $BIN/wbsim replay "$TMP/good" -c "$TMP/s4.ini"
printf '[disk\n' >"$TMP/s5.ini"
expect_exit 2 "s5.ini:1: syntax error" $BIN/wbsim replay "$TMP/good" -c "$TMP/s5.ini"
printf '[nosuch]\nx = 1\n' >"$TMP/s6.ini"
expect_exit 2 "s6.ini:2: unknown section" $BIN/wbsim replay "$TMP/good" -c "$TMP/s6.ini"
expect_exit 2 "queue.nr_requests=0.*out of range" $BIN/wbsim replay "$TMP/good" --set queue.nr_requests=0
expect_exit 2 "want section.key=value" $BIN/wbsim replay "$TMP/good" --set nonsense
expect_exit 2 "unknown format" $BIN/wbsim replay "$TMP/good" -f xml
expect_exit 2 "wbsim replay: unknown option .--bogus." $BIN/wbsim replay "$TMP/good" --bogus
expect_exit 2 "needs an argument" $BIN/wbsim replay "$TMP/good" --set
expect_exit 2 "unknown command" $BIN/wbsim frobnicate
# a disk definition problem found only when the disk is built
expect_exit 2 "partition" $BIN/wbsim replay "$TMP/good" --set disk.partitions=60%,60%
done_test
