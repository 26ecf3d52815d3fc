#!/usr/bin/env bash
# The experiment's matrix: every flusher model x I/O scheduler, each cell
# repeated, in QEMU guests (tools/experiment/run.sh), with a report.
#
#   tools/experiment/matrix.sh [-c SCENARIO]... [--set K=V]... [-o DIR]
#       [-r REPEATS] [-j JOBS] [-d SECONDS] [--flushers "wq bdi ..."]
#       [--schedulers "none bfq ..."] [--cells "wq-none bdi-fair-bfq ..."]
#       [--jobs FILE] [--report-only] [--resume] [--check-only]
#
# Defaults: tools/experiment/experiment.ini, DIR runs/experiment, 3
# repeats, 2 jobs, the scenario's duration, flushers "wq bdi pdflush
# bdi-fair" (bdi-fair: the bdi model with vm.writeback_sb_fair=1),
# schedulers "none mq-deadline bfq kyber"; --cells runs just the cells
# named FLUSHER-SCHEDULER instead of every pair; --jobs FILE runs the
# cells a job list names instead (one a line: CELL SECTION.KEY=VALUE...,
# each pair a --set of that cell's runs after the common ones; # starts
# a comment; tools/experiment/era.jobs is one). Writes DIR/CELL/rN/ (run
# directories, CELL = FLUSHER-SCHEDULER), DIR/CELL/rN.log, DIR/runs.jsonl
# (one line of figures per run) and DIR/report.md. --report-only makes
# the report from the run directories already there; --resume keeps the
# runs already complete in DIR (a summary.json) and runs only the others;
# --check-only checks every cell's parameters (run.sh --check-only) and
# exits: 0, 2, or 77 without a kernel image or QEMU. A matrix in which a
# run did not end with its summary.json exits 1 after the report, naming
# every such CELL/rN.
#
# Two guests at once (-j 2) on a 2-core host: each guest is one TCG vCPU
# thread and spends most of its time in iowait on the throttled disk (the
# report shows disk busy and iowait per cell: if busy falls well below the
# -j 1 figure the host CPU, not the disk, has become the bottleneck).
set -euo pipefail
EXP=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$EXP/../.." && pwd)
wbfair=${WBFAIR:-$ROOT/bin/wbfair}

usage() { sed -n '/^#   tools\/experiment\/matrix.sh/,/^#       \[--jobs FILE/p' "$0" | sed 's/^# \{0,3\}//' >&2; exit 2; }
bad() { echo "matrix.sh: $*" >&2; exit 2; }

cfgs=() sets=() out=$ROOT/runs/experiment repeats=3 jobs=2 dur=""
flushers="wq bdi pdflush bdi-fair" scheds="none mq-deadline bfq kyber" report_only=0 cellarg="" resume=0
jobs_file="" check_only=0
while [ $# -gt 0 ]; do
	case "$1" in
	-c) [ $# -ge 2 ] || usage; cfgs+=(-c "$2"); shift 2 ;;
	--set) [ $# -ge 2 ] || usage; sets+=(--set "$2"); shift 2 ;;
	-o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	-r) [ $# -ge 2 ] || usage; repeats=$2; shift 2 ;;
	-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	-d) [ $# -ge 2 ] || usage; dur=$2; shift 2 ;;
	--flushers) [ $# -ge 2 ] || usage; flushers=$2; shift 2 ;;
	--schedulers) [ $# -ge 2 ] || usage; scheds=$2; shift 2 ;;
	--cells) [ $# -ge 2 ] || usage; cellarg=$2; shift 2 ;;
	--jobs) [ $# -ge 2 ] || usage; jobs_file=$2; shift 2 ;;
	--report-only) report_only=1; shift ;;
	--resume) resume=1; shift ;;
	--check-only) check_only=1; shift ;;
	-h|--help) usage ;;
	*) bad "unknown argument '$1' (see --help)" ;;
	esac
done
[ $check_only = 0 ] || [ $report_only = 0 ] || bad "--check-only and --report-only: give one of them"
[[ "$repeats" =~ ^[1-9][0-9]*$ ]] || bad "-r $repeats: want a count >= 1"
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || bad "-j $jobs: want a count >= 1"
[ -z "$dur" ] || [[ "$dur" =~ ^[1-9][0-9]*$ ]] || bad "-d $dur: want whole seconds"
for f in $flushers; do
	case $f in wq|bdi|pdflush|bdi-fair) ;; *) bad "flusher '$f': want wq, bdi, pdflush or bdi-fair" ;; esac
done
for s in $scheds; do
	case $s in none|mq-deadline|bfq|kyber) ;; *) bad "scheduler '$s': want none, mq-deadline, bfq or kyber" ;; esac
done
[ -x "$wbfair" ] || { echo "matrix.sh: no $wbfair: run make first" >&2; exit 1; }
[ -z "$dur" ] || sets+=(--set "sim.duration=$dur")
if [ $check_only = 0 ]; then
	mkdir -p "$out"
	out=$(cd "$out" && pwd)
fi

