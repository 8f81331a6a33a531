#!/usr/bin/env bash
# The two built-in SAT backends on the same uniqueness questions (solve, block, re-solve),
# in the same run: wall seconds per instance (figures go to BENCHMARKS.md; never run as tests).
# Usage: scripts/bench-backends.sh [FILES…]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p wellposed
W=target/release/wellposed
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(encodings/raw/pigeonhole-9-8.cnf encodings/raw/pentomino-3x20.dlx
  encodings/survo/open-2x10.txt encodings/survo/open-4x4.txt encodings/binary/unique-10x10.txt
  encodings/nonogram/house-8x8.txt)
now() { date +%s.%N; }
echo "| instance | answer | varisat (s) | cadical (s) | varisat / cadical |"
echo "|---|---|---|---|---|"
for f in "${files[@]}"; do
  declare -A t st
  for b in varisat cadical; do
    t0=$(now)
    st[$b]=$($W solve "$f" --method sat --backend $b --json | python3 -c "import json,sys; print(json.load(sys.stdin)['status'])")
    t1=$(now)
    t[$b]=$(python3 -c "print(f'{$t1 - $t0:.2f}')")
  done
  [ "${st[varisat]}" = "${st[cadical]}" ] || { echo "DISAGREEMENT on $f"; exit 1; }
  echo "| $f | ${st[varisat]} | ${t[varisat]} | ${t[cadical]} | $(python3 -c "print(f'{${t[varisat]} / max(${t[cadical]}, 0.01):.1f}×')") |"
done
