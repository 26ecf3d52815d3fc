#!/usr/bin/env bash
# How writeback takes turns between the partitions' superblocks: now
# `wbfair sb-turns` (analysis/sb_turns.c), which reads simulated and real
# runs alike; this wrapper keeps the old name working.
#
#   tools/experiment/sb-turns.sh RUN_DIR...
set -euo pipefail
wbfair=${WBFAIR:-$(cd "$(dirname "$0")/../.." && pwd)/bin/wbfair}
exec "$wbfair" sb-turns "$@"
