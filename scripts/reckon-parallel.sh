#!/usr/bin/env bash
# Uniquely solvable M×N nonograms (`nonogram reckon`, classes method) in shares on GNU
# parallel: share K of S runs the units ≡ K mod S (`--shard K/S`, one thread each), keeping
# its finished units in DIR/share-K.json (atomically; a rerun resumes from it), then
# `nonogram reckon-merge` sums the shares and refuses missing, repeated or mismatched units.
# Run it again to finish what was left. On Slurm, the same share is one array task:
#   sbatch --array=0-$((S-1)) --wrap "$WELLPOSED nonogram reckon M N --depth D \
#     --shard \$SLURM_ARRAY_TASK_ID/S --threads 1 --checkpoint DIR/share-\$SLURM_ARRAY_TASK_ID.json"
# then `wellposed nonogram reckon-merge DIR/share-*.json`.
#
# Usage: scripts/reckon-parallel.sh M N SHARES [DIR]     (DIR: results/reckon/MxN)
#   DEPTH=d          rows of clues a unit fixes (default: the program's, a few hundred units;
#                    7×7: use 3, 39,304 units of a few core-minutes each)
#   JOBS=k           shares at once (default: GNU parallel's, one per core)
#   SSHLOGINFILE=f   also run shares on the hosts in f (GNU parallel's --sshloginfile); every
#                    host needs the same binary at $WELLPOSED and DIR on a shared file system
#   WELLPOSED=path   the binary (default: target/release/wellposed, built if missing)
# The last line printed is the merged result as JSON (`units.complete` says whether it is all).
set -euo pipefail
cd "$(dirname "$0")/.."
m=$1 n=$2 shares=$3
dir=${4:-results/reckon/${m}x${n}}
bin=${WELLPOSED:-$PWD/target/release/wellposed}
command -v parallel >/dev/null || { echo "reckon-parallel: GNU parallel is not installed (Debian: parallel)" >&2; exit 2; }
[ -x "$bin" ] || cargo build --release -q -p wellposed
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
depth=()
[ -n "${DEPTH:-}" ] && depth=(--depth "$DEPTH")
args=(--halt now,fail=1)
[ -n "${JOBS:-}" ] && args+=(--jobs "$JOBS")
[ -n "${SSHLOGINFILE:-}" ] && args+=(--sshloginfile "$SSHLOGINFILE")
seq 0 $((shares - 1)) | parallel "${args[@]}" \
  "$bin nonogram reckon $m $n --method classes ${depth[*]} --shard {}/$shares --threads 1 \
     --checkpoint $dir/share-{}.json --json > $dir/share-{}.log"
"$bin" nonogram reckon-merge --json "$dir"/share-*.json
