#!/usr/bin/env bash
# Do two linked ELF images (two vmlinux) hold the same code and data?
#
#   tools/kernel/same-code.sh [--label TEXT] A B
#
# Byte-for-byte equality of .text is too strict to answer "is the code
# the same": GCC may emit the same functions of one object file in
# another order when that file's source changes around them, and every
# call displacement after them moves; initcall symbols embed their
# source line and __COUNTER__ (__initcall__kmod_<obj>__<cnt>_<line>_<fn>),
# so any edit above them renames them; kallsyms records both. So compare
# what the machine runs:
#   - every function's instructions, with addresses replaced by the
#     symbol they name (call/jmp targets, %rip-relative and absolute
#     operands) and the alignment padding after the function dropped;
#     functions compared by name, whatever their order;
#   - the symbol tables, with the initcall names' counter and line folded;
#   - .data byte for byte; .rodata byte for byte outside the kallsyms_*
#     tables (they encode the symbol names and addresses compared above).
# Prints one line and exits 0 when the images are the same by that
# measure (IDENTICAL when even their .text, .rodata and .data bytes are
# equal, SAME-CODE otherwise, saying what differed in bytes only), 1 and
# a DIFFERENT line naming the first differing functions otherwise, 2 on
# bad usage.
set -euo pipefail
label=""
usage() { echo "usage: same-code.sh [--label TEXT] A B" >&2; exit 2; }
while [ $# -gt 0 ]; do
	case $1 in
	--label) [ $# -ge 2 ] || usage; label=" $2"; shift 2 ;;
	--) shift; break ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# = 2 ] || usage
