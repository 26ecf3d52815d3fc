#!/usr/bin/env bash
# Head start over seeds (docs/offsets.md, "Over seeds"): one dbench
# instance starts S seconds before the other, each way round, under each
# flusher model and scheduler, with seeds 1..N. One run shows too little:
# under the 2.6.30/2.6.32 throttling the clients of one instance end
# hundreds of loadfile lines apart, so the mean line of 100 of them moves
# by tens of lines from seed to seed. For each model it prints the gap in
# mean loadfile line (the instance started first minus the other, each on
# its own clock since its release, dbench's status lines) at the given
# times, as mean +- standard deviation over the 2 x N runs and how many of
# them had the first starter ahead, and where the clients of each ended
# (dbench --per-client-results, read by wbfair: p10 / p50 / p90, averaged
# over the runs), each instance's dbench MB/s (summary.json), and the MB/s
# the loadfile itself gives between the instance's mean lines at the
# start and the end of its timed run: client.txt writes ~35 KB a line per
# client in its first 600 lines and a quarter of that after them, so the
# instance further on in the file counts fewer bytes for the same lines.
#
#   tools/offsets-seeds.sh [-o DIR] [--flushers LIST] [--schedulers LIST]
#                          [--seeds N] [--offset S] [--times "T ..."]
#                          [-j JOBS] [SCENARIO] [--set K=V]...
#
# Defaults: DIR runs/offsets-seeds (refused if it exists and is not a
# directory this script made: its SEEDS file marks it), flushers
# pdflush,bdi,bdi-fair,wq, schedulers noop, 10 seeds, offset 5, times
# "60 120 240 360 480 600 720" (seconds after each instance's release;
# a time past an instance's last status line takes that line), JOBS the
# number of CPUs. Prints the tables (markdown) and writes them to
# DIR/seeds.md; DIR/runs.tsv has every run's gaps.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
wbsim=${WBSIM:-$ROOT/bin/wbsim}
wbfair=${WBFAIR:-$ROOT/bin/wbfair}
out=runs/offsets-seeds flushers=pdflush,bdi,bdi-fair,wq scheds=noop
seeds=10 offset=5 times="60 120 240 360 480 600 720"
jobs=$(nproc 2>/dev/null || echo 1)
scenario=$ROOT/sim/scenarios/box2009.ini
sets=()
bad() { echo "offsets-seeds.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case "$1" in
	-o) [ $# -ge 2 ] || bad "-o wants a directory"; out=$2; shift 2 ;;
	--flushers) [ $# -ge 2 ] || bad "--flushers wants a list"; flushers=$2; shift 2 ;;
	--schedulers) [ $# -ge 2 ] || bad "--schedulers wants a list"; scheds=$2; shift 2 ;;
	--seeds) [ $# -ge 2 ] || bad "--seeds wants a count"; seeds=$2; shift 2 ;;
	--offset) [ $# -ge 2 ] || bad "--offset wants seconds"; offset=$2; shift 2 ;;
	--times) [ $# -ge 2 ] || bad "--times wants a list"; times=$2; shift 2 ;;
	-j) [ $# -ge 2 ] || bad "-j wants a count"; jobs=$2; shift 2 ;;
	--set) [ $# -ge 2 ] || bad "--set wants K=V"; sets+=(--set "$2"); shift 2 ;;
	-h|--help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) bad "unknown argument '$1'" ;;
	*) scenario=$1; shift ;;
	esac
done
[[ $seeds =~ ^[1-9][0-9]*$ ]] || bad "--seeds '$seeds': want a count from 1"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || bad "-j '$jobs': want a count from 1"
[[ $offset =~ ^[0-9]+(\.[0-9]+)?$ ]] || bad "--offset '$offset': want seconds"
for t in $times; do
	[[ $t =~ ^[1-9][0-9]*$ ]] || bad "--times: '$t' is not a whole number of seconds from 1"
done
[[ $flushers =~ ^[a-z-]+(,[a-z-]+)*$ ]] || bad "--flushers '$flushers': want a list like bdi,wq"
[[ $scheds =~ ^[a-z-]+(,[a-z-]+)*$ ]] || bad "--schedulers '$scheds': want a list like noop,cfq"
if [ -e "$out" ] && [ ! -f "$out/SEEDS" ]; then
	bad "$out exists and was not made by this script (no $out/SEEDS)"
