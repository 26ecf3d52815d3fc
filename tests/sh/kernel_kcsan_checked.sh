#!/usr/bin/env bash
# The series ran under KCSAN since it last changed (issue 13, part C):
# tools/kernel/checks/kcsan.log, written by tools/kernel/kcsan.sh (too
# slow for make check: a KCSAN build and a 4-vCPU guest under TCG), must
# name the hash of the current patches/, a KCSAN kernel that built without
# a warning and said "kcsan: enabled early", 4 vCPUs, a guest that passed
# with its model switches and every file verified, no KCSAN report in a
# function the series defines or changes, and no other kernel report. The
# 6.1 reports it lists (races of 6.1's own code) are counted, and each
# must name its two functions.
. tests/shlib.sh
. tools/kernel/lib.sh
[ "${BUILD:-build}" = build ] || skip "runs in the normal pass only"
log=tools/kernel/checks/kcsan.log
[ -f "$log" ] || { fail "no $log: run tools/kernel/kcsan.sh"; done_test; }
grep -qx "patches: $(patches_hash)" "$log" || fail "$log is for other patches: run tools/kernel/kcsan.sh"
grep -qE '^config: .*\(1 CONFIG_KCSAN=y\)$' "$log" || fail "$log: not a KCSAN kernel"
grep -qE '^build: [0-9]+ s, 0 warnings$' "$log" || fail "$log: $(grep '^build:' "$log")"
grep -qE '^guest: PASS in [0-9]+ s, 4 vCPUs, kcsan enabled: yes, ' "$log" ||
	fail "$log: $(grep '^guest:' "$log")"
grep -qx 'switches: 5' "$log" || fail "$log: $(grep '^switches:' "$log")"
grep -qE '^files: [1-9][0-9]* verified after remount$' "$log" || fail "$log: $(grep '^files:' "$log")"
grep -qE '^kcsan reports: [0-9]+ \(series: 0\)$' "$log" || fail "$log: $(grep '^kcsan reports:' "$log")"
grep -qx 'other kernel reports: 0' "$log" || fail "$log: $(grep '^other kernel reports:' "$log")"
n=$(sed -nE 's/^kcsan reports: ([0-9]+) .*/\1/p' "$log")
[ "$(grep -c '^REPORT ' "$log")" = "$n" ] || fail "$log: $n reports counted, $(grep -c '^REPORT ' "$log") listed"
grep '^REPORT ' "$log" | grep -v '^REPORT 6\.1 [a-z -]* in [a-z_0-9.]*\(+0x[0-9a-f]*/0x[0-9a-f]*\)\?\( / [a-z_0-9.]*\(+0x[0-9a-f]*/0x[0-9a-f]*\)\?\)\?$' &&
	fail "$log: a report that is the series' or names no functions"
echo "$(grep '^kcsan reports:' "$log"); $(grep '^guest:' "$log")"
done_test
