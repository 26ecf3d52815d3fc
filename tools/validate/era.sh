#!/usr/bin/env bash
# The twin of the era matrix: every cell of the real era matrix
# (docs/evidence/era-matrix: ext3-style ext4, 100 dbench clients per
# instance, a seek-bound disk of 11 IOPS, legacy throttling for pdflush,
# bdi and bdi-fair, staggered starts) simulated from its runs' parameters
# (RUN/experiment.ini through tools/validate/twin.sh), and the two compared
# cell by cell with the same figures (tools/experiment/run-row.sh reads
# both with wbfair).
#
#   tools/validate/era.sh [-o DIR] [-j JOBS] [--seeds N] [--cells "CELL ..."]
#                         [--evidence DIR]
#
# Here the simulated and the kernel's models have the same semantics in
# every cell: the series runs the era's loops for pdflush and bdi and,
# with vm.dirty_throttle = legacy, the era's throttling where the dirtier
# writes (what wbsim's pdflush and bdi models do); wq is 6.1 on both
# sides. Except: a cell that runs pdflush or bdi under IO-less throttling
# (tools/experiment/era.jobs' -ioless- cells, which separate the throttling
# from the flusher) has no twin of the same semantics, as the model gives
# IO-less throttling to wq only: its table is shown, its header says
# "semantics differ". The real side is the committed runs.jsonl (every repeat); the
# simulated side is one run per seed 1..N (default 3). The seed draws the
# filesystem's layout (the Orlov allocator's random group choices) and
# each timed sleep's slack (sim.timer_slack, the tick's phase), the
# model's only random inputs, so the seeds' spread is the model's
# run-to-run spread, not the kernel's.
#
# The start: dbench 4.0 releases an instance's clients when a poll (every
# 100 ms) finds all of them forked and waiting, so which instance's
# clients run first, and how far apart, is decided by a race between
# the two instances' forks on the one vCPU, not only by the offsets
# asked for (docs/results.md). Where a real run traced when each
# partition's first inode went on b_dirty (summary.json's
# instances[].first_dirty_s), seed k's twin starts the instances that
# far apart (the k-th real run's, cycling); else as the offsets asked.
# The per-cell header says which.
#
# The whole run's bytes depend on its tail: a run lasts until its last
# dbench client leaves balance_dirty_pages, 60 to 250 s after dbench's
# 120 s in the real legacy runs, so the disk's rate while dbench runs is
# held to the target of make validate's aggregate rate (the first 120 s),
# the whole run's bytes are shown without one.
#
# Prints per cell: each figure's real and simulated min / median / max,
# the error of the simulated median (absolute for shares and Jain,
# relative otherwise), whether the simulated median lies inside the real
# runs' range, and the target of make validate where there is one; then
# per flusher model the median errors over its cells. Writes DIR/CELL/rSEED
# (the simulated runs), DIR/sim.jsonl, DIR/errors.tsv (cell, metric,
# error; tests/sh/validate_era.sh compares it with
# tools/validate/era-baseline.tsv through tools/validate/no-worse.sh)
# and DIR/era.txt (what it printed).
# Exit: 0 done (misses are reported, not failures), 2 bad argument, 1 a
# run failed.
set -euo pipefail
VAL=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$VAL/../.." && pwd)
wbsim=${WBSIM:-$ROOT/bin/wbsim}
usage() { sed -n '/^#   tools\/validate\/era.sh/,/^#  *\[--evidence/p' "$0" | sed 's/^# \{0,3\}//' >&2; exit 2; }
bad() { echo "era: $*" >&2; exit 2; }

out=$ROOT/runs/validate-era jobs=2 seeds=3 cells="" evidence=$ROOT/docs/evidence/era-matrix
while [ $# -gt 0 ]; do
	case "$1" in
	-o) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	-j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	--seeds) [ $# -ge 2 ] || usage; seeds=$2; shift 2 ;;
	--cells) [ $# -ge 2 ] || usage; cells=$2; shift 2 ;;
	--evidence) [ $# -ge 2 ] || usage; evidence=$2; shift 2 ;;
	-h|--help) usage ;;
	*) bad "unknown argument '$1' (see --help)" ;;
	esac
