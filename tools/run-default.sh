#!/usr/bin/env bash
# `make run`: the built-in default scenario, the 2009 two-partition box
# (sim/scenarios/box2009.ini), under every flusher model and the noop,
# deadline and CFQ schedulers. Prints the table and where the report is.
# Each `make run` writes a new directory, runs/box2009-N (wbsim picks the
# first free N); RUN_DIR=DIR writes DIR instead (refused if DIR holds files
# that wbsim did not write).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
if [ -n "${RUN_DIR:-}" ]; then
	exec bin/wbsim matrix sim/scenarios/box2009.ini -j "$jobs" -o "$RUN_DIR"
fi
exec bin/wbsim matrix sim/scenarios/box2009.ini -j "$jobs"
