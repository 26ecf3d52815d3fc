#!/usr/bin/env bash
# Convert the summary.json of an experiment run made before schema
# wbsim-summary/1 (docs/summary-json.md) to that layout, in place, for runs
# whose guest files (RUN/qemu/) are gone so that summary.sh cannot remake
# it (traces/bdi-none). No measured number changes: keys are renamed
# (dirty_throttle_events -> throttle_events_total, instance_starts ->
# instances), and the new keys are derived from the run's own files:
# instances[].start_s = exec_s, partitions.P.written_bytes = (stop -
# before) x 512 sectors, throttled_task_seconds_total = the pauses (ms) of
# trace.txt's balance_dirty_pages events, summed, as summary.sh computes it.
#
#   tools/experiment/summary-upgrade.sh RUN_DIR
set -euo pipefail
[ $# = 1 ] && [ -f "$1/summary.json" ] && [ -f "$1/trace.txt" ] ||
	{ echo "usage: $0 RUN_DIR (with summary.json and trace.txt)" >&2; exit 2; }
s=$1/summary.json
if [ "$(jq -r '.schema // ""' "$s")" = wbsim-summary/1 ]; then
	echo "summary-upgrade: $s: already wbsim-summary/1"
	exit 0
fi
[ "$(jq -r .producer "$s")" = qemu ] || { echo "summary-upgrade: $s: not an experiment's summary" >&2; exit 2; }
throttled_s=$(awk '/ balance_dirty_pages(_legacy)?:/ { for (i = 1; i <= NF; i++) if ($i ~ /^pause=/) {
		v = $i; sub(/pause=/, "", v); if (v + 0 > 0) ms += v } }
	END { printf "%.3f\n", ms / 1000 }' "$1/trace.txt")
jq --argjson throttled_s "$throttled_s" '
	{schema: "wbsim-summary/1", producer, complete: true, dirty_limit_hit,
	 throttle_events_total: .dirty_throttle_events,
	 throttled_task_seconds_total: $throttled_s}
	+ (del(.producer, .dirty_limit_hit, .dirty_throttle_events, .instance_starts, .partitions))
	+ {instances: [.instance_starts[] | {partition, start_s: .exec_s} + .],
	   partitions: (.partitions | map_values({written_bytes:
		((.sectors_written_stop - .sectors_written_before) * 512)} + .))}' "$s" >"$s.tmp"
mv "$s.tmp" "$s"
echo "summary-upgrade: $s: converted to wbsim-summary/1"
