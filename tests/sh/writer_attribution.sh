# Every byte that reaches the disk is attributed to exactly one writer:
# summary.json's "writes" block (per writer, per path, per partition) sums
# exactly to what the blktrace shows completed as writes, read back by
# blkparse (the blktrace package's own reader, not the simulator's
# counters) and by wbfair: for the whole disk and for each partition, on
# every shipped scenario under every flusher model (`wbsim options`), and
# on a few variants that take other submit paths (no journal, journal
# data=writeback, noop and deadline, an SSD). Also: no write goes
# untagged, the per-path, per-writer and per-partition figures agree with
# each other, and the page counters (page cache + journal) add up to the
# same bytes. Runs are shortened with --set sim.duration to stay quick.
. tests/shlib.sh
need jq
need blkparse
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"

flushers=$($BIN/wbsim options | sed -n 's/.*writeback\.flusher .*(\([a-z|-]*\)) \[default.*/\1/p' | tr '|' ' ')
[ -n "$flushers" ] || fail "no flusher models in 'wbsim options'"

# bytes completed as writes (C records with a W in RWBS and no error),
# per partition of geometry, each request split at partition boundaries
# (blkparse: one line per C record, "disk sector sectors error")
blkparse_writes() { # DIR -> lines "PART BYTES" and "total BYTES"
	local dir=$1 disk
	for disk in $(awk '!/^#/ && $1 == $3 {print $1}' "$dir/geometry"); do
		blkparse -q -i "$disk" -D "$dir" -a complete -f "$disk %d %S %n %e\n" 2>/dev/null
	done | awk -v geo="$dir/geometry" '
		BEGIN {
			while ((getline l < geo) > 0) {
				split(l, f, " ")
				if (l ~ /^#/ || f[1] == f[3]) continue
				n++; name[n] = f[1]; disk[n] = f[3]; start[n] = f[4]; size[n] = f[5]
			}
		}
		$2 ~ /W/ && $5 == 0 {
			s = $3; e = $3 + $4; total += $4
			for (i = 1; i <= n; i++) {
				if (disk[i] != $1) continue
				lo = s > start[i] ? s : start[i]
				hi = e < start[i] + size[i] ? e : start[i] + size[i]
				if (hi > lo) part[name[i]] += hi - lo
			}
		}
		END {
			for (i = 1; i <= n; i++) printf "%s %.0f\n", name[i], part[name[i]] * 512
			printf "total %.0f\n", total * 512
		}'
}

check_run() { # LABEL SCENARIO --set...
	local label=$1 scen=$2 dir="$TMP/$1" js total bp wf p
	shift 2
	$BIN/wbsim run -q "$scen" "$@" -o "$dir" >"$TMP/out" 2>"$TMP/err" ||
		{ fail "$label: wbsim run failed: $(head -c 300 "$TMP/err")"; return; }
	js="$dir/summary.json"
	jq -e '.complete' "$js" >/dev/null || fail "$label: run not complete"
	total=$(jq '.writes.bytes' "$js")
	[ "$total" -gt 0 ] 2>/dev/null || { fail "$label: writes.bytes is '$total'"; return; }
	blkparse_writes "$dir" >"$TMP/bp"
	bp=$(awk '$1 == "total" {print $2}' "$TMP/bp")
	[ "$bp" = "$total" ] ||
		fail "$label: writers sum to $total bytes, blkparse shows $bp completed as writes"
	# per partition: blkparse, summary's partitions[], and the writers
	while read -r p b; do
		[ "$p" = total ] && continue
		local w s
		w=$(jq --arg p "$p" '[.writes.writers[].partitions[$p] // 0] | add // 0' "$js")
		s=$(jq --arg p "$p" '.partitions[$p].written_bytes' "$js")
		[ "$w" = "$b" ] || fail "$label: $p: writers sum to $w bytes, blkparse shows $b"
		[ "$s" = "$b" ] || fail "$label: $p: partitions.$p.written_bytes $s, blkparse shows $b"
	done <"$TMP/bp"
	# wbfair's own blktrace reader: the same bytes on the disk
	$BIN/wbfair --format json "$dir" >"$TMP/wf.json" 2>"$TMP/wf.err" ||
		fail "$label: wbfair failed: $(head -c 300 "$TMP/wf.err")"
	wf=$(jq '[.partitions[] | .bytes_written] | add' "$TMP/wf.json")
	[ "$wf" = "$total" ] || fail "$label: wbfair reads $wf bytes written, the writers $total"
	# the parts agree with each other and nothing is untagged
	jq -e '.writes.by_path.untagged == null' "$js" >/dev/null ||
		fail "$label: untagged writes: $(jq -c '.writes.writers[] | select(.path == "untagged")' "$js")"
	jq -e '([.writes.by_path[]] | add) == .writes.bytes and
	       ([.writes.writers[].bytes] | add) == .writes.bytes and
	       ([.writes.writers[] | [.partitions[]] | add] | add) == .writes.bytes and
	       (.writes.pages * 4096) == .writes.bytes and
	       ((.pagecache_pages_written + .journal_blocks_written) * 4096) == .writes.bytes and
	       all(.writes.writers[]; .tasks >= 1 and .metadata_bytes <= .bytes and
		   .pages * 4096 == .bytes)' "$js" >/dev/null ||
		fail "$label: summary.json's writes block does not add up: $(jq -c '.writes | del(.writers)' "$js")"
	# the writers are named as the kernel names the threads: a flusher
	# thread by its comm and pid, the dirtiers per dbench instance
	jq -e '.flusher as $f | all(.writes.writers[];
		if .path == "writeback" then .pid > 0 and (.writer | test(
			if $f == "pdflush" then "^pdflush$" elif $f == "wq" then "^kworker/u[0-9]+:[0-9]+$"
			else "^flush-[0-9]+:[0-9]+$" end))
		elif .path == "journal" then .pid > 0 and (.writer | test("^kjournald/sd[a-z]+[0-9]+$"))
		else .pid == null and (.writer | test("^dbench sd[a-z]+[0-9]+$")) end)' "$js" >/dev/null ||
		fail "$label: a writer is misnamed: $(jq -c '[.writes.writers[] | [.writer, .path, .pid]]' "$js")"
	echo "$label: $total bytes, $(jq -c '.writes.by_path' "$js")"
}

