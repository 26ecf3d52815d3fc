#!/usr/bin/env bash
# wbfair against the real blkparse: on the same synthetic traces (both byte
# orders, several CPUs, reads and writes, merges, REMAP records), the
# bytes per partition wbfair reports equal the sums of blkparse's C lines
# by sector range, computed here with awk; and wbfair reading blkparse's
# text output finds the same. Then bad input and bad command lines must
# exit 2 with file:line or file: offset messages.
set -u
BIN=${BIN:-bin} BUILD=${BUILD:-build}
gen=$BUILD/tests/test_wbfair_tracegen
command -v blkparse >/dev/null || { echo "skip: no blkparse"; exit 77; }
[ -x "$gen" ] && [ -x "$BIN/wbfair" ] || { echo "build first"; exit 1; }
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# awk: sum C records with data of direction D (W or R) per partition of
# the geometry file (NAME MAJ,MIN DISK START SECTORS)
sum_c() { # geometry, blkparse text, D
	awk -v D="$3" 'FNR == NR { if ($1 !~ /^#/ && $1 != $3) {
			n++; name[n] = $1; lo[n] = $4; hi[n] = $4 + $5 } next }
		$6 == "C" && NF >= 10 && $9 == "+" && index($7, D) {
			for (i = 1; i <= n; i++)
				if ($8 >= lo[i] && $8 < hi[i]) b[name[i]] += $10 * 512 }
		END { for (i = 1; i <= n; i++) printf "%s %d\n", name[i], b[name[i]] }' "$1" "$2"
}

csv_bytes() { # csv file, metric -> "name value" per partition
	awk -F, -v M="$2" '$1 == "partitions" && $3 == M { print $2, $5 }' "$1"
}

for big in 0 1; do
	d=$tmp/e$big
	mkdir -p "$d"
	"$gen" write "$d/sda" requests=4000 cpus=3 weights=3:2 read_every=7 \
		depth=2 big=$big seed=$((11 + big)) > "$d/truth" || { bad "generator"; continue; }
	blkparse -i "$d/sda" > "$d/sda.txt" 2>/dev/null || bad "blkparse failed"
	for D in W R; do
		sum_c "$d/sda.geometry" "$d/sda.txt" $D > "$d/awk.$D"
	done
	"$BIN/wbfair" --format csv --geometry "$d/sda.geometry" "$d/sda" > "$d/bin.csv" ||
		bad "wbfair on binary (big=$big)"
	"$BIN/wbfair" --format csv --geometry "$d/sda.geometry" "$d/sda.txt" > "$d/txt.csv" ||
		bad "wbfair on blkparse text (big=$big)"
	for src in bin txt; do
		csv_bytes "$d/$src.csv" bytes_written > "$d/$src.W"
		csv_bytes "$d/$src.csv" bytes_read > "$d/$src.R"
		for D in W R; do
			if cmp -s "$d/awk.$D" "$d/$src.$D"; then
				echo "big=$big $src $D: $(tr '\n' ' ' < "$d/$src.$D")== blkparse C lines"
			else
				bad "big=$big $src $D: wbfair $(tr '\n' ' ' < "$d/$src.$D") != blkparse $(tr '\n' ' ' < "$d/awk.$D")"
			fi
		done
	done
	# and the generator's own truth
	awk '$1 == "written" { print $2, $3 }' "$d/truth" | cmp -s - "$d/bin.W" ||
		bad "big=$big: written bytes differ from the generator's truth"
	# the same Q2C and busy figures from binary and text
	for m in q2c_ms.p50 q2c_ms.p99; do
		a=$(awk -F, -v M=$m '$1 == "partitions" && $3 == M' "$d/bin.csv")
		b=$(awk -F, -v M=$m '$1 == "partitions" && $3 == M' "$d/txt.csv")
		[ -n "$a" ] && [ "$a" = "$b" ] || bad "big=$big $m: binary '$a' text '$b'"
	done
done

# bad input: exit 2 and a message naming the file and the offset or line
expect2() { # want-regex, command...
	local want=$1; shift
	"$@" > "$tmp/out" 2> "$tmp/err"
	local rc=$?
	if [ $rc -ne 2 ] || ! grep -Eq -- "$want" "$tmp/err"; then
		bad "exit $rc, '$(cat "$tmp/err")' for: $* (want 2 and /$want/)"
	else
		echo "exit 2: $(head -n 1 "$tmp/err")"
	fi
}
d=$tmp/e0
mkdir -p "$tmp/bad"
printf 'this is not a trace at all, not at all......................\n' > "$tmp/bad/x.blktrace.0"
expect2 'x.blktrace.0: offset 0: bad magic' "$BIN/wbfair" "$tmp/bad/x"
cp "$d/sda.blktrace.0" "$tmp/bad/v.blktrace.0"
printf '\x05' | dd of="$tmp/bad/v.blktrace.0" bs=1 seek=0 conv=notrunc 2>/dev/null
expect2 'v.blktrace.0: offset 0: unsupported version 0x05' "$BIN/wbfair" "$tmp/bad/v"
head -c 1000 "$d/sda.blktrace.0" > "$tmp/bad/t.blktrace.0"
# a cut last record is a trace stopped mid-write: read, with a warning
expect_exit 0 't.blktrace.0: truncated at byte 1000: the last record is cut after [0-9]+ of [0-9]+ bytes; read the [0-9]+ complete records before it' \
	"$BIN/wbfair" "$tmp/bad/t"
printf 'hello world\n' > "$tmp/bad/garbage.txt"
expect2 'garbage.txt:1: unrecognised input' "$BIN/wbfair" "$tmp/bad/garbage.txt"
{ head -n 3 "$d/sda.txt"; echo "8,0 0 junk"; } > "$tmp/bad/bp.txt"
expect2 'bp.txt:4: not a blkparse event line' "$BIN/wbfair" "$tmp/bad/bp.txt"
{ head -n 12 analysis/testdata/dbench.sda1.log; echo "   2  garbage"; } > "$tmp/bad/dbench.log"
expect2 'dbench.log:13: not a dbench line' "$BIN/wbfair" "$tmp/bad/dbench.log"
printf 'sda1 8,1 sda 2048\n' > "$tmp/bad/geometry"
expect2 'geometry:1: bad SECTORS' "$BIN/wbfair" --geometry "$tmp/bad/geometry" "$d/sda"

# bad command lines: exit 2
expect2 'no input given' "$BIN/wbfair"
expect2 "bad --format 'xml'" "$BIN/wbfair" --format xml "$d/sda"
expect2 "bad interval '0'" "$BIN/wbfair" -i 0 "$d/sda"
expect2 "--part 8,1: want" "$BIN/wbfair" --part 8,1 "$d/sda"
expect2 'no such file, directory or trace' "$BIN/wbfair" "$tmp/nonexistent"
expect2 'bad option' "$BIN/wbfair" --frobnicate "$d/sda"
"$BIN/wbfair" --help | grep -q '^examples:' || bad "--help has no examples"
exit $fail
