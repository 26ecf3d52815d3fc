#!/usr/bin/env bash
# The project's shell scripts fail loudly (issue 18, point 5):
#   - every bash script of tools/, bench/ and .ci/ runs under
#     `set -euo pipefail` (a failed command, an unset variable or a failed
#     stage of a pipe ends it); the guest's busybox scripts, run by
#     busybox ash inside the VM, are the listed exception;
#   - shellcheck finds no error (-S error) in any script, the tests
#     included (tests/sh/*.sh are run by bash: checked as bash; they check
#     each status themselves, so they do not use set -e);
#   - no script of tools/ hides a failed step behind `|| true` on an
#     xargs or a run of the matrix.
. tests/shlib.sh
need git
command -v shellcheck >/dev/null || fail "shellcheck is not installed (tools/deps.sh test)"
busybox_ok="tools/kernel/guest/init.sh"
n=0
while IFS= read -r f; do
	head -n 1 "$f" | grep -q '^#!.*\(bash\|sh\)' || continue
	if head -n 1 "$f" | grep -q busybox; then
		case " $busybox_ok " in *" $f "*) continue ;; esac
		fail "$f: a busybox script that is not in the listed exceptions"
		continue
	fi
	n=$((n + 1))
	grep -qx 'set -euo pipefail' "$f" || fail "$f: no 'set -euo pipefail'"
done < <(git ls-files 'tools/*' 'bench/*' '.ci/*')
[ "$n" -ge 30 ] || fail "only $n scripts checked: the file list is wrong"
{
	mapfile -t all < <(git ls-files 'tools/*.sh' 'bench/*.sh' '.ci/run' 'tests/*.sh' 'tests/sh/*.sh' | grep -v '/guest')
	shellcheck -S error -s bash "${all[@]}" >"$TMP/sc" 2>&1 ||
		fail "shellcheck -S error: $(grep -c '^In ' "$TMP/sc") finding(s): $(head -n 12 "$TMP/sc")"
	shellcheck -S error -s sh tools/kernel/guest/init.sh tools/kernel/guest/tests.sh tools/kernel/guest/cell.sh >"$TMP/sc" 2>&1 ||
		fail "shellcheck of the guest scripts: $(head -n 12 "$TMP/sc")"
}
if grep -nE '(xargs|matrix\.sh)[^#]*\|\| *true' $(git ls-files 'tools/*.sh') >"$TMP/t"; then
	fail "a failure hidden behind || true: $(cat "$TMP/t")"
fi
done_test
