#!/usr/bin/env bash
# patches/ must be what `make patches` makes of kernel-tree-overlay/ and
# tools/kernel/series/. Without a kernel tree: each patch, taken apart,
# has the message of its series directory, adds exactly the files listed
# there with the overlay's content, and changes existing files exactly as
# its hooks.diff says; every overlay file is added by exactly one patch;
# the cover letter is 0/N. With the kernel tree (make kernel-tree) also:
# regenerating the series gives patches/ byte for byte.
. tests/shlib.sh
. tools/kernel/lib.sh
[ "${BUILD:-build}" = build ] || skip "runs in the normal pass only"
split=tools/kernel/patchsplit.sh
series=tools/kernel/series
overlay=kernel-tree-overlay

check_one() { # patch series-dir
	local p=$1 d=$2 f
	"$split" message "$p" >"$TMP/msg"
	cmp -s "$TMP/msg" "$d/message" || fail "$(basename "$p"): message differs from $d/message"
	"$split" newlist "$p" | sort >"$TMP/new"
	sort "$d/files" 2>/dev/null | sed '/^$/d' >"$TMP/listed"
	cmp -s "$TMP/new" "$TMP/listed" || fail "$(basename "$p"): adds $(tr '\n' ' ' <"$TMP/new"), $d/files lists $(tr '\n' ' ' <"$TMP/listed")"
	rm -rf "$TMP/nf"
	mkdir -p "$TMP/nf"
	"$split" newfiles "$p" "$TMP/nf"
	while IFS= read -r f; do
		cmp -s "$TMP/nf/$f" "$overlay/$f" || fail "$(basename "$p"): $f differs from $overlay/$f"
		echo "$f" >>"$TMP/claimed"
	done <"$TMP/new"
	"$split" hooks "$p" >"$TMP/hooks"
	if [ -f "$d/hooks.diff" ]; then
		cmp -s "$TMP/hooks" "$d/hooks.diff" || fail "$(basename "$p"): changes to existing files differ from $d/hooks.diff"
	else
		[ ! -s "$TMP/hooks" ] || fail "$(basename "$p"): changes existing files, $d has no hooks.diff"
	fi
}

: >"$TMP/claimed"
mapfile -t pl < <(ls patches/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null)
mapfile -t dl < <(ls -d "$series"/[0-9][0-9]-*/ 2>/dev/null | sed 's:/$::')
[ ${#pl[@]} -gt 0 ] || fail "no patches in patches/"
[ ${#pl[@]} = ${#dl[@]} ] || fail "${#pl[@]} patches, ${#dl[@]} series directories"
for i in "${!pl[@]}"; do
	[ -n "${dl[$i]:-}" ] && check_one "${pl[$i]}" "${dl[$i]}"
done
mapfile -t pd < <(ls patches/debug/*.patch 2>/dev/null)
mapfile -t dd < <(ls -d "$series"/debug/[0-9][0-9]-*/ 2>/dev/null | sed 's:/$::')
[ ${#pd[@]} = ${#dd[@]} ] || fail "${#pd[@]} debug patches, ${#dd[@]} debug series directories"
for i in "${!pd[@]}"; do
	[ -n "${dd[$i]:-}" ] && check_one "${pd[$i]}" "${dd[$i]}"
done

# every overlay file is added by exactly one patch
(cd "$overlay" && find . -type f | sed 's:^\./::' | sort) >"$TMP/overlay"
sort "$TMP/claimed" >"$TMP/claimed.s"
cmp -s "$TMP/overlay" "$TMP/claimed.s" ||
	fail "overlay files and files added by the patches differ: $(diff "$TMP/overlay" "$TMP/claimed.s" | grep '^[<>]' | tr '\n' ' ')"

n=${#pl[@]}
grep -q "^Subject: \[PATCH 0/$n\] " patches/0000-cover-letter.txt ||
	fail "patches/0000-cover-letter.txt is not [PATCH 0/$n]"

if ktree_ok; then
	tools/kernel/mkpatches.sh --out "$TMP/regen" 2>"$TMP/regen.log" || fail "mkpatches: $(cat "$TMP/regen.log")"
	(cd patches && find . -name '*.patch' -o -name '*.txt' | sort) >"$TMP/have"
	(cd "$TMP/regen" && find . -name '*.patch' -o -name '*.txt' | sort) >"$TMP/want"
	cmp -s "$TMP/have" "$TMP/want" || fail "make patches would write other files: $(diff "$TMP/have" "$TMP/want" | grep '^[<>]' | tr '\n' ' ')"
	while IFS= read -r f; do
		cmp -s "patches/$f" "$TMP/regen/$f" || fail "patches/$f differs from what make patches writes"
	done <"$TMP/want"
else
	echo "no kernel tree: not regenerating (make kernel-tree to check byte for byte)"
fi
done_test
