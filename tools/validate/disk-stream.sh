#!/usr/bin/env bash
# The request stream a run sent to its disk, as the disk saw it: the
# dispatched (D) requests of RUN_DIR's blktrace (blkparse), as
# histograms of request size and of seek distance (from the end of the
# previous dispatched request to the start of this one, any direction),
# and where the requests went (partition, and the 128 MiB ext3 block
# group inside it: 32768 blocks of 4 KiB). Works on a real run's
# blktrace directory too (RUN_DIR/blktrace/vda.blktrace.*). With -w,
# only the requests dispatched in the first SECONDS of the block trace
# (blkparse's clock: a guest's blktrace starts just before its dbench
# clients are released, wbsim's with its dbench).
#
#   tools/validate/disk-stream.sh [-d DISK] [-w SECONDS] RUN_DIR
#
# Exit: 0, 2 bad argument or no trace.
set -euo pipefail
disk="" win=""
while [ $# -gt 1 ]; do
	case $1 in
	-d) disk=$2; shift 2 ;;
	-w) win=$2; shift 2
		[[ $win =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "disk-stream: -w $win: not a number of seconds" >&2; exit 2; } ;;
	*) break ;;
	esac
done
[ $# = 1 ] || { echo "usage: $0 [-d DISK] [-w SECONDS] RUN_DIR" >&2; exit 2; }
run=$1
dir=$run
[ -d "$run/blktrace" ] && dir=$run/blktrace
if [ -z "$disk" ]; then
	f=$( (ls "$dir" 2>/dev/null || true) | sed -n 's/\.blktrace\.0$//p;T;q')
	disk=$f
fi
[ -n "$disk" ] && [ -f "$dir/$disk.blktrace.0" ] || { echo "disk-stream: $run: no blktrace" >&2; exit 2; }
command -v blkparse >/dev/null || { echo "disk-stream: needs blkparse" >&2; exit 2; }
geo=$run/geometry
[ -f "$geo" ] || geo=/dev/null
blkparse -q -i "$disk" -D "$dir" -f "%a %d %S %n %C %T.%t\n" 2>/dev/null |
awk -v geo="$geo" -v win="$win" '
BEGIN {
	while ((getline l < geo) > 0) {
		split(l, g, " ")
		if (g[1] ~ /^#/ || g[1] == g[3]) continue
		np++; pn[np] = g[1]; ps[np] = g[4]; pz[np] = g[5]
	}
	nsz = split("8 16 32 64 128 256 512 1024 2048", szb, " ")	# sectors
	nsk = split("0 128 2048 32768 262144 2097152 20971520", skb, " ")	# sectors
	split("0 (contiguous)|<= 64 KiB|<= 1 MiB|<= 16 MiB|<= 128 MiB|<= 1 GiB|<= 10 GiB|> 10 GiB", skl, "|")
}
# the submitter of a request: the task that queued its first bio (its
# start sector), as kjournald/sda1 -> kjournald, flush-8:0 -> flush
$1 == "Q" { w = $5; sub(/[\/-].*/, "", w); who[$3] = w }
win != "" && ($1 == "D" || $1 == "Q") && $6 >= win { next }
# bursts of the writes each thread queued: a gap of over 0.5 s ends one
$1 == "Q" && $2 ~ /W/ {
	th = $5
	if (!(th in bn) || $6 - blast[th] > 0.5) { bn[th]++; if (bn[th] == 1) bfirst[th] = $6; bstart[th] = $6 }
	blast[th] = $6
}
$1 == "D" && $2 ~ /W/ && $4 > 0 {
	w = ($3 in who) ? who[$3] : "?"
	wn[w]++; ws[w] += $4; if ($4 <= 8) wsmall[w]++
}
$1 == "D" && ($2 ~ /W/ || $2 ~ /R/) && $4 > 0 {
	rw = ($2 ~ /W/) ? "W" : "R"; s = $3; n = $4
	nreq[rw]++; sect[rw] += n
	for (i = 1; i <= nsz && n > szb[i]; i++) ;
	szh[rw, i]++; szs[rw, i] += n
	if (have) {
		d = s - last; if (d < 0) d = -d
		for (j = 1; j <= nsk && d > skb[j]; j++) ;
		skh[j]++; dist += d; nd++
	}
	last = s + n; have = 1
	where = "-"
	for (p = 1; p <= np; p++)
		if (s >= ps[p] && s < ps[p] + pz[p]) { where = pn[p] sprintf(" group %d", int((s - ps[p]) / 262144)) }
	at[where] += n; atn[where]++
}
END {
	printf "dispatched: %d writes (%.1f MB, mean %.1f KiB), %d reads (%.1f MB)\n", nreq["W"], sect["W"] * 512 / 1e6, nreq["W"] ? sect["W"] / nreq["W"] / 2 : 0, nreq["R"], sect["R"] * 512 / 1e6
	printf "\nrequest size (writes)   requests      %%    share of bytes\n"
	for (i = 1; i <= nsz + 1; i++) {
		lab = (i <= nsz) ? sprintf("<= %d KiB", szb[i] / 2) : sprintf("> %d KiB", szb[nsz] / 2)
		printf "  %-20s %9d %6.1f %8.1f%%\n", lab, szh["W", i], nreq["W"] ? 100 * szh["W", i] / nreq["W"] : 0, sect["W"] ? 100 * szs["W", i] / sect["W"] : 0
	}
	printf "\nseek distance           requests      %%   (mean %.1f MB)\n", nd ? dist / nd * 512 / 1e6 : 0
	for (j = 1; j <= nsk + 1; j++)
		printf "  %-20s %9d %6.1f\n", skl[j], skh[j], nd ? 100 * skh[j] / nd : 0
	printf "\nwho queued them (writes)  requests       MB   mean KiB  <= 4 KiB\n"
	for (w in wn)
		printf "  %-20s %9d %8.1f %10.1f %9d\n", w, wn[w], ws[w] * 512 / 1e6, ws[w] / wn[w] / 2, wsmall[w]
	printf "\nbursts of queued writes     bursts   mean interval s  (a gap of over 0.5 s between the bios of one thread ends a burst)\n"
	for (th in bn) {
		iv = bn[th] > 1 ? (bstart[th] - bfirst[th]) / (bn[th] - 1) : 0
		printf "  %-24s %7d %17.2f\n", th, bn[th], iv | "sort"
	}
	close("sort")
	printf "\nwhere (partition, 128 MiB block group): the 12 busiest\n"
	for (w in at) printf "%s\t%d\t%d\n", w, at[w], atn[w] | "sort -t\"\t\" -k2,2nr | head -12 | awk -F\"\t\" \"{ printf \\\"  %-22s %8.1f MB %7d requests\\\\n\\\", \\$1, \\$2 * 512 / 1e6, \\$3 }\""
}'
