# tools/sweep/slurm-array.sh, as far as this machine allows: its syntax,
# the array index to job-list line mapping for every cell of a matrix (a
# dry run, as Slurm would set SLURM_ARRAY_TASK_ID), an index past the
# list refused, and one task actually run. With Slurm installed,
# `sbatch --test-only` validates the script and its #SBATCH lines too.
. tests/shlib.sh
script=tools/sweep/slurm-array.sh

bash -n "$script" || fail "syntax error in $script"
$BIN/wbsim matrix sim/scenarios/box2009.ini --flushers bdi,wq,pdflush \
	--schedulers noop,cfq --set sim.duration=2 --jobs-list -o "$TMP/cells" >"$TMP/jobs" ||
	fail "--jobs-list failed"
n=$(wc -l <"$TMP/jobs")
[ "$n" -eq 6 ] || fail "want 6 cells, got $n"
for ((i = 0; i < n; i++)); do
	got=$(SLURM_ARRAY_TASK_ID=$i WBSIM_SWEEP_DRY_RUN=1 bash "$script" "$TMP/jobs") ||
		fail "task $i failed"
	[ "$got" = "$(sed -n "$((i + 1))p" "$TMP/jobs")" ] || fail "task $i ran '$got'"
done
# every cell once: the tasks' -o directories are the 6 distinct cells
for ((i = 0; i < n; i++)); do
	SLURM_ARRAY_TASK_ID=$i WBSIM_SWEEP_DRY_RUN=1 bash "$script" "$TMP/jobs"
done | sed 's/.* -o //' | sort -u >"$TMP/dirs"
[ "$(wc -l <"$TMP/dirs")" -eq 6 ] || fail "cells not distinct: $(cat "$TMP/dirs")"
grep -qx "$TMP/cells/pdflush-cfq" "$TMP/dirs" || fail "no pdflush-cfq task"
expect_exit 2 "has no line 7 for array index 6" \
	env SLURM_ARRAY_TASK_ID=6 WBSIM_SWEEP_DRY_RUN=1 bash "$script" "$TMP/jobs"
expect_exit 2 "not an index" env SLURM_ARRAY_TASK_ID=x bash "$script" "$TMP/jobs"
expect_exit 1 "SLURM_ARRAY_TASK_ID unset" env -u SLURM_ARRAY_TASK_ID bash "$script" "$TMP/jobs"
# one task for real: the cell directory it writes is a complete run
if [ -r /usr/share/dbench/client.txt ]; then
	SLURM_ARRAY_TASK_ID=0 bash "$script" "$TMP/jobs" >/dev/null || fail "task 0 failed"
	grep -q '"complete": true' "$TMP/cells/bdi-noop/summary.json" ||
		fail "task 0 left no complete bdi-noop cell"
fi
if command -v sbatch >/dev/null && sbatch --test-only --array=0-$((n - 1)) "$script" "$TMP/jobs" 2>"$TMP/err"; then
	echo "sbatch --test-only accepted the script"
elif command -v sbatch >/dev/null; then
	echo "sbatch present but no cluster to test against: $(head -c 200 "$TMP/err")"
fi
done_test
