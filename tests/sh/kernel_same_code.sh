#!/usr/bin/env bash
# tools/kernel/same-code.sh, the check that the series with
# CONFIG_WB_FLUSHER=n runs 6.1's code, on small linked programs: the same
# source twice is IDENTICAL; the same functions emitted in another order
# (every call displacement moves) are SAME-CODE; one changed instruction
# or one initial value is DIFFERENT and says where; bad usage exits 2.
. tests/shlib.sh
need gcc
need objdump
sc=tools/kernel/same-code.sh

# f, g and _start each in its own file: the linker lays them out in
# the order of the command line, each compiled the same whatever it is
src() {
	echo 'extern volatile int sink; int g(int x);' >"$TMP/$1.c"
	echo "$2" >>"$TMP/$1.c"
}
src f1 'int f(int x) { return g(x) + 1; }'
src f2 'int f(int x) { return g(x) + 2; }'
src g 'volatile int sink = 5; int g(int x) { sink = x; return x * 3; }'
src s 'int f(int x); void _start(void) { sink = f(sink) + g(2); for (;;) ; }'
# prog NAME FILES...: link FILES in that order
prog() {
	local name=$1 f objs=()
	shift
	for f in "$@"; do
		gcc -O1 -fno-pie -c -o "$TMP/$f.o" "$TMP/$f.c" || fail "cannot compile $f.c"
		objs+=("$TMP/$f.o")
	done
	gcc -no-pie -static -nostdlib -o "$TMP/$name" "${objs[@]}" || fail "cannot link $name"
}
prog a s f1 g
prog a2 s f1 g
prog b s g f1
prog c s f2 g
src g6 'volatile int sink = 6; int g(int x) { sink = x; return x * 3; }'
prog d s f1 g6

out=$("$sc" "$TMP/a" "$TMP/a2") || fail "same source: exit $?: $out"
case $out in IDENTICAL:*) ;; *) fail "same source: $out" ;; esac

# the order really changed the bytes, else the next case proves nothing
objcopy -O binary -j .text "$TMP/a" "$TMP/a.text"
objcopy -O binary -j .text "$TMP/b" "$TMP/b.text"
cmp -s "$TMP/a.text" "$TMP/b.text" && fail "f and g in another order gave the same .text"
out=$("$sc" --label X "$TMP/a" "$TMP/b") || fail "other order: exit $?: $out"
case $out in "SAME-CODE X: "*"1 functions moved in the link order"*) ;; *) fail "other order: $out" ;; esac

out=$("$sc" "$TMP/a" "$TMP/c")
rc=$?
[ $rc = 1 ] || fail "changed f: exit $rc, want 1: $out"
case $out in "DIFFERENT: "*"functions: 1 differ: f "*) ;; *) fail "changed f: $out" ;; esac

out=$("$sc" "$TMP/a" "$TMP/d")
rc=$?
[ $rc = 1 ] || fail "changed data: exit $rc, want 1: $out"
case $out in "DIFFERENT: "*".data: 1 bytes differ"*) ;; *) fail "changed data: $out" ;; esac

expect_exit 2 usage "$sc" "$TMP/a"
expect_exit 2 'no such file' "$sc" "$TMP/a" "$TMP/none"
done_test
