#!/usr/bin/env bash
# make install PREFIX=DIR: the binaries, the manual pages and the shipped
# scenarios and disks land under DIR, and the installed tree works on its
# own, from another directory:
#   - DIR/bin/wbsim --version prints "wbsim VERSION" (include/version.h's);
#     with stdout on /dev/full it (and options --man) exits non-zero;
#   - the three manual pages are valid roff (man --warnings reports
#     nothing, where man-db is installed; else their structure is checked),
#     and wbsim-scenario.5, generated from the option tables, names every
#     option `wbsim options` lists;
#   - the installed wbsim runs DIR/share/wbsim/scenarios/box2009.ini (which
#     includes ../disks/...) for 5 simulated seconds and writes a run
#     directory the installed wbfair reads;
#   - make uninstall removes what install put there.
# In the sanitizer pass (BIN=bin-san) it installs the sanitizer build.
. tests/shlib.sh
[ -r /usr/share/dbench/client.txt ] || skip "dbench's client.txt not installed"
san=0
[ "$BIN" = bin-san ] && san=1
P=$TMP/p
make --no-print-directory -s SAN=$san install PREFIX="$P" >"$TMP/install.log" 2>&1 ||
	{ fail "make install exited $?: $(tail -n 5 "$TMP/install.log")"; done_test; }

for f in bin/wbsim bin/wbfair share/man/man1/wbsim.1 share/man/man1/wbfair.1 \
	share/man/man5/wbsim-scenario.5 share/wbsim/scenarios/box2009.ini \
	share/wbsim/disks/desktop-7200-pata-2009.ini; do
	[ -s "$P/$f" ] || fail "not installed: $f"
done

want=$(sed -n 's/^#define WBSIM_VERSION "\(.*\)"/\1/p' include/version.h)
v=$("$P/bin/wbsim" --version) || fail "wbsim --version exited $?"
[[ "$v" == "wbsim $want"* ]] || fail "wbsim --version: '$v', want 'wbsim $want...'"
[ "$("$P/bin/wbsim" -V)" = "$v" ] || fail "wbsim -V differs from --version"
echo "  $v"
# a failed write of the version or the page is an error, not a silent 0
if [ -w /dev/full ]; then
	"$P/bin/wbsim" --version >/dev/full 2>"$TMP/full.err" && fail "wbsim --version >/dev/full exited 0"
	"$P/bin/wbsim" options --man >/dev/full 2>"$TMP/full.err" && fail "wbsim options --man >/dev/full exited 0"
fi

for m in man1/wbsim.1 man1/wbfair.1 man5/wbsim-scenario.5; do
	f=$P/share/man/$m
	if command -v man >/dev/null && man --help 2>&1 | grep -q -- --warnings; then
		# man-db: groff's warnings (bad requests, escapes, fonts) on stderr
		w=$(MANWIDTH=80 man --warnings -l "$f" 2>&1 >/dev/null)
		[ -z "$w" ] || fail "$m: roff warnings: $(echo "$w" | head -n 3)"
		MANWIDTH=80 man -l "$f" 2>/dev/null | grep -q '^NAME' || fail "$m: renders no NAME section"
	fi
	# the structure any man(7) reader needs, checked with or without man-db
	head -n 1 "$f" | grep -q '^\.TH [A-Z\\-]* [15] ' || fail "$m: first line is not .TH NAME SECTION"
	for s in NAME SYNOPSIS DESCRIPTION "SEE ALSO"; do
		grep -q "^\.SH $s\$" "$f" || fail "$m: no .SH $s"
	done
	bad=$(grep -n '^\.' "$f" | grep -Ev '^[0-9]+:\.(TH|SH|SS|TP|PP|B|I|BI|BR|IR|br|nf|fi) ?' | head -n 3)
	[ -z "$bad" ] || fail "$m: unknown request: $bad"
done

# every option of `wbsim options` has its entry in the generated page
"$P/bin/wbsim" options | sed -n 's/^  \([a-z0-9_]*\.[a-z0-9_]*\) .*/\1/p' >"$TMP/opts"
n=$(grep -c . "$TMP/opts")
[ "$n" -gt 50 ] || fail "only $n options listed by wbsim options"
missing=0
while read -r o; do
	grep -qxF ".B ${o//-/\\-}" "$P/share/man/man5/wbsim-scenario.5" || { missing=$((missing + 1)); echo "  missing: $o"; }
done <"$TMP/opts"
[ $missing = 0 ] || fail "$missing of $n options missing from wbsim-scenario.5"
echo "  $n options, $missing missing from wbsim-scenario.5"

# the installed tree, away from the repository
(cd "$TMP" && "$P/bin/wbsim" run "$P/share/wbsim/scenarios/box2009.ini" \
	--set sim.duration=5 -o "$TMP/run") >"$TMP/run.log" 2>&1 ||
	fail "installed wbsim run of box2009.ini exited $?: $(tail -n 3 "$TMP/run.log")"
[ -s "$TMP/run/summary.json" ] && [ -s "$TMP/run/dbench.sda1.log" ] ||
	fail "installed wbsim wrote no run directory: $(ls "$TMP/run" 2>&1)"
(cd "$TMP" && "$P/bin/wbfair" "$TMP/run") >"$TMP/fair.log" 2>&1 ||
	fail "installed wbfair on the run exited $?: $(tail -n 3 "$TMP/fair.log")"
grep -q sda1 "$TMP/fair.log" || fail "installed wbfair printed no sda1 row"

make --no-print-directory -s SAN=$san uninstall PREFIX="$P" >"$TMP/uninstall.log" 2>&1 ||
	fail "make uninstall exited $?: $(tail -n 3 "$TMP/uninstall.log")"
left=$(find "$P" -type f | head -n 3)
[ -z "$left" ] || fail "make uninstall left: $left"
done_test
