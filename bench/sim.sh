#!/usr/bin/env bash
# The simulator on its default scenario (sim/scenarios/box2009.ini, the
# 2009 box: 2 x 100 dbench clients, 600 s + 120 s warm-up):
#   - simulated seconds per wall second and events per second, one cell;
#   - peak memory of one cell (target <= 512 MB);
#   - the whole default matrix (every flusher x noop/deadline/cfq) with -j 2
#     (target <= 60 s on a 2-core machine);
#   - a throttled crowd: the same box with 2 x 3,000 clients on a disk
#     throttled to 512 KiB/s under 2.6.32 throttling, cut 10 minutes after
#     its end (tests/sh/run_cut.sh's first run): every throttled dirtier
#     walks b_io past thousands of inodes that sleeping dirtiers hold
#     (I_SYNC). Target <= 120 s, so the test fits its 300 s under ASan.
#     The same under bdi-fair, whose pick looks for the turn's superblock
#     on b_io: target <= 2 x bdi's, linear in the crowd as bdi's walk is
#     (a pass's walks step over a busy inode at most twice, once per
#     superblock's turn; it was quadratic until fair_requeue_busy,
#     2026-12-07).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
scn=sim/scenarios/box2009.ini
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

bin/wbsim run $scn -o "$out/cell" >/dev/null
sim_s=$(sed -n 's/.*"elapsed_s": \([0-9.]*\).*/\1/p' "$out/cell/summary.json")
events=$(sed -n 's/.*"events": \([0-9]*\).*/\1/p' "$out/cell/summary.json")
t=$(time_cmd bin/wbsim run $scn)
report "one cell (bdi, cfq): wall seconds" "$(printf %.2f "$t") s"
report "  simulated seconds per wall second" "$(awk -v s=$sim_s -v t=$t 'BEGIN{printf "%.0f", s/t}')"
report "  events per second" "$(awk -v e=$events -v t=$t 'BEGIN{printf "%.2f M/s", e/t/1e6}')"
/usr/bin/time -f %M -o "$out/rss" bin/wbsim run $scn -o "$out/cell2" >/dev/null
rss=$(awk '{printf "%.0f", $1 / 1024}' "$out/rss")
report "  peak memory of a cell (with its run directory)" "$rss MB" "<= 512 MB" \
	"$( [ "$rss" -le 512 ] && echo met || echo missed)"
/usr/bin/time -f %e -o "$out/mx" bin/wbsim matrix $scn -j 2 -o "$out/mx.d" >/dev/null 2>&1
m=$(cat "$out/mx")
n=$(find "$out/mx.d" -name summary.json | wc -l)
report "default matrix, $n cells x 720 simulated s, -j 2" "$m s" "<= 60 s (12 cells)" \
	"$(awk -v m=$m -v n=$n 'BEGIN { print (n == 12 && m <= 60) ? "met" : (n < 12 ? "partial: " n " cells" : "missed") }')"
/usr/bin/time -f %e -o "$out/crowd" bin/wbsim run $scn --set dbench.clients=3000 \
	--set sim.duration=10 --set disk.model=vdisk --set vdisk.bps_total=512k \
	--set writeback.flusher=bdi -q -o "$out/crowd.d" >/dev/null 2>&1 || true
c=$(tail -1 "$out/crowd")
report "throttled crowd (2 x 3000 clients, bdi, cut at 612 s)" "$c s" "<= 120 s" \
	"$(awk -v c="$c" 'BEGIN { print c <= 120 ? "met" : "missed" }')"
/usr/bin/time -f %e -o "$out/crowdf" bin/wbsim run $scn --set dbench.clients=3000 \
	--set sim.duration=10 --set disk.model=vdisk --set vdisk.bps_total=512k \
	--set writeback.flusher=bdi-fair -q -o "$out/crowdf.d" >/dev/null 2>&1 || true
f=$(tail -1 "$out/crowdf")
report "  the same under bdi-fair" "$f s" "<= 2 x bdi's" \
	"$(awk -v c="$c" -v f="$f" 'BEGIN { print f <= 2 * c ? "met" : "missed" }')"
