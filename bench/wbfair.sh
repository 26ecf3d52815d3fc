#!/usr/bin/env bash
# wbfair against blkparse on the same blktrace files: a synthetic trace of
# >= 1 M records (4 CPUs, two partitions, REMAP, merges; written by the
# test generator), `wbfair --format csv` (read, merge, attribute, report)
# vs `blkparse -i NAME > /dev/null`. Target: wbfair >= 5x faster.
#
#   bench/wbfair.sh            (after make; WBFAIR_REQUESTS=N to resize)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f bench/lib.sh ]; then
	. bench/lib.sh
else	# standalone: same interface as bench/lib.sh
	time_cmd() {
		local csv
		csv=$(mktemp)
		hyperfine --style none --runs "${BENCH_RUNS:-5}" --warmup 1 \
			--export-csv "$csv" -- "$(printf '%q ' "$@")" >/dev/null 2>&1 ||
			{ rm -f "$csv"; echo "bench: failed: $*" >&2; return 1; }
		awk -F, 'NR == 2 { print $4 }' "$csv"
		rm -f "$csv"
	}
	report() { printf '%-52s %14s   %-14s %s\n' "$1" "$2" "${3:-}" "${4:-}"; }
fi
command -v blkparse >/dev/null || { echo "bench: blkparse missing" >&2; exit 1; }
gen=build/tests/test_wbfair_tracegen
[ -x "$gen" ] && [ -x bin/wbfair ] || { echo "bench: run make first" >&2; exit 1; }

tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
# ~7 records per request (A Q G I D C, + A Q M every 3rd): 180000 -> 1.26 M
"$gen" write "$tmp/sda" requests="${WBFAIR_REQUESTS:-180000}" cpus=4 > "$tmp/truth"
records=$(awk '$1 == "records" { print $2 }' "$tmp/truth")
[ "$records" -ge 1000000 ] || echo "bench: only $records records (want >= 1 M)" >&2

tw=$(time_cmd bin/wbfair --format csv --geometry "$tmp/sda.geometry" "$tmp/sda")
tb=$(time_cmd blkparse -i "$tmp/sda")
ratio=$(awk -v a="$tb" -v b="$tw" 'BEGIN { printf "%.1f", a / b }')
m=$(awk -v r="$records" 'BEGIN { printf "%.2f M", r / 1e6 }')
report "wbfair on $m blktrace records" "${tw} s"
report "blkparse -i on the same files" "${tb} s"
report "wbfair speed-up over blkparse" "${ratio}x" ">= 5x" \
	"$(awk -v r="$ratio" 'BEGIN { exit !(r >= 5) }' && echo met || echo missed)"
