# The run directory's lifecycle: `wbsim run` with no scenario runs the
# shipped box2009; without -o each run gets a new runs/box2009-N; -o makes
# parents, refuses a non-empty directory wbsim did not write (exit 2)
# unless --force, and on reuse removes exactly what wbsim.manifest lists
# (a stale sda.blktrace.1 goes, a user's file stays); a refused scenario
# leaves no directory; write errors (file size limit, a full stdout) are
# `PATH: strerror`, exit 1 and complete:false, for run and replay; gnuplot
# warnings hidden unless it fails, and its failure exits 1.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
need gnuplot
W=$(cd "$(dirname "$BIN/wbsim")" && pwd)/wbsim
short="--set sim.duration=4 --set dbench.clients=2 --set vm.ram=128M -q"

# no scenario, no -o: the default, into a new directory each time
(cd "$TMP" && "$W" run $short >run1.out 2>run1.err) || fail "bare wbsim run failed: $(cat "$TMP/run1.err")"
(cd "$TMP" && "$W" run $short >run2.out 2>run2.err) || fail "second wbsim run failed"
[ -f "$TMP/runs/box2009-1/summary.json" ] || fail "no runs/box2009-1"
[ -f "$TMP/runs/box2009-2/summary.json" ] || fail "no runs/box2009-2 (second run reused the first)"
grep -q "run directory: runs/box2009-1" "$TMP/run1.out" || fail "run directory not printed"
grep -q '"complete": true' "$TMP/runs/box2009-1/summary.json" || fail "complete run not marked complete"
head -1 "$TMP/runs/box2009-1/wbsim.manifest" | grep -qx "# wbsim manifest v1" || fail "manifest header"
for f in summary.json sda.blktrace.0 dbench.sda1.log plots/ plots/rate.png; do
	grep -qx "$f" "$TMP/runs/box2009-1/wbsim.manifest" || fail "manifest lacks $f"
done
# same scenario and seed: same bytes (apart from nothing)
cmp -s "$TMP/runs/box2009-1/sda.blktrace.0" "$TMP/runs/box2009-2/sda.blktrace.0" || fail "reruns differ"
# -o with parents
$BIN/wbsim run sim/scenarios/box2009.ini $short -o "$TMP/a/b/c" >/dev/null 2>&1 || fail "-o with missing parents"
# reuse: stale files listed in the manifest go, a user's file stays
touch "$TMP/a/b/c/mine.txt" "$TMP/a/b/c/sda.blktrace.1"
echo sda.blktrace.1 >>"$TMP/a/b/c/wbsim.manifest"
$BIN/wbsim run sim/scenarios/box2009.ini $short -o "$TMP/a/b/c" >/dev/null 2>&1 || fail "reuse of a run directory"
[ -e "$TMP/a/b/c/sda.blktrace.1" ] && fail "stale sda.blktrace.1 kept"
[ -e "$TMP/a/b/c/mine.txt" ] || fail "a user's file was removed"
grep -qx mine.txt "$TMP/a/b/c/wbsim.manifest" && fail "a user's file listed in the manifest"
# a non-empty directory that is not a run directory
mkdir "$TMP/user" && echo keep >"$TMP/user/notes"
expect_exit 2 "user: not empty and not a wbsim run directory \(use --force\)" \
	$BIN/wbsim run sim/scenarios/box2009.ini $short -o "$TMP/user"
expect_exit 2 "user: not empty and not a wbsim run directory" \
	$BIN/wbsim replay tests/data/inmemory.txt -o "$TMP/user"
expect_exit 2 "user: not empty and not a wbsim run directory" \
	$BIN/wbsim matrix sim/scenarios/box2009.ini --flushers bdi --schedulers noop -o "$TMP/user"
[ "$(cat "$TMP/user/notes")" = keep ] || fail "user's file changed"
$BIN/wbsim run sim/scenarios/box2009.ini $short -o "$TMP/user" --force >/dev/null 2>&1 || fail "--force"
[ "$(cat "$TMP/user/notes")" = keep ] || fail "--force touched a user's file"
# bad input refused after the directory was made: nothing left behind
(cd "$TMP" && "$W" run $short --set dbench.instances=sda2 >/dev/null 2>bad.err); rc=$?
[ $rc -eq 2 ] || fail "bad instance exit $rc, want 2"
[ -e "$TMP/runs/box2009-3" ] && fail "a refused run left runs/box2009-3"
# stdout full
expect_exit 1 "^wbsim: stdout: No space left on device" sh -c "$BIN/wbsim run sim/scenarios/box2009.ini $short -o $TMP/full >/dev/full"
# a file size limit: the failed write is named, exit 1, complete:false
(ulimit -f 200; exec $BIN/wbsim run sim/scenarios/box2009.ini --set sim.duration=30 -q -o "$TMP/fsz") \
	>/dev/null 2>"$TMP/fsz.err"; rc=$?
[ $rc -eq 1 ] || fail "run past a file size limit exited $rc, want 1"
grep -Eq "^$TMP/fsz/[a-z0-9.]+: File too large" "$TMP/fsz.err" || fail "no PATH: strerror: $(cat "$TMP/fsz.err")"
grep -q '"complete": false' "$TMP/fsz/summary.json" || fail "summary not marked incomplete"
grep -q '"incomplete_reason": "write error: ' "$TMP/fsz/summary.json" || fail "no write error reason"
$BUILD/bench/gen_trace -n 40000 -s 7 --disk-sectors 150000000 --rate 150 -o "$TMP/t.ascii" || fail gen_trace
(ulimit -f 100; exec $BIN/wbsim replay "$TMP/t.ascii" -o "$TMP/rfsz") >/dev/null 2>"$TMP/rfsz.err"; rc=$?
[ $rc -eq 1 ] || fail "replay past a file size limit exited $rc, want 1"
grep -q "rfsz/sda.blktrace.0: File too large" "$TMP/rfsz.err" || fail "replay: $(cat "$TMP/rfsz.err")"
expect_exit 1 "^wbsim: stdout: No space left on device" sh -c "$BIN/wbsim replay $TMP/t.ascii >/dev/full"
# gnuplot's warnings stay hidden when it draws; its failure is an error
mkdir "$TMP/fake"
printf '#!/bin/sh\necho "gnuplot warning: font noise" >&2\nexec %s "$@"\n' "$(command -v gnuplot)" >"$TMP/fake/gnuplot"
chmod +x "$TMP/fake/gnuplot"
PATH=$TMP/fake:$PATH $BIN/wbsim run sim/scenarios/box2009.ini $short -o "$TMP/gw" >/dev/null 2>"$TMP/gw.err" ||
	fail "run with a chatty gnuplot failed"
grep -q "font noise" "$TMP/gw.err" && fail "gnuplot's warning leaked to stderr"
printf '#!/bin/sh\necho "gnuplot: cannot draw" >&2\nexit 1\n' >"$TMP/fake/gnuplot"
PATH=$TMP/fake:$PATH expect_exit 1 "gw/plots/wbfair.gp: gnuplot failed: gnuplot: cannot draw" \
	$BIN/wbsim run sim/scenarios/box2009.ini $short -o "$TMP/gw"
done_test
