#!/usr/bin/env bash
# Digest of every simulated output of the shipped scenarios, to show that a
# refactoring commit changes no byte of what wbsim writes:
#
#   tools/outputs-digest.sh [-d SECONDS] OUT_DIR > digest.txt
#
# Runs each sim/scenarios/*.ini for SECONDS simulated seconds (default 60:
# long enough for the dirty limit, every flusher wakeup and a journal
# commit to happen in each scenario), `wbsim options --dump` of each, and
# the default matrix (`make run`'s 12 cells) for the same time, into
# OUT_DIR, which must not exist; prints "sha256  path" of every file,
# sorted. Compare two digests with cmp or diff:
#
#   git stash; make all; tools/outputs-digest.sh /tmp/a > /tmp/a.txt
#   git stash pop; make all; tools/outputs-digest.sh /tmp/b > /tmp/b.txt
#   cmp /tmp/a.txt /tmp/b.txt
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
W=$root/bin/wbsim
dur=60
if [ "${1:-}" = -d ]; then
	dur=${2:?}
	shift 2
fi
[ $# = 1 ] || { echo "usage: $0 [-d SECONDS] OUT_DIR" >&2; exit 2; }
out=$1
[ ! -e "$out" ] || { echo "$0: $out exists; give a new directory" >&2; exit 2; }
mkdir -p "$out"
# run inside OUT_DIR with relative -o, so that no output names where the
# digest was made (plots and reports print their directory)
cd "$out"
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
for s in "$root"/sim/scenarios/*.ini; do
	n=$(basename "$s" .ini)
	$W options -c "$s" --dump >"$n.dump.ini"
	d=$dur
	# 1000 disks: about 8 s of wall time per simulated second on 2 cores;
	# 5 s still reach the first flusher wakeups and the first commit
	[ "$n" != jbod1000 ] || d=5
	$W run "$s" --set sim.duration="$d" -o "$n" >"$n.stdout" 2>/dev/null
done
# the matrix names its scenario in report.md: a relative one, through a
# link (find -type f does not list it)
ln -s "$root/sim" sim
$W matrix sim/scenarios/box2009.ini --set sim.duration="$dur" -j "$jobs" \
	-o matrix >matrix.stdout 2>/dev/null
# every file, but a report.md without the wall time of each cell, which is
# the host's, not the simulation's
find . -type f ! -name report.md -print0 | sort -z | xargs -0 sha256sum
find . -type f -name report.md | sort | while read -r f; do
	echo "$(sed 's/ ([0-9.]* s wall)//' "$f" | sha256sum | cut -d' ' -f1)  $f (less wall times)"
done
