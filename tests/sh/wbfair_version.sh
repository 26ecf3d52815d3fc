#!/bin/bash
# wbfair --version prints "wbfair VERSION" and exits 0; on a full stdout
# it says so and exits non-zero instead of claiming success.
. "$(dirname "$0")/../shlib.sh"

out=$("$BIN/wbfair" --version) || fail "wbfair --version exited $?"
[[ $out =~ ^wbfair\ [0-9]+\.[0-9]+\.[0-9]+ ]] || fail "wbfair --version printed '$out'"
if [ -w /dev/full ]; then
	"$BIN/wbfair" --version >/dev/full 2>/dev/null && fail "wbfair --version >/dev/full exited 0"
fi
done_test
