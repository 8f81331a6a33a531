#!/usr/bin/env bash
# S(M,N) in work units on GNU parallel: a manifest (`survo manifest`), one process per unit
# (`survo enumerate --manifest … --unit K`, one thread each, resumable from its checkpoint),
# each unit's result file written when it is complete, then `survo merge --manifest`, which
# refuses missing, repeated or mismatched units. Run it again to finish what was left. A
# manifest already in DIR is used as it is: write one there first to cut dear row margins
# into pieces (`survo manifest M N --units U --split-above SECONDS --costs unit-*.json`).
#
# Usage: scripts/survo-parallel.sh M N UNITS [DIR]        (DIR: results/survo/units-MxN)
#   JOBS=k           units at once (default: GNU parallel's, one per core)
#   SSHLOGINFILE=f   also run units on the hosts listed in f (GNU parallel's --sshloginfile);
#                    every host needs the same wellposed binary at $WELLPOSED and DIR on a
#                    shared file system
#   WELLPOSED=path   the binary (default: target/release/wellposed, built if missing)
#   METHOD=name      the method of a new manifest (`survo enumerate --method`; e.g.
#                    columns-first, the second method); a manifest already in DIR keeps its own
# The last line printed is the merged result as JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
m=$1 n=$2 units=$3
dir=${4:-results/survo/units-${m}x${n}}
bin=${WELLPOSED:-$PWD/target/release/wellposed}
command -v parallel >/dev/null || { echo "survo-parallel: GNU parallel is not installed (Debian: parallel)" >&2; exit 2; }
[ -x "$bin" ] || cargo build --release -q
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
manifest=$dir/manifest.json
[ -s "$manifest" ] || "$bin" survo manifest "$m" "$n" --units "$units" ${METHOD:+--method "$METHOD"} -o "$manifest" >&2
# A manifest already there (resuming, or written beforehand with --split or --split-above)
# is the one run; it must have the units asked for.
have=$(grep -o '"units": *[0-9]*' "$manifest" | grep -o '[0-9]*$')
[ "$have" = "$units" ] || { echo "survo-parallel: $manifest has $have units, not $units" >&2; exit 2; }
todo=()
for k in $(seq 0 $((units - 1))); do
  [ -s "$dir/unit-$k.json" ] || todo+=("$k")
done
args=(--halt now,fail=1)
[ -n "${JOBS:-}" ] && args+=(--jobs "$JOBS")
[ -n "${SSHLOGINFILE:-}" ] && args+=(--sshloginfile "$SSHLOGINFILE")
if [ ${#todo[@]} -gt 0 ]; then
  printf '%s\n' "${todo[@]}" | parallel "${args[@]}" \
    "$bin survo enumerate $m $n --manifest $manifest --unit {} --threads 1 --json \
       --checkpoint $dir/unit-{}.checkpoint > $dir/unit-{}.part && mv $dir/unit-{}.part $dir/unit-{}.json"
fi
"$bin" survo merge --json --manifest "$manifest" "$dir"/unit-*.json
