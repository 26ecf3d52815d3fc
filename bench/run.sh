#!/usr/bin/env bash
# Run every benchmark (bench/*.sh except this file and lib.sh) and print
# one line per figure: what, value, target, met/missed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v hyperfine >/dev/null || { echo "bench: hyperfine missing (tools/deps.sh)" >&2; exit 1; }
printf '%-52s %14s   %-14s %s\n' "benchmark" "value" "target" ""
for b in bench/*.sh; do
	case "$b" in bench/run.sh|bench/lib.sh) continue ;; esac
	bash "$b"
done
