# A run that stays in memory is CPU-bound: with a loadfile that writes,
# reads and deletes one small file per pass (tests/data/inmemory.txt) and
# no fsync, dbench's rate is the bytes of a pass over the CPU time of a
# pass, from the per-op costs, and the CPU is busy all the time; nothing
# reaches the disk (every dirty page is deleted first).
. tests/shlib.sh

costs="--set dbench.cpu_mkdir=20us --set dbench.cpu_ntcreatex=15us
       --set dbench.cpu_close=4us --set dbench.cpu_writex=6us
       --set dbench.cpu_readx=5us --set dbench.cpu_unlink=20us
       --set dbench.cpu_per_kib=400ns"
$BIN/wbsim run sim/scenarios/box2009.ini --set vm.ram=6G --set vm.cpus=1 \
	--set dbench.clients=1 --set sim.duration=10 --set dbench.instances=sda1 \
	--set ext3.journal=none --set dbench.loadfile=tests/data/inmemory.txt \
	$costs -o "$TMP/r" >"$TMP/out" || fail "run failed"
cat "$TMP/out"
# one pass: Mkdir 20 + NTCreateX(dir) 15 + Close 4 + NTCreateX 15
# + 2 x WriteX (6 + 64 x 0.4) + ReadX (5 + 64 x 0.4) + Close 4 + Unlink 20
# = 171.8 us for 3 x 64 KiB counted by dbench
want=$(awk 'BEGIN { printf "%.2f", 3 * 65536 / 171.8 }')
got=$(awk '/^Throughput/ { print $2 }' "$TMP/r/dbench.sda1.log")
echo "dbench: $got MB/sec, predicted from the CPU costs: $want MB/sec"
awk -v a="$got" -v b="$want" 'BEGIN { d = (a - b) / b; exit !(d < 0.01 && d > -0.01) }' ||
	fail "in-memory rate $got MB/s is not the CPU-bound $want MB/s"
busy=$(sed -n 's/.*"cpu_busy": \([0-9.]*\).*/\1/p' "$TMP/r/summary.json")
awk -v b="$busy" 'BEGIN { exit !(b > 0.85) }' || fail "CPU only $busy busy"
grep -q '"dirty_limit_hit": false' "$TMP/r/summary.json" || fail "an in-memory run hit the dirty limit"
grep -q '"sda1": {"written_bytes": 0,' "$TMP/r/summary.json" || fail "deleted data reached the disk"
done_test
