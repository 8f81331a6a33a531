#!/usr/bin/env bash
# puzz.link genres against the cspuz solver, whole process, in one run: every URL of
# encodings/*/puzzlink.tsv (real puzzles) and encodings/*/bench.tsv (large generated boards).
# The statuses must agree; see scripts/bench-genres.py for the table it prints.
#
# Usage: scripts/bench-genres.sh [TIMEOUT_SECONDS] [REPEATS] [GENRES]
#   TIMEOUT_SECONDS  per run (default 60: the issues' goal); REPEATS (default 3, medians);
#   GENRES           comma-separated encodings/ folder names (default all).
#   --agree          as the first argument: statuses only, one run each (the agreement run).
#   --generated N    as the first argument: statuses only, on N generated puzzles per genre
#                    (family names in GENRES) instead of the corpora.
# Environment: WELLPOSED= a wellposed binary (default: the released build, scripts/build-dist.sh),
#   CSPUZ= the peer (default ../shared/peers/cspuz/run_solver; its build commit is in its README).
set -euo pipefail
cd "$(dirname "$0")/.."
AGREE=()
if [ "${1:-}" = "--agree" ]; then AGREE=(--agree-only); shift; fi
if [ "${1:-}" = "--generated" ]; then AGREE=(--agree-only --generated "$2"); shift 2; fi
LIMIT=${1:-60}
REPEATS=${2:-3}
GENRES=${3:-}
CSPUZ=${CSPUZ:-$PWD/../shared/peers/cspuz/run_solver}
[ -x "$CSPUZ" ] || { echo "bench-genres: the cspuz peer is not at $CSPUZ" >&2; exit 2; }
if [ -z "${WELLPOSED:-}" ]; then
  WELLPOSED=$(scripts/build-dist.sh)
fi
echo "cspuz: $(grep -o 'commit [0-9a-f]*' "$(dirname "$CSPUZ")/README.md" | head -1)" >&2
exec python3 scripts/bench-genres.py "$WELLPOSED" "$CSPUZ" --timeout "$LIMIT" --repeats "$REPEATS" \
  --only "$GENRES" "${AGREE[@]}"
