#!/usr/bin/env bash
# Writeback turns on one superblock against the rounds of b_io, from a
# trace.txt with writeback_sb_written and writeback_queue_io events (a
# real 6.1 run traced with the writeback events, or `wbsim run ...
# --set writeback.trace_verbose=yes`: wbsim prints queue_io only then).
#
#   tools/validate/sb-rounds.sh RUN_DIR|TRACE_TXT...
#
# A turn is wbfair sb-turns' (a run of consecutive writeback_sb_written
# events of one superblock, from its first chunk's start to the next
# turn's). A round starts at each queue_io: b_io was empty, so every
# inode on it was written. A turn that goes on across a queue_io means
# the new round began with the superblock that ended the last one
# (move_expired_inodes() puts the superblock of the oldest dirty inode
# first). Prints per trace: turns, turns crossing a queue_io, queue_io
# events inside turns, seconds per turn, and seconds per turn had every
# queue_io inside a turn changed the superblock (the span divided by
# turns + those queue_io).
#
# Exit: 0, 2 bad argument or a trace without the events.
set -euo pipefail
[ $# -ge 1 ] || { sed -n 's/^#   //p' "$0" | head -1 >&2; exit 2; }
for a in "$@"; do
	t=$a geo=/dev/null
	[ -d "$a" ] && t=$a/trace.txt
	[ -f "$t" ] || { echo "sb-rounds: $t: no such file" >&2; exit 2; }
	# a run directory's geometry names its partitions and their disk:
	# only their superblocks make turns and only that disk's queue_io
	# starts rounds (a real guest also writes back its root and output
	# filesystems), as tools/validate/figures.sh counts turns
	[ -d "$a" ] && [ -f "$a/geometry" ] && geo=$a/geometry
	awk -v name="$a" '
	FILENAME != "-" && FNR == NR && geo_file {
		if ($1 !~ /^#/ && $1 != $3) { dev = $2; sub(/,/, ":", dev); part[dev] = 1; part[$1] = 1; nparts++ }
		if ($1 !~ /^#/ && $1 == $3) { dev = $2; sub(/,/, ":", dev); disk[dev ":"] = 1 }
		next
	}
	/writeback_queue_io:/ {
		# only the rounds of the partitions disk (bdi MAJ:MIN:)
		for (i = 1; i <= NF; i++)
			if ($i == "bdi" && nparts && !($(i + 1) in disk))
				next
		q[nq++] = $3 + 0
		next
	}
	/writeback_sb_written:/ {
		t = $3 + 0; sb = ""; el = 0
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^sb=/) sb = substr($i, 4)
			if ($i ~ /^elapsed_us=/) el = substr($i, 12) / 1e6
		}
		if (sb == "0:0")	# the block devices: not a partition
			next
		if (nparts && !(sb in part))
			next
		if (sb != cur) { nt++; ts[nt] = t - el; cur = sb }
		te[nt] = t
	}
	END {
		if (nt < 2 || nq < 1) {
			printf "sb-rounds: %s: fewer than 2 turns or no writeback_queue_io events\n", name > "/dev/stderr"
			exit 2
		}
		for (k = 1; k <= nt; k++) {
			m = 0
			for (j = 0; j < nq; j++)
				if (q[j] > ts[k] && q[j] < te[k])
					m++
			if (m)
				crossing++
			inside += m
		}
		span = ts[nt] - ts[1]
		printf "%s: turns %d, crossing a queue_io %d (%d queue_io inside turns), s/turn %.2f, s/turn had each changed the superblock %.2f\n", \
			name, nt, crossing, inside, span / (nt - 1), span / (nt - 1 + inside)
	}' geo_file="$([ "$geo" = /dev/null ] || echo 1)" "$geo" "$t"
done
