#!/usr/bin/env bash
# The README's table of shipped scenarios says what each one does: every
# scenario in sim/scenarios/ has a row, every column matches `wbsim
# options -c SCENARIO --dump`, and the claims of the last column ("throttled
# on dirty memory", "never throttled", "the dirtiers write", "the dirtiers
# never write") hold in a 20 s run's summary.json (not for jbod1000, whose
# run takes minutes: docs/scale.md).
. tests/shlib.sh
need jq
# README_MD, NO_RUNS: the self-check at the end runs this on a wrong copy
readme=${README_MD:-README.md}
rows=$TMP/rows
# the table: the rows after its header line, up to the first non-row
awk '/^\| scenario \| CPUs \|/ { on = 1; next } on && /^\|---/ { next } on && /^\|/ { print; next } on { exit }' "$readme" >"$rows"
[ -s "$rows" ] || { fail "README.md: no table of shipped scenarios"; done_test; }
for f in sim/scenarios/*.ini; do
	grep -qF "| \`${f##*/}\` |" "$rows" || fail "README.md: no row for ${f##*/}"
done

# size in bytes of "384M", "6G", "128G"
bytes() { numfmt --from=iec "$1"; }
# one option's value from the flat dump: opt DUMP SECTION.KEY
opt() { grep -m 1 "^$2	" "$1" | cut -f 2-; }
check() {	# check SCENARIO WHAT README_VALUE SCENARIO_VALUE
	[ "$3" = "$4" ] || fail "README.md, $1: $2 is '$3', the scenario says '$4'"
}

while IFS='|' read -r _ scen cpus ram disks parts db journal fs secs shows _; do
	trim() { echo "$1" | sed 's/^ *//; s/ *$//'; }
	scen=$(trim "$scen" | tr -d '`') cpus=$(trim "$cpus") ram=$(trim "$ram")
	disks=$(trim "$disks") parts=$(trim "$parts") db=$(trim "$db")
	journal=$(trim "$journal") fs=$(trim "$fs") secs=$(trim "$secs") shows=$(trim "$shows")
	f=sim/scenarios/$scen
	[ -f "$f" ] || { fail "README.md lists $scen, not in sim/scenarios/"; continue; }
	dump=$TMP/$scen.dump
	$BIN/wbsim options -c "$f" --dump --flat >"$dump" 2>"$TMP/err" || { fail "$scen: $(cat "$TMP/err")"; continue; }
	check "$scen" CPUs "$cpus" "$(opt "$dump" vm.cpus)"
	check "$scen" RAM "$(bytes "$ram")" "$(opt "$dump" vm.ram)"
	set -- $disks	# COUNT MODEL RATE UNIT
	check "$scen" "the disk count" "$1" "$(opt "$dump" sim.disks)"
	check "$scen" "the disk model" "$2" "$(opt "$dump" disk.model)"
	case "$2 $4" in
	"hdd MB/s") check "$scen" "the disk's rate" "$3" "$(opt "$dump" hdd.outer_rate)" ;;
	"vdisk MiB/s") check "$scen" "the throttle" "$(($3 * 1048576))" "$(opt "$dump" vdisk.bps_total)" ;;
	*) fail "README.md, $scen: disks '$disks': want COUNT hdd N MB/s or COUNT vdisk N MiB/s" ;;
	esac
	check "$scen" partitions "$parts" "$(opt "$dump" disk.partitions)"
	clients=${db%% clients*} on=${db#*clients on }
	check "$scen" "dbench clients" "$clients" "$(opt "$dump" dbench.clients)"
	if [ "$on" = "every mounted partition" ]; then
		check "$scen" "dbench instances" "" "$(opt "$dump" dbench.instances)"
	else
		check "$scen" "dbench instances" "$on" "$(opt "$dump" dbench.instances)"
	fi
	da=
	[ "$(opt "$dump" ext3.delalloc)" = yes ] && da=", delalloc"
	check "$scen" journal "$journal" "$(opt "$dump" ext3.journal)$da"
	check "$scen" "flusher, scheduler" "$fs" "$(opt "$dump" writeback.flusher), $(opt "$dump" queue.elevator)"
	check "$scen" duration "${secs}000000000ns" "$(opt "$dump" sim.duration)"

	[ "$scen" = jbod1000.ini ] || [ -n "${NO_RUNS:-}" ] && continue
	claims=0
	run=$TMP/run-${scen%.ini}
	$BIN/wbsim run "$f" --set sim.duration=20 -o "$run" >/dev/null 2>"$TMP/err" ||
		{ fail "$scen: wbsim run: $(cat "$TMP/err")"; continue; }
	sum=$run/summary.json
	hit=$(jq -r .dirty_limit_hit "$sum") bdp=$(jq -r .writes.by_path.balance_dirty_pages "$sum")
	if [[ "$shows" == *"throttled on dirty memory"* ]]; then
		claims=$((claims + 1)); [ "$hit" = true ] || fail "$scen: README says throttled on dirty memory, dirty_limit_hit is $hit"
	fi
	if [[ "$shows" == *"never throttled"* ]]; then
		claims=$((claims + 1)); [ "$hit" = false ] || fail "$scen: README says never throttled, dirty_limit_hit is $hit"
	fi
	if [[ "$shows" == *"the dirtiers never write"* ]]; then
		claims=$((claims + 1)); [ "$bdp" = 0 ] || fail "$scen: README says the dirtiers never write, they wrote $bdp bytes"
	elif [[ "$shows" == *"the dirtiers write"* ]]; then
		claims=$((claims + 1)); [ "$bdp" -gt 0 ] || fail "$scen: README says the dirtiers write, they wrote $bdp bytes"
	fi
	# each instance the README names ran
	n=$(jq '.instances | length' "$sum")
	if [ "$on" = "every mounted partition" ]; then
		want=$(opt "$dump" sim.mount | tr ',' '\n' | grep -c .)
	else
		want=$(echo "$on" | tr ',' '\n' | grep -c .)
	fi
	[ "$n" = "$want" ] || fail "$scen: $n dbench instances ran, README says $want"
	[ $claims -gt 0 ] || fail "README.md, $scen: the last column makes no claim the test checks"
done <"$rows"

# the check fails on a wrong row
if [ -z "${README_MD:-}" ]; then
	sed 's/| `vm61.ini` | 1 | 384M | 1 vdisk 10 MiB/| `vm61.ini` | 2 | 384M | 1 vdisk 20 MiB/' README.md >"$TMP/bad.md"
	expect_exit 1 "vm61.ini: CPUs is '2', the scenario says '1'" env README_MD="$TMP/bad.md" NO_RUNS=1 bash "$0"
	grep -q "vm61.ini: the throttle is '20971520', the scenario says '10485760'" "$TMP/err" ||
		fail "a wrong throttle in the README was not reported"
fi
done_test
