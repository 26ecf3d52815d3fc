#!/usr/bin/env bash
# The trace-event catalogue (include/trace-events.def) is the one list of
# events and fields. Fails when
#   - wbsim's trace of a short run under each flusher model (verbose, so
#     every event it can print) has an event the catalogue lacks, or an
#     event whose text does not have the catalogued fields in order, or
#     its balance_dirty_pages(_legacy) pauses do not add up to the
#     summary's throttled time (all of it under wq, a part under 2.6.3x);
#   - the committed real trace (traces/bdi-none) does;
#   - a TRACE_EVENT of the series (its hooks into 6.1's writeback.h,
#     tools/kernel/series/*/hooks.diff) or, when the kernel tree is there, of 6.1's
#     writeback.h, jbd2.h, ext4.h, workqueue.h and sched.h that the
#     catalogue names has other fields than the catalogue says, or a
#     series event is missing from it;
#   - a parser in analysis/ or tools/ looks for an event name or a field
#     name that the catalogue lacks.
. tests/shlib.sh
need jq
$BIN/wbfair events >"$TMP/cat" || fail "wbfair events failed"
cut -f1 "$TMP/cat" | sort >"$TMP/names"
[ "$(grep -c . "$TMP/names")" -ge 40 ] || fail "the catalogue has $(grep -c . "$TMP/names") events"
[ -z "$(uniq -d "$TMP/names")" ] || fail "events twice in the catalogue: $(uniq -d "$TMP/names" | tr '\n' ' ')"
cut -f2 "$TMP/cat" | grep -vxE 'kernel|series|sim' && fail "an event of no known origin"

# 1. the simulator, every flusher model, every event it can print
for f in pdflush bdi bdi-fair wq; do
	$BIN/wbsim run sim/scenarios/box2009.ini --set sim.duration=4 --set writeback.flusher=$f \
		--set writeback.trace_verbose=yes -o "$TMP/$f" >/dev/null 2>"$TMP/err" ||
		{ fail "wbsim $f: $(cat "$TMP/err")"; continue; }
	$BIN/wbfair events "$TMP/$f" >"$TMP/ev" 2>"$TMP/err" || fail "wbsim $f: $(cat "$TMP/err")"
	grep -q ' writeback_sb_written ' "$TMP/ev" || fail "wbsim $f: no writeback_sb_written"
	grep -q ' writeback_flusher_start\| workqueue_execute_start' "$TMP/ev" ||
		fail "wbsim $f: no flusher start"
	case $f in
	wq) grep -q ' balance_dirty_pages ' "$TMP/ev" || fail "wbsim wq: no balance_dirty_pages" ;;
	*) grep -q ' balance_dirty_pages_legacy ' "$TMP/ev" || fail "wbsim $f: no balance_dirty_pages_legacy" ;;
	esac
	# the tasks' throttled time from the trace: under wq the pauses are
	# all of it (whole jiffies of 4 ms, so exact); under 2.6.30/32 the
	# sleeps, a part of it (the dirtiers also write)
	ms=$(awk '/ balance_dirty_pages(_legacy)?:/ { for (i = 1; i <= NF; i++) if ($i ~ /^pause=/) {
		v = $i; sub(/pause=/, "", v); if (v + 0 > 0) ms += v } } END { print ms + 0 }' "$TMP/$f/trace.txt")
	s=$(jq .throttled_task_seconds_total "$TMP/$f/summary.json")
	case $f in
	wq) awk -v m="$ms" -v s="$s" 'BEGIN { exit !(m > 0 && (m / 1000 - s) ^ 2 < 1e-6) }' ||
		fail "wbsim wq: the trace's pauses sum to $ms ms, summary.json says $s s" ;;
	*) awk -v m="$ms" -v s="$s" 'BEGIN { exit !(m > 0 && m / 1000 <= s + 1e-3) }' ||
		fail "wbsim $f: the trace's pauses sum to $ms ms, over summary.json's $s s" ;;
	esac
done
# the checker does reject: an unknown event, a field out of order
printf '  kworker/u2:1-40 [000] 1.0: writeback_sb_chunk: bdi 8:0: sb sda1 wrote=3\n' >"$TMP/t1"
expect_exit 2 "t1:1: event 'writeback_sb_chunk' is not in the trace-event catalogue" $BIN/wbfair events "$TMP/t1"
printf '  kworker/u2:1-40 [000] 1.0: writeback_sb_written: bdi 8:0: pages=3 sb=8:1 elapsed_us=1 sync_mode=none reason=background cgroup_ino=1\n' >"$TMP/t2"
expect_exit 2 "t2:1: writeback_sb_written: .* does not have the catalogue's fields" $BIN/wbfair events "$TMP/t2"

# 2. the committed real trace
$BIN/wbfair events traces/bdi-none >/dev/null 2>"$TMP/err" || fail "traces/bdi-none: $(cat "$TMP/err")"

