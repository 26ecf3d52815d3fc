#!/usr/bin/env bash
# Instance-order sweep (issue 15's "sda3 ahead of sda1"): the scenario
# (default sim/scenarios/box2009.ini) with its two dbench instances listed
# both ways round, each under SEEDS seeds, for every cell given; then for
# each cell the exact rank-sum test (wbfair ranksum) of B's share of the
# two instances' dbench MB/s between "B listed second" and "B listed
# first", and what the instances did in their measured window: the mean
# client.txt line of their clients when dbench's execute phase began and
# at its last execute line, and the seconds per client spent in Flush
# (fsync), from the dbench logs.
#
#   tools/order-sweep.sh [-o DIR] [--cells "FLUSHER-ELEVATOR ..."]
#                        [--seeds N] [--parts A,B] [SCENARIO] [--set K=V]...
#
# Defaults: DIR runs/order (refused if it exists and is not a directory
# this script made: its ORDER file marks it), every flusher model x noop,
# deadline, cfq, 10 seeds, parts sda1,sda3. Prints two markdown tables on
# stdout and writes them to DIR/order.md.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
wbsim=${WBSIM:-$ROOT/bin/wbsim}
wbfair=${WBFAIR:-$ROOT/bin/wbfair}
out=runs/order scenario=$ROOT/sim/scenarios/box2009.ini seeds=10 parts=sda1,sda3
cells="wq-noop wq-deadline wq-cfq bdi-noop bdi-deadline bdi-cfq bdi-fair-noop bdi-fair-deadline bdi-fair-cfq pdflush-noop pdflush-deadline pdflush-cfq"
sets=()
bad() { echo "order-sweep.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case "$1" in
	-o) [ $# -ge 2 ] || bad "-o wants a directory"; out=$2; shift 2 ;;
	--cells) [ $# -ge 2 ] || bad "--cells wants a list"; cells=$2; shift 2 ;;
	--seeds) [ $# -ge 2 ] || bad "--seeds wants a count"; seeds=$2; shift 2 ;;
	--parts) [ $# -ge 2 ] || bad "--parts wants A,B"; parts=$2; shift 2 ;;
	--set) [ $# -ge 2 ] || bad "--set wants K=V"; sets+=(--set "$2"); shift 2 ;;
	-h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) bad "unknown argument '$1'" ;;
	*) scenario=$1; shift ;;
	esac
done
[[ $seeds =~ ^[1-9][0-9]?$ ]] || bad "--seeds $seeds: want 1-99"
[[ $parts =~ ^[a-z0-9]+,[a-z0-9]+$ ]] || bad "--parts $parts: want A,B"
a=${parts%,*} b=${parts#*,}
[ "$a" != "$b" ] || bad "--parts $parts: two different partitions"
for c in $cells; do
	[[ $c =~ ^(wq|bdi|bdi-fair|pdflush)-(noop|deadline|cfq)$ ]] || bad "cell '$c': want FLUSHER-ELEVATOR"
done
if [ -e "$out" ] && [ ! -f "$out/ORDER" ]; then
	bad "$out exists and was not made by this script (no $out/ORDER)"
fi
mkdir -p "$out"
echo "$parts $seeds $cells" >"$out/ORDER"

# one line per run: cell, B second|first, B's share, then for the
# instance started first and the other: execute-start line, last
# execute line, Flush seconds per client
fig() { # RUN_DIR PART: first-execute-line last-execute-line flush-s-per-client
	awk '$1 ~ /^[0-9]+$/ && $4 == "MB/sec" && $5 == "execute" { if (!s) s = $2; e = $2; n = $1 }
	     $1 == "Flush" && $2 ~ /^[0-9]+$/ { f = $2 * $3 / 1000 }
	     END { printf "%d %d %.2f", s, e, (n ? f / n : 0) }' "$1/dbench.$2.log"
}
: >"$out/runs.txt"
for cell in $cells; do
	fl=${cell%-*} el=${cell##*-}
	for order in "$a,$b" "$b,$a"; do
		for seed in $(seq 1 "$seeds"); do
			d=$out/$cell/${order/,/_}-s$seed
			if [ ! -f "$d/summary.json" ]; then
				mkdir -p "$out/$cell"
				"$wbsim" run "$scenario" --set writeback.flusher="$fl" \
					--set queue.elevator="$el" --set sim.seed="$seed" \
					--set dbench.instances="$order" --set sim.blktrace=off \
					"${sets[@]}" -o "$d" >/dev/null 2>"$d.err" ||
					{ echo "order-sweep.sh: $d: $(head -c 300 "$d.err")" >&2; exit 1; }
				rm -f "$d.err"
			fi
			first=${order%,*} second=${order#*,}
			share=$(jq -r --arg a "$a" --arg b "$b" '
				(.instances | map({(.partition): .dbench_mb_s}) | add) as $r |
				$r[$b] / ($r[$a] + $r[$b])' "$d/summary.json")
			echo "$cell $([ "$order" = "$a,$b" ] && echo second || echo first) $share $(fig "$d" "$first") $(fig "$d" "$second")" >>"$out/runs.txt"
		done
	done
done

{
	echo "$b's share of the two instances' dbench MB/s, $seeds seeds each way round"
	echo "(wbfair ranksum: \"$b second\" against \"$b first\")"
	echo
	awk -v b="$b" '{ print $1 "_" b "_share " b "_" $2 " " $3 }' "$out/runs.txt" >"$out/obs.txt"
	"$wbfair" ranksum "$out/obs.txt"
	echo
	echo "What the instance started first (listed first) and the other did in"
	echo "their measured window, medians over the cell's runs; r: Pearson's"
	echo "correlation, over the cell's runs, of the first's extra Flush seconds"
	echo "per client with the second's share of MB/s."
	echo
	echo "| cell | line at execute start, first / second | last execute line, first / second | Flush s per client, first / second | r |"
	echo "|---|---|---|---|---|"
	for cell in $cells; do
		awk -v c="$cell" '$1 == c' "$out/runs.txt" | awk -v b="$b" -v c="$cell" '
		function med(v, n,   i, j, t) {
			for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] > v[j]; j--) { t = v[j]; v[j] = v[j-1]; v[j-1] = t }
			return v[int((n + 1) / 2)]
		}
		{ n++; s1[n] = $4; s2[n] = $7; e1[n] = $5; e2[n] = $8; f1[n] = $6; f2[n] = $9
		  x[n] = $6 - $9; y[n] = (($2 == "second") ? $3 : 1 - $3) }
		END {
			for (i = 1; i <= n; i++) { mx += x[i] / n; my += y[i] / n }
			for (i = 1; i <= n; i++) { sxy += (x[i] - mx) * (y[i] - my); sxx += (x[i] - mx) ^ 2; syy += (y[i] - my) ^ 2 }
			r = (sxx > 0 && syy > 0) ? sprintf("%.2f", sxy / sqrt(sxx * syy)) : "-"
			printf "| %s | %d / %d | %d / %d | %.1f / %.1f | %s |\n", c, med(s1, n), med(s2, n), med(e1, n), med(e2, n), med(f1, n), med(f2, n), r
		}'
	done
} | tee "$out/order.md"