for f in $flushers; do
	check_run "box2009-$f" sim/scenarios/box2009.ini --set writeback.flusher="$f" --set sim.duration=10
	check_run "bigram-$f" sim/scenarios/bigram.ini --set writeback.flusher="$f" --set sim.duration=5
	check_run "jbod-$f" sim/scenarios/jbod.ini --set writeback.flusher="$f" --set sim.duration=5
done
# other submit paths and block layers
short="--set sim.duration=5 --set dbench.clients=10"
check_run ext2 sim/scenarios/box2009.ini $short --set ext3.journal=none
check_run data-writeback sim/scenarios/box2009.ini $short --set ext3.journal=writeback --set writeback.flusher=pdflush
check_run noop sim/scenarios/box2009.ini $short --set queue.elevator=noop
check_run deadline sim/scenarios/box2009.ini $short --set queue.elevator=deadline --set writeback.flusher=wq
check_run ssd sim/disks/ssd-sata.ini $short --set disk.partitions=50%,rest --set sim.mount=sda1,sda2

# every shipped scenario under every model has writes from a flusher
# thread, from the journal, and (IO-less wq apart) from dirtiers
for f in $flushers; do
	js="$TMP/jbod-$f/summary.json"
	[ -r "$js" ] || continue
	jq -e --arg f "$f" '.writes.by_path.writeback > 0 and .writes.by_path.journal > 0 and
	       (.writes.by_path.balance_dirty_pages > 0) == ($f != "wq")' "$js" >/dev/null ||
		fail "jbod-$f: a path is missing (or the wq dirtier wrote): $(jq -c '.writes.by_path' "$js")"
done
js="$TMP/box2009-bdi/summary.json"
[ -r "$js" ] && { jq -e '.writes.writers[] | select(.writer == "dbench sda1" and .path == "balance_dirty_pages" and .tasks == 100)' "$js" >/dev/null ||
	fail "bdi: no 'dbench sda1' writer of 100 tasks in balance_dirty_pages"; }
done_test
