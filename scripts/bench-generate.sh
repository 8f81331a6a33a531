#!/usr/bin/env bash
# Generation speed per family and size: puzzles per second and the share of generation time
# spent proving uniqueness (the `seconds` and `uniqueness_seconds` that `generate --json`
# reports per puzzle). One process per row, COUNT puzzles (seeds 1..COUNT).
# Usage: scripts/bench-generate.sh [COUNT] [BINARY]   (defaults: 20, target/release/wellposed)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-20}
bin=${2:-target/release/wellposed}
[ -x "$bin" ] || cargo build --release -q -p wellposed
printf '| family | size | puzzles | puzzles/s | in uniqueness checks |\n|---|---|---|---|---|\n'
while read -r family args; do
  "$bin" --json generate "$family" $args --count "$count" | python3 -c '
import json, sys
family, args = sys.argv[1], sys.argv[2]
made = json.load(sys.stdin)
made = made if isinstance(made, list) else [made]
total = sum(m["seconds"] for m in made)
checks = sum(m["uniqueness_seconds"] for m in made)
print(f"| {family} | {args} | {len(made)} | {len(made) / total:.1f} | {100 * checks / total:.0f}% |")
' "$family" "$args"
done <<'ROWS'
binary --size 10
binary --size 14
map --size 20 --height 15 --regions 30
map --size 20 --height 15 --regions 30 --difficulty hard
zebra --size 5 --categories 5
nonogram --size 15
battleships --size 10
survo --size 4 --height 3
lights-out --size 7
minesweeper --level expert
ROWS
