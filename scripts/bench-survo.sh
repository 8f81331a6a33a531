#!/usr/bin/env bash
# S(m,n) against Mustonen's 2007 table, with wall time per entry (all cores) and in all.
# Usage: scripts/bench-survo.sh [ENTRIES…]   e.g. scripts/bench-survo.sh 3x4 4x4 2x11
# Default: the whole 2007 table (about half an hour on 2 cores). Every run checkpoints to
# target/survo-bench/; each entry starts afresh unless SURVO_RESUME=1, which continues an
# interrupted benchmark where it stopped (its times then cover only the rest).
# METHOD=name runs every entry by that method (`survo enumerate --method`, e.g. columns-first,
# the second method) instead of the fastest for its size.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p wellposed
W=target/release/wellposed
mkdir -p target/survo-bench
declare -A published=(
  [2x2]=1 [2x3]=18 [2x4]=62 [2x5]=278 [2x6]=1146 [2x7]=5706 [2x8]=28707 [2x9]=154587 [2x10]=843476
  [3x3]=38 [3x4]=583 [3x5]=5337 [3x6]=55815 [3x7]=617658 [4x4]=5327 [4x5]=257773
)
entries=("$@")
[ ${#entries[@]} -gt 0 ] || entries=(2x2 2x3 2x4 2x5 2x6 2x7 2x8 2x9 2x10 3x3 3x4 3x5 3x6 3x7 4x4 4x5)
echo "| entry | S (computed) | published (Mustonen 2007) | labelled | method | searched | moved | ruled out | wall (s) |"
echo "|---|---|---|---|---|---|---|---|---|"
all_start=$(date +%s.%N)
for e in "${entries[@]}"; do
  m=${e%x*}; n=${e#*x}
  [ "${SURVO_RESUME:-0}" = 1 ] || rm -f "target/survo-bench/s$m$n.ckpt"
  start=$(date +%s.%N)
  out=$($W survo enumerate "$m" "$n" --json ${METHOD:+--method "$METHOD"} \
    --checkpoint "target/survo-bench/s$m$n.ckpt")
  end=$(date +%s.%N)
  python3 - "$out" "${published[$e]:-?}" "$start" "$end" "$e" <<'PY'
import json, sys
o = json.loads(sys.argv[1]); want = sys.argv[2]
flag = "" if want == "?" or int(want) == o["S"] else " **DISAGREES**"
print(f"| {sys.argv[5]} | {o['S']}{flag} | {want} | {o['labelled']} | {o['method']} | {o['searched']} | {o.get('moved', 0)} | {o['pruned']} | {float(sys.argv[4]) - float(sys.argv[3]):.2f} |")
PY
done
all_end=$(date +%s.%N)
python3 -c "import sys; print(f'\nall entries: {float(sys.argv[2]) - float(sys.argv[1]):.1f} s wall')" "$all_start" "$all_end"