done
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || bad "-j $jobs: want a count >= 1"
[[ "$seeds" =~ ^[1-9][0-9]*$ ]] || bad "--seeds $seeds: want a count >= 1"
[ -f "$evidence/runs.jsonl" ] || bad "--evidence $evidence: no runs.jsonl"
[ -x "$wbsim" ] || { echo "era: no $wbsim: run make first" >&2; exit 1; }
if [ -z "$cells" ]; then
	cells=$(jq -r .cell "$evidence/runs.jsonl" | sort -u | tr '\n' ' ')
fi
for c in $cells; do
	[[ "$c" =~ ^[A-Za-z0-9._-]+$ ]] || bad "cell '$c': not a cell name"
	grep -q "\"cell\":\"$c\"" "$evidence/runs.jsonl" || bad "cell '$c': no runs in $evidence/runs.jsonl"
	compgen -G "$evidence/$c/r*/experiment.ini" >/dev/null || bad "cell '$c': no $evidence/$c/rN/experiment.ini"
done

mkdir -p "$out"
out=$(cd "$out" && pwd)
# each cell's twin: made by tools/validate/twin.sh from its first run's
# parameters (experiment.ini), as the model has it today; the repeats of
# a cell ran the same parameters, so their twins must agree, but for the
# results disk's writeback (vm.other_writeout), which each run's own
# trace volume sets: seed k runs the k-th run's (cycling), as the starts
# below
for c in $cells; do
	ini=("$evidence/$c"/r*/experiment.ini)
	mkdir -p "$out/$c"
	scen=$out/$c/scenario.ini
	export WBSIM=$wbsim
	"$VAL/twin.sh" "${ini[0]}" >"$scen" || bad "cell '$c': twin.sh failed on ${ini[0]}"
	: >"$out/$c/other_writeout.txt"
	for other in "${ini[@]}"; do
		"$VAL/twin.sh" "$other" >"$out/$c/twin.tmp" || bad "cell '$c': twin.sh failed on $other"
		cmp -s <(grep -v '^;\|^other_writeout =' "$scen") <(grep -v '^;\|^other_writeout =' "$out/$c/twin.tmp") ||
			bad "cell '$c': $other is not the same experiment as ${ini[0]}"
		ow=$(sed -n 's/^other_writeout = //p' "$out/$c/twin.tmp")
		echo "${ow:--}" >>"$out/$c/other_writeout.txt"
	done
	rm -f "$out/$c/twin.tmp"
done
# seed k's start offsets: the k-th real run's measured start (cycling),
# "-" for the asked offsets when any run of the cell lacks it
: >"$out/starts.txt.tmp"
for c in $cells; do
	runs=("$evidence/$c"/r*/summary.json)
	offs=()
	for f in "${runs[@]}"; do
		o=$(jq -r '[.instances | sort_by(.partition)[] | .first_dirty_s] |
			if length == 2 and all(. != null) then min as $m |
			map(. - $m | . * 1000 | round / 1000 | tostring) | join(",") else "-" end' "$f")
		offs+=("$o")
	done
	case " ${offs[*]} " in *" - "*) offs=(-) ;; esac
	echo "$c ${offs[*]}" >>"$out/starts.txt.tmp"
	mapfile -t ows <"$out/$c/other_writeout.txt"
	for s in $(seq 1 "$seeds"); do
		printf '%s\0%s\0%s\0%s\0%s\0' "$c" "$out/$c/scenario.ini" "$s" "${offs[$(((s - 1) % ${#offs[@]}))]}" \
			"${ows[$(((s - 1) % ${#ows[@]}))]}"
	done
