# Helpers for script tests: source it. BIN and BUILD come from tests/run.sh.
BIN=${BIN:-bin}
BUILD=${BUILD:-build}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0

fail() { echo "FAIL: $*" >&2; fails=$((fails + 1)); }
skip() { echo "skip: $*"; exit 77; }
need() { command -v "$1" >/dev/null || skip "$1 not installed"; }
done_test() { [ $fails -eq 0 ] && { echo ok; exit 0; }; echo "$fails failure(s)" >&2; exit 1; }

# expect_exit CODE PATTERN CMD...: CMD exits CODE and stderr matches PATTERN
expect_exit() {
	local code=$1 pat=$2 rc
	shift 2
	"$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	[ $rc -eq "$code" ] || { fail "$* exited $rc, want $code: $(head -c 300 "$TMP/err")"; return; }
	grep -Eq -- "$pat" "$TMP/err" || fail "$*: stderr '$(head -c 300 "$TMP/err")' does not match '$pat'"
}
