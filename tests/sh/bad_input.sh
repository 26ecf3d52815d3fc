# Every parser against the bad-input corpus: each case must be refused with
# exit status 2 and a message naming the file and line (or byte offset) of
# the problem, never a crash, a hang or a silent run.
#
# Two sources of cases:
#  - tests/bad-input/CLASS/NAME.EXT with NAME.expect beside it: line 1 the
#    command ("@" is the case file's absolute path), line 2 the exit status,
#    line 3 an extended regex the stderr must match ("@" again the path);
#  - generated here from `wbsim options`: every typed option given a value
#    of the wrong shape, in a scenario file and through --set.
# The per-class counts are checked against docs/bad-input.md, so the
# document says what this test really tries.
. tests/shlib.sh

root=$PWD
corpus=$root/tests/bad-input
doc=$root/docs/bad-input.md
declare -A count

# Each case runs in its own empty directory: a case wrongly accepted would
# otherwise leave a run directory in the work tree.
run_case() { # class, label, expected status, regex, command...
	local class=$1 label=$2 want=$3 pat=$4 rc
	shift 4
	count[$class]=$(( ${count[$class]:-0} + 1 ))
	cwd=$(mktemp -d "$TMP/cwd.XXXXXX")
	(cd "$cwd" && timeout 30 "$@" </dev/null >"$TMP/out" 2>"$TMP/err")
	rc=$?
	if [ $rc -ne "$want" ]; then
		fail "$class/$label: exit $rc, want $want: $(head -c 300 "$TMP/err")"
	elif ! grep -Eq -- "$pat" "$TMP/err"; then
		fail "$class/$label: stderr '$(head -c 300 "$TMP/err")' does not match '$pat'"
	fi
}

# 1. the corpus
[ -d "$corpus" ] || { fail "no corpus at $corpus"; done_test; }
while IFS= read -r expect; do
	dir=$(dirname "$expect") name=$(basename "$expect" .expect)
	class=${dir#"$corpus"/}
	case_file=
	for f in "$dir/$name".* "$dir/$name"; do
		[ "$f" = "$expect" ] && continue
		[ -e "$f" ] || [ -L "$f" ] || continue
		case_file=$f
		break
	done
	if [ -z "$case_file" ]; then
		fail "$class/$name: no case file beside $expect"
		continue
	fi
	{ read -r cmd; read -r want; read -r pat; } <"$expect"
	if [ -z "${cmd:-}" ] || ! [[ "${want:-}" =~ ^[0-9]+$ ]] || [ -z "${pat:-}" ]; then
		fail "$expect: want 3 lines: command, exit status, regex"
		continue
	fi
	cmd=${cmd//@/$case_file}
	pat=${pat//@/$case_file}
	read -ra argv <<<"$cmd"
	case ${argv[0]} in
	wbsim|wbfair) argv[0]=$root/$BIN/${argv[0]} ;;
	*) fail "$expect: command must start with wbsim or wbfair"; continue ;;
	esac
	run_case "$class" "$name" "$want" "$pat" "${argv[@]}"
done < <(find "$corpus" -name '*.expect' | LC_ALL=C sort)

# 2. every typed option, a value of the wrong shape
declare -A garbage=(
	[int]="12abc" [num]="fast" [time]="8 fortnights" [size]="10 parsecs"
	[bool]="maybe" [enum]="no-such-choice"
)
while read -r key type _; do
	[ -n "${garbage[$type]:-}" ] || continue
	section=${key%%.*} opt=${key#*.}
	ini=$TMP/opt-$key.ini
	printf '; a wrong-shaped %s\n[%s]\n%s = %s\n' "$type" "$section" "$opt" \
		"${garbage[$type]}" >"$ini"
	run_case options-file "$key" 2 "$ini:3: " "$root/$BIN/wbsim" run "$ini"
	run_case options-set "$key" 2 "$key" \
		"$root/$BIN/wbsim" run --set "$key=${garbage[$type]}"
	# numbers are decimal: 0x10 is not 16, 010 is not 8 (nor 10)
	case $type in int|num|time|size)
		for v in 0x10 010; do
			printf '[%s]\n%s = %s\n' "$section" "$opt" "$v" >"$ini"
			run_case options-nondecimal "$key=$v" 2 "$ini:2: .*decimal" \
				"$root/$BIN/wbsim" run "$ini"
		done ;;
	esac
done < <("$root/$BIN/wbsim" options | awk '$1 ~ /^[a-z0-9_]+\.[a-z0-9_]+$/ { print $1, $2 }')

# 3. the document lists every class with the count tried here
for class in "${!count[@]}"; do
	n=$(awk -F'|' -v c="$class" '{ gsub(/[ `]/, "", $2) } $2 == c { gsub(/ /, "", $4); print $4 }' "$doc")
	[ "$n" = "${count[$class]}" ] ||
		fail "docs/bad-input.md: class $class lists '${n:-nothing}' cases, the test tries ${count[$class]}"
done
for class in $(awk -F'|' '/^\| `/ { gsub(/[ `]/, "", $2); print $2 }' "$doc"); do
	[ -n "${count[$class]:-}" ] || fail "docs/bad-input.md: class $class has no case"
done
total=0
for class in $(printf '%s\n' "${!count[@]}" | LC_ALL=C sort); do
	printf '%-20s %4d cases\n' "$class" "${count[$class]}"
	total=$((total + count[$class]))
done
echo "$total cases"
done_test
