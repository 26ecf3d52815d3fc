#!/usr/bin/env bash
# Keep the small part of real matrix runs as `make validate`'s evidence:
# for each MATRIX_DIR/CELL/rN with a summary.json (tools/experiment/
# matrix.sh), OUT/CELL/rN/ gets summary.json, experiment.ini (the run's
# parameters), scenario.ini (its twin, tools/validate/twin.sh; made here
# for runs older than run.sh's writing it), geometry,
# figures.json (tools/validate/figures.sh, from the traces left behind)
# and dbench.PART.series: each dbench log's per-second lines as
# "phase second MB/s latency_ms" (a few KB instead of the traces' MBs).
# MATRIX_DIR/runs.jsonl (report.sh's figures, one line a run: what
# `wbfair ranksum` tests across repeats) is merged into OUT/runs.jsonl,
# a run already there (same cell and run) replaced by the new one.
#
# A run's why.md (RUN/why/why.md, which tools/experiment/report.sh writes)
# is kept too when there is one, and from its trace who-wrote.txt and
# first-dirty.txt (tools/experiment/who-wrote.sh, first-dirty.sh). --no-figures skips figures.json: the era
# matrix's 75 traces (docs/evidence/era-matrix) take figures.sh hours and
# make validate-era needs only runs.jsonl.
#
#   tools/validate/collect.sh [--no-figures] MATRIX_DIR [OUT]
#                                            (OUT: docs/evidence/matrix)
set -euo pipefail
VAL=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$VAL/../.." && pwd)
figures=1
[ "${1:-}" != --no-figures ] || { figures=0; shift; }
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 [--no-figures] MATRIX_DIR [OUT]" >&2; exit 2; }
src=$1 out=${2:-$ROOT/docs/evidence/matrix}
[ -d "$src" ] || { echo "collect: $src: no such directory" >&2; exit 2; }
n=0
for run in "$src"/*/r[0-9]*; do
	[ -f "$run/summary.json" ] || continue
	cell=$(basename "$(dirname "$run")") r=$(basename "$run")
	dst=$out/$cell/$r
	mkdir -p "$dst"
	cp "$run/summary.json" "$run/geometry" "$dst/"
	if [ -f "$run/experiment.ini" ]; then
		cp "$run/experiment.ini" "$run/scenario.ini" "$dst/"
	else
		cp "$run/scenario.ini" "$dst/experiment.ini"
		"$VAL/twin.sh" "$dst/experiment.ini" >"$dst/scenario.ini"
	fi
	[ $figures = 0 ] || "$VAL/figures.sh" "$run" >"$dst/figures.json"
	[ ! -f "$run/why/why.md" ] || cp "$run/why/why.md" "$dst/why.md"
	# who wrote which partition, and who dirtied first: from the trace,
	# which is not kept (a few KB each; runs traced without the events
	# these read get no file)
	if [ -f "$run/trace.txt" ]; then
		"$ROOT/tools/experiment/who-wrote.sh" "$run" >"$dst/who-wrote.txt" 2>/dev/null ||
			rm -f "$dst/who-wrote.txt"
		"$ROOT/tools/experiment/first-dirty.sh" "$run" >"$dst/first-dirty.txt" 2>/dev/null ||
			rm -f "$dst/first-dirty.txt"
	fi
	for log in "$run"/dbench.*.log; do
		p=${log##*/dbench.} p=${p%.log}
		awk '$4 == "MB/sec" && $6 ~ /^[0-9]+$/ && $8 == "latency" { print $5, $6, $3, $9 }' \
			"$log" >"$dst/dbench.$p.series"
		# the final table and Throughput line: the per-operation figures
		sed -n '/^ Operation/,$p' "$log" >"$dst/dbench.$p.summary"
	done
	n=$((n + 1))
done
if [ -f "$src/runs.jsonl" ]; then
	mkdir -p "$out"
	tmp=$(mktemp "$out/runs.jsonl.XXXXXX")
	# OUT's own lines first (none yet on a first collect), then the new
	old=()
	[ ! -f "$out/runs.jsonl" ] || old=("$out/runs.jsonl")
	cat "${old[@]}" "$src/runs.jsonl" |
		jq -c -s 'reduce .[] as $r ({}; .["\($r.cell)/\($r.run)"] = $r) | to_entries | sort_by(.key) | .[].value' >"$tmp" ||
		{ rm -f "$tmp"; echo "collect: $src/runs.jsonl: not one JSON object a line" >&2; exit 2; }
	mv "$tmp" "$out/runs.jsonl"
fi
echo "collect: $n run(s) into $out"
