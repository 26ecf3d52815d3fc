# Sourced by /init (tools/kernel/guest/init.sh): the boot tests
# (tools/kernel/boot.sh builds their initramfs with tools/kernel/initramfs.sh).
#
# Parameters arrive as environment variables: kernel command line words
# the kernel does not know (name=value without a dot) are handed to init.
#   wbtest=basic|models  basic: write and verify files on two partitions;
#                        models: also check the flusher model's threads,
#                        switch models while writers run, trace events
#   wbmodel=NAME         model the kernel must be running at boot
#   wbswitch=A,B,...     models to switch to while the second writer runs
#   wbsbfair=0|1         vm.writeback_sb_fair for the run
#   wbidle=SECONDS       bdi model: also check that an idle flusher exits
#                        after this idle time and is forked again
#   wbfiles=N            files per partition and writer pass (default 150)
#   wbtrace=0|1          record the series' events with trace-cmd
#   wborder=0|1          check the order of writeback between the
#                        partitions with vm.writeback_sb_fair 0 and 1
#   wbpasses=1           pdflush: check 2.6.30's background passes
#                        (1024-page chunks, newest superblock first,
#                        leaving a congested queue: passes_test)
#   wbthrottle2=MODEL    with wbthrottle: the legacy run again under MODEL
#   wbthrottle=MODE      vm.dirty_throttle the kernel must run at boot;
#                        then write past the dirty limit under legacy and
#                        ioless on two slow disks (vdc, vdd) and check
#                        who wrote (throttle_test)
#   wbsupers=1           bdi/pdflush: dirty_writeback_centisecs 0 stops
#                        the sync_supers timer, writing it restarts it
#   wbpool=N             pdflush: N loop devices backed by files on
#                        partition 1, written at once (pool_test)
#   wbfreeze=A,B,...     switch to A, B, ... in turn, freeze the system
#                        for 10 s and check that it thaws and that the
#                        flushers wrote meanwhile, as 6.1's wq does
#                        (freeze_test; needs 2 vCPUs)
#   wbrescue=1           bdi and pdflush cannot create a thread (failslab
#                        on bdi-default, then on kthreadd): writeback and
#                        sync still progress through bdi_wq (rescue_test;
#                        needs the debug kernel and two slow disks)
#   wbdisk2=1            a third writer, on the first slow disk (vdc,
#                        ext4), in both passes: a two-disk load
#   wbwqcost=1           booted in wq: wb_flusher_lock is never taken
#                        (absent from /proc/lockdep) until a switch
#                        (debug kernel)
#   wbcgroup=A,B,...     cgroup writeback: for each model A, B, ..., two
#                        cgroups write a partition each; every cgroup's
#                        wb written by the model's threads (cgroup_test)
#   wbremove=A,B,...     for each model A, B, ...: remove a slow disk
#                        (its PCI device) while its flusher writes it back
#                        (remove_test; one slow disk per model)
#   wbrollback=A,B,...   switch to A, B, ... in turn, first making the
#                        Nth slab allocation of the switch fail for N =
#                        1, 2, ... until it succeeds (rollback_test; needs
#                        CONFIG_FAILSLAB, the debug kernel)
#
# Output: lines "WBSIM: ok ...", "WBSIM: FAIL ..." and a last line
# "WBSIM-RESULT: PASS" or "WBSIM-RESULT: FAIL" on the console; the
# results directory (dmesg, thread lists, checksums, trace report) is
# written as a tar archive to /dev/vdb when that disk exists.

R=/results
fails=0
ok() { echo "WBSIM: ok $*"; }
bad() { echo "WBSIM: FAIL $*"; fails=$((fails + 1)); }
finish() {
	dmesg >$R/dmesg.txt
	if [ -b /dev/vdb ]; then
		(cd $R && tar cf /dev/vdb .) && sync
	fi
	if [ $fails = 0 ]; then
		echo "WBSIM-RESULT: PASS"
	else
		echo "WBSIM-RESULT: FAIL ($fails)"
	fi
	sync
	reboot -f
	sleep 60
}

wbtest=${wbtest:-basic}
wbfiles=${wbfiles:-150}
wbsbfair=${wbsbfair:-0}
wbtrace=${wbtrace:-0}
echo "WBSIM: test=$wbtest model=${wbmodel:-} switch=${wbswitch:-} sbfair=$wbsbfair files=$wbfiles kernel=$(uname -r)"
sysfile=/proc/sys/vm/writeback_flusher

# --- the data disk: two partitions, ext4 without lazy initialisation --
[ -b /dev/vda ] || { bad "no /dev/vda"; finish; }
echo 'label: dos
size=480MiB, type=83
type=83' | sfdisk -q /dev/vda >/dev/null || { bad "sfdisk"; finish; }
for i in 1 2; do
	[ -b /dev/vda$i ] || sleep 1
	mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 -L part$i /dev/vda$i ||
		{ bad "mkfs.ext4 /dev/vda$i"; finish; }
	mkdir -p /mnt/p$i
	mount -t ext4 /dev/vda$i /mnt/p$i || { bad "mount /dev/vda$i"; finish; }
done
ok "two ext4 partitions mounted"

# --- writers ------------------------------------------------------------
# File i of a pass has a size drawn from a fixed spread: mostly 0-255 KiB
# in uneven steps, every 13th file 1-3 MiB, so writeback sees small and
# large inodes mixed. Its checksum is taken from the bytes as they are
# written (tee), not read back.
file_size() { # index
	local i=$1
	if [ $((i % 13)) = 0 ]; then
		echo $(((1 + i % 3) * 1048576 + i * 17))
	else
		echo $(((i * 7919) % 262144 + i % 5))
	fi
}
writer() { # dir pass
	local d=$1/pass$2 i=0 s
	mkdir -p "$d"
	while [ $i -lt "$wbfiles" ]; do
		s=$(file_size $i)
		echo "$(head -c "$s" /dev/urandom | tee "$d/f$i" | md5sum | cut -d' ' -f1)  $d/f$i"
		i=$((i + 1))
	done >"$R/sums.$(echo "$1" | tr / _).$2"
}

threads() { cat /proc/[0-9]*/comm 2>/dev/null; }
count_comm() { threads | grep -c "^$1\$"; }
vda_dev=$(cat /sys/block/vda/dev)

# check_threads MODEL: the kthreads MODEL must (and must not) have
check_threads() {
	local m=$1 n t=0
	case $m in
	bdi)
		# bdi-default forks flush-MAJ:MIN on demand; give it a scan
		while [ $t -lt 15 ]; do
			[ "$(count_comm bdi-default)" = 1 ] && [ "$(count_comm "flush-$vda_dev")" = 1 ] &&
				[ "$(count_comm pdflush)" = 0 ] && break
			sleep 1; t=$((t + 1))
		done
		[ "$(count_comm bdi-default)" = 1 ] && ok "bdi: bdi-default running" || bad "bdi: no bdi-default"
		[ "$(count_comm "flush-$vda_dev")" = 1 ] && ok "bdi: flush-$vda_dev running" ||
			bad "bdi: $(count_comm "flush-$vda_dev") flush-$vda_dev threads"
		[ "$(count_comm pdflush)" = 0 ] || bad "bdi: pdflush threads left"
		;;
	pdflush)
		while [ $t -lt 15 ]; do
			n=$(count_comm pdflush)
			[ "$n" -ge 2 ] && [ "$n" -le 8 ] && [ "$(count_comm bdi-default)" = 0 ] &&
				[ "$(threads | grep -c '^flush-')" = 0 ] && break
			sleep 1; t=$((t + 1))
		done
		n=$(count_comm pdflush)
		[ "$n" -ge 2 ] && [ "$n" -le 8 ] && ok "pdflush: $n pool threads" || bad "pdflush: $n pool threads"
		[ "$(count_comm bdi-default)" = 0 ] || bad "pdflush: bdi-default still running"
		[ "$(threads | grep -c '^flush-')" = 0 ] || bad "pdflush: flush- threads still running"
		;;
	wq)
		while [ $t -lt 15 ]; do
			[ "$(threads | grep -Ec '^(bdi-default|pdflush|sync_supers|flush-.*)$')" = 0 ] && break
			sleep 1; t=$((t + 1))
		done
		n=$(threads | grep -Ec '^(bdi-default|pdflush|sync_supers|flush-.*)$')
		[ "$n" = 0 ] && ok "wq: no flusher kthreads" || bad "wq: $n flusher kthreads left"
		;;
	esac
	case $m in
	bdi|pdflush)
		[ "$(count_comm sync_supers)" = 1 ] && ok "$m: sync_supers running" || bad "$m: no sync_supers" ;;
	esac
	threads | sort >"$R/threads.$m.$(date +%s)"
}

# set_model MODEL: switch through the sysctl and read it back
set_model() {
	echo "$1" >$sysfile || { bad "write $1 to $sysfile"; return; }
	[ "$(cat $sysfile)" = "$1" ] && ok "switched to $1" || bad "$sysfile reads $(cat $sysfile), want $1"
}

if [ "$wbtest" = models ]; then
	[ -f $sysfile ] || { bad "kernel has no $sysfile (series not applied?)"; finish; }
	[ "$(cat $sysfile)" = "${wbmodel:-wq}" ] && ok "boot model $(cat $sysfile)" ||
		bad "boot model $(cat $sysfile), want ${wbmodel:-wq}"
	if [ -f /proc/sys/vm/writeback_sb_fair ]; then
		echo "$wbsbfair" >/proc/sys/vm/writeback_sb_fair
		[ "$(cat /proc/sys/vm/writeback_sb_fair)" = "$wbsbfair" ] || bad "writeback_sb_fair not set"
	elif [ "$wbsbfair" = 1 ]; then
		bad "no /proc/sys/vm/writeback_sb_fair"
	fi
