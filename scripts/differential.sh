#!/usr/bin/env bash
# Long differential runs: every family's random-instance agreement tests (SAT on both built-in
# solvers vs dancing links vs brute force vs the family's mathematics) at SCALE times their
# rounds. The test command runs them at scale 1 (1,000–3,000 instances per family).
# Usage: scripts/differential.sh [SCALE]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
scale=${1:-20}
for family in battleships binary edges lights-out map minesweeper neighbour-sum nonogram \
  submarines survo zebra; do
  start=$(date +%s)
  WELLPOSED_DIFF_SCALE=$scale cargo test --release -q -p "wellposed-$family" --test '*' \
    >/dev/null
  echo "differential: $family at scale $scale passed in $(( $(date +%s) - start )) s"
done
