# Sourced by /init (tools/kernel/guest/init.sh) for wbtest=cell: one cell
# of the real experiment (tools/experiment/run.sh boots it from the root
# disk tools/experiment/root.sh builds): two (or more) dbench or fio
# instances on partitions of /dev/vda, started from one barrier, with blktrace on the whole disk and trace-cmd on the
# writeback events.
#
# Disks: vda  the data disk, partitioned and formatted by the host, QEMU-
#             throttled: the disk under test
#        vdb  scratch, unthrottled, formatted ext2 here: every trace and
#             result is written to it (bfq alone writes about 50 MB of
#             blktrace a minute: too much for the guest's RAM); the host
#             reads /results off it with debugfs (mounted at /tmp/scratch)
#        vdc  this root filesystem, read-only
#
# Parameters arrive as environment variables (kernel command line words
# the kernel does not know):
#   xflusher=wq|bdi|pdflush  xsbfair=0|1  xsched=none|mq-deadline|bfq|kyber
#   xmounts=vda1,vda2        partitions to mount at /mnt/NAME
#   xinst=vda1,vda2          partitions that run an instance
#   xoffsets=0,0             seconds each instance starts after the barrier
#   xdur=SECONDS xclients=N  xworkload=dbench|fio  xfiosize=BYTES
#   xfs=ext4|ext3            ext3: mounted data=ordered,nodelalloc
#   xthrottle=ioless|legacy  vm.dirty_throttle the kernel must have been
#                            booted with (dirty_throttle=)
#   xdbr xdr xdwc xdec       vm.dirty_background_ratio, dirty_ratio,
#                            dirty_writeback_centisecs, dirty_expire_centisecs
#
# Console: "WBEXP: ..." progress lines and a last "WBEXP-RESULT: PASS" or
# "WBEXP-RESULT: FAIL what".

say() { echo "WBEXP: $*"; }
R=""
finish() { # [failure]
	[ -n "$R" ] && dmesg >$R/dmesg.txt
	cd /
	umount /tmp/scratch 2>/dev/null
	sync
	if [ -n "${1:-}" ]; then
		echo "WBEXP-RESULT: FAIL $1"
	else
		echo "WBEXP-RESULT: PASS"
	fi
	poweroff -f
	sleep 60
	exit 1
}
die() { finish "$*"; }

# --- scratch disk for the results -----------------------------------------
mkfs.ext2 -q -F /dev/vdb || die "mkfs.ext2 /dev/vdb"
mkdir -p /tmp/scratch
mount -t ext2 /dev/vdb /tmp/scratch || die "mount /dev/vdb"
R=/tmp/scratch/results
mkdir -p $R

# --- the partitions (formatted on the host) -------------------------------
mntopts=""
[ "$xfs" = ext3 ] && mntopts="-o data=ordered,nodelalloc"
# filesystems.txt: each partition's ext4 features as formatted and its
# mount options as the kernel took them (the ext3 flavour is checked there)
for p in $(echo "$xmounts" | tr , ' '); do
	[ -b /dev/$p ] || die "no /dev/$p"
	echo "$p $(debugfs -R features /dev/$p 2>/dev/null)" >>$R/filesystems.txt
	mkdir -p /mnt/$p
	mount -t ext4 $mntopts /dev/$p /mnt/$p || die "mount /dev/$p"
	echo "$p mount: $(grep "^/dev/$p " /proc/mounts)" >>$R/filesystems.txt
done
say "mounted $xmounts ($xfs)"

# --- scheduler, flusher model, dirty tunables -----------------------------
echo "$xsched" >/sys/block/vda/queue/scheduler 2>/dev/null
grep -q "\[$xsched\]" /sys/block/vda/queue/scheduler ||
	die "scheduler $xsched not taken: $(cat /sys/block/vda/queue/scheduler)"
[ -f /proc/sys/vm/writeback_flusher ] || die "kernel has no vm.writeback_flusher"
echo "$xflusher" >/proc/sys/vm/writeback_flusher
[ "$(cat /proc/sys/vm/writeback_flusher)" = "$xflusher" ] || die "vm.writeback_flusher not $xflusher"
# the throttling is set at boot (dirty_throttle=): checked, not written
if [ "${xthrottle:-ioless}" != ioless ] || [ -f /proc/sys/vm/dirty_throttle ]; then
	[ "$(cat /proc/sys/vm/dirty_throttle 2>/dev/null)" = "${xthrottle:-ioless}" ] ||
		die "vm.dirty_throttle not ${xthrottle:-ioless}: $(cat /proc/sys/vm/dirty_throttle 2>&1)"