fi

tracepid=""
if [ "$wbtrace" = 1 ]; then
	if command -v trace-cmd >/dev/null; then
		trace-cmd record -q -o $R/trace.dat $series_events >$R/trace-record.log 2>&1 &
		tracepid=$!
		sleep 3
	else
		bad "trace-cmd not in the initramfs"
	fi
fi

# a second disk written with vda (wbdisk2=1); the slow disk it uses is
# then not free for the tests below that want one
w3=""
if [ "${wbdisk2:-0}" = 1 ]; then
	mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/vdc >/dev/null &&
		mkdir -p /mnt/d2 && mount -t ext4 /dev/vdc /mnt/d2 ||
		{ bad "wbdisk2: no ext4 on /dev/vdc (WBSIM_QEMU_SLOW_DISKS)"; finish; }
	ok "second disk vdc mounted"
fi

# pass 1: both partitions at once
writer /mnt/p1 1 & w1=$!
writer /mnt/p2 1 & w2=$!
[ "${wbdisk2:-0}" = 1 ] && { writer /mnt/d2 1 & w3=$!; }
if [ "$wbtest" = models ]; then
	sleep 2
	check_threads "${wbmodel:-wq}"
fi
wait $w1 $w2 $w3
ok "pass 1 written"

# wq until now: with the series' static key off, kicks and passes never
# took wb_flusher_lock, so lockdep has not met its class
lock_seen() { grep -q ' wb_flusher_lock$' /proc/lockdep; }
if [ "${wbwqcost:-0}" = 1 ]; then
	sync
	if [ ! -r /proc/lockdep ]; then
		bad "no /proc/lockdep (CONFIG_LOCKDEP)"
	elif lock_seen; then
		bad "wq: wb_flusher_lock taken before any thread model ran"
	else
		ok "wq: wb_flusher_lock never taken ($(grep -c . /proc/lockdep) lock classes seen, pass 1 and sync written)"
	fi
fi

# pass 2, with model switches while the writers run
writer /mnt/p1 2 & w1=$!
writer /mnt/p2 2 & w2=$!
[ "${wbdisk2:-0}" = 1 ] && { writer /mnt/d2 2 & w3=$!; }
if [ "$wbtest" = models ] && [ -n "${wbswitch:-}" ]; then
	for m in $(echo "$wbswitch" | tr , ' '); do
		sleep 2
		set_model "$m"
		check_threads "$m"
	done
fi
wait $w1 $w2 $w3
ok "pass 2 written"
if [ "${wbwqcost:-0}" = 1 ] && [ -n "${wbswitch:-}" ] && [ -r /proc/lockdep ]; then
	lock_seen && ok "wb_flusher_lock taken once a thread model ran" ||
		bad "wb_flusher_lock still not in /proc/lockdep after the switches"
fi

# bdi model: an idle flusher exits and is forked again on demand
if [ "$wbtest" = models ] && [ -n "${wbidle:-}" ] && [ "$(cat $sysfile)" = bdi ]; then
	echo "$wbidle" >/proc/sys/vm/writeback_flusher_idle_secs
	sync
	# the exit is seen when it happens: by the time of a second look,
	# writeback the kernel itself starts (a journal commit, an atime
	# update) may have forked the thread again, which is the next check
	t=0 gone=0
	while [ $t -lt $((wbidle + 30)) ]; do
		[ "$(count_comm "flush-$vda_dev")" = 0 ] && { gone=1; break; }
		sleep 1; t=$((t + 1))
	done
	[ $gone = 1 ] && ok "bdi: idle flush-$vda_dev exited after ${t}s" ||
		bad "bdi: flush-$vda_dev still there after ${t}s idle"
	head -c 65536 /dev/urandom >/mnt/p1/after-idle
	t=0
	while [ "$(count_comm "flush-$vda_dev")" = 0 ] && [ $t -lt 20 ]; do
		sleep 1; t=$((t + 1))
	done
	[ "$(count_comm "flush-$vda_dev")" = 1 ] && ok "bdi: flush-$vda_dev forked again after ${t}s" ||
		bad "bdi: flush-$vda_dev not forked again"
	rm -f /mnt/p1/after-idle
fi

if [ -n "$tracepid" ]; then
	sync
	kill -INT $tracepid
	wait $tracepid
	trace-cmd report -i $R/trace.dat >$R/trace.txt 2>$R/trace-report.log
	for ev in writeback_sb_written; do
		n=$(grep -c " $ev:" $R/trace.txt)
		[ "$n" -gt 0 ] && ok "trace: $n $ev events" || bad "trace: no $ev events"
	done
	for p in 1 2; do
		n=$(grep " writeback_sb_written:" $R/trace.txt | grep -c "sb=$(cat /sys/block/vda/vda$p/dev) ")
		[ "$n" -gt 0 ] && ok "trace: $n chunks of vda$p" || bad "trace: no chunk of vda$p"
	done
	# how writeback alternated between the partitions (information):
	# chunks that wrote pages for background or periodic writeback
	grep " writeback_sb_written:" $R/trace.txt | grep -v 'pages=0 ' |
		grep -E "sb=($(cat /sys/block/vda/vda1/dev)|$(cat /sys/block/vda/vda2/dev)) " |
		grep -E 'reason=(background|periodic)' |
		sed -n 's/.* sb=\([0-9:]*\) .*/\1/p' >$R/chunks.txt
	echo "WBSIM: info sb_fair=$wbsbfair: $(wc -l <$R/chunks.txt) background/periodic chunks," \
		"$(awk 'NR > 1 && $1 != prev { n++ } { prev = $1 } END { print n + 0 }' $R/chunks.txt) switches of partition"
	case "$wbmodel$wbswitch" in
	*bdi*|*pdflush*)
		n=$(grep -c " writeback_flusher_start:" $R/trace.txt)
		[ "$n" -gt 0 ] && ok "trace: $n flusher thread starts" || bad "trace: no flusher thread start" ;;
	esac
fi

