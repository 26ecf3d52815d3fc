#!/usr/bin/env bash
# The experiment's job lists (tools/experiment/matrix.sh --jobs) and the
# era's set (tools/experiment/era.ini, era.jobs, make experiment SET=era),
# with no guest:
#   - era.jobs names every model (pdflush, bdi, bdi-fair, wq) under none
#     and bfq at start offsets 0, 0.5 and 2 s with the first partition
#     first, plus one cell with the second partition first (issue 14);
#   - every cell of it passes run.sh's checks (0, or 77 with no kernel);
#   - each cell's pairs reach run.sh as --set after the common arguments,
#     with the cell's own run directory (a stub run.sh records them);
#   - a matrix whose runs fail exits 1 and names every failed CELL/rN;
#   - bad job lines and a bad qemu.throttle are refused with exit 2 and
#     file:line where there is a file.
. tests/shlib.sh
jobs=tools/experiment/era.jobs

# coverage of the era's job list
for f in pdflush bdi bdi-fair wq; do
	for s in none bfq; do
		for o in 0 0.5 2; do
			n=$(awk -v f="$f" -v s="$s" -v o="0,$o" '!/^#/ && NF &&
				index($0, "writeback.flusher=" f " ") && index($0, "qemu.scheduler=" s " ") &&
				$NF == "dbench.start_offsets=" o' "$jobs" | wc -l)
			[ "$n" = 1 ] || fail "$jobs: $n cells of $f $s offsets 0,$o, want 1"
		done
	done
done
n=$(grep -c 'dbench.start_offsets=2,0$' "$jobs")
[ "$n" = 1 ] || fail "$jobs: $n cells with the second partition first, want 1"
n=$(grep -vc '^#' "$jobs")
[ "$n" = 27 ] || fail "$jobs: $n cells, want 27"

rc=0
tools/experiment/matrix.sh -c tools/experiment/era.ini --jobs "$jobs" --check-only 2>"$TMP/err" || rc=$?
[ $rc = 0 ] || [ $rc = 77 ] || fail "matrix.sh --check-only of era.jobs exited $rc: $(head -c 300 "$TMP/err")"
rc=0
tools/experiment/run.sh -c tools/experiment/era.ini --check-only 2>"$TMP/err" || rc=$?
[ $rc = 0 ] || [ $rc = 77 ] || fail "run.sh -c era.ini --check-only exited $rc: $(head -c 300 "$TMP/err")"
grep -q '^throttle = era$' tools/experiment/era.ini || fail "era.ini does not ask for the era's throttling"

# the plumbing: a copy of matrix.sh next to a stub run.sh and root.sh
E=$TMP/tools/experiment
mkdir -p "$E"
cp tools/experiment/matrix.sh tools/experiment/report.sh "$E/"
cat >"$E/run.sh" <<'STUB'
#!/usr/bin/env bash
for a in "$@"; do [ "$a" != --check-only ] || exit 0; done
o=""
for ((i = 1; i <= $#; i++)); do [ "${!i}" != -o ] || { j=$((i + 1)); o=${!j}; }; done
printf '%s\n' "$@" >"$o.args"
exit 1
STUB
printf '#!/bin/sh\n: >"$1"\n' >"$E/root.sh"
chmod +x "$E/run.sh" "$E/root.sh"
printf '# a comment\n\na writeback.flusher=bdi dbench.start_offsets=0,2   # trailing\nb qemu.scheduler=bfq\n' >"$TMP/j"
# no run completes, so the report reads no run: wbfair is not under test
rc=0
WBFAIR=$(type -P true) "$E/matrix.sh" --set vm.cpus=1 --jobs "$TMP/j" -r 2 -j 1 -o "$TMP/m" >"$TMP/log" 2>&1 || rc=$?
# every run failed: the matrix says which, and fails
[ $rc = 1 ] || fail "matrix.sh with every run failing exited $rc, want 1"
grep -qx 'matrix: 4 of 4 runs failed (see DIR/CELL/rN.log): a/r1 a/r2 b/r1 b/r2' "$TMP/log" ||
	fail "matrix.sh does not name the failed runs: $(tail -n 2 "$TMP/log")"
for r in 1 2; do
	[ "$(tr '\n' ' ' <"$TMP/m/a/r$r.args" 2>/dev/null)" = \
		"--set vm.cpus=1 --set writeback.flusher=bdi --set dbench.start_offsets=0,2 --root $TMP/m/root.img -o $TMP/m/a/r$r " ] ||
		fail "cell a r$r: run.sh got '$(tr '\n' ' ' <"$TMP/m/a/r$r.args" 2>&1)'"
done
[ "$(tr '\n' ' ' <"$TMP/m/b/r1.args" 2>/dev/null)" = \
	"--set vm.cpus=1 --set qemu.scheduler=bfq --root $TMP/m/root.img -o $TMP/m/b/r1 " ] ||
	fail "cell b: run.sh got '$(tr '\n' ' ' <"$TMP/m/b/r1.args" 2>&1)'"
[ "$(grep -c FAILED "$TMP/log")" = 4 ] || fail "want 4 runs reported: $(cat "$TMP/log")"

# bad input
printf 'ok writeback.flusher=bdi\nbad cell=1\n' >"$TMP/bad1"
expect_exit 2 "$TMP/bad1:2: 'cell=1': want SECTION.KEY=VALUE" \
	tools/experiment/matrix.sh --jobs "$TMP/bad1" --check-only
printf 'a writeback.flusher=bdi\n\na writeback.flusher=wq\n' >"$TMP/bad2"
expect_exit 2 "$TMP/bad2:3: cell a twice" tools/experiment/matrix.sh --jobs "$TMP/bad2" --check-only
printf 'a/b writeback.flusher=bdi\n' >"$TMP/bad3"
expect_exit 2 "$TMP/bad3:1: cell name" tools/experiment/matrix.sh --jobs "$TMP/bad3" --check-only
printf '# nothing\n' >"$TMP/bad4"
expect_exit 2 "$TMP/bad4: no cells" tools/experiment/matrix.sh --jobs "$TMP/bad4" --check-only
printf 'a writeback.flusher=nope\n' >"$TMP/bad5"
expect_exit 2 "matrix: a: .*flusher" tools/experiment/matrix.sh --jobs "$TMP/bad5" --check-only
expect_exit 2 "give one of them" tools/experiment/matrix.sh --jobs "$TMP/bad1" --cells wq-none --check-only
expect_exit 2 "qemu.throttle=fast: throttle: 'fast' is not one of" tools/experiment/run.sh --check-only --set qemu.throttle=fast
expect_exit 2 "SET=bogus" make -s -n experiment SET=bogus
make -s -n experiment SET=era 2>&1 | grep -q -- '--jobs tools/experiment/era.jobs' ||
	fail "make experiment SET=era does not run the era's job list"
done_test
