#!/usr/bin/env bash
# `make run`: the built-in default scenario, the 2009 two-partition box
# (sim/scenarios/box2009.ini), under every flusher model and the noop,
# deadline and CFQ schedulers. Prints the table and where the report is.
set -eu
cd "$(dirname "$0")/.."
out=${RUN_DIR:-runs/box2009}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
exec bin/wbsim matrix sim/scenarios/box2009.ini -j "$jobs" -o "$out"
