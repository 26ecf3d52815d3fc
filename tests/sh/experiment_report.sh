#!/usr/bin/env bash
# The experiment's matrix report (tools/experiment/report.sh) on real run
# directories, with no guest: traces/bdi-none copied into a matrix layout
# as cell A (three runs) and cell B (two runs), summary.json edited per run
# to exercise what the report must do with it:
#   - each figure is min / median / max over the cell's runs, the median
#     the nearest-rank one (an observed value);
#   - a run whose guest clock jumped (guest_clock_jump_s > 0) is left out
#     of its cell's figures and counted in the flags;
#   - a start difference of 10 ms or more is flagged;
#   - the written MB are wbfair's blktrace completions of the copy;
#   - wbfair compare lists every run by its name in the matrix (CELL/rN);
#   - the significance section tests every figure between flusher models
#     with wbfair ranksum (busy 70/80/90 against 50: U 3, p 2/4) and says
#     when there is nothing to compare (one scheduler);
#   - every run has its `wbfair why --bin 1s` (RUN/why/why.md, 1 s bins)
#     and report.md quotes its "What it says" lines under the run's name.
#   - the started-first section: over the runs with staggered starts
#     (instances' offset_s, edited in), the share of the bytes of the
#     partition whose instance started first, per model, with the sign
#     test (2 runs, both under half: p 0.5); runs started together are
#     not in it; over the first 120 s (the 14 s copy: the whole run).
. tests/shlib.sh
need jq
src=traces/bdi-none
[ -f "$src/summary.json" ] || fail "no $src (tools/experiment/sample-traces.sh)"
out=$TMP/m
mk() { # CELL RUN BUSY START_MS JUMP_S VDA1_OFFSET_S VDA2_OFFSET_S
	mkdir -p "$out/$1"
	cp -r "$src" "$out/$1/$2"
	jq --argjson b "$3" --argjson s "$4" --argjson j "$5" --argjson o1 "$6" --argjson o2 "$7" \
		'.disk_busy_pct = $b | .start_difference_ms = $s | .guest_clock_jump_s = $j |
		 .instances |= map(.offset_s = (if .partition == "vda1" then $o1 else $o2 end))' \
		"$src/summary.json" >"$out/$1/$2/summary.json"
}
mk wq-none r1 80 1 0 0 0.5
mk wq-none r2 90 2 0 0 2
mk wq-none r3 70 3 0 0 0
mk bdi-none r1 50 12 0 2 0
mk bdi-none r2 null 4 468360 0 2
WBFAIR=$BIN/wbfair tools/experiment/report.sh "$out" wq-none bdi-none >"$TMP/log" 2>&1 ||
	fail "report.sh: $(tail -n 3 "$TMP/log")"
r=$out/report.md
[ -f "$r" ] || { fail "no report.md"; done_test; }
[ "$(grep -c . "$out/runs.jsonl")" = 5 ] || fail "runs.jsonl has $(grep -c . "$out/runs.jsonl") lines, want 5"
row() { grep "^| $1 |" "$r" | awk -F' [|] ' -v c="$2" '{ print $c }'; }
# columns: 1 "| cell", 2 runs, 3 vda1 MB, 4 vda2 MB, 5-6 dbench, 7-9 Jain,
# 10 busy, 11 iowait, 12 start, 13 flags
[ "$(row wq-none 2)" = 3 ] || fail "wq-none: runs '$(row wq-none 2)', want 3"
[ "$(row wq-none 10)" = "70 / 80 / 90" ] || fail "wq-none busy '$(row wq-none 10)', want '70 / 80 / 90'"
[ "$(row wq-none 12)" = "1 / 2 / 3" ] || fail "wq-none start '$(row wq-none 12)', want '1 / 2 / 3'"
mb=$(awk '{ printf "%.2f", $1 * 512 / 1e6 }' <<<"$(jq '.partitions.vda1 | .sectors_written_stop - .sectors_written_before' "$src/summary.json")")
mb=$(awk -v m="$mb" 'BEGIN { print m + 0 }')
[ "$(row wq-none 3)" = "$mb / $mb / $mb" ] || fail "wq-none vda1 MB '$(row wq-none 3)', want $mb (the guest's sector count) thrice"
[ "$(row bdi-none 2)" = 1 ] || fail "bdi-none: runs '$(row bdi-none 2)', want 1 (one left out)"
[ "$(row bdi-none 10)" = "50 / 50 / 50" ] || fail "bdi-none busy '$(row bdi-none 10)': the jumped run is not left out"
flags=$(row bdi-none 13)
case $flags in *"1 run(s) left out: the guest clock jumped"*) ;; *) fail "bdi-none flags '$flags': no clock jump" ;; esac
case $flags in *"start >= 10 ms in 1 run(s)"*) ;; *) fail "bdi-none flags '$flags': no late start" ;; esac
# the significance section: models compared, schedulers (all "none") not
sig=$(sed -n '/^## Which differences are larger/,/^## /p' "$r")
grep -qxF '| busy_pct | wq | bdi | 3 | 1 | 80 | 50 | 3 | 0.5 | 0.5 | too few runs |' <<<"$sig" ||
	fail "significance: no busy_pct row wq/bdi with U 3, p 0.5: $(grep busy_pct <<<"$sig")"