# --- order of writeback between the two partitions ---------------------
# With writeback held off, dirty 160 MiB on partition 1 (older) and 4 MiB on
# partition 2 (newer), then start background writeback and record the
# writeback_sb_written chunks. queue_io() puts each partition's inodes in
# one group on b_io, the older group at the tail, written first, a chunk
# ending after HZ/10 once something was written. 160 MiB take well over
# 100 ms to submit when submission waits for the disk: vda's queue is set
# to the era's 128 requests of at most 512 KiB (64 MiB in flight; 6.1's
# virtio defaults take all 160 MiB at once, so submission never waits) and
# kernel_boot_sbfair has QEMU throttle vda to 32 MiB/s, so the 96 MiB past
# the queue take about 3 s: partition 1 needs many chunks however fast the
# host is (unthrottled, about 270 ms, 3 chunks, one more than needed).
#   vm.writeback_sb_fair=0: 6.1 order, partition 1's group is finished
#     first: partition 2's first chunk comes after at least 2 of p1's;
#   vm.writeback_sb_fair=1: after each chunk the group goes behind the
#     other: partition 2's first chunk is the second chunk.
# dirty_hold: no writeback until trace_background starts it (no kupdate,
# thresholds far above what the tests dirty); dirty_defaults: back to
# the kernel's defaults
dirty_hold() {
	echo 0 >/proc/sys/vm/dirty_writeback_centisecs
	echo $((300 << 20)) >/proc/sys/vm/dirty_background_bytes
	echo $((400 << 20)) >/proc/sys/vm/dirty_bytes
}
dirty_defaults() {
	echo 500 >/proc/sys/vm/dirty_writeback_centisecs
	echo 0 >/proc/sys/vm/dirty_bytes
	echo 0 >/proc/sys/vm/dirty_background_bytes
	echo 10 >/proc/sys/vm/dirty_background_ratio
	echo 20 >/proc/sys/vm/dirty_ratio
}
# trace_background FILE BYTES OUT EVENT...: with the writeback_flusher
# events EVENT... recording, put the dirty pages over the background
# threshold by writing BYTES to FILE, wait (at most 120 s) until Dirty is
# below 1 MiB, and save the events to OUT; bg_wait is the seconds waited.
trace_background() {
	local file=$1 bytes=$2 out=$3 T=/sys/kernel/tracing e
	shift 3
	echo 0 >$T/tracing_on
	echo 4096 >$T/buffer_size_kb
	echo >$T/trace
	for e; do echo 1 >$T/events/writeback/$e/enable; done
	echo 1 >$T/tracing_on
	# over the background threshold: the next dirtying starts writeback
	echo 4096 >/proc/sys/vm/dirty_background_bytes
	head -c "$bytes" /dev/urandom >"$file"
	bg_wait=0
	while [ "$(awk '/^Dirty:/ { print $2 }' /proc/meminfo)" -gt 1024 ] && [ $bg_wait -lt 120 ]; do
		sleep 1; bg_wait=$((bg_wait + 1))
	done
	echo 0 >$T/tracing_on
	for e; do echo 0 >$T/events/writeback/$e/enable; done
	grep -E " ($(echo "$*" | tr ' ' '|')):" $T/trace >"$out"
}
order_test() { # fair
	local fair=$1 T=/sys/kernel/tracing i first n big
	local d1=/mnt/p1/order$fair d2=/mnt/p2/order$fair
	local p1 p2
	p1=$(cat /sys/block/vda/vda1/dev)
	p2=$(cat /sys/block/vda/vda2/dev)
	local q=/sys/block/vda/queue nr msk
	nr=$(cat $q/nr_requests)
	msk=$(cat $q/max_sectors_kb)
	sync
	echo 128 >$q/nr_requests
	echo 512 >$q/max_sectors_kb
	dirty_hold
	echo "$fair" >/proc/sys/vm/writeback_sb_fair
	mkdir -p $d1 $d2
	i=0
	while [ $i -lt 40 ]; do
		head -c 4194304 /dev/urandom >$d1/a$i
		i=$((i + 1))
	done
	head -c 2097152 /dev/urandom >$d2/b0
	head -c 2097152 /dev/urandom >$d2/b1
	trace_background $d1/trigger 1048576 $R/order$fair.trace writeback_sb_written
	grep 'reason=background' $R/order$fair.trace | grep -v 'pages=0 ' |
		sed -n "s/.* sb=\($p1\|$p2\) .*/\1/p" >$R/order$fair.txt
	# the era models write in 2.6.30/32's calls of MAX_WRITEBACK_PAGES
	# (1024), an 8 MiB inode in several; 6.1 sizes a chunk by the write
	# bandwidth (at 32 MiB/s, up to 5120 pages) and writes one of these
	# 4 MiB inodes whole (1024 pages) or more than one
	big=$(grep 'reason=background' $R/order$fair.trace | sed -n 's/.* pages=\([0-9]*\) .*/\1/p' | sort -n | tail -n 1)
	echo "WBSIM: info sb_fair=$fair: largest background chunk ${big:-0} pages under $(cat $sysfile)"
	case $(cat $sysfile) in
	bdi|pdflush)
		[ "${big:-0}" = 1024 ] && ok "sb_fair=$fair: background chunks of at most 1024 pages, the largest 1024" ||
			bad "sb_fair=$fair: largest background chunk ${big:-0} pages, want 1024" ;;
	esac
	echo "$nr" >$q/nr_requests
	echo "$msk" >$q/max_sectors_kb
	dirty_defaults
	n=$(wc -l <$R/order$fair.txt)
	first=$(grep -n "^$p2\$" $R/order$fair.txt | head -n 1 | cut -d: -f1)
	echo "WBSIM: info sb_fair=$fair order: $(tr '\n' ' ' <$R/order$fair.txt)"
	if [ -z "$first" ] || [ "$(head -n 1 $R/order$fair.txt)" != "$p1" ]; then
		bad "sb_fair=$fair: $n chunks, partition 1 not first or partition 2 never written"
	elif [ "$fair" = 1 ]; then
		[ "$first" = 2 ] && ok "sb_fair=1: partition 2 got the second chunk" ||
			bad "sb_fair=1: partition 2 first written in chunk $first"
	else
		[ "$first" -ge 3 ] && ok "sb_fair=0: partition 2 waited for $((first - 1)) chunks of partition 1" ||
			bad "sb_fair=0: partition 2 first written in chunk $first"
	fi
	rm -rf $d1 $d2
}
if [ "${wborder:-0}" = 1 ]; then
	if [ -f /proc/sys/vm/writeback_sb_fair ]; then
		order_test 0
		order_test 1
		echo "$wbsbfair" >/proc/sys/vm/writeback_sb_fair
	else
		bad "wborder=1: no /proc/sys/vm/writeback_sb_fair"
	fi
fi

# --- the passes of 2.6.30's pdflush ---------------------------------------
# With writeback held off, dirty 32 MiB on partition 1 (mounted first,
# dirtied first) and 16 MiB on partition 2 (mounted last, dirtied last),
# then start background writeout and record the writeback_sb_written
# chunks and the writeback_pdflush_congested events. 2.6.30's
# background_writeout() wrote MAX_WRITEBACK_PAGES (1024) per
# writeback_inodes() call, walking the superblocks newest mount first and
# leaving a congested queue. So under pdflush:
#   - every background chunk is at most 1024 pages;
#   - partition 2 is written first, although its inodes are younger (6.1
#     writes the older group first: order_test), and all of it before
#     partition 1's first chunk;
#   - with vda's queue cut to 4 requests and its writes throttled by QEMU
#     (kernel_boot_passes: 8 MiB/s, so the 48 MiB take 6 s of host time
#     whatever the host), the 4 tags are in use at every chunk but the
#     first: writeback leaves the queue (writeback_pdflush_congested) and
#     comes back after congestion_wait's HZ/10;
#   - everything is written: Dirty falls below 1 MiB.
passes_test() {
	local T=/sys/kernel/tracing q=/sys/block/vda/queue i nr seq n1 n2 first1 last2 big ncong
	local p1 p2 d1=/mnt/p1/passes d2=/mnt/p2/passes
	p1=$(cat /sys/block/vda/vda1/dev)
	p2=$(cat /sys/block/vda/vda2/dev)
	nr=$(cat $q/nr_requests)
	sync
	echo 4 >$q/nr_requests
	dirty_hold
	mkdir -p $d1 $d2
	for i in 0 1 2 3; do
		head -c $((8 << 20)) /dev/urandom >$d1/a$i
	done
	sleep 1
	for i in 0 1; do
		head -c $((8 << 20)) /dev/urandom >$d2/b$i
	done
	trace_background $d1/trigger 4096 $R/passes.trace writeback_sb_written writeback_pdflush_congested
	echo "$nr" >$q/nr_requests
	dirty_defaults
	[ $bg_wait -lt 120 ] && ok "passes: written in $bg_wait s" || bad "passes: still dirty after 120 s"
	grep 'writeback_sb_written:.*reason=background' $R/passes.trace | grep -v 'pages=0 ' |
		sed -n "s/.* sb=\($p1\|$p2\) pages=\([0-9]*\) .*/\1 \2/p" >$R/passes.txt
	seq=$(cut -d' ' -f1 $R/passes.txt | uniq -c | awk -v p1="$p1" '{ printf "%s%dx%s", (NR > 1 ? " " : ""), $1, ($2 == p1 ? "p1" : "p2") }')
	echo "WBSIM: info passes: background chunks in order: $seq"
	n1=$(grep -c "^$p1 " $R/passes.txt)
	n2=$(grep -c "^$p2 " $R/passes.txt)
	first1=$(grep -n "^$p1 " $R/passes.txt | head -n 1 | cut -d: -f1)
	last2=$(grep -n "^$p2 " $R/passes.txt | tail -n 1 | cut -d: -f1)
	big=$(awk '$2 > 1024' $R/passes.txt | wc -l)
	ncong=$(grep -c 'writeback_pdflush_congested:' $R/passes.trace)
	[ "$n1" -gt 0 ] && [ "$n2" -gt 0 ] || { bad "passes: $n1 chunks of p1, $n2 of p2"; return; }
	[ "$big" = 0 ] && ok "passes: $((n1 + n2)) background chunks, none over 1024 pages (largest $(sort -k2 -n $R/passes.txt | tail -n 1 | cut -d' ' -f2))" ||
		bad "passes: $big background chunks over 1024 pages"
	[ "$last2" -lt "$first1" ] && ok "passes: newest mount first: all $n2 chunks of partition 2 before partition 1's first" ||
		bad "passes: partition 2's last chunk is $last2, partition 1's first $first1"
	[ "$ncong" -gt 0 ] && ok "passes: left the congested queue $ncong times" ||
		bad "passes: no writeback_pdflush_congested event"
	rm -rf $d1 $d2
}
if [ "${wbpasses:-0}" = 1 ]; then
	if [ "$(cat $sysfile)" = pdflush ]; then
		passes_test
	else
		bad "wbpasses=1: model $(cat $sysfile), want pdflush"
	fi
fi

