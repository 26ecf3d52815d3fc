# Sourced by tools/experiment/run.sh and sample-traces.sh: output
# directories that a script may empty and reuse, and only those.
#
# No script runs `rm -rf` on a path the user gave: `-o .` must not delete
# a work tree. A directory a script fills gets a wbsim.manifest at the
# end (the convention wbsim's run directories follow: first line
# "# wbsim manifest v1", then every path the run created, relative to the
# directory, directories ending in '/'). An existing directory is reused
# only when it is empty, or when everything in it is listed in its
# manifest; then exactly those entries are removed, files first, then the
# directories (rmdir: only when empty). Anything else is refused, and
# nothing is deleted.

OUTDIR_MANIFEST_HEAD="# wbsim manifest v1"

# outdir_entries DIR: every entry under DIR, relative, directories with a
# trailing '/', the manifest itself left out; sorted. (sed, not grep -v,
# filters here and below: grep fails when it selects nothing, which the
# callers' pipefail would take for an error.)
outdir_entries() {
	(cd "$1" && find . -mindepth 1 \( -type d -printf '%P/\n' -o -printf '%P\n' \)) |
		sed '/^wbsim\.manifest$/d' | LC_ALL=C sort
}

# outdir_check WHO DIR: exit 2 with a message unless DIR is absent, an
# empty directory, or a directory whose every entry its manifest lists.
# Changes nothing.
outdir_check() {
	local who=$1 dir=$2 extra
	[ -e "$dir" ] || [ -L "$dir" ] || return 0
	[ -d "$dir" ] && [ ! -L "$dir" ] || { echo "$who: $dir: exists and is not a directory" >&2; exit 2; }
	[ -n "$(ls -A "$dir")" ] || return 0
	if [ ! -f "$dir/wbsim.manifest" ] || [ "$(head -n 1 "$dir/wbsim.manifest")" != "$OUTDIR_MANIFEST_HEAD" ]; then
		echo "$who: $dir: not empty and not written by wbsim (no wbsim.manifest): refusing to use it; give a new or empty directory" >&2
		exit 2
	fi
	extra=$(outdir_entries "$dir" | LC_ALL=C comm -23 - <(sed 1d "$dir/wbsim.manifest" | LC_ALL=C sort -u))
	if [ -n "$extra" ]; then
		echo "$who: $dir: has files its wbsim.manifest does not list ($(echo "$extra" | head -n 3 | tr '\n' ' ')...): refusing to use it" >&2
		exit 2
	fi
}

# outdir_prepare WHO DIR: outdir_check, then empty a reused DIR (only the
# entries that are there and listed) or create it
outdir_prepare() {
	local who=$1 dir=$2 e
	outdir_check "$who" "$dir"
	if [ -d "$dir" ]; then
		# every entry is listed (outdir_check): files, then directories
		# deepest first; names come from find inside DIR, never from the
		# manifest alone, so a crafted manifest cannot point elsewhere
		outdir_entries "$dir" | sed '/\/$/d' | while IFS= read -r e; do
			rm -f -- "$dir/$e" || exit 1
		done || { echo "$who: $dir: cannot remove the previous run's files" >&2; exit 1; }
		outdir_entries "$dir" | sed -n '/\/$/p' | LC_ALL=C sort -r | while IFS= read -r e; do
			rmdir -- "$dir/$e" || exit 1
		done || { echo "$who: $dir: cannot remove the previous run's directories" >&2; exit 1; }
		rm -f -- "$dir/wbsim.manifest"
	else
		mkdir -p -- "$dir" || exit 1
	fi
}

# outdir_write_manifest DIR: list everything under DIR (all of it was
# created by this run: outdir_prepare left it empty); written to a
# temporary name and renamed, so a reader never sees half a manifest
outdir_write_manifest() {
	local dir=$1
	{ echo "$OUTDIR_MANIFEST_HEAD"; outdir_entries "$dir" | grep -vx 'wbsim.manifest.tmp'; } \
		>"$dir/wbsim.manifest.tmp" && mv -f "$dir/wbsim.manifest.tmp" "$dir/wbsim.manifest"
}