# cells and each cell's own --set arguments (cellsets, NUL-separated)
cells=()
declare -A cellsets
if [ -n "$jobs_file" ]; then
	[ -z "$cellarg" ] || bad "--jobs and --cells: give one of them"
	[ -f "$jobs_file" ] || bad "--jobs $jobs_file: no such file"
	n=0
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		line=${line%%#*}
		read -ra w <<<"$line"
		[ ${#w[@]} -gt 0 ] || continue
		c=${w[0]}
		[[ "$c" =~ ^[A-Za-z0-9][A-Za-z0-9._-]*$ ]] || bad "$jobs_file:$n: cell name '$c': want letters, digits, '.', '_' or '-'"
		[ -z "${cellsets[$c]+x}" ] || bad "$jobs_file:$n: cell $c twice"
		a=""
		for kv in "${w[@]:1}"; do
			[[ "$kv" =~ ^[a-z_]+\.[a-z_0-9]+=.*$ ]] || bad "$jobs_file:$n: '$kv': want SECTION.KEY=VALUE"
			a="$a--set"$'\x01'"$kv"$'\x01'
		done
		cellsets[$c]=$a
		cells+=("$c")
	done <"$jobs_file"
	[ ${#cells[@]} -gt 0 ] || bad "$jobs_file: no cells"
elif [ -n "$cellarg" ]; then
	for c in $cellarg; do
		ok=0
		for f in bdi-fair wq bdi pdflush; do
			s=${c#"$f"-}
			[ "$s" != "$c" ] || continue
			case $s in none|mq-deadline|bfq|kyber) ok=1; break ;; esac
		done
		[ $ok = 1 ] || bad "cell '$c': want FLUSHER-SCHEDULER, e.g. bdi-fair-bfq"
		cells+=("$c")
		cellsets[$c]="--set"$'\x01'"writeback.flusher=$f"$'\x01'"--set"$'\x01'"qemu.scheduler=$s"$'\x01'
	done
else
	for f in $flushers; do
		for s in $scheds; do
			cells+=("$f-$s")
			cellsets[$f-$s]="--set"$'\x01'"writeback.flusher=$f"$'\x01'"--set"$'\x01'"qemu.scheduler=$s"$'\x01'
		done
	done
fi

if [ $report_only = 0 ]; then
	# the parameters of every cell are checked before any guest boots;
	# without a kernel or QEMU (77) the rest are checked all the same
	nokernel=""
	for c in "${cells[@]}"; do
		IFS=$'\x01' read -ra ca <<<"${cellsets[$c]}"
		rc=0
		err=$("$EXP/run.sh" "${cfgs[@]}" "${sets[@]}" "${ca[@]}" --check-only 2>&1) || rc=$?
		if [ $rc = 77 ]; then
			nokernel=$err
		elif [ $rc != 0 ]; then
			[ -z "$err" ] || echo "$err" | sed "s/^/matrix: $c: /" >&2
			exit $rc
		fi
	done
	[ -z "$nokernel" ] || { echo "$nokernel" >&2; exit 77; }
	[ $check_only = 0 ] || exit 0
	t0=$(date +%s)
	"$EXP/root.sh" "$out/root.img"
	export OUT=$out EXP RESUME=$resume
	# run.sh's scenario arguments for every cell, NUL-separated
	# (none at all is an empty file: printf with no arguments would still
	# print one empty argument, which run.sh refuses)
	: >"$out/args"
	if [ $((${#cfgs[@]} + ${#sets[@]})) -gt 0 ]; then
		printf '%s\0' "${cfgs[@]}" "${sets[@]}" >"$out/args"
	fi
	# each cell's own arguments, NUL-separated, in DIR/CELL.args (none:
	# an empty file, as above)
	for c in "${cells[@]}"; do
		mkdir -p "$out/$c"
		IFS=$'\x01' read -ra ca <<<"${cellsets[$c]}"
		: >"$out/$c.args"
		[ ${#ca[@]} = 0 ] || printf '%s\0' "${ca[@]}" >"$out/$c.args"
	done
	for c in "${cells[@]}"; do
		for r in $(seq 1 "$repeats"); do
			printf '%s\0%s\0' "$c" "$r"
		done
	done | xargs -0 -n 2 -P "$jobs" bash -c '
		cell=$1 r=$2
		mapfile -d "" args <"$OUT/args"
		mapfile -d "" cargs <"$OUT/$cell.args"
		if [ "$RESUME" = 1 ] && [ -f "$OUT/$cell/r$r/summary.json" ]; then
			echo "matrix: $cell r$r: kept"
			exit 0
		fi
		if "$EXP/run.sh" "${args[@]}" "${cargs[@]}" \
			--root "$OUT/root.img" -o "$OUT/$cell/r$r" >"$OUT/$cell/r$r.log" 2>&1; then
			echo "matrix: $cell r$r: $(tail -n 1 "$OUT/$cell/r$r.log" | sed "s/^experiment: [^:]*: //")"
		else
			echo "matrix: $cell r$r FAILED: $(tail -n 1 "$OUT/$cell/r$r.log")"
		fi' matrix-cell || { echo "matrix: xargs failed" >&2; exit 1; }
	for c in "${cells[@]}"; do rm -f "$out/$c.args"; done
	rm -f "$out/root.img" "$out/args"
	# a resumed matrix adds its line: the report shows every pass's time
	tee_opt=()
	[ $resume = 0 ] || tee_opt=(-a)
	echo "matrix: $(( $(date +%s) - t0 )) s wall for ${#cells[@]} cells x $repeats repeats, -j $jobs$([ $resume = 0 ] || echo ", resumed")" |
		tee "${tee_opt[@]}" "$out/wall.txt"
fi
"$EXP/report.sh" "$out" "${cells[@]}"
# a run that did not end with its summary.json failed: name each, and
# fail, so that a script or CI calling the matrix cannot take it for done
failed=()
for c in "${cells[@]}"; do
	for r in $(seq 1 "$repeats"); do
		[ -f "$out/$c/r$r/summary.json" ] || failed+=("$c/r$r")
	done
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "matrix: ${#failed[@]} of $(( ${#cells[@]} * repeats )) runs failed (see DIR/CELL/rN.log): ${failed[*]}" >&2
	exit 1
fi