done | WBSIM=$wbsim OUT=$out ROOT=$ROOT xargs -0 -n 5 -P "$jobs" bash -c '
	c=$1 scen=$2 s=$3 off=$4 ow=$5
	mkdir -p "$OUT/$c"
	set -- --set "sim.seed=$s"
	[ "$off" = - ] || set -- "$@" --set "dbench.start_offsets=$off"
	[ "$ow" = - ] || set -- "$@" --set "vm.other_writeout=$ow"
	if "$WBSIM" run "$scen" "$@" -o "$OUT/$c/r$s" >"$OUT/$c/r$s.log" 2>&1 &&
		"$ROOT/tools/experiment/run-row.sh" "$c" "$OUT/$c/r$s" >"$OUT/$c/r$s.json"; then
		:
	else
		echo "era: $c seed $s failed: $(tail -n 2 "$OUT/$c/r$s.log")" >&2
		exit 255
	fi' era-cell || exit 1
mv "$out/starts.txt.tmp" "$out/starts.txt"
for c in $cells; do
	for s in $(seq 1 "$seeds"); do cat "$out/$c/r$s.json"; done
done >"$out/sim.jsonl"

# One run's line -> the compared figures; partitions and instances in
# name order (vda1/vda2 in the guest, sda1/sda2 in the model).
figs='def figs:
	(.written_mb | to_entries | sort_by(.key) | map(.value)) as $w |
	((.written_mb_120s // {}) | to_entries | sort_by(.key) | map(.value)) as $w120 |
	(.dbench_mbps | to_entries | sort_by(.key) | map(.value)) as $d |
	{share1: ($w[0] / ($w[0] + $w[1])), written: ($w[0] + $w[1]),
	 share120: (if ($w120 | length) == 2 and ($w120 | add) > 0 then $w120[0] / ($w120 | add) else null end),
	 w120: (if ($w120 | length) == 2 then $w120 | add else null end),
	 db1: $d[0], db2: $d[1], j1: .jain_1s, j10: .jain_10s,
	 lat: ((.max_latency_s // {}) | map(.) | max)};'
# metric key | label | error kind | target of make validate (- none)
metrics='share1|share of the bytes, first partition|abs|0.03
share120|share of the bytes in the first 120 s, first partition|abs|0.03
written|MB written, both partitions|rel|-
w120|MB written in the first 120 s, both partitions|rel|0.10
db1|dbench MB/s, first partition|rel|0.15
db2|dbench MB/s, second partition|rel|0.15
j1|Jain per 1 s|abs|0.05
j10|Jain per 10 s|abs|-
lat|worst dbench latency, s|rel|-'

# a twin that cannot have the guest's semantics says so in a comment
# (twin.sh: IO-less throttling under pdflush or bdi); its cell is marked
differ=""
for c in $cells; do
	! grep -q '^; IO-less throttling under .*: not modelled' "$out/$c/scenario.ini" || differ="$differ $c"
done
jq -n -r --slurpfile real "$evidence/runs.jsonl" --slurpfile sim "$out/sim.jsonl" \
	--arg cells "$cells" --arg metrics "$metrics" --arg seeds "$seeds" \
	--arg differ "$differ" --arg starts "$(cat "$out/starts.txt")" "$figs"'
	def med: sort | .[((length + 1) / 2 | ceil) - 1];
	def r3: . * 1000 | round / 1000;
	def mmm: if length == 0 then "-" else
		(sort | "\(.[0] | r3) / \(med | r3) / \(.[-1] | r3)") end;
	($metrics | split("\n") | map(split("|") | {k: .[0], label: .[1], kind: .[2], target: .[3]})) as $ms |
	[($cells | split(" ") | map(select(. != "")))[] as $c |
	 ([$real[] | select(.cell == $c and .clock_jump_s == 0) | figs]) as $r |
	 ([$sim[] | select(.cell == $c) | figs]) as $s |
	 {cell: $c, nreal: ($r | length), nsim: ($s | length),
	  rows: [$ms[] as $m |
		([$r[] | .[$m.k] | select(. != null)]) as $rv |
		([$s[] | .[$m.k] | select(. != null)]) as $sv |
		(if ($rv | length) == 0 or ($sv | length) == 0 then null
		 elif $m.kind == "abs" then ($sv | med) - ($rv | med)
		 elif ($rv | med) == 0 then null
		 else (($sv | med) - ($rv | med)) / ($rv | med) end) as $e |
		{k: $m.k, label: $m.label, kind: $m.kind, target: $m.target,
		 real: ($rv | mmm), sim: ($sv | mmm), err: $e,
		 inside: (if $e == null then null
			  else ($sv | med) >= ($rv | min) and ($sv | med) <= ($rv | max) end)}]}] |
	(.[] |
	 "== \(.cell): \(.nreal) real runs, \(.nsim) simulated (seeds 1..\($seeds))" +
	 (.cell as $cc | if ($differ | split(" ") | index($cc)) then ": semantics differ (IO-less throttling in the guest, the model'"'"'s era throttling in the twin)" else "" end),
	 (.cell as $cc | ($starts | split("\n") | map(split(" ")) | map(select(.[0] == $cc)) | .[0][1:] // ["-"]) |
	  if . == ["-"] then "start: the offsets asked for"
	  else "start: measured (each partition'"'"'s first inode dirtied, s after the first), seed k as real run k: " + join(" ") end),
	 "| figure | real min / median / max | simulated | error | inside real range | target |",
	 "|---|---|---|---:|---|---|",
	 (.rows[] |
	  "| \(.label) | \(.real) | \(.sim) | " +
	  (if .err == null then "-"
	   elif .kind == "abs" then (.err | r3 | tostring)
	   else "\(.err * 1000 | round / 10)%" end) + " | " +
	  (if .inside == null then "-" elif .inside then "yes" else "no" end) + " | " +
	  (if .target == "-" or .err == null then "-"
	   elif (.err | fabs) <= (.target | tonumber) then "met (\(.target))"
	   else "miss (\(.target))" end) + " |"),
	 ""),
	"== per flusher model: the median error over its cells (cells whose simulated median is inside the real range)",
	"| model | cells | " + ($ms | map(.label) | join(" | ")) + " |",
	"|---|---:|" + ($ms | map("---:") | join("|")) + "|",
	(group_by(.cell | capture("^(?<m>.*?)-(none|bfq|mq-deadline|kyber)").m)[] |
	 (.[0].cell | capture("^(?<m>.*?)-(none|bfq|mq-deadline|kyber)").m) as $model |
	 . as $g |
	 "| \($model) | \($g | length) | " +
	 ([$ms[] as $m |
	   ([$g[] | .rows[] | select(.k == $m.k)]) as $x |
	   ([$x[] | .err | select(. != null)]) as $errs |
	   (if ($errs | length) == 0 then "-"
	    elif $m.kind == "abs" then ($errs | med | r3 | tostring)
	    else "\($errs | med * 1000 | round / 10)%" end) +
	   " (\([$x[] | select(.inside == true)] | length)/\($x | length))"] | join(" | ")) + " |")
' | tee "$out/era.txt"

jq -n -r --slurpfile real "$evidence/runs.jsonl" --slurpfile sim "$out/sim.jsonl" \
	--arg cells "$cells" --arg metrics "$metrics" "$figs"'
	def med: sort | .[((length + 1) / 2 | ceil) - 1];
	($metrics | split("\n") | map(split("|") | {k: .[0], kind: .[2]})) as $ms |
	($cells | split(" ") | map(select(. != "")))[] as $c |
	([$real[] | select(.cell == $c and .clock_jump_s == 0) | figs]) as $r |
	([$sim[] | select(.cell == $c) | figs]) as $s |
	$ms[] as $m |
	([$r[] | .[$m.k] | select(. != null)]) as $rv |
	([$s[] | .[$m.k] | select(. != null)]) as $sv |
	select(($rv | length) > 0 and ($sv | length) > 0) |
	(if $m.kind == "abs" then ($sv | med) - ($rv | med)
	 elif ($rv | med) == 0 then empty
	 else (($sv | med) - ($rv | med)) / ($rv | med) end) as $e |
	"\($c)\t\($m.k)\t\($e * 10000 | round / 10000)"' >"$out/errors.tsv"
