#!/usr/bin/env bash
# Sudoku: N hard 9×9 puzzles (default 10,000) in one `wellposed sudoku batch` process beside
# cspuz, one process a puzzle, on the same puzzles; statuses and solutions must agree. See
# scripts/bench-sudoku-batch.py for the puzzles (downloaded or skipped) and what is printed.
#
# Usage: scripts/bench-sudoku-batch.sh [N] [--reuse-cspuz]
# Environment: WELLPOSED= a wellposed binary (default: the released build, scripts/build-dist.sh),
#   CSPUZ= the peer (default ../shared/peers/cspuz/run_solver), SUDOKU_HARD= the puzzle list.
set -euo pipefail
cd "$(dirname "$0")/.."
CSPUZ=${CSPUZ:-$PWD/../shared/peers/cspuz/run_solver}
[ -x "$CSPUZ" ] || { echo "bench-sudoku-batch: the cspuz peer is not at $CSPUZ" >&2; exit 2; }
if [ -z "${WELLPOSED:-}" ]; then
  WELLPOSED=$(scripts/build-dist.sh)
fi
exec python3 scripts/bench-sudoku-batch.py "$WELLPOSED" "$CSPUZ" "$@"