fi
echo "$xsbfair" >/proc/sys/vm/writeback_sb_fair
[ "$(cat /proc/sys/vm/writeback_sb_fair)" = "$xsbfair" ] || die "vm.writeback_sb_fair not $xsbfair"
echo "$xdbr" >/proc/sys/vm/dirty_background_ratio
echo "$xdr" >/proc/sys/vm/dirty_ratio
echo "$xdwc" >/proc/sys/vm/dirty_writeback_centisecs
echo "$xdec" >/proc/sys/vm/dirty_expire_centisecs
for f in writeback_flusher writeback_sb_fair dirty_background_ratio dirty_ratio \
	dirty_writeback_centisecs dirty_expire_centisecs dirty_throttle; do
	[ -f /proc/sys/vm/$f ] || continue
	echo "vm.$f = $(cat /proc/sys/vm/$f)"
done >$R/sysctl.txt
echo "scheduler = $(cat /sys/block/vda/queue/scheduler)" >>$R/sysctl.txt
echo "max_sectors_kb = $(cat /sys/block/vda/queue/max_sectors_kb)" >>$R/sysctl.txt
echo "nr_requests = $(cat /sys/block/vda/queue/nr_requests)" >>$R/sysctl.txt
echo "memtotal_kb = $(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)" >>$R/sysctl.txt
say "flusher=$xflusher sb_fair=$xsbfair scheduler=$xsched"

