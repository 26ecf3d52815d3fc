#!/usr/bin/env bash
# The README's quick start, exactly as written, in a fresh clone of the
# committed tree (HEAD; uncommitted changes are not in it, as they would
# not be in a newcomer's clone): every command of README.md's "Quick
# start" block but `make check` (which is this suite), run in the clone.
# Asserts: exit 0; the report path the command prints is a file; its table
# has one row per flusher model x scheduler (the enums `wbsim options`
# lists for writeback.flusher and queue.elevator), each with numbers.
# `make run` installs packages with tools/deps.sh (a no-op here: the suite
# already needed them) and builds the clone (MAKEFLAGS=-j2).
#
# In the sanitizer pass (BIN=bin-san) the quick start would run the normal
# build again; there the sanitizer build's `wbsim run` runs the README's
# default scenario for 10 simulated seconds instead, and its table and run
# directory are checked.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"

if [ "$BIN" != bin ]; then
	$BIN/wbsim run sim/scenarios/box2009.ini --set sim.duration=10 -o "$TMP/r" >"$TMP/out" 2>"$TMP/err" ||
		fail "$BIN/wbsim run exited $?: $(tail -n 3 "$TMP/err")"
	for f in summary.json dbench.sda1.log dbench.sda3.log sda.blktrace.0 geometry scenario.ini; do
		[ -s "$TMP/r/$f" ] || fail "$BIN/wbsim run wrote no $f"
	done
	grep -Eq '^ *sda1 ' "$TMP/out" || fail "no sda1 row in the table: $(head -c 300 "$TMP/out")"
	grep -q 'Jain' "$TMP/out" || fail "no Jain figure in the output"
	done_test
fi

need git
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || skip "not a git checkout: nothing to clone"
rev=$(git rev-parse HEAD)
[ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ] &&
	echo "  note: uncommitted changes are not tested here (the clone is of HEAD)"

# the commands of the block under "## Quick start", comments stripped
cmds=$(awk '/^## Quick start/ { in_qs = 1; next }
	in_qs && /^## / { exit }
	in_qs && /^    [^ ]/ { sub(/^    /, ""); sub(/[ \t]+#.*$/, ""); print }' README.md)
[ -n "$cmds" ] || fail "README.md has no command block under '## Quick start'"
run_cmds=$(echo "$cmds" | grep -Ev '^make( .*)? check( |$)')
[ -n "$run_cmds" ] || fail "the quick start has no command besides make check"
echo "  quick start: $(echo "$run_cmds" | tr '\n' ';')"

git clone -q --no-hardlinks . "$TMP/clone" 2>"$TMP/clone.err" || { fail "git clone: $(cat "$TMP/clone.err")"; done_test; }
git -C "$TMP/clone" checkout -q "$rev" || fail "checkout $rev in the clone"

t0=$EPOCHREALTIME
(cd "$TMP/clone" && MAKEFLAGS=-j2 bash -e -c "$run_cmds") >"$TMP/out" 2>"$TMP/err"
rc=$?
dt=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", b - a }')
echo "  took $dt s (information)"
[ $rc = 0 ] || { fail "the quick start exited $rc: $(tail -n 5 "$TMP/err")"; done_test; }

# the report it says it wrote
report=$(grep -oE '[^ ]*report\.md' "$TMP/out" | tail -n 1)
[ -n "$report" ] || { fail "the quick start printed no report path: $(tail -n 3 "$TMP/out")"; done_test; }
case $report in /*) ;; *) report=$TMP/clone/$report ;; esac
[ -s "$report" ] || { fail "the printed report $report is not there"; done_test; }
echo "  report: ${report#"$TMP/clone/"}"

# one row per flusher model x scheduler, with figures
enum() { "$TMP/clone/bin/wbsim" options | sed -n "s/^  $1 .*(\([a-z|-]*\)) \[default.*/\1/p" | tr '|' ' '; }
flushers=$(enum writeback.flusher) scheds=$(enum queue.elevator)
[ -n "$flushers" ] && [ -n "$scheds" ] || fail "no flusher or scheduler list from wbsim options"
n=0
for f in $flushers; do
	for s in $scheds; do
		n=$((n + 1))
		grep -Eq "^\| *$f *\| *$s *\|( *[0-9.]+ *\|){4}" "$report" ||
			fail "$report: no row with figures for $f $s"
	done
done
rows=$(grep -Ec '^\| *[a-z-]+ *\| *[a-z]+ *\| *[0-9]' "$report")
[ "$rows" = $n ] || fail "$report: $rows rows, want $n cells"
echo "  $n cells, $rows rows"
done_test