# --- dirty throttling: does the dirtier write its own pages? -----------
# Six writers (dd, 1 MiB blocks from tmpfs) put 2 MiB each on the two
# slow disks (vdc, vdd: boot.sh WBSIM_QEMU_SLOW_DISKS, writes throttled
# by QEMU to 1 MB/s each) at once, with the dirty limit lowered to 1 MiB
# (background 768 KiB). The disks drain 2 MB/s of host time, far less
# than the guest dirties on any host, so dirty pages must pass the
# 896 KiB where throttling starts under both modes. On vda, a file in
# the host's page cache, whether they did was a race with host load:
# ioless stayed at 532 KiB on a CI machine (docs/kernel.md). Under
# vm.dirty_throttle=legacy (2.6.30) balance_dirty_pages_legacy must fire
# in the writers' context with pages written > 0; under ioless (6.1) it
# must never fire, while 6.1's own balance_dirty_pages event shows that
# the same load was throttled. Every file is checked after a remount.
extra_files=0
throttle_devs=""
throttle_mount() {
	local d
	for d in /dev/vd[c-z]; do
		[ -b "$d" ] || continue
		# few inodes and no journal: mkfs writes little at 1 MB/s
		mkfs.ext4 -q -F -N 64 -O ^has_journal -E lazy_itable_init=0 "$d" >/dev/null ||
			{ bad "throttle: mkfs $d"; return 1; }
		mkdir -p /mnt/${d#/dev/}
		mount -t ext4 "$d" /mnt/${d#/dev/} || { bad "throttle: mount $d"; return 1; }
		throttle_devs="$throttle_devs ${d#/dev/}"
	done
	set -- $throttle_devs
	[ $# -ge 2 ] || { bad "throttle: $# slow disks, want 2 (WBSIM_QEMU_SLOW_DISKS)"; return 1; }
}
throttle_test() { # mode [tag]
	local mode=$1 tag=${2:-} T=/sys/kernel/tracing d k n sum pids mon ev=balance_dirty_pages_legacy
	local model pauses
	echo "$mode" >/proc/sys/vm/dirty_throttle
	[ "$(cat /proc/sys/vm/dirty_throttle)" = "$mode" ] ||
		{ bad "dirty_throttle reads $(cat /proc/sys/vm/dirty_throttle), want $mode"; return; }
	sync
	echo $((768 << 10)) >/proc/sys/vm/dirty_background_bytes
	echo $((1 << 20)) >/proc/sys/vm/dirty_bytes
	echo 0 >$T/tracing_on
	echo 4096 >$T/buffer_size_kb
	echo >$T/trace
	echo 1 >$T/events/writeback/$ev/enable
	echo 1 >$T/events/writeback/balance_dirty_pages/enable
	echo 1 >$T/tracing_on
	head -c $((2 << 20)) /dev/urandom >/tmp/throttle.src
	sum=$(md5sum </tmp/throttle.src | cut -d' ' -f1)
	pids=""
	for d in $throttle_devs; do
		for k in a b c; do
			dd if=/tmp/throttle.src of=/mnt/$d/$k-$mode$tag bs=1048576 2>/dev/null &
			pids="$pids $!"
			echo "$sum  /mnt/$d/$k-$mode$tag" >>$R/throttle-sums.$mode$tag
		done
	done
	(while :; do awk '/^(Dirty|Writeback):/ { n += $2 } END { print n }' /proc/meminfo; usleep 100000; done) >$R/throttle-$mode$tag.dirty &
	mon=$!
	wait $pids
	kill $mon
	rm -f /tmp/throttle.src
	echo "WBSIM: info $mode: dirty+writeback at most $(sort -n $R/throttle-$mode$tag.dirty | tail -n 1) KiB"
	echo 0 >$T/tracing_on
	echo 0 >$T/events/writeback/$ev/enable
	echo 0 >$T/events/writeback/balance_dirty_pages/enable
	grep -E " ($ev|balance_dirty_pages):" $T/trace >$R/throttle-$mode$tag.trace
	echo 10 >/proc/sys/vm/dirty_background_ratio
	echo 20 >/proc/sys/vm/dirty_ratio
	n=$(grep " $ev:" $R/throttle-$mode$tag.trace | grep -c ' comm=dd .* written=[1-9]')
	echo "WBSIM: info $mode: $(grep -c " $ev:" $R/throttle-$mode$tag.trace) $ev events" \
		"($n with pages written by dd, $(grep " $ev:" $R/throttle-$mode$tag.trace |
		grep -c 'pause=[1-9]') with a pause)," \
		"$(grep -c ' balance_dirty_pages:' $R/throttle-$mode$tag.trace) balance_dirty_pages events"
	case $mode in
	legacy)
		model=$(cat $sysfile)
		[ "$n" -gt 0 ] && ok "legacy: the writers wrote their own pages ($n rounds, $model)" ||
			bad "legacy: no $ev event of dd with pages written ($model)"
		# the sleeps between rounds: 2.6.32's under bdi (1 jiffy,
		# doubling to 100 ms), 2.6.30's HZ/10 under the others
		pauses=$(grep " $ev:" $R/throttle-$mode$tag.trace | sed -n 's/.* pause=\([0-9]*\) .*/\1/p' |
			sort -nu | tr '\n' ' ')
		echo "WBSIM: info legacy $model: pauses of $pauses ms"
		case $model in
		bdi)
			echo "$pauses" | awk '{ for (i = 1; i <= NF; i++) { if ($i > 100) big = 1
				if ($i > 0 && $i < 100) small = 1 } } END { exit !(small && !big) }' &&
				ok "legacy bdi: 2.6.32's pauses, from 1 jiffy up to 100 ms ($pauses ms)" ||
				bad "legacy bdi: pauses of $pauses ms, want 2.6.32's 1 jiffy doubling to 100" ;;
		*)
			echo " $pauses" | grep -q ' 100 ' && [ -z "$(echo " $pauses" | tr ' ' '\n' | grep -vxE '0|100|')" ] &&
				ok "legacy $model: 2.6.30's pauses of HZ/10 ($pauses ms)" ||
				bad "legacy $model: pauses of $pauses ms, want 2.6.30's 100 only" ;;
		esac ;;
	ioless)
		n=$(grep -c " $ev:" $R/throttle-$mode$tag.trace)
		[ "$n" = 0 ] && ok "ioless: no $ev event" || bad "ioless: $n $ev events"
		n=$(grep -c ' balance_dirty_pages:' $R/throttle-$mode$tag.trace)
		[ "$n" -gt 0 ] && ok "ioless: $n balance_dirty_pages pauses (the load was throttled)" ||
			bad "ioless: the load never reached balance_dirty_pages" ;;
	esac
}
throttle_verify() {
	local d n
	for d in $throttle_devs; do
		umount /mnt/$d && mount -t ext4 /dev/$d /mnt/$d || { bad "throttle: remount $d"; continue; }
	done
	n=$(cat $R/throttle-sums.* | wc -l)
	cat $R/throttle-sums.* | md5sum -c >/dev/null 2>&1 &&
		ok "throttle: $n files verified after remount" || bad "throttle: a checksum differs after remount"
	for d in $throttle_devs; do
		umount /mnt/$d
	done
}
if [ -n "${wbthrottle:-}" ]; then
	if [ -f /proc/sys/vm/dirty_throttle ]; then
		[ "$(cat /proc/sys/vm/dirty_throttle)" = "$wbthrottle" ] && ok "boot dirty_throttle $wbthrottle" ||
			bad "boot dirty_throttle $(cat /proc/sys/vm/dirty_throttle), want $wbthrottle"
		if throttle_mount; then
			throttle_test legacy
			# the other loop: 2.6.30's under pdflush
			if [ -n "${wbthrottle2:-}" ]; then
				m0=$(cat $sysfile)
				set_model "$wbthrottle2"
				throttle_test legacy "-$wbthrottle2"
				set_model "$m0"
			fi
			throttle_test ioless
			throttle_verify
		fi
		echo "$wbthrottle" >/proc/sys/vm/dirty_throttle
	else
		bad "wbthrottle=$wbthrottle: no /proc/sys/vm/dirty_throttle"
	fi
fi

# --- sync_supers and dirty_writeback_centisecs 0 -------------------------
# The thread sleeps until its timer fires: its voluntary context switches
# count the wakeups. With the interval 0 there must be none in 6 s (after
# the wakeup armed with the old interval); after writing 1 s, some (not
# one a second: a timer that fires while the thread runs wakes nothing,
# and under TCG with writers running the guest saw 2 in 6 s).
supers_ctxt() {
	local p
	for p in /proc/[0-9]*; do
		[ "$(cat $p/comm 2>/dev/null)" = sync_supers ] &&
			awk '/^voluntary_ctxt_switches/ { print $2 }' $p/status
	done
}
supers_test() {
	local c1 c2 c3 iv
	iv=$(cat /proc/sys/vm/dirty_writeback_centisecs)
	[ -n "$(supers_ctxt)" ] || { bad "supers: no sync_supers thread"; return; }
	echo 0 >/proc/sys/vm/dirty_writeback_centisecs
	# the wakeup armed with the old interval still comes
	sleep $((iv / 100 + 2))
	c1=$(supers_ctxt); sleep 6; c2=$(supers_ctxt)
	[ "$c1" = "$c2" ] && ok "supers: interval 0, no sync_supers wakeup in 6 s" ||
		bad "supers: interval 0, sync_supers woke $((c2 - c1)) times in 6 s"
	echo 100 >/proc/sys/vm/dirty_writeback_centisecs
	sleep 6; c3=$(supers_ctxt)
	[ $((c3 - c2)) -ge 1 ] && ok "supers: interval 1 s, $((c3 - c2)) wakeups in 6 s" ||
		bad "supers: interval 1 s, $((c3 - c2)) wakeups in 6 s"
	echo "$iv" >/proc/sys/vm/dirty_writeback_centisecs
}
# Only dirty superblocks: ext4's ->sync_fs() has a tracepoint
# (ext4:ext4_sync_fs). With the interval at 1 s and nothing written, no
# pass may sync partition 2 in 6 s (v1 called ->sync_fs() of every
# writable superblock on every pass, and ext4_sync_fs() fires the event
# on entry); after a file is written there, a pass within 6 s must (6 s,
# as the interval-1 s check above saw 3 wakeups in 6 s under TCG).
supers_dirty_test() {
	local T=/sys/kernel/tracing iv dev idle busy
	iv=$(cat /proc/sys/vm/dirty_writeback_centisecs)
	dev=$(tr : , </sys/block/vda/vda2/dev)
	echo 100 >/proc/sys/vm/dirty_writeback_centisecs
	sync
	# a pass clears what was dirtied before
	sleep 2
	echo 0 >$T/tracing_on
	echo >$T/trace
	echo 1 >$T/events/ext4/ext4_sync_fs/enable
	echo 1 >$T/tracing_on
	sleep 6
	idle=$(grep -c "ext4_sync_fs: dev $dev " $T/trace)
	echo >$T/trace
	head -c 1048576 /dev/urandom | tee /mnt/p2/supers-dirty | md5sum |
		sed "s|-\$|/mnt/p2/supers-dirty|" >$R/sums.supers-dirty
	extra_files=$((extra_files + 1))
	sleep 6
	busy=$(grep -c "ext4_sync_fs: dev $dev " $T/trace)
	echo 0 >$T/tracing_on
	echo 0 >$T/events/ext4/ext4_sync_fs/enable
	echo "$iv" >/proc/sys/vm/dirty_writeback_centisecs
	echo "WBSIM: info supers: vda2 synced $idle times in 6 s idle, $busy times in 6 s after a write"
	[ "$idle" = 0 ] && ok "supers: an idle filesystem is not synced" ||
		bad "supers: idle vda2 synced $idle times in 6 s"
	[ "$busy" -gt 0 ] && ok "supers: a written filesystem is synced" ||
		bad "supers: vda2 not synced in 6 s after a write"
}
if [ "${wbsupers:-0}" = 1 ]; then
	supers_test
	supers_dirty_test
