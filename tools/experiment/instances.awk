# Helpers shared by the scripts that read a real run's trace.txt
# (who-wrote.sh, first-dirty.sh): an event's fields, the pid of a line's
# task, and the dbench instance a task belongs to. A dbench instance is
# the process that marked "wbexp_released PART" in the trace
# (tools/kernel/guest/cell.sh) and every task it forked: the caller
# fills inst[pid] = PART from those marks and parent[child] = pid from
# sched_process_fork events (note_fork and note_released do).

# field(name): the value of "name=value" in the current line, or ""
function field(name) {
	if (!match($0, name "=[^ ]+"))
		return ""
	return substr($0, RSTART + length(name) + 1, RLENGTH - length(name) - 1)
}

# pidof_line(): the pid of the line's task ("comm-PID" is $1)
function pidof_line(   w) {
	w = $1; sub(/^.*-/, "", w)
	return w
}

# instance(p): the partition of the instance task p belongs to, or ""
function instance(p,   k) {
	for (k = 0; k < 8 && p != ""; k++) {
		if (p in inst)
			return inst[p]
		p = parent[p]
	}
	return ""
}

# note_fork(): a sched_process_fork line
function note_fork() {
	parent[field("child_pid")] = field("pid")
}

# note_released(): a "wbexp_released PART" mark
function note_released(   i) {
	for (i = 1; i <= NF; i++)
		if ($i == "wbexp_released") { inst[pidof_line()] = $(i + 1); break }
}

# read_geometry(geo): part[] names each partition of RUN/geometry by its
# device, as events print it: "254:1" (writeback_sb_written's sb=) and
# "254,1" (dev of the inode events); "vda1 254,1 vda 2048 4194304"
function read_geometry(geo,   line, f, d) {
	while ((getline line < geo) > 0) {
		split(line, f, " ")
		part[f[2]] = f[1]
		d = f[2]; sub(",", ":", d); part[d] = f[1]
	}
	close(geo)
}