grep -q '^| jain_1s | wq | bdi | 3 | 1 |' <<<"$sig" || fail "significance: no jain_1s row"
sed -n '/^### By scheduler/,/^#/p' <<<"$sig" | grep -q '^Not tested: no metric has two groups: nothing to compare' ||
	fail "significance by scheduler: one scheduler, yet not 'Not tested'"
# the compare section names every run relative to the matrix directory
n=$(sed -n '/^## wbfair compare/,$p' "$r" | grep -cE '^(wq|bdi)-none/r[0-9] ')
[ "$n" = 5 ] || fail "wbfair compare section names $n runs as CELL/rN, want 5"
! grep -qF "$out" "$r" || fail "report.md names the host path $out"
# the why of every run, quoted
for run in wq-none/r1 wq-none/r2 wq-none/r3 bdi-none/r1 bdi-none/r2; do
	w=$out/$run/why
	[ "$(awk 'NR == 2 { print $1 }' "$w/why-split.dat" 2>/dev/null)" = 1 ] || fail "$run: no why with 1 s bins"
	want=$(sed -n '/^## What it says/,/^## 1\./p' "$w/why.md" | grep '^- ')
	got=$(sed -n "\\|^### $run: $run/why/why.md|,/^#/p" "$r" | grep '^- ')
	[ -n "$want" ] && [ "$got" = "$want" ] || fail "$run: report.md quotes '$got', why.md says '$want'"
done
case $(row wq-none 13) in *jumped*|*start*) fail "wq-none flagged: '$(row wq-none 13)'" ;; esac
# the started-first section: vda1 first in wq-none r1 and r2, vda2 first
# in bdi-none r1; the share from the guest's sector counts of the copy
first=$(sed -n '/^## The instance started first/,/^## /p' "$r")
share=$(jq -r '.partitions | (.vda1.sectors_written_stop - .vda1.sectors_written_before) as $a |
	(.vda2.sectors_written_stop - .vda2.sectors_written_before) as $b |
	$a / ($a + $b) * 1000 | round / 1000' "$src/summary.json")
comp=$(jq -r '.partitions | (.vda1.sectors_written_stop - .vda1.sectors_written_before) as $a |
	(.vda2.sectors_written_stop - .vda2.sectors_written_before) as $b |
	$b / ($a + $b) * 1000 | round / 1000' "$src/summary.json")
[ "$(awk -v s="$share" 'BEGIN { print (s < 0.5) }')" = 1 ] || fail "the copy's vda1 share $share is not under half: the test needs another trace"
grep -qxF "| wq | 2 | $share / $share / $share | 0 of 2 | 0.5 |" <<<"$(grep '^| wq |' <<<"$first" | cut -d'|' -f1-6)|" ||
	fail "started first, wq: '$(grep '^| wq |' <<<"$first")', want 2 runs at $share, 0 of 2 over half, p 0.5"
# the copy is 14 s long: its first 120 s are the whole run
[ "$(grep '^| wq |' <<<"$first" | cut -d'|' -f7-10)" = " 2 | $share / $share / $share | 0 of 2 | 0.5 " ] ||
	fail "started first, wq, first 120 s: '$(grep '^| wq |' <<<"$first")', want the whole run's figures"
grep -q "^| bdi | 1 | $comp / $comp / $comp | 1 of 1 | 1 |" <<<"$first" ||
	fail "started first, bdi: '$(grep '^| bdi |' <<<"$first")', want 1 run at $comp (vda2 first; the jumped run left out)"
done_test
