#!/usr/bin/env bash
# The matrix report: DIR/runs.jsonl (one line of figures per run) and
# DIR/report.md (one row per cell, each figure as min / median / max over
# the cell's repeats, the median being the nearest-rank one: the
# ceil(n/2)-th smallest, an observed value, as wbfair's percentiles).
#
#   tools/experiment/report.sh [--kept] DIR CELL...
#
# --kept: DIR is kept evidence (tools/validate/collect.sh: each run's
# summary.json and why.md, no traces): DIR/runs.jsonl is taken as it is
# (its lines of the CELLs named), each run's why is quoted from RUN/why.md,
# and there is no wbfair compare (it reads the traces).
#
# Every figure comes from wbfair (--format json, over the run and with
# -i 1 and -i 10) or the run's summary.json (tools/experiment/run-row.sh
# makes a run's line):
#   written MB per partition   blktrace completions (wbfair partitions)
#   dbench MB/s per instance   the dbench logs' Throughput (wbfair dbench)
#   Jain run / 1 s / 10 s      partition_fairness.jain, and jain_interval
#                              with -i 1 and -i 10 (the mean over the
#                              intervals in which something was written)
#   busy, iowait, start diff   summary.json (disk io_ticks, /proc/stat,
#                              exec times in the trace)
#   why, per run               `wbfair why --bin 1s` into RUN/why/why.md
#                              (lines and whys REPORT_JOBS runs at a
#                              time, default 2)
#                              (bytes per partition and second by writer,
#                              pages by writer, the flusher's superblock
#                              turns, each instance's throttled time);
#                              report.md quotes its "What it says"
#   started first              over runs with staggered starts (the
#                              instances' offset_s in summary.json): the
#                              share of the bytes and of the dbench MB/s
#                              of the instance started first, per model,
#                              with a sign test of "more than half"
#   significance               `wbfair ranksum` of every figure between
#                              flusher models (schedulers pooled) and
#                              between schedulers (models pooled)
# Flags: "start" when a run's start difference is 10 ms or more; "no
# dirty limit" when no run of the cell was throttled on dirty memory (such
# a cell does not test the flushers); "lost events" when the trace ring
# buffer dropped events in a run (its throttle count is then a lower
# bound; blktrace is not affected). A run whose guest clock jumped
# (summary.json guest_clock_jump_s > 0) is left out of its cell's figures,
# which depend on the clock (busy, rates, per-interval fairness), and
# counted in the flags.
set -euo pipefail
EXP=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$EXP/../.." && pwd)
wbfair=${WBFAIR:-$ROOT/bin/wbfair}
case $wbfair in /*) ;; */*) wbfair=$PWD/$wbfair ;; esac
kept=0
[ "${1:-}" != --kept ] || { kept=1; shift; }
[ $# -ge 2 ] || { echo "usage: $0 [--kept] DIR CELL..." >&2; exit 2; }
out=$1
[ $kept = 0 ] || [ -f "$out/runs.jsonl" ] || { echo "report: --kept: no $out/runs.jsonl" >&2; exit 2; }
shift

# The figures of every counted run as "METRIC GROUP VALUE" lines for
# wbfair ranksum, GROUP being the cell's flusher model with the scheduler
# taken out (by=model: schedulers pooled) or its scheduler (by=scheduler:
# models pooled); a variant suffix of the cell (-o2, ...) stays in both.
observations() { # RUNS_JSONL model|scheduler
	jq -r --arg by "$2" '
		select(.clock_jump_s == 0) |
		(.cell | capture("^(?<m>.*?)-(?<s>none|mq-deadline|bfq|kyber|deadline|cfq|noop)(?<v>-.*)?$")
		 // {m: .cell, s: "-", v: ""}) as $c |
		((if $by == "model" then $c.m else $c.s end) + ($c.v // "")) as $g |
		(.written_mb | to_entries | sort_by(.key)) as $w | ($w | map(.value) | add) as $wt |
		(.dbench_mbps | to_entries | sort_by(.key)) as $d | ($d | map(.value) | add) as $dt |
		[["jain_1s", .jain_1s], ["jain_10s", .jain_10s],
		 ["written_share_\($w[0].key)", (if ($wt // 0) > 0 then $w[0].value / $wt else null end)],
		 ["dbench_share_\($d[0].key)", (if ($dt // 0) > 0 then $d[0].value / $dt else null end)],
		 ["dbench_total_mbps", $dt], ["busy_pct", .busy_pct]][] |
		select(.[1] != null) | "\(.[0]) \($g) \(.[1])"' "$1"
}

# Which differences between models (and between schedulers) are larger
# than the spread over repeats: the exact rank-sum test of every pair,
# Bonferroni-corrected over the table's tests.
significance() { # RUNS_JSONL
	local by
	echo
	echo "## Which differences are larger than the spread (wbfair ranksum)"
	echo
	echo "Each row: one figure, two groups of runs, the exact two-sided"
	echo "Wilcoxon-Mann-Whitney test over every split of the pooled runs."
	echo "written_share / dbench_share: the first partition's (instance's) part"
	echo "of the bytes written (of the dbench MB/s). A cell alone has 3 runs: 3"
	echo "against 3 cannot give p below 0.1, so cells are compared pooled."
	for by in model scheduler; do
		echo
		echo "### By $by ($( [ $by = model ] && echo schedulers || echo models) pooled)"
		echo
		observations "$1" $by >"$tmp/obs.$by"
		if ! "$wbfair" ranksum "$tmp/obs.$by" >"$tmp/rs.$by" 2>"$tmp/rs.err"; then
			echo "Not tested: $(sed 's/^wbfair: //; s|^[^ ]*/||' "$tmp/rs.err" | head -n 1)"
		else
			cat "$tmp/rs.$by"
		fi
	done
}

# Does the instance started first get more? Over the runs with staggered
# starts, per flusher model (schedulers and offsets pooled): the started-
# first instance's part of the bytes written to the two partitions and of
# the two instances' dbench MB/s, and the two-sided sign test of "more
# than half" (a run exactly at half counts for neither side).
first_started() { # RUNS_JSONL
	local rows
	rows=$(jq -r -s '
		def r3: . * 1000 | round / 1000;
		def med: sort | .[(length / 2 | ceil) - 1];
		def choose(n; k): reduce range(0; k) as $i (1; . * (n - $i) / ($i + 1));
		def signp(n; k): ([k, n - k] | min) as $m |
			([range(0; $m + 1)] | map(choose(n; .)) | add) * 2 / pow(2; n) |
			if . > 1 then 1 else . end;
		def share(f): . as $r | ($r | f) as $o | ($o | to_entries | map(.value) | add) as $t |
			if $t > 0 and $o[$r.first.partition] != null then $o[$r.first.partition] / $t else null end;
		def line(f): map(share(f)) | map(select(. != null)) as $v |
			($v | map(select(. > 0.5)) | length) as $k |
			($v | map(select(. < 0.5)) | length) as $l |
			if ($v | length) == 0 then ["0", "-", "-", "-"]
			else ["\($v | length)", "\($v | min | r3) / \($v | med | r3) / \($v | max | r3)",
			      "\($k) of \($k + $l)", "\(signp($k + $l; $k) | if . >= 0.001 then r3 else (. * 1e7 | round / 1e7) end)"] end;
		map(select(.clock_jump_s == 0 and .first != null)) |
		group_by(.cell | capture("^(?<m>.*?)-(none|mq-deadline|bfq|kyber|deadline|cfq|noop)(-.*)?$").m // .cell) |
		.[] | (.[0].cell | capture("^(?<m>.*?)-(none|mq-deadline|bfq|kyber|deadline|cfq|noop)(-.*)?$").m // .cell) as $m |
		"| \($m) | " + (line(.written_mb) + line(.written_mb_120s // {}) + line(.dbench_mbps) | join(" | ")) + " |"
	' "$1")
	[ -n "$rows" ] || return 0
	echo
	echo "## The instance started first (runs with staggered starts)"
	echo
	echo "Per flusher model, schedulers and offsets pooled: the part of the"
	echo "bytes written to the two partitions that went to the partition of"
	echo "the instance started first, over the whole run and over its first"
	echo "120 s (dbench's time limit: the run goes on while its last client is"
	echo "held in balance_dirty_pages, and those tails write what was left),"
	echo "and its part of the two instances' dbench MB/s (min / median / max),"
	echo "how many runs gave it more than half, and the two-sided sign test of"
	echo "\"more or less than half as often\" (p; a run at exactly half counts"
	echo "for neither side)."
	echo
	echo "| model | runs | first's share of bytes | more in | p | runs | first's share of bytes, first 120 s | more in | p | runs | first's share of dbench MB/s | more in | p |"
	echo "|---|---:|---|---|---:|---:|---|---|---:|---:|---|---|---:|"
	echo "$rows"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# built aside and moved in: a report being made never shows a half file
: >"$tmp/runs.jsonl"
runs=()
cellof=()
for cell in "$@"; do
	for run in "$out/$cell"/r[0-9]*; do
		[ -f "$run/summary.json" ] || continue
		runs+=("$run")
		cellof+=("$cell")
	done
done
# each run's line and its why, REPORT_JOBS (default 2) runs at a time:
# a 120 s real run takes wbfair seconds to read; the lines are put
# together in the cells' order afterwards
mkdir -p "$tmp/rows"
if [ $kept = 1 ]; then
	# in the order of the CELLs, as the lines made from the runs are
	jq -c -s --args '. as $all | $ARGS.positional[] as $c | $all[] | select(.cell == $c)' "$@" \
		<"$out/runs.jsonl" >"$tmp/runs.jsonl"
	for i in "${!runs[@]}"; do
		if [ -f "${runs[$i]}/why.md" ]; then
			: >"$tmp/rows/$i.why"
			mkdir -p "$tmp/why/$i"
			cp "${runs[$i]}/why.md" "$tmp/why/$i/why.md"
		else
			echo "no why.md kept" >"$tmp/rows/$i.why"
		fi
	done
else
for i in "${!runs[@]}"; do
	printf '%s\0%s\0%s\0' "$i" "${cellof[$i]}" "${runs[$i]}"
done | EXP=$EXP ROWS=$tmp/rows WBFAIR=$wbfair xargs -0 -r -n 3 -P "${REPORT_JOBS:-2}" bash -c '
	"$EXP/run-row.sh" "$2" "$3" >"$ROWS/$1.json" || : >"$ROWS/$1.json"
	if "$WBFAIR" why --bin 1s -o "$3/why" "$3" >/dev/null 2>"$ROWS/$1.why"; then
		: >"$ROWS/$1.why"
	else
		echo "wbfair why failed: $(head -n 1 "$ROWS/$1.why")" >"$ROWS/$1.why"
	fi' report-run
for i in "${!runs[@]}"; do
	cat "$tmp/rows/$i.json"
done >"$tmp/runs.jsonl"
mv "$tmp/runs.jsonl" "$out/runs.jsonl"
fi
# the report reads these lines: DIR/runs.jsonl as made above, or with
# --kept the CELLs' lines of it, in the CELLs' order (DIR/runs.jsonl, the
# kept evidence, is left as it is)
lines=$out/runs.jsonl
[ $kept = 0 ] || lines=$tmp/runs.jsonl

{
	echo "# Experiment matrix"
	echo
	echo "Made by tools/experiment/matrix.sh; $(grep -c . "$lines") runs in $(basename "$out")."
	[ -f "$out/wall.txt" ] && sed 's/^matrix: //; s/$/./' "$out/wall.txt"
	if [ ${#runs[@]} -gt 0 ]; then
		# the run's parameters (scenario.ini before run.sh wrote the twin there)
		params=${runs[0]}/experiment.ini
		[ -f "$params" ] || params=${runs[0]}/scenario.ini
		echo "Scenario (first run's ${params##*/}, less the flusher and scheduler):"
		echo
		echo '```'
		# wbsim reads the file (the one reader of scenario files)
		"${WBSIM:-$ROOT/bin/wbsim}" options --experiment -c "$params" --dump --flat |
			awk -F '\t' '$1 ~ /\.(duration|ram|cpus|clients|partitions|mount|instances|start_offsets|dirty_ratio|dirty_background_ratio|bandwidth|iops|disk_size|fs|workload|throttle)$/ {
				print $1 " = " $2 }'
		echo '```'
	fi
	echo
	echo "Each figure: min / median / max over the repeats. Written MB: blktrace"
	echo "completions per partition (10^6 bytes). dbench: each instance's"
	echo "Throughput. Jain: partitions' written bytes over the run, and the mean"
	echo "per 1 s and per 10 s interval. Busy: the disk's io_ticks; iowait: the"
	echo "guest's; both from the instances' release to their end. Start: the"
	echo "largest difference of the instances' exec times less their offsets."
	echo
	jq -r -s '
		def r2: . * 100 | round / 100;
		def r1: . * 10 | round / 10;
		def r3: . * 1000 | round / 1000;
		def f2: if . == null then "-" else tostring end;
		def stat(f): map(f) | map(select(. != null)) | sort |
			if length == 0 then "-"
			else "\(.[0] | f2) / \(.[(length / 2 | ceil) - 1] | f2) / \(.[-1] | f2)" end;
		(map(.written_mb | keys) | add // [] | unique) as $parts |
		(map(.dbench_mbps | keys) | add // [] | unique) as $insts |
		"| cell | runs | " + ($parts | map("\(.) MB") | join(" | ")) + " | " +
		($insts | map("dbench \(.) MB/s") | join(" | ")) +
		" | Jain run | Jain 1 s | Jain 10 s | busy % | iowait % | start ms | flags |",
		"|" + ([range(0; 9 + ($parts | length) + ($insts | length))] | map("---") | join("|")) + "|",
		(group_by(.cell) | sort_by(.[0].cell) | .[] | .[0].cell as $cell |
		 ([.[] | select(.clock_jump_s > 0)] | length) as $jumped |
		 [.[] | select(.clock_jump_s == 0)] as $g |
		 ([$g[] | select(.start_ms >= 10)] | length) as $late |
		 ([$g[] | select(.dirty_hit)] | length) as $hit |
		 ([$g[] | select(.lost_events > 0)] | length) as $lost |
		 "| \($cell) | \($g | length) | " +
		 ($parts | map(. as $p | $g | stat(.written_mb[$p] | if . == null then null else r2 end)) | join(" | ")) + " | " +
		 ($insts | map(. as $i | $g | stat(.dbench_mbps[$i] | if . == null then null else r2 end)) | join(" | ")) + " | " +
		 ($g | stat(.jain | if . == null then null else r3 end)) + " | " +
		 ($g | stat(.jain_1s | if . == null then null else r3 end)) + " | " +
		 ($g | stat(.jain_10s | if . == null then null else r3 end)) + " | " +
		 ($g | stat(.busy_pct | r1)) + " | " + ($g | stat(.iowait_pct | r1)) + " | " +
		 ($g | stat(.start_ms | r1)) + " | " +
		 ([(if $late > 0 then "start >= 10 ms in \($late) run(s)" else empty end),
		   (if $hit == 0 then "no dirty limit: does not test the flushers" else empty end),
		   (if $lost > 0 then "trace.txt lost events in \($lost) run(s)" else empty end),
		   (if $jumped > 0 then "\($jumped) run(s) left out: the guest clock jumped" else empty end)] | join("; ")) + " |")
	' "$lines"
	first_started "$lines"
	significance "$lines"
	missing=""
	for cell in "$@"; do
		ls "$out/$cell"/r[0-9]*/summary.json >/dev/null 2>&1 || missing="$missing $cell"
	done
	[ -z "$missing" ] || { echo; echo "Cells without a complete run:$missing (see DIR/CELL/rN.log)."; }
	if [ ${#runs[@]} -gt 0 ]; then
		echo
		echo "## Why, per run (wbfair why --bin 1s)"
		for i in "${!runs[@]}"; do
			run=${runs[$i]}
			echo
			if [ $kept = 1 ]; then
				why=$tmp/why/$i/why.md
				echo "### ${run#"$out/"}: ${run#"$out/"}/why.md"
			else
				why=$run/why/why.md
				echo "### ${run#"$out/"}: ${run#"$out/"}/why/why.md"
			fi
			echo
			if [ -s "$tmp/rows/$i.why" ]; then
				cat "$tmp/rows/$i.why"
			else
				sed -n '/^## What it says/,/^## 1\./p' "$why" | grep '^- '
			fi
		done
		echo
		echo "## wbfair compare (every run)"
		echo
		if [ $kept = 1 ]; then
			echo "Not made: the runs' traces are not kept (--kept)."
		else
			echo '```'
			# names relative to DIR, so that wbfair pads the names it prints
			(cd "$out" && "$wbfair" compare "${runs[@]#"$out/"}")
			echo '```'
		fi
	fi
} >"$tmp/report.md"
mv "$tmp/report.md" "$out/report.md"
echo "report: $out/report.md"