fi
mkdir -p "$out"
echo "$flushers $scheds $seeds $offset" >"$out/SEEDS"

# one line per run: flusher scheduler seed order(ab: the first instance
# started first; ba: the second did)
list() {
	local f s k
	for f in ${flushers//,/ }; do
		for s in ${scheds//,/ }; do
			for k in $(seq 1 "$seeds"); do
				echo "$f $s $k ab"
				echo "$f $s $k ba"
			done
		done
	done
}
run_one() {
	local f=$1 s=$2 k=$3 o=$4 offs d kv sets=()
	if [ "$o" = ab ]; then offs=0,$offset; else offs=$offset,0; fi
	d=$out/$f-$s-seed$k-$o
	while IFS= read -r kv; do
		[ -n "$kv" ] && sets+=(--set "$kv")
	done <<<"$SETS"
	"$wbsim" run "$scenario" --set writeback.flusher="$f" \
		--set queue.elevator="$s" --set sim.seed="$k" \
		--set dbench.start_offsets="$offs" \
		--set dbench.per_client_results=yes "${sets[@]}" -o "$d" \
		>"$d.out" 2>&1 && return 0
	echo $? >"$d.rc"
	echo "offsets-seeds.sh: run $d failed:" >&2
	cat "$d.out" >&2
	return 1
}
export -f run_one
export out offset scenario wbsim
# the --set values, one a line (an array does not cross xargs)
SETS=$(for ((i = 1; i < ${#sets[@]}; i += 2)); do echo "${sets[i]}"; done)
export SETS
rm -f "$out"/*.rc
if ! list | xargs -n 4 -P "$jobs" bash -c 'run_one "$@"' _; then
	# wbsim's exit 2 (a bad --set or scenario) is the caller's bad input
	grep -qx 2 "$out"/*.rc 2>/dev/null && exit 2
	exit 1
fi

# gaps RUN_DIR LEADER FOLLOWER: the leader's mean line minus the
# follower's at each time, on each one's own clock (the N-th status line
# of its dbench log is N seconds after its release)
gaps() {
	awk -v times="$times" '
	FNR == 1 { f++ }
	($5 == "warmup" || $5 == "execute") && $2 ~ /^[0-9]+$/ { n[f]++; line[f, n[f]] = $2 }
	END {
		k = split(times, t, " ")
		for (i = 1; i <= k; i++) {
			a = (t[i] <= n[1]) ? line[1, t[i]] : line[1, n[1]]
			b = (t[i] <= n[2]) ? line[2, t[i]] : line[2, n[2]]
			printf "%s%d", (i > 1 ? " " : ""), a - b
		}
		printf "\n"
	}' "$1/dbench.$2.log" "$1/dbench.$3.log"
}
# spread RUN_DIR NAME: p10 p50 p90 of where NAME's clients ended (wbfair
# on the log alone: the run's blktrace and trace are not needed here)
spread() {
	"$wbfair" --format csv "$1/dbench.$2.log" 2>/dev/null | awk -F, -v nm="$2" '
	$1 == "dbench" && $2 == nm && $3 ~ /^clients_lines\.p(10|50|90)$/ { v[$3] = $5 }
	END { print v["clients_lines.p10"] + 0, v["clients_lines.p50"] + 0, v["clients_lines.p90"] + 0 }'
}

# predict RUN_DIR NAME: the MB/s the loadfile gives between the mean
# lines of NAME's first and last execute status lines: clients x the
# ReadX and WriteX bytes of those lines / the execute seconds. Lines past
# the file's length are further passes (dbench counts on).
predict() {
	local log=$1/dbench.$2.log lf
	lf=$(sed -n "s/^Running for .* with load '\(.*\)' and .*/\1/p" "$log")
	[ -r "$lf" ] || { echo 0; return; }
	awk 'FNR == 1 { f++ }
	f == 1 { if ($1 == "WriteX" || $1 == "ReadX") b += $4; cum[FNR] = b; nl = FNR; next }
	$5 == "execute" && $2 ~ /^[0-9]+$/ { if (!n++) l0 = $2; l1 = $2; c = $1 }
	function at(l) { return int(l / nl) * cum[nl] + (l % nl ? cum[l % nl] : 0) }
	END { printf "%.4f\n", n ? c * (at(l1) - at(l0)) / n / 1e6 : 0 }' "$lf" "$log"
}
# mbps RUN_DIR NAME: dbench's own MB/s for NAME (summary.json)
mbps() {
	sed -n "s/.*\"partition\": \"$2\", \"dbench_mb_s\": \([0-9.]*\).*/\1/p" "$1/summary.json"
}

: >"$out/runs.tsv"
list | while read -r f s k o; do
	d=$out/$f-$s-seed$k-$o
	# summary.json's instances[] with their start: the first starter leads
	mapfile -t inst < <(sed -n 's/.*"partition": "\([^"]*\)".*"start_s": \([0-9.]*\).*/\2 \1/p' \
		"$d/summary.json" | sort -n -s -k1,1 | cut -d' ' -f2)
	[ "${#inst[@]}" = 2 ] || { echo "offsets-seeds.sh: $d: want two dbench instances" >&2; exit 1; }
	lead=${inst[0]} follow=${inst[1]}
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s %s\t%s %s\n' "$f" "$s" "$k" "$o" "$lead" "$follow" \
		"$(gaps "$d" "$lead" "$follow")" "$(spread "$d" "$lead")" "$(spread "$d" "$follow")" \
		"$(mbps "$d" "$lead")" "$(mbps "$d" "$follow")" \
		"$(predict "$d" "$lead")" "$(predict "$d" "$follow")" >>"$out/runs.tsv"
done

table() {
	local hdr="| flusher | scheduler | runs |" sep="|---|---|---|" t
	for t in $times; do
		hdr="$hdr gap at $t s |"
		sep="$sep---|"
	done
	echo "Gap in mean loadfile line, instance started ${offset} s first minus the other (mean +- sd over runs; in brackets the runs with the first starter ahead), where the clients ended (p10 / p50 / p90, mean over runs) dbench's MB/s (mean over runs; in brackets the runs with the first starter's higher) and the MB/s client.txt's bytes give between each instance's mean lines at the start and the end of its timed run (in brackets the runs where it picks the same instance as higher)"
	echo
	echo "$hdr first starter's clients | the other's | dbench MB/s first / other | from the lines first / other |"
	echo "$sep---|---|---|---|"
	awk -F'\t' -v nt="$(echo "$times" | wc -w)" '
	{ key = $1 "\t" $2; if (!(key in n)) order[++nk] = key; n[key]++
	  k = split($7, g, " ")
	  for (i = 1; i <= k; i++) { s[key, i] += g[i]; ss[key, i] += g[i] * g[i]; if (g[i] > 0) pos[key, i]++ }
	  split($8, a, " "); split($9, b, " ")
	  for (i = 1; i <= 3; i++) { la[key, i] += a[i]; fb[key, i] += b[i] }
	  split($10, r, " "); ra[key] += r[1]; rb[key] += r[2]; if (r[1] > r[2]) rw[key]++
	  split($11, q, " "); qa[key] += q[1]; qb[key] += q[2]; if ((q[1] > q[2]) == (r[1] > r[2])) qs[key]++ }
	END {
		for (j = 1; j <= nk; j++) {
			key = order[j]; split(key, kk, "\t"); m = n[key]
			printf "| %s | %s | %d |", kk[1], kk[2], m
			for (i = 1; i <= nt; i++) {
				mu = s[key, i] / m; v = ss[key, i] / m - mu * mu
				printf " %.0f +- %.0f (%d) |", mu, (v > 0 ? sqrt(v) : 0), pos[key, i]
			}
			printf " %.0f / %.0f / %.0f | %.0f / %.0f / %.0f | %.2f / %.2f (%d) | %.2f / %.2f (%d) |\n",
			       la[key, 1] / m, la[key, 2] / m, la[key, 3] / m,
			       fb[key, 1] / m, fb[key, 2] / m, fb[key, 3] / m,
			       ra[key] / m, rb[key] / m, rw[key],
			       qa[key] / m, qb[key] / m, qs[key]
		}
	}' "$out/runs.tsv"
}
table | tee "$out/seeds.md"
