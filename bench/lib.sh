# Helpers for bench/*.sh: whole-process timing with hyperfine (median of
# several runs) and one report line per figure.

# time_cmd CMD...: median wall seconds over BENCH_RUNS runs (default 5)
time_cmd() {
	local csv
	csv=$(mktemp)
	hyperfine --style none --runs "${BENCH_RUNS:-5}" --warmup 1 \
		--export-csv "$csv" -- "$(printf '%q ' "$@")" >/dev/null 2>&1 ||
		{ rm -f "$csv"; echo "bench: failed: $*" >&2; return 1; }
	awk -F, 'NR == 2 { print $4 }' "$csv"	# command,mean,stddev,median,...
	rm -f "$csv"
}

# report WHAT VALUE [TARGET] [met|missed|-]
report() {
	printf '%-52s %14s   %-14s %s\n' "$1" "$2" "${3:-}" "${4:-}"
}
