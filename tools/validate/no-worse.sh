#!/usr/bin/env bash
# Are a validation's errors no worse than its baseline?
#
#   tools/validate/no-worse.sh BASELINE.tsv ERRORS.tsv
#
# Both files: "cell<TAB>metric<TAB>signed error" lines (validate.sh and
# era.sh write ERRORS). Every baseline error must be computed again and
# its magnitude may grow by at most the margin: 0.01 for a share or a
# Jain index (share1, share120, j1, j10: absolute errors), 0.02 (2 percentage
# points) for a relative error. Prints one line per error that grew or
# went missing; exit 0 none, 1 some, 2 bad usage.
set -euo pipefail
[ $# = 2 ] && [ -f "$1" ] && [ -f "$2" ] || { echo "usage: no-worse.sh BASELINE.tsv ERRORS.tsv" >&2; exit 2; }
awk -F'\t' -v base="$1" '
	FILENAME == base { want[$1 FS $2] = $3; next }
	{ got[$1 FS $2] = $3 }
	END {
		for (k in want) {
			split(k, p, FS)
			m = (p[2] ~ /^(share1|share120|j1|j10)$/) ? 0.01 : 0.02
			w = want[k] < 0 ? -want[k] : want[k]
			if (!(k in got)) { printf "%s %s: no error computed\n", p[1], p[2]; bad++; continue }
			g = got[k] < 0 ? -got[k] : got[k]
			if (g > w + m) { printf "%s %s: error %.4f, baseline %.4f (margin %.2f)\n", p[1], p[2], got[k], want[k], m; bad++ }
		}
		exit bad > 0
	}' "$1" "$2"