# --- geometry: the layout wbfair reads (analysis/rundir.h) ----------------
{
	echo "vda $(tr : , </sys/block/vda/dev) vda 0 $(cat /sys/block/vda/size)"
	for d in /sys/block/vda/vda[0-9]*; do
		p=${d##*/}
		echo "$p $(tr : , <$d/dev) vda $(cat $d/start) $(cat $d/size)"
	done
} >$R/geometry

sync
echo 3 >/proc/sys/vm/drop_caches

# --- tracers ---------------------------------------------------------------
# sched_process_fork ties each dbench client to its instance (the parent's
# pid is in instances): under legacy throttling a client writes other
# instances' pages, so its own I/O does not tell whose it is;
# writeback_dirty_inode_enqueue (an inode put on b_dirty from clean, by
# the task that dirtied it) tells whose inode the flusher writes first
mkdir -p $R/blktrace
blktrace -d /dev/vda -o vda -D $R/blktrace >$R/blktrace.log 2>&1 &
btpid=$!
(cd $R && exec trace-cmd record -q -o $R/trace.dat \
	$series_events -e writeback:balance_dirty_pages \
	-e writeback:balance_dirty_pages_legacy \
	-e writeback:writeback_start -e writeback:writeback_written \
	-e writeback:writeback_queue_io \
	-e writeback:writeback_dirty_inode_enqueue \
	-e sched:sched_process_exec -e sched:sched_process_fork) >$R/trace-record.log 2>&1 &
tcpid=$!
# both tracers are set up when the disk's trace directory and the
# tracing switch say so
t=0
while [ $t -lt 300 ]; do
	[ -e /sys/kernel/debug/block/vda/trace0 ] &&
		[ "$(cat /sys/kernel/tracing/events/sched/sched_process_exec/enable)" = 1 ] &&
		[ "$(cat /sys/kernel/tracing/tracing_on)" = 1 ] && break
	sleep 0.1
	t=$((t + 1))
done
[ $t -lt 300 ] || die "tracers did not start: $(cat $R/blktrace.log $R/trace-record.log)"
sleep 1

snap() { # suffix
	cat /proc/vmstat >$R/vmstat.$1
	cat /proc/stat >$R/stat.$1
	cat /sys/block/vda/stat >$R/vda.stat.$1
	cat /sys/block/vda/inflight >$R/vda.inflight.$1
	for d in /sys/block/vda/vda[0-9]*; do
		cat $d/stat >$R/${d##*/}.stat.$1
	done
	cat /proc/uptime >$R/uptime.$1
	# every task's /proc/PID/stat (utime and stime, fields 14 and 15, in
	# USER_HZ ticks): the writeback workers' CPU time per page written
	# (tools/experiment/kworker-cpu.sh)
	for p in /proc/[0-9]*; do
		read -r l <$p/stat 2>/dev/null && echo "$l"
	done >$R/threads.$1
}

# --- the instances, released together -------------------------------------
# Each instance's shell blocks opening the FIFO for reading; one open for
# writing (exec 3<>) releases every blocked reader at once, then each
# waits its offset and execs the workload. The wait is the shell's own
# read -t on the FIFO, which nobody writes: a sleep would fork and exec a
# program first (about 20-30 ms under TCG). The exec times are in the
# trace (sched_process_exec).
#
# What the mechanism guarantees, and not the host's load, is checked: the
# guest writes trace markers (echo, a shell builtin: no fork) into the
# same trace, so they carry the guest's own clock, the one the exec times
# use: "wbexp_release" just before the release, and per instance
# "wbexp_released PART OFFSET" when its open returned and "wbexp_waited
# PART OFFSET" when its wait ended. summary.sh turns them into each
# instance's requested and applied delay. How far apart the execs land in
# wall time depends on when the host gives the vCPUs time: information
# only.
TM=/sys/kernel/tracing/trace_marker
[ -w $TM ] || TM=/sys/kernel/debug/tracing/trace_marker
mkfifo /tmp/go
# the program and its libraries in the page cache: else the first exec
# after the release reads them off the root disk while the other waits
# (on one vCPU the execs run one after the other), which has made the
# start difference several ms longer
if [ "$xworkload" = fio ]; then fio --version; else dbench --help; fi >/dev/null 2>&1
: >$R/instances
set -- $(echo "$xoffsets" | tr , ' ')
pids=""
for p in $(echo "$xinst" | tr , ' '); do
	off=${1:-0}
	[ $# -gt 0 ] && shift
	if [ "$xworkload" = fio ]; then
		# busybox ash's read has -t (dash's has not)
		# shellcheck disable=SC3045
		(: </tmp/go; echo "wbexp_released $p $off" >$TM
			[ "$off" = 0 ] || read -t "$off" _ <>/tmp/go
			echo "wbexp_waited $p $off" >$TM; cd $R &&
			JOB=$p DIR=/mnt/$p SIZE=$xfiosize RUNTIME=$xdur exec fio \
				--output-format=json --output=$R/fio.$p.json \
				/etc/wbsim/fio-write.fio) >$R/fio.$p.out 2>&1 &
	else
		# busybox ash's read has -t (dash's has not)
		# shellcheck disable=SC3045
		(: </tmp/go; echo "wbexp_released $p $off" >$TM
			[ "$off" = 0 ] || read -t "$off" _ <>/tmp/go
			echo "wbexp_waited $p $off" >$TM
			exec dbench -c /usr/share/dbench/client.txt \
			-t "$xdur" -D /mnt/$p "$xclients") >$R/dbench.$p.log 2>&1 &
	fi
	echo "$p $! $off" >>$R/instances
	pids="$pids $!"
done
# every instance blocked in the open (fifo_open -> wait_for_partner)
# before the release
for pid in $pids; do
	t=0
	while [ "$(cat /proc/$pid/wchan 2>/dev/null)" != wait_for_partner ] && [ $t -lt 100 ]; do
		sleep 0.05
		t=$((t + 1))
	done
	[ $t -lt 100 ] || say "instance $pid not seen blocked on the FIFO ($(cat /proc/$pid/wchan 2>/dev/null))"
done
# snapshots before: the disk is idle (caches dropped, nothing written since)
snap before
echo "wbexp_release" >$TM
exec 3<>/tmp/go
cat /proc/uptime >$R/uptime.release
say "released: $(tr '\n' ' ' <$R/instances)"
wait $pids
exec 3<&-

# --- snapshots after: at the end of the workload ---------------------------
snap after
say "instances done"

# Freeze both filesystems: writes the rest of their dirty data and stops
# any more, so the disk is idle and every byte it wrote since "before" is
# in both the trace and the "stop" counters (smoke test: they must agree).
for p in $(echo "$xmounts" | tr , ' '); do
	fsfreeze --freeze /mnt/$p || say "fsfreeze /mnt/$p failed"
done
t=0
while [ "$(awk '{ print $1 + $2 }' /sys/block/vda/inflight)" != 0 ] && [ $t -lt 100 ]; do
	sleep 0.1
	t=$((t + 1))
done
snap stop
kill -INT $btpid $tcpid
wait $btpid $tcpid
for p in $(echo "$xmounts" | tr , ' '); do
	fsfreeze --unfreeze /mnt/$p
done
ls -l $R/blktrace $R >$R/files.txt
for p in $(echo "$xmounts" | tr , ' '); do
	umount /mnt/$p || say "umount /mnt/$p failed"
done
finish