for f in "$1" "$2"; do
	[ -f "$f" ] || { echo "same-code.sh: $f: no such file" >&2; exit 2; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Fold the parts of a symbol name that depend on source lines only.
fold='s/^(__initcall__kmod_[A-Za-z0-9_]*__)[0-9]+_[0-9]+_/\1N_N_/'

# syms IMAGE: "low-32-bit-hex name" sorted by address, for the operand
# names (kernel addresses are 0xffffffff8xxxxxxx: the low half is exact)
syms() {
	nm -n "$1" | awk 'NF == 3 { print substr($1, length($1) - 7), $3 }'
}

# norm IMAGE: one line per function, "name<TAB>instructions;..."
norm() {
	syms "$1" >"$tmp/syms"
	objdump -d --no-show-raw-insn "$1" | awk -v symfile="$tmp/syms" '
	function hex(s,   i, n) {
		n = 0
		for (i = 1; i <= length(s); i++)
			n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return n
	}
	# the symbol at or below address a (low 32 bits), as name+0xoff
	function symname(a,   lo, hi, mid) {
		lo = 1; hi = ns
		if (ns == 0 || a < sa[1])
			return "?"
		while (lo < hi) {
			mid = int((lo + hi + 1) / 2)
			if (sa[mid] <= a) lo = mid; else hi = mid - 1
		}
		return (a == sa[lo]) ? sn[lo] : sprintf("%s+0x%x", sn[lo], a - sa[lo])
	}
	function flush(   i, body) {
		if (fn == "")
			return
		# alignment padding after the last instruction
		while (ni > 0 && insn[ni] ~ /^(nop|int3|xchg +%ax,%ax|data16|cs nopw|(data16 )+cs nopw)/)
			ni--
		body = ""
		for (i = 1; i <= ni; i++)
			body = body insn[i] ";"
		print fn "\t" body
		fn = ""; ni = 0
	}
	BEGIN {
		while ((getline line < symfile) > 0) {
			split(line, f, " ")
			sa[++ns] = hex(f[1]); sn[ns] = f[2]
		}
	}
	/^[0-9a-f]+ <.*>:$/ {
		flush()
		fn = $2; sub(/^</, "", fn); sub(/>:$/, "", fn)
		next
	}
	/^ *[0-9a-f]+:\t/ {
		s = $0
		sub(/^ *[0-9a-f]+:\t/, "", s)
		# "call ffffffff81234560 <fn+0x10>": keep the name only
		gsub(/[0-9a-f]+ </, "<", s)
		# "mov 0x1234(%rip),%rax  # ffffffff82... <sym>": the name says it
		if (s ~ /# <[^>]+>$/)
			gsub(/-?0x[0-9a-f]+\(%rip\)/, "X(%rip)", s)
		# absolute addresses as operands ($0xffffffff81..., 0xffffffff82...(,%rax,8))
		while (match(s, /0xffffffff[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]/)) {
			a = substr(s, RSTART + 10, 8)
			s = substr(s, 1, RSTART - 1) "<" symname(hex(a)) ">" substr(s, RSTART + RLENGTH)
		}
		insn[++ni] = s
	}
	END { flush() }
	' | sed -E "$fold" | LC_ALL=C sort
}

# the byte comparison, kept for the verdict
bytes_same=1
for sec in .text .rodata .data; do
	objcopy -O binary -j "$sec" "$1" "$tmp/a$sec" 2>/dev/null || : >"$tmp/a$sec"
	objcopy -O binary -j "$sec" "$2" "$tmp/b$sec" 2>/dev/null || : >"$tmp/b$sec"
	cmp -s "$tmp/a$sec" "$tmp/b$sec" || bytes_same=0
done
if [ $bytes_same = 1 ]; then
	echo "IDENTICAL${label}: .text, .rodata and .data byte for byte" \
		"($(stat -c %s "$tmp/a.text"), $(stat -c %s "$tmp/a.rodata")," \
		"$(stat -c %s "$tmp/a.data") bytes)"
	exit 0
fi

diffs=()
# symbols
symtab() { nm "$1" | awk 'NF == 3 { print $3, $2 }' | sed -E "$fold" | LC_ALL=C sort; }
symtab "$1" >"$tmp/sa"
symtab "$2" >"$tmp/sb"
if ! cmp -s "$tmp/sa" "$tmp/sb"; then
	diff "$tmp/sa" "$tmp/sb" >"$tmp/sd" || true
	diffs+=("symbols: $(grep -c '^[<>]' "$tmp/sd") differ, e.g. $(grep -m3 '^[<>]' "$tmp/sd" | tr '\n' ' ')")
fi
renamed=$(comm -23 <(nm "$1" | awk '{ print $NF }' | LC_ALL=C sort) \
	<(nm "$2" | awk '{ print $NF }' | LC_ALL=C sort) | grep -c . || true)

# functions
norm "$1" >"$tmp/fa"
norm "$2" >"$tmp/fb"
nfn=$(wc -l <"$tmp/fa")
if ! cmp -s "$tmp/fa" "$tmp/fb"; then
	names=$({ diff "$tmp/fa" "$tmp/fb" || true; } | sed -n 's/^[<>] \([^\t]*\)\t.*/\1/p' | LC_ALL=C sort -u)
	diffs+=("functions: $(echo "$names" | grep -c .) differ: $(echo "$names" | head -n 8 | tr '\n' ' ')")
fi
# the fewest functions that moved to turn one link order into the other
moved=$(diff <(nm -n "$1" | awk '$2 ~ /^[tT]$/ { print $3 }') \
	<(nm -n "$2" | awk '$2 ~ /^[tT]$/ { print $3 }') | grep -c '^>' || true)

# .data byte for byte
cmp -s "$tmp/a.data" "$tmp/b.data" || diffs+=(".data: $({ cmp -l "$tmp/a.data" "$tmp/b.data" 2>/dev/null || true; } | wc -l) bytes differ")

# .rodata outside the kallsyms tables
rod=0 rodk=0
if ! cmp -s "$tmp/a.rodata" "$tmp/b.rodata"; then
	base=$(readelf -SW "$1" | sed -nE 's/^ *\[ *[0-9]+\] \.rodata +[A-Z]+ +[0-9a-f]*([0-9a-f]{8}) .*/\1/p')
	read -r rod rodk < <(cmp -l "$tmp/a.rodata" "$tmp/b.rodata" 2>/dev/null | awk -v base="$base" -v symfile=<(syms "$1") '
	function hex(s,   i, n) {
		n = 0
		for (i = 1; i <= length(s); i++)
			n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return n
	}
	BEGIN {
		b = hex(base)
		while ((getline line < symfile) > 0) {
			split(line, f, " ")
			sa[++ns] = hex(f[1]); sn[ns] = f[2]
		}
	}
	{
		a = b + $1 - 1
		lo = 1; hi = ns
		while (lo < hi) {
			mid = int((lo + hi + 1) / 2)
			if (sa[mid] <= a) lo = mid; else hi = mid - 1
		}
		if (sn[lo] ~ /^kallsyms_/) k++; else o++
	}
	END { print o + 0, k + 0 }')
	[ "$rod" = 0 ] || diffs+=(".rodata: $rod bytes differ outside kallsyms")
fi

if [ ${#diffs[@]} -gt 0 ]; then
	printf 'DIFFERENT%s: %s\n' "$label" "$(printf '%s; ' "${diffs[@]}" | sed 's/; $//')"
	exit 1
fi
echo "SAME-CODE${label}: $nfn functions with the same instructions (symbolic" \
	"operands), .data identical, .rodata identical outside kallsyms;" \
	"bytes differ only by: $moved functions moved in the link order," \
	"$renamed initcall names with other source lines," \
	"$rodk kallsyms bytes"
