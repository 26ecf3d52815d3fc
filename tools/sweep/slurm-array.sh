#!/bin/bash
# A wbsim sweep as a Slurm job array: array task i runs line i + 1 of a
# job list made by `wbsim matrix ... --jobs-list` (one cell per line).
#
#   wbsim matrix SCENARIO [--set K=V]... --jobs-list --wbsim wbsim -o OUT > jobs.txt
#   sbatch --array=0-$(( $(wc -l < jobs.txt) - 1 )) tools/sweep/slurm-array.sh jobs.txt
#   # when every task is done (sbatch --dependency=afterok:JOBID for a job):
#   wbsim matrix SCENARIO [--set K=V]... --merge OUT/*/
#
# OUT must be on a filesystem every node sees (the cells are written there
# and merged from there); wbsim, the scenario and its includes, and
# /usr/share/dbench/client.txt must be at the same paths on every node.
# A cell is one single-threaded process: one CPU, memory as the scenario
# needs (about 100 MB for box2009; docs/scale.md for big boxes).
#
# WBSIM_SWEEP_DRY_RUN=1 prints the task's command instead of running it
# (tests/sh/sweep_slurm.sh checks the index-to-cell mapping that way).
#
#SBATCH --job-name=wbsim-cell
#SBATCH --cpus-per-task=1
#SBATCH --mem=2G
#SBATCH --time=02:00:00
#SBATCH --output=wbsim-cell-%A_%a.out
set -euo pipefail

jobs=${1:?usage: sbatch --array=0-N $0 JOBS_FILE}
idx=${SLURM_ARRAY_TASK_ID:?not a Slurm array task (SLURM_ARRAY_TASK_ID unset)}
case $idx in
''|*[!0-9]*) echo "$0: SLURM_ARRAY_TASK_ID '$idx' is not an index" >&2; exit 2 ;;
esac
[ -r "$jobs" ] || { echo "$0: $jobs: cannot read the job list" >&2; exit 2; }
line=$(sed -n "$((idx + 1))p" "$jobs")
if [ -z "$line" ]; then
	echo "$0: $jobs has no line $((idx + 1)) for array index $idx (--array=0-$(($(wc -l <"$jobs") - 1)))" >&2
	exit 2
fi
if [ -n "${WBSIM_SWEEP_DRY_RUN:-}" ]; then
	printf '%s\n' "$line"
	exit 0
fi
# the line is a command wbsim quoted for the shell
exec bash -c "$line"
