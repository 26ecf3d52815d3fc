#!/usr/bin/env bash
# Keep the small part of real matrix runs as `make validate`'s evidence:
# for each MATRIX_DIR/CELL/rN with a summary.json (tools/experiment/
# matrix.sh), OUT/CELL/rN/ gets summary.json, experiment.ini (the run's
# parameters), scenario.ini (its twin, tools/validate/twin.sh; made here
# for runs older than run.sh's writing it), geometry,
# figures.json (tools/validate/figures.sh, from the traces left behind)
# and dbench.PART.series: each dbench log's per-second lines as
# "phase second MB/s latency_ms" (a few KB instead of the traces' MBs).
#
#   tools/validate/collect.sh MATRIX_DIR [OUT]     (OUT: docs/evidence/matrix)
set -euo pipefail
VAL=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$VAL/../.." && pwd)
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 MATRIX_DIR [OUT]" >&2; exit 2; }
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
	"$VAL/figures.sh" "$run" >"$dst/figures.json"
	for log in "$run"/dbench.*.log; do
		p=${log##*/dbench.} p=${p%.log}
		awk '$4 == "MB/sec" && $6 ~ /^[0-9]+$/ && $8 == "latency" { print $5, $6, $3, $9 }' \
			"$log" >"$dst/dbench.$p.series"
		# the final table and Throughput line: the per-operation figures
		sed -n '/^ Operation/,$p' "$log" >"$dst/dbench.$p.summary"
	done
	n=$((n + 1))
done
echo "collect: $n run(s) into $out"