fi

# --- the pdflush pool under many disks ----------------------------------
# N loop devices (each its own bdi) backed by files on partition 1, an
# ext4 on each, and an ext4 on each slow disk (vdc, vdd, ...: writes
# throttled by QEMU, boot.sh WBSIM_QEMU_SLOW_DISKS), all written at once
# by dd. The slow disks keep two pool threads in long passes while the
# other wbs wait, and a loop device's writeback waits for its backing file's,
# which is vda's wb: a pool that grows only after a pass ends can leave
# vda waiting behind the loop devices' passes (the review's starvation
# and loop deadlock). The pool must grow while every thread is busy
# (event writeback_flusher_start, "grow-kick" or "grow-pass"), stay at
# most 8 threads, and every write and the sync must finish, every
# checksum verify.
# slow_disks WHAT: ext4 (no journal) on every slow disk, mounted on
# /mnt/vdX, names in $slowdevs. A short queue: submission blocks as on a
# disk of the era, so one pass over it takes seconds (with 6.1's deep
# queues the whole file is in flight at once and the pass ends at once).
slow_disks() {
	local d
	slowdevs=""
	for d in /dev/vd[c-z]; do
		[ -b "$d" ] || continue
		mkfs.ext4 -q -F -O ^has_journal -E lazy_itable_init=0 "$d" >/dev/null ||
			{ bad "$1: mkfs $d"; return 1; }
		mkdir -p /mnt/${d#/dev/}
		mount -t ext4 "$d" /mnt/${d#/dev/} || { bad "$1: mount $d"; return 1; }
		slowdevs="$slowdevs ${d#/dev/}"
		echo 4 >/sys/block/${d#/dev/}/queue/nr_requests
		echo 64 >/sys/block/${d#/dev/}/queue/max_sectors_kb
	done
}
pool_test() {
	local n=$1 T=/sys/kernel/tracing i pids="" sum maxp=0 p t grown
	[ "$(cat $sysfile)" = pdflush ] || { bad "pool: model $(cat $sysfile), not pdflush"; return; }
	echo 0 >$T/tracing_on
	echo >$T/trace
	echo 1 >$T/events/writeback/writeback_flusher_start/enable
	echo 1 >$T/tracing_on
	head -c $((32 << 20)) /dev/urandom >/tmp/pool.src
	sum=$(md5sum </tmp/pool.src | cut -d' ' -f1)
	i=0
	while [ $i -lt "$n" ]; do
		dd if=/dev/zero of=/mnt/p1/loop$i.img bs=1048576 count=56 2>/dev/null
		losetup /dev/loop$i /mnt/p1/loop$i.img || { bad "pool: losetup loop$i"; return; }
		mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 /dev/loop$i >/dev/null ||
			{ bad "pool: mkfs loop$i"; return; }
		mkdir -p /mnt/l$i
		mount -t ext4 /dev/loop$i /mnt/l$i || { bad "pool: mount loop$i"; return; }
		i=$((i + 1))
	done
	slow_disks pool || return
	sync
	# low dirty limits: background writeback runs the whole time, the
	# pool is busy for seconds (with 20% of 512 MiB all of it fits in
	# the page cache and only the final sync writes)
	echo $((2 << 20)) >/proc/sys/vm/dirty_background_bytes
	echo $((8 << 20)) >/proc/sys/vm/dirty_bytes
	i=0
	# the slow disks get the file once (32 MiB at 1 MB/s, far slower
	# than the guest dirties even on a loaded host, so their passes last
	# seconds and cannot end before the kick side's 1 s: at 4 MB/s a
	# slowed guest let them end first and the pool grew from the pass
	# side only, docs/kernel.md); the loop devices get theirs in 8 MiB
	# pieces a second apart, so that their wbs want writeback while the
	# slow disks' passes run
	for d in $slowdevs; do
		dd if=/tmp/pool.src of=/mnt/$d/f bs=1048576 2>/dev/null &
		pids="$pids $!"
	done
	while [ $i -lt "$n" ]; do
		(for k in 0 8 16 24; do
			dd if=/tmp/pool.src of=/mnt/l$i/f bs=1048576 count=8 skip=$k seek=$k conv=notrunc 2>/dev/null
			sleep 1
		done) &
		pids="$pids $!"
		i=$((i + 1))
	done
	dd if=/tmp/pool.src of=/mnt/p2/pool-f bs=1048576 2>/dev/null &
	pids="$pids $!"
	echo "$sum  /mnt/p2/pool-f" >$R/sums.pool
	extra_files=$((extra_files + 1))
	t=0
	while [ $t -lt 120 ]; do
		p=$(count_comm pdflush)
		[ "$p" -gt $maxp ] && maxp=$p
		for i in /proc/[0-9]*; do
			[ "$(cat $i/comm 2>/dev/null)" = pdflush ] && printf '%s ' "$(cut -d' ' -f3 $i/stat)"
		done >>$R/pool.states
		echo "$(awk '/^(Dirty|Writeback):/ { printf "%s ", $2 }' /proc/meminfo)" >>$R/pool.states
		running=0
		for i in $pids; do kill -0 $i 2>/dev/null && running=1; done
		[ $running = 0 ] && break
		sleep 1; t=$((t + 1))
	done
	[ $running = 0 ] && ok "pool: $n loop devices,$slowdevs and vda2 written in ${t}s" ||
		bad "pool: writers still running after ${t}s"
	sync & p=$!
	t=0
	while kill -0 $p 2>/dev/null && [ $t -lt 120 ]; do
		sleep 1; t=$((t + 1))
		i=$(count_comm pdflush)
		[ "$i" -gt $maxp ] && maxp=$i
	done
	kill -0 $p 2>/dev/null && bad "pool: sync still running after 120 s" || ok "pool: sync done"
	echo 10 >/proc/sys/vm/dirty_background_ratio
	echo 20 >/proc/sys/vm/dirty_ratio
	echo 0 >$T/tracing_on
	echo 0 >$T/events/writeback/writeback_flusher_start/enable
	grep 'writeback_flusher_start:' $T/trace >$R/pool.trace
	grown=$(grep -c 'model=pdflush grow-kick' $R/pool.trace)
	p=$(grep -c 'model=pdflush grow-pass' $R/pool.trace)
	echo "WBSIM: info pool: at most $maxp pdflush threads seen;" \
		"$grown grow-kick, $p grow-pass starts"
	# both sides apply one rule (no idle thread for a second) and both
	# may act first at last_empty_jifs + HZ + 1: the kick side's work
	# when its timer's kworker runs, the pass side when a pass ends;
	# which wins is a race that host load decides (a CI of fc05669:
	# "0 grow-kick, 1 grow-pass"). The kick side's own decision, with
	# both threads in passes that do not end, is kernel_boot_rescue's
	# (its failed start is a writeback_flusher_rescue event).
	[ $((grown + p)) -gt 0 ] &&
		ok "pool: grew while every thread was busy ($grown from the kick side, $p after a pass)" ||
		bad "pool: did not grow (no grow-kick or grow-pass start)"
	[ $maxp -le 8 ] || bad "pool: $maxp pdflush threads, more than 8"
	i=0
	while [ $i -lt "$n" ]; do
		echo "$sum  /mnt/l$i/f" | md5sum -c >/dev/null 2>&1 ||
			bad "pool: loop$i: checksum before unmount"
		umount /mnt/l$i || bad "pool: umount loop$i"
		mount -t ext4 /dev/loop$i /mnt/l$i && echo "$sum  /mnt/l$i/f" | md5sum -c >/dev/null 2>&1 &&
			ok "pool: loop$i: checksum after remount" || bad "pool: loop$i: checksum after remount"
		umount /mnt/l$i
		losetup -d /dev/loop$i
		rm -f /mnt/p1/loop$i.img
		i=$((i + 1))
	done
	for d in $slowdevs; do
		echo "$sum  /mnt/$d/f" | md5sum -c >/dev/null 2>&1 && umount /mnt/$d &&
			mount -t ext4 /dev/$d /mnt/$d && echo "$sum  /mnt/$d/f" | md5sum -c >/dev/null 2>&1 &&
			ok "pool: $d: checksum after remount" || bad "pool: $d: checksum after remount"
		umount /mnt/$d
	done
	rm -f /tmp/pool.src
}
if [ -n "${wbpool:-}" ]; then
	pool_test "$wbpool"
fi

# --- forward progress when no thread can be created -------------------
# 6.1's bdi_wq is WQ_MEM_RECLAIM: when no kworker can be created its
# rescuer runs writeback. The thread models create their threads with
# kthread_create(), which fails under memory pressure; the wb's pass then
# goes to its bdi_wq work item (wb_flusher_rescue()). failslab makes the
# creation fail for certain: every slab allocation of a task with
# make-it-fail set fails, GFP_KERNEL included.
failslab_on() { # pid: every slab allocation of that task fails
	local f=/sys/kernel/debug/failslab
	echo N >$f/ignore-gfp-wait
	echo 0 >$f/verbose
	echo Y >$f/task-filter
	echo 100 >$f/probability
	echo 1 >$f/interval
	echo -1 >$f/times
	echo 1 >/proc/$1/make-it-fail
}
failslab_off() { # pid
	local f=/sys/kernel/debug/failslab
	echo 0 >/proc/$1/make-it-fail
	echo 0 >$f/probability
	echo N >$f/task-filter
	echo Y >$f/ignore-gfp-wait
}
pid_of() { # comm: the first task with that name
	local p
	for p in /proc/[0-9]*; do
		[ "$(cat $p/comm 2>/dev/null)" = "$1" ] && { echo "${p#/proc/}"; return; }
	done
}
rescue_trace() { # on|off
	local T=/sys/kernel/tracing e v=0
	[ "$1" = on ] && v=1
	echo 0 >$T/tracing_on
	[ $v = 1 ] && echo >$T/trace
	for e in writeback_flusher_rescue writeback_flusher_start writeback_sb_written; do
		echo $v >$T/events/writeback/$e/enable
	done
	echo 1 >$T/tracing_on
}
rescue_wait() { # pid seconds: 0 if pid ended in time
	local t=0
	while kill -0 "$1" 2>/dev/null && [ $t -lt "$2" ]; do
		sleep 1; t=$((t + 1))
	done
	! kill -0 "$1" 2>/dev/null
}
# bdi: bdi-default's forks fail (its own allocations; kworkers and the
# rest of the system unaffected) while a ramfs balloon leaves the page
# cache ~64 MiB and 16 MiB are written and synced. Before the rescue the
# forker wrote 1024 pages itself and never ran the queued works, so the
# sync's work waited for a thread that could not be created: for ever.
rescue_bdi() {
	local T=/sys/kernel/tracing forker avail p t n
	sync
	set_model wq
	set_model bdi
	forker=$(pid_of bdi-default)
	[ -n "$forker" ] || { bad "rescue bdi: no bdi-default"; return; }
	# from now on no fork; a flush thread forked before (writeback the
	# kernel starts itself) exits once idle for dirty_writeback_interval
	failslab_on "$forker"
	echo 1 >/proc/sys/vm/writeback_flusher_idle_secs
	t=0
	while threads | grep -q '^flush-' && [ $t -lt 30 ]; do sleep 1; t=$((t + 1)); done
	threads | grep -q '^flush-' && { bad "rescue bdi: flush threads still there 30 s after the switch"; return; }
	mkdir -p /balloon && mount -t ramfs none /balloon
	avail=$(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo)
	[ "$avail" -gt 128 ] && dd if=/dev/zero of=/balloon/b bs=1048576 count=$((avail - 64)) 2>/dev/null
	echo "WBSIM: info rescue bdi: ${avail} MiB available, balloon $(du -m /balloon/b 2>/dev/null | cut -f1) MiB," \
		"now $(awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo) MiB"
	rescue_trace on
	head -c $((16 << 20)) /dev/urandom | tee /mnt/p1/rescue-bdi | md5sum |
		sed "s|-\$|/mnt/p1/rescue-bdi|" >$R/sums.rescue-bdi
	extra_files=$((extra_files + 1))
	sync & p=$!
	if rescue_wait $p 60; then
		ok "rescue bdi: sync done while bdi-default could not fork"
	else
		bad "rescue bdi: sync still running after 60 s with bdi-default's forks failing"
	fi
	threads | grep '^flush-' >$R/rescue-bdi.threads
	failslab_off "$forker"
	echo 300 >/proc/sys/vm/writeback_flusher_idle_secs
	rescue_trace off
	cp $T/trace $R/rescue-bdi.trace
	n=$(grep -c 'writeback_flusher_rescue: .* model=bdi err=-12' $R/rescue-bdi.trace)
	[ "$n" -gt 0 ] && ok "rescue bdi: $n passes given to bdi_wq (forks failed with -ENOMEM)" ||
		bad "rescue bdi: no writeback_flusher_rescue event"
	[ -s $R/rescue-bdi.threads ] && bad "rescue bdi: a flush thread ran: $(cat $R/rescue-bdi.threads)"
	echo "WBSIM: info rescue bdi: chunks written by" \
		"$(grep 'writeback_sb_written:' $R/rescue-bdi.trace | sed 's/^ *\([^ ]*\)-[0-9]* .*/\1/' | sort | uniq -c | tr -s ' \n' ' ')"
	rm -f /balloon/b; umount /balloon
	# the forker forks again once it can
	head -c $((4 << 20)) /dev/urandom | tee /mnt/p1/rescue-bdi2 | md5sum |
		sed "s|-\$|/mnt/p1/rescue-bdi2|" >$R/sums.rescue-bdi2
	extra_files=$((extra_files + 1))
	t=0
	while ! threads | grep -q "^flush-$vda_dev\$" && [ $t -lt 30 ]; do sleep 1; t=$((t + 1)); done
	threads | grep -q "^flush-$vda_dev\$" && ok "rescue bdi: flush-$vda_dev forked once forks work again" ||
		bad "rescue bdi: no flush-$vda_dev within 30 s after the failures stopped"
}
# pdflush: kthreadd cannot fork (no kthread anywhere can be created)
# from the switch on, so the pool stays at its 2 threads; both are kept
# busy for tens of seconds on the slow disks (32 MiB each at 1 MB/s, a
# 4-request queue), then partition 2 is written and synced (syncfs):
# its wb waits for a thread that is not coming. Rescued, its syncfs
# ends while the slow disks are still being written; without, it waits
# for a slow pass.
rescue_pdflush() {
	local T=/sys/kernel/tracing d pids="" p running n
	sync
	slow_disks "rescue pdflush" || return
	[ -n "$slowdevs" ] || { bad "rescue pdflush: no slow disks (WBSIM_QEMU_SLOW_DISKS)"; return; }
	sync
	head -c $((32 << 20)) /dev/urandom >/tmp/rescue.src
	set_model pdflush
	rescue_trace on
	failslab_on 2
	echo $((2 << 20)) >/proc/sys/vm/dirty_background_bytes
	echo $((8 << 20)) >/proc/sys/vm/dirty_bytes
	for d in $slowdevs; do
		dd if=/tmp/rescue.src of=/mnt/$d/f bs=1048576 2>/dev/null &
		pids="$pids $!"
		echo "$(md5sum </tmp/rescue.src | cut -d' ' -f1)  /mnt/$d/f" >$R/slow.$d.sum
	done
	# both threads in their passes over the slow disks
	sleep 5
	echo "WBSIM: info rescue pdflush: $(count_comm pdflush) pdflush threads"
	head -c $((4 << 20)) /dev/urandom | tee /mnt/p2/rescue-pdflush | md5sum |
		sed "s|-\$|/mnt/p2/rescue-pdflush|" >$R/sums.rescue-pdflush
	extra_files=$((extra_files + 1))
	sync -f /mnt/p2/rescue-pdflush & p=$!
	rescue_wait $p 60
	running=0
	for d in $pids; do kill -0 $d 2>/dev/null && running=$((running + 1)); done
	failslab_off 2
	rescue_trace off
	cp $T/trace $R/rescue-pdflush.trace
	if kill -0 $p 2>/dev/null; then
		bad "rescue pdflush: syncfs of partition 2 still running after 60 s"
	elif [ $running -gt 0 ]; then
		ok "rescue pdflush: syncfs of partition 2 done while $running slow disk writers still ran"
	else
		bad "rescue pdflush: the slow disks were written before partition 2's syncfs ended"
	fi
	n=$(grep -c 'writeback_flusher_rescue: .* model=pdflush err=-12' $R/rescue-pdflush.trace)
	[ "$n" -gt 0 ] && ok "rescue pdflush: $n wbs given to bdi_wq (the pool could not grow: -ENOMEM)" ||
		bad "rescue pdflush: no writeback_flusher_rescue event"
	grep -q 'writeback_flusher_start: .*model=pdflush' $R/rescue-pdflush.trace &&
		bad "rescue pdflush: a pdflush thread started while kthreadd could not fork"
	echo "WBSIM: info rescue pdflush: chunks written by" \
		"$(grep 'writeback_sb_written:' $R/rescue-pdflush.trace | sed 's/^ *\([^ ]*\)-[0-9]* .*/\1/' | sort | uniq -c | tr -s ' \n' ' ')"
	for d in $pids; do wait $d; done
	sync
	echo 10 >/proc/sys/vm/dirty_background_ratio
	echo 20 >/proc/sys/vm/dirty_ratio
	for d in $slowdevs; do
		md5sum -c $R/slow.$d.sum >/dev/null 2>&1 && umount /mnt/$d &&
			mount -t ext4 /dev/$d /mnt/$d && md5sum -c $R/slow.$d.sum >/dev/null 2>&1 &&
			ok "rescue pdflush: $d: checksum after remount" || bad "rescue pdflush: $d: checksum after remount"
		umount /mnt/$d
	done
	rm -f /tmp/rescue.src
}
if [ -n "${wbrescue:-}" ]; then
	if [ -d /sys/kernel/debug/failslab ]; then
		rescue_bdi
		rescue_pdflush
	else
		bad "rescue: no failslab (CONFIG_FAILSLAB, CONFIG_FAULT_INJECTION_DEBUG_FS)"
	fi
fi

# --- the freezer: every model as 6.1's wq -----------------------------
# 6.1's bdi_wq is not freezable (commit a2b90f11217790ec: a disk removed
# during suspend is unregistered during resume, before the thaw, and must
# not wait for frozen writeback), so the thread models are not either.
# For each model of wbfreeze: switch to it, dirty 16 MiB on partition 1
# with the background limit far above it, pages expiring 1 s after they
# were dirtied and periodic writeback every second, then freeze the
# system for 10 s with the freezer test level (pm_test=freezer: every
# freezable task and kernel thread frozen, pm_test_delay s of mdelay(),
# thaw; sync_on_suspend 0, or the sync before the freeze would write the
# pages). The freeze must succeed (no thread refusing to freeze) and,
# as under wq, the expired pages must be written while frozen: at least
# one writeback_sb_written event of partition 1 between the end of
# freeze_processes and the start of thaw_processes. The guest needs 2
# vCPUs: the suspending task busy-waits on one (PREEMPT_NONE), and a
# flusher woken there waits behind it - for the whole 10 s in one run of
# bdi, whose thread had last run on that CPU. So the suspend runs on
# CPU 1 and the flushers (flush-*, pdflush, the writeback workqueue's
# workers through its sysfs cpumask) are kept to CPU 0 meanwhile.
# With 5 s and pages expiring after 3 s, pdflush once had only one pass
# in the window, just before the expiry; 10 s and 1 s leave several.
flusher_cpus() { # CPU mask (hex)
	local p
	for p in /proc/[0-9]*; do
		case "$(cat $p/comm 2>/dev/null)" in
		flush-*|pdflush|bdi-default|sync_supers) taskset -p "$1" "${p#/proc/}" >/dev/null 2>&1 ;;
		esac
	done
	echo "$1" >/sys/devices/virtual/workqueue/writeback/cpumask
}
freeze_test() { # model
	local m=$1 T=/sys/kernel/tracing p1 rc inwin sum
	p1=$(cat /sys/block/vda/vda1/dev)
	set_model "$m"
	check_threads "$m"
	head -c $((16 << 20)) /dev/urandom >/tmp/freeze.src
	sum=$(md5sum </tmp/freeze.src | cut -d' ' -f1)
	sync
	echo 0 >/sys/power/sync_on_suspend
	echo freezer >/sys/power/pm_test
	echo 10 >/sys/module/suspend/parameters/pm_test_delay
	echo $((300 << 20)) >/proc/sys/vm/dirty_background_bytes
	echo $((400 << 20)) >/proc/sys/vm/dirty_bytes
	echo 100 >/proc/sys/vm/dirty_expire_centisecs
	echo 100 >/proc/sys/vm/dirty_writeback_centisecs
	echo 0 >$T/tracing_on
	echo >$T/trace
	echo 1 >$T/events/writeback/writeback_sb_written/enable
	echo 1 >$T/events/power/suspend_resume/enable
	echo 1 >$T/tracing_on
	cp /tmp/freeze.src /mnt/p1/freeze-$m
	echo "$sum  /mnt/p1/freeze-$m" >$R/sums.freeze-$m
	extra_files=$((extra_files + 1))
	flusher_cpus 1
	taskset 2 sh -c 'echo freeze >/sys/power/state'
	rc=$?
	flusher_cpus 3
	echo 0 >$T/tracing_on
	echo 0 >$T/events/writeback/writeback_sb_written/enable
	echo 0 >$T/events/power/suspend_resume/enable
	grep -E ' (writeback_sb_written|suspend_resume):' $T/trace >$R/freeze-$m.trace
	echo none >/sys/power/pm_test
	echo 1 >/sys/power/sync_on_suspend
	echo 3000 >/proc/sys/vm/dirty_expire_centisecs
	dirty_defaults
	rm -f /tmp/freeze.src
	[ $rc = 0 ] || { bad "freeze $m: echo freeze >/sys/power/state failed (a task refused to freeze?)"; return; }
	# the window: from "freeze_processes[0] end" to "thaw_processes[0] begin"
	grep -q 'suspend_resume: freeze_processes\[0\] end' $R/freeze-$m.trace &&
		grep -q 'suspend_resume: thaw_processes\[0\] begin' $R/freeze-$m.trace ||
		{ bad "freeze $m: no freeze/thaw events in the trace"; return; }
	inwin=$(awk -v sb="sb=$p1 " '/suspend_resume: freeze_processes\[0\] end/ { w = 1; next }
		/suspend_resume: thaw_processes\[0\] begin/ { w = 2; next }
		w == 1 && / writeback_sb_written:/ && index($0, sb) && !/ pages=0 / { n++ } END { print n + 0 }' $R/freeze-$m.trace)
	echo "WBSIM: info freeze $m: $inwin chunks of vda1 written while frozen"
	[ "$inwin" -gt 0 ] && ok "freeze $m: froze and thawed, expired pages written while frozen (as 6.1's wq)" ||
		bad "freeze $m: nothing of vda1 written while frozen (a frozen flusher? 6.1's bdi_wq is not freezable)"
}
if [ -n "${wbfreeze:-}" ]; then
	if [ -f /sys/power/pm_test ] && grep -qw freeze /sys/power/state; then
		for m in $(echo "$wbfreeze" | tr , ' '); do
			freeze_test "$m"
		done
	else
		bad "wbfreeze: no /sys/power/pm_test or no freeze in /sys/power/state (CONFIG_SUSPEND, CONFIG_PM_DEBUG)"
	fi
fi

# --- cgroup writeback: one wb per (memcg, disk) under every model -------
# With CONFIG_CGROUP_WRITEBACK and the memory and io controllers on
# cgroup2, the pages a task of cgroup wbA dirties belong to wbA's own
# bdi_writeback of the disk (inode_attach_wb()), beside the root's. Two
# writers, one in wbA on partition 1 and one in wbB on partition 2, dirty
# 8 MiB each with writeback held off; then periodic writeback is let go
# (expire 1 s) and the writeback_sb_written events must show both
# cgroups' wbs written (cgroup_ino = the cgroup directory's inode), by
# the model's threads: bdi: flush-MAJ:MIN threads, a different one for
# each cgroup's wb (2.6.32's thread per bdi, here per wb); pdflush: pool
# threads; wq: kworkers. Checksums are verified after the remount.
cgroup_setup() {
	local C=/sys/fs/cgroup
	mkdir -p $C
	mount -t cgroup2 none $C || { bad "cgroup: mount cgroup2"; return 1; }
	echo "+memory +io" >$C/cgroup.subtree_control ||
		{ bad "cgroup: no memory and io controllers (CONFIG_MEMCG, CONFIG_BLK_CGROUP)"; return 1; }
	mkdir -p $C/wbA $C/wbB
}
cgroup_test() { # model
	local m=$1 T=/sys/kernel/tracing C=/sys/fs/cgroup ia ib g part want n pa pb t=0
	set_model "$m"
	check_threads "$m"
	ia=$(stat -c %i $C/wbA)
	ib=$(stat -c %i $C/wbB)
	head -c $((8 << 20)) /dev/urandom >/tmp/cg.src
	sync
	dirty_hold
	echo 100 >/proc/sys/vm/dirty_expire_centisecs
	echo 0 >$T/tracing_on
	echo 4096 >$T/buffer_size_kb
	echo >$T/trace
	echo 1 >$T/events/writeback/writeback_sb_written/enable
	echo 1 >$T/tracing_on
	for g in A:p1 B:p2; do
		part=${g#*:} g=${g%:*}
		sh -c "echo \$\$ >$C/wb$g/cgroup.procs && exec cp /tmp/cg.src /mnt/$part/cgroup-$m" ||
			bad "cgroup $m: writer in wb$g failed"
		echo "$(md5sum </tmp/cg.src | cut -d' ' -f1)  /mnt/$part/cgroup-$m" >$R/sums.cgroup-$m-$g
		extra_files=$((extra_files + 1))
	done
	# let periodic writeback (every wb's delayed kick) write them
	echo 100 >/proc/sys/vm/dirty_writeback_centisecs
	while [ "$(awk '/^Dirty:/ { print $2 }' /proc/meminfo)" -gt 1024 ] && [ $t -lt 60 ]; do
		sleep 1; t=$((t + 1))
	done
	echo 0 >$T/tracing_on
	echo 0 >$T/events/writeback/writeback_sb_written/enable
	grep ' writeback_sb_written:' $T/trace | grep -v ' pages=0 ' >$R/cgroup-$m.trace
	echo 3000 >/proc/sys/vm/dirty_expire_centisecs
	dirty_defaults
	rm -f /tmp/cg.src
	threads | sort >"$R/threads.cgroup-$m"
	# the writers' tasks: comm-pid of the events of each cgroup's wb
	pa=$(awk -v c="cgroup_ino=$ia" '$NF == c { print $1 }' $R/cgroup-$m.trace | sort -u)
	pb=$(awk -v c="cgroup_ino=$ib" '$NF == c { print $1 }' $R/cgroup-$m.trace | sort -u)
	echo "WBSIM: info cgroup $m: wbA (ino $ia) written by" $pa "; wbB (ino $ib) by" $pb "; Dirty under 1 MiB after $t s"
	[ -n "$pa" ] && [ -n "$pb" ] || { bad "cgroup $m: no writeback of wbA's or wbB's wb traced"; return; }
	case $m in
	bdi) want="^flush-$vda_dev-[0-9]*\$" ;;
	pdflush) want='^pdflush-[0-9]*$' ;;
	wq) want='^kworker/' ;;
	esac
	n=$(echo $pa $pb | tr ' ' '\n' | grep -cv "$want")
	[ "$n" = 0 ] || { bad "cgroup $m: written by other threads than the model's:" $pa $pb; return; }
	if [ "$m" = bdi ]; then
		# one thread per wb: no flush thread wrote both cgroups' wbs
		n=$(echo "$pa" "$pb" | tr ' ' '\n' | sort | uniq -d | grep -c .)
		[ "$n" = 0 ] || { bad "cgroup bdi: one flush thread wrote both cgroups' wbs"; return; }
		ok "cgroup bdi: each cgroup's wb written by its own flush-$vda_dev thread"
	else
		ok "cgroup $m: both cgroups' wbs written by the model's threads"
	fi
}
if [ -n "${wbcgroup:-}" ]; then
	if cgroup_setup; then
		for m in $(echo "$wbcgroup" | tr , ' '); do
			cgroup_test "$m"
		done
	fi
fi

# --- a model switch that fails: the old model keeps running ------------
# /proc/thread-self/fail-nth makes the Nth slab allocation of the writing
# task fail (failslab, GFP_KERNEL included). For N = 1, 2, ... the switch
# fails at a later allocation each time: the sysctl buffer first, then
# the kthread creation of the new model's start(). Each failed switch must
# leave the old model current, its threads running, and writeback and
# sync working (a file written and synced within 60 s, checksummed at the
# end); the kernel must have said it kept the old model at least once per
# target, i.e. a start() failed and was rolled back.
rollback_sync() { # what
	# numbered: a model switched to twice (wbrollback=...,bdi,...,bdi)
	# must not overwrite its first file, which the count would miss
	local t=0 pid f=rollback-$extra_files-$1
	head -c 1048576 /dev/urandom | tee "/mnt/p1/$f" | md5sum |
		sed "s|-\$|/mnt/p1/$f|" >"$R/sums.$f"
	extra_files=$((extra_files + 1))
	sync & pid=$!
	while kill -0 $pid 2>/dev/null && [ $t -lt 60 ]; do
		sleep 1; t=$((t + 1))
	done
	if kill -0 $pid 2>/dev/null; then
		bad "rollback $1: sync still running after 60 s"
		return 1
	fi
	return 0
}
rollback_test() {
	local f=/sys/kernel/debug/failslab to from nth rc kept done_ok
	[ -d $f ] && [ -e /proc/thread-self/fail-nth ] ||
		{ bad "rollback: no failslab or fail-nth (CONFIG_FAILSLAB, CONFIG_FAULT_INJECTION_DEBUG_FS)"; return; }
	echo N >$f/ignore-gfp-wait
	echo 0 >$f/verbose
	for to in $(echo "$wbrollback" | tr , ' '); do
		from=$(cat $sysfile)
		nth=1 kept=0 done_ok=0
		while [ $nth -le 40 ]; do
			dmesg -c >>$R/dmesg-rollback.txt
			# fds opened first: only the write's allocations count
			(
				exec 3>/proc/thread-self/fail-nth 4>$sysfile
				echo $nth >&3
				echo "$to" >&4
			) 2>/dev/null
			rc=$?
			if [ $rc = 0 ]; then
				[ "$(cat $sysfile)" = "$to" ] && done_ok=1
				break
			fi
			if [ "$(cat $sysfile)" != "$from" ]; then
				bad "rollback $from->$to: failed switch (N=$nth) left $(cat $sysfile)"
				break
			fi
			if dmesg | grep -q "flusher model $to failed to start.*keeping $from"; then
				kept=$((kept + 1))
				check_threads "$from"
				rollback_sync "$from-$to-$nth" || break
				ok "rollback $from->$to: allocation $nth failed in start(), $from kept, sync done"
			fi
			nth=$((nth + 1))
		done
		dmesg >>$R/dmesg-rollback.txt
		[ $done_ok = 1 ] && ok "rollback: switched $from->$to after $((nth - 1)) failed attempts" ||
			bad "rollback $from->$to: no successful switch (N=$nth)"
		# wq starts no thread: nothing in its switch can fail after publishing
		[ $kept -gt 0 ] || [ "$to" = wq ] || bad "rollback $from->$to: no failure reached start()"
		check_threads "$to"
		rollback_sync "$to" && ok "rollback: $to writes and syncs"
	done
	echo Y >$f/ignore-gfp-wait
}
if [ -n "${wbrollback:-}" ]; then
	rollback_test
fi

# --- device removal during writeback ----------------------------------
# For each model: 8 MiB written to the raw slow disk (page cache of its
# block device, kept open by the shell so that dd's close does not sync
# it), the background limit low so that its flusher writes it back at
# QEMU's 1 MB/s, then the disk's PCI device removed from the guest
# (virtblk_remove(), del_gendisk(): the dirty pages are written, then the
# bdi unregistered and wb_shutdown() run while that flusher may still be
# in a pass or holding the wb). The removal must end, the disk's flusher
# thread must let go (bdi: flush-MAJ:MIN exits), and the remaining disk
# must still write and sync, all without a kernel report on the console
# (lockdep, hung task after 30 s on the debug kernel).
remove_test() {
	local T=/sys/kernel/tracing m d dev pci p t
	for m in $(echo "$wbremove" | tr , ' '); do
		d=""
		for p in /dev/vd[c-z]; do
			[ -b "$p" ] && { d=${p#/dev/}; break; }
		done
		[ -n "$d" ] || { bad "remove $m: no slow disk left (WBSIM_QEMU_SLOW_DISKS)"; return; }
		sync
		set_model "$m"
		dev=$(cat /sys/block/$d/dev)
		pci=$(readlink -f /sys/block/$d/device/..)
		[ -e "$pci/remove" ] || { bad "remove $m: no $pci/remove"; return; }
		echo 4 >/sys/block/$d/queue/nr_requests
		echo 0 >$T/tracing_on
		echo >$T/trace
		echo 1 >$T/events/writeback/writeback_sb_written/enable
		echo 1 >$T/events/writeback/writeback_flusher_exit/enable
		echo 1 >$T/tracing_on
		exec 5<"/dev/$d"
		echo $((1 << 20)) >/proc/sys/vm/dirty_background_bytes
		echo $((64 << 20)) >/proc/sys/vm/dirty_bytes
		dd if=/dev/urandom of="/dev/$d" bs=1048576 count=8 2>/dev/null ||
			bad "remove $m: dd to /dev/$d"
		# the flusher is in its pass over the disk
		sleep 2
		echo 1 >"$pci/remove" & p=$!
		t=0
		while kill -0 $p 2>/dev/null && [ $t -lt 60 ]; do sleep 1; t=$((t + 1)); done
		if kill -0 $p 2>/dev/null; then
			bad "remove $m: removing $d ($dev) still running after 60 s"
		else
			ok "remove $m: $d ($dev) removed during writeback in ${t}s"
		fi
		exec 5<&-
		[ -b "/dev/$d" ] && bad "remove $m: /dev/$d still there"
		t=0
		while threads | grep -q "^flush-$dev\$" && [ $t -lt 30 ]; do sleep 1; t=$((t + 1)); done
		threads | grep -q "^flush-$dev\$" && bad "remove $m: flush-$dev still running 30 s after the removal"
		echo 10 >/proc/sys/vm/dirty_background_ratio
		echo 20 >/proc/sys/vm/dirty_ratio
		echo 0 >$T/tracing_on
		echo 0 >$T/events/writeback/writeback_sb_written/enable
		echo 0 >$T/events/writeback/writeback_flusher_exit/enable
		grep -E "writeback_sb_written: bdi $dev:|writeback_flusher_exit:" $T/trace >$R/remove-$m.trace
		echo "WBSIM: info remove $m: $(grep -c "writeback_sb_written: bdi $dev:" $R/remove-$m.trace) chunks of $dev traced;" \
			"$(grep 'writeback_flusher_exit:' $R/remove-$m.trace | sed 's/.*model=/model=/' | sort | uniq -c | tr -s ' \n' ' ')"
		[ "$m" = bdi ] && ! grep -q "flush-$dev-.*writeback_flusher_exit: .*model=bdi unregistered" $R/remove-$m.trace &&
			bad "remove bdi: flush-$dev did not exit with \"unregistered\""
		rollback_sync "remove-$m" && ok "remove $m: vda still writes and syncs"
		check_threads "$m"
	done
}
if [ -n "${wbremove:-}" ]; then
	remove_test
fi

# --- verify: sync, unmount, mount again, every checksum ----------------
sync
for i in 1 2; do
	umount /mnt/p$i || bad "umount /mnt/p$i"
done
for i in 1 2; do
	mount -t ext4 /dev/vda$i /mnt/p$i || bad "mount /dev/vda$i again"
done
if [ "${wbdisk2:-0}" = 1 ]; then
	umount /mnt/d2 && mount -t ext4 /dev/vdc /mnt/d2 || bad "vdc: unmount and mount again"
	extra_files=$((extra_files + 2 * wbfiles))
fi
nfiles=0
for s in $R/sums.*; do
	nfiles=$((nfiles + $(wc -l <"$s")))
	md5sum -c "$s" >"$s.check" 2>&1 || bad "checksums of $s: $(grep -vc ': OK$' "$s.check") bad"
done
[ $nfiles = $((4 * wbfiles + extra_files)) ] && ok "$nfiles files verified" ||
	bad "$nfiles files checked, want $((4 * wbfiles + extra_files))"
for i in 1 2; do
	umount /mnt/p$i
done
cat /proc/sys/vm/writeback_flusher >$R/model 2>/dev/null
finish
