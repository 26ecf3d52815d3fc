#!/usr/bin/env bash
# The series in patches/ was built patch by patch and checked with
# checkpatch.pl --strict since it last changed: tools/kernel/checks/
# build-each.log and checkpatch.log (written by tools/kernel/build-each.sh
# and checkpatch.sh) must name the hash of the current patches/; every
# build step (base, each patch, the series with CONFIG_WB_FLUSHER=n, the
# debug patch) must be OK without a compiler warning and have booted and
# verified files; the option-off vmlinux must hold the code and data of
# patch 1's (tools/kernel/same-code.sh: IDENTICAL or SAME-CODE, the same
# instructions in every function); no patch may have a checkpatch ERROR, and every
# WARNING or CHECK left must be quoted, with its justification, in the
# cover letter. Needs no kernel tree: rebuilding takes tens of minutes, so
# it is done when the series changes (tools/kernel/build-each.sh), not here.
. tests/shlib.sh
. tools/kernel/lib.sh
[ "${BUILD:-build}" = build ] || skip "runs in the normal pass only"
checks=tools/kernel/checks
hash=$(patches_hash)
shopt -s nullglob
main=(patches/[0-9]*.patch)
debug=(patches/debug/*.patch)

be=$checks/build-each.log
if [ ! -f "$be" ]; then
	fail "no $be: run tools/kernel/build-each.sh"
else
	grep -qx "patches: $hash" "$be" || fail "$be is for other patches: run tools/kernel/build-each.sh"
	steps=$(grep -cE '^(OK|FAIL) ' "$be")
	[ "$steps" = $((2 + ${#main[@]} + ${#debug[@]})) ] ||
		fail "$be has $steps build steps, want $((2 + ${#main[@]} + ${#debug[@]}))"
	grep -q ' CONFIG_WB_FLUSHER=n$' "$be" || fail "$be: no build with CONFIG_WB_FLUSHER=n"
	# with the option off the kernel runs 6.1's code
	grep -qE '^(IDENTICAL|SAME-CODE) CONFIG_WB_FLUSHER=n vs patch 1: ' "$be" ||
		fail "$be: the CONFIG_WB_FLUSHER=n vmlinux does not hold patch 1's code: $(grep -E '^[A-Z-]+ CONFIG_WB_FLUSHER=n' "$be")"
	bad=$(grep -E '^(OK|FAIL) ' "$be" | grep -v '^OK .* 0-warnings boot-OK ' || true)
	[ -z "$bad" ] || fail "build steps not clean: $bad"
	for p in "${main[@]}"; do
		grep -q " $(basename "$p")\$" "$be" || fail "$be: no build of $(basename "$p")"
	done
fi

cp=$checks/checkpatch.log
if [ ! -f "$cp" ]; then
	fail "no $cp: run tools/kernel/checkpatch.sh"
else
	grep -qx "patches: $hash" "$cp" || fail "$cp is for other patches: run tools/kernel/checkpatch.sh"
	[ "$(grep -c '^== ' "$cp")" = $((${#main[@]} + ${#debug[@]})) ] || fail "$cp does not cover every patch"
	grep -E '^== [0-9]' "$cp" | grep -v 'total: 0 errors' && fail "checkpatch errors in the series"
	# the cover letter wraps lines: compare with whitespace folded
	tr -s ' \n\t' '   ' <tools/kernel/series/cover-letter >"$TMP/cover"
	while IFS= read -r msg; do
		grep -qF -- "$msg" "$TMP/cover" ||
			fail "checkpatch message not explained in the cover letter: $msg"
	done < <(grep -E '^ +[0-9]+ (WARNING|CHECK): ' "$cp" | sed -E 's/^ +[0-9]+ (WARNING|CHECK): //' | sort -u)
fi
done_test
