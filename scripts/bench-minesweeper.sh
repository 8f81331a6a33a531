#!/usr/bin/env bash
# Minesweeper: whole games by each guessing strategy on the same deals (same seed), in one run,
# so the rates compare layout for layout and the times are ratios against `lowest`.
# Usage: scripts/bench-minesweeper.sh [GAMES] [SEED] [LEVELS...]
#   (default 5000 games, seed 1, all three levels)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p wellposed
W=target/release/wellposed
GAMES=${1:-5000}
SEED=${2:-1}
shift $(( $# > 2 ? 2 : $# ))
LEVELS=${*:-beginner intermediate expert}
echo "| level | strategy | games | won | rate | wall (s) | time vs lowest |"
echo "|---|---|---|---|---|---|---|"
for level in $LEVELS; do
  base=""
  for strategy in lowest endgame progress; do
    out=$($W minesweeper play --level "$level" --strategy "$strategy" --games "$GAMES" \
      --seed "$SEED" --json)
    python3 - "$level" "$strategy" "$out" "$base" <<'PY'
import json, sys
level, strategy, out, base = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), sys.argv[4]
ratio = out["seconds"] / float(base) if base else 1.0
print(f"| {level} | {strategy} | {out['games']} | {out['won']} | "
      f"{100 * out['win_rate']:.1f}% ± {100 * out['standard_error']:.1f} | "
      f"{out['seconds']:.1f} | {ratio:.1f}× |")
PY
    if [ -z "$base" ]; then
      base=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["seconds"])' "$out")
    fi
  done
done
