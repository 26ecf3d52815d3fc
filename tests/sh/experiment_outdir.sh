#!/usr/bin/env bash
# No script deletes a directory it did not write: tools/experiment/run.sh
# -o and sample-traces.sh OUT_DIR refuse (exit 2, before any guest boots)
# an existing non-empty directory without a wbsim.manifest (`-o .` in a
# work tree), or one with files its manifest does not list, and delete
# nothing; a directory whose manifest lists everything in it is accepted,
# and emptying it removes exactly the listed entries. Needs no kernel or
# QEMU (run.sh --check-only; the refusal comes first).
. tests/shlib.sh
export WBSIM=$PWD/$BIN/wbsim
root=$PWD

# a user's directory: files, a subdirectory, a symlink out of it
u=$TMP/user
mkdir -p "$u/src" "$TMP/outside"
echo keep >"$u/notes.txt"
echo keep >"$u/src/main.c"
echo keep >"$TMP/outside/precious"
ln -s "$TMP/outside" "$u/link"
snapshot() { (cd "$TMP" && find user outside -printf '%p %s\n' | sort); }
before=$(snapshot)

expect_exit 2 'not written by wbsim' "$root/tools/experiment/run.sh" --check-only -o "$u"
(cd "$u" && "$root/tools/experiment/run.sh" --check-only -o .) >"$TMP/dot.out" 2>"$TMP/dot.err"
rc=$?
[ $rc = 2 ] && grep -q 'refusing' "$TMP/dot.err" ||
	fail "run.sh -o . in a user's directory: exit $rc, $(cat "$TMP/dot.err")"
expect_exit 2 'not written by wbsim' "$root/tools/experiment/sample-traces.sh" "$u"
expect_exit 2 'not a directory' "$root/tools/experiment/run.sh" --check-only -o "$u/notes.txt"

# a manifest that does not list everything: refused too
printf '# wbsim manifest v1\nnotes.txt\n' >"$u/wbsim.manifest"
expect_exit 2 'does not list' "$root/tools/experiment/run.sh" --check-only -o "$u"
expect_exit 2 'does not list' "$root/tools/experiment/sample-traces.sh" "$u"
rm "$u/wbsim.manifest"
[ "$(snapshot)" = "$before" ] || fail "a refused run changed files: $(diff <(echo "$before") <(snapshot) | head -n 5)"

# a previous run's directory (everything listed): accepted by --check-only
# (0, or 77 without a kernel image or QEMU, which it checks after)
r=$TMP/prev
mkdir -p "$r/qemu"
echo x >"$r/summary.json"
echo x >"$r/qemu/console.log"
printf '# wbsim manifest v1\nqemu/\nqemu/console.log\nsummary.json\nnot-there-any-more\n' >"$r/wbsim.manifest"
"$root/tools/experiment/run.sh" --check-only -o "$r" >/dev/null 2>"$TMP/prev.err"
rc=$?
[ $rc = 0 ] || [ $rc = 77 ] || fail "run.sh --check-only -o a previous run's directory: exit $rc: $(cat "$TMP/prev.err")"
[ -f "$r/summary.json" ] || fail "--check-only removed files"

# emptying it removes exactly the listed entries and the manifest
(. "$root/tools/experiment/outdir.sh" && outdir_prepare test "$r") || fail "outdir_prepare of a listed directory failed"
[ -d "$r" ] && [ -z "$(ls -A "$r")" ] || fail "after outdir_prepare: $(ls -A "$r")"
# and a manifest written after a run lists what is there, so it is reusable
mkdir -p "$r/a/b" && echo x >"$r/a/b/f" && echo y >"$r/g"
(. "$root/tools/experiment/outdir.sh" && outdir_write_manifest "$r")
[ "$(cat "$r/wbsim.manifest")" = "$(printf '# wbsim manifest v1\na/\na/b/\na/b/f\ng')" ] ||
	fail "manifest: $(cat "$r/wbsim.manifest")"
(. "$root/tools/experiment/outdir.sh" && outdir_prepare test "$r") && [ -z "$(ls -A "$r")" ] ||
	fail "a directory with a written manifest was not emptied: $(ls -A "$r")"
[ -f "$TMP/outside/precious" ] || fail "something outside the directory was removed"

# every rm -rf in the scripts is on a directory they made in the same run
# (a mktemp -d, or a fixed name inside one); the exceptions, each checked
# by hand: boot.sh's "$out" only when it was its own mktemp -d (keep=0),
# tree.sh's $KCACHE/src.tmp (its own unpacking directory), export.sh's
# series and overlay (replaced whole by the ones it built aside, only
# after the export worked; refused with uncommitted changes), the guest's $d1 $d2 (its own test files on its own disk).
# A new rm -rf on anything else fails here until it is looked at.
bad=$(grep -rn 'rm -rf' tools tests/sh tests/shlib.sh bench --include='*.sh' |
	grep -v '^[^:]*:[0-9]*:[[:space:]]*#' |
	grep -Ev 'rm -rf "\$(tmp|TMP|work|root|out)"'"' EXIT|"'rm -rf "\$(tmp|TMP|work|root)"|rm -rf "\$tmp/p"|rm -rf "\$G/blktrace"|rm -rf "\$TMP/nf"' |
	grep -Ev 'boot.sh:.*\[ \$keep = 1 \] \|\| rm -rf "\$out"|export.sh:.*rm -rf "\$dest_series" "\$dest_overlay"|guest/tests.sh:.*rm -rf \$d1 \$d2|tests/sh/experiment_outdir.sh')
[ -z "$bad" ] || fail "rm -rf not on a directory of the same run: $bad"
done_test