# 3. TRACE_EVENT definitions: "name<TAB>format" of every event of FILEs
# (a patch's added lines count as source), a DEFINE_EVENT taking its
# class's format, also through a DEFINE_*_EVENT(name) macro
tp_formats() {
	sed 's/^+//' "$@" | awk '
	function flush() { if (cur != "") fmt[cur] = f; cur = ""; f = "" }
	/^(TRACE_EVENT|DECLARE_EVENT_CLASS)\(/ {
		flush(); s = $0; sub(/^[A-Z_]*\(/, "", s); sub(/[,)].*/, "", s); cur = s
		if ($0 ~ /^TRACE_EVENT/) kind[s] = 1; next }
	/^#define DEFINE_[A-Z_]*\(name\)/ { m = $0; sub(/^#define /, "", m); sub(/\(.*/, "", m); want = m; next }
	want != "" && /DEFINE_EVENT\(/ { c = $0; sub(/.*DEFINE_EVENT\(/, "", c); sub(/,.*/, "", c); macro[want] = c; want = ""; next }
	/^DEFINE_EVENT\(/ { s = $0; sub(/^DEFINE_EVENT\(/, "", s); split(s, a, /,[ \t]*/); alias[a[2]] = a[1]; next }
	/^DEFINE_[A-Z_]*\([a-z0-9_]*\);/ { m = $0; sub(/\(.*/, "", m); n = $0; sub(/^[^(]*\(/, "", n); sub(/\).*/, "", n)
		if (m in macro) alias[n] = macro[m]; next }
	/TP_printk\(/ && cur != "" { col = 1; sub(/.*TP_printk\(/, "") }
	col {
		l = $0; sub(/^[ \t]*/, "", l)
		while (match(l, /^"([^"\\]|\\.)*"[ \t]*/)) {
			q = substr(l, 1, RLENGTH); l = substr(l, RLENGTH + 1)
			sub(/[ \t]*$/, "", q); f = f substr(q, 2, length(q) - 2)
		}
		if (l != "") { col = 0; flush() }
	}
	END { flush()
		for (n in kind) if (n in fmt) print n "\t" fmt[n]
		for (n in alias) if (alias[n] in fmt) print n "\t" fmt[alias[n]] }'
}
# one spelling per conversion: the kernel prints dev_t parts with %d, wbsim %u
norm() { sed -E 's/%[0-9]*(ll|l|z|h)?[diu]/%d/g; s/%ps/%s/g; s/%[0-9]*(ll|l)?x|%p/%x/g; s/[ ]+$//'; }
check_formats() { # what FILE..., every event must be catalogued (1) or not (0)
	local what=$1 all=$2 n=0
	shift 2
	tp_formats "$@" >"$TMP/tp"
	while IFS=$'\t' read -r name fmt; do
		want=$(awk -F'\t' -v n="$name" '$1 == n { print $4 }' "$TMP/cat")
		if [ -z "$want" ]; then
			[ "$all" = 1 ] && fail "$what: event $name is not in the catalogue"
			continue
		fi
		n=$((n + 1))
		[ "$(echo "$fmt" | norm)" = "$(echo "$want" | norm)" ] ||
			fail "$what: $name prints '$fmt', the catalogue says '$want'"
	done <"$TMP/tp"
	[ $n -gt 0 ] || fail "$what: no catalogued event found"
}
# the series adds its events to 6.1's writeback.h: they are in the hooks
[ -z "$(ls kernel-tree-overlay/include/trace/events 2>/dev/null)" ] ||
	fail "the overlay has its own trace header again: the events belong in writeback.h"
check_formats series 1 tools/kernel/series/*/hooks.diff
for n in writeback_sb_written writeback_flusher_start writeback_flusher_exit \
	writeback_pdflush_congested writeback_flusher_rescue balance_dirty_pages_legacy; do
	grep -q "^$n	" "$TMP/tp" || fail "the series' $n was not found in its hooks"
done
src=${WBSIM_KERNEL_SRC:-$HOME/.cache/wbsim/kernel/src}
if [ -f "$src/include/trace/events/writeback.h" ]; then
	for h in writeback jbd2 ext4 workqueue sched; do
		check_formats "6.1 $h.h" 0 "$src/include/trace/events/$h.h"
	done
else
	echo "no kernel tree at $src: 6.1's formats not compared"
fi
# every catalogued kernel or series event is defined somewhere we read
if [ -f "$src/include/trace/events/writeback.h" ]; then
	tp_formats tools/kernel/series/*/hooks.diff \
		"$src"/include/trace/events/{writeback,jbd2,ext4,workqueue,sched}.h | cut -f1 | sort -u >"$TMP/defined"
	while read -r n; do
		grep -qx "$n" "$TMP/defined" || fail "catalogue: $n is marked kernel/series but no TRACE_EVENT defines it"
	done < <(awk -F'\t' '$2 != "sim" { print $1 }' "$TMP/cat")
fi

# 4. the parsers: event names in awk/grep patterns of the tools' scripts
# and in analysis/'s strcmp()s, field names in "^key=" patterns and
# wbf_ftrace_field() calls
grep -rohE "[ /'\"](writeback_|balance_dirty|bdi_dirty|global_dirty|wbc_|jbd2?_|sched_process|workqueue_|pdflush_|sync_supers|sys_sync|ext4_)[a-z0-9_]*:" \
	tools analysis --include=*.sh --include=*.c --include=*.h | sed -E "s/^[ \\/'\"]//; s/:$//" | sort -u >"$TMP/used"
grep -ohE 'strn?cmp\([^;]*(ev|event)[^;]*"[a-z0-9_]+"' analysis/*.c | grep -oE '"[a-z0-9_]+"' | tr -d '"' |
	grep -vxE 'bprint|print|.*_' >>"$TMP/used"
[ -s "$TMP/used" ] || fail "no event name found in the parsers"
while read -r n; do
	grep -qx "$n" "$TMP/names" || fail "a parser uses event $n, which the catalogue lacks"
done < <(sort -u "$TMP/used")
{ grep -rohE '\^[a-z_]+=' tools analysis --include=*.sh | tr -d '^='
  grep -ohE 'wbf_ftrace_field\([^,]*, "[a-z_]+"' analysis/*.c | grep -oE '"[a-z_]+"' | tr -d '"'; } | sort -u >"$TMP/fields"
[ -s "$TMP/fields" ] || fail "no field name found in the parsers"
while read -r k; do
	cut -f4 "$TMP/cat" | grep -qE "(^| )$k(=| %)" || fail "a parser reads field $k, which no catalogued event has"
done <"$TMP/fields"
done_test
