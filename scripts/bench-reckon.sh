#!/usr/bin/env bash
# Uniquely solvable nonograms (`wellposed nonogram reckon`) against the published counts.
# Figures go to BENCHMARKS.md; never run as a test (6×6 takes minutes to an hour on 2 cores,
# 6×7 hours). Published: OEIS A384764 / A242876 (Bertram Felgenhauer, 2025).
# Usage: scripts/bench-reckon.sh [THREADS] [LARGEST]
#   LARGEST: 5x5, 5x6, 6x6 (default) or 6x7 — the boards up to it are run in this order.
#   Each run keeps a checkpoint in reckon-runs/ and resumes from it when rerun.
set -euo pipefail
cd "$(dirname "$0")/.."
threads="${1:-0}"
largest="${2:-6x6}"
cargo build --release -q -p wellposed
W=target/release/wellposed
mkdir -p reckon-runs
field() { python3 -c "import json,sys; d=json.load(sys.stdin); print(d['$1'])"; }

echo "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d), threads ${threads} (0: all)"
echo
echo "| board | count | published | agrees | seconds |"
echo "|---|---|---|---|---|"
# The published values (A384764's table; the 6×7 value is in its b-file, b384764.txt, which
# this script does not hold: compare by hand).
for e in 5x5:25309575 5x6:794378773 6x6:49745060669 6x7:see-b384764; do
  IFS=: read -r board published <<<"$e"
  m=${board%x*}; n=${board#*x}
  out=$($W nonogram reckon "$m" "$n" --threads "$threads" \
        --checkpoint "reckon-runs/$board.json" --json)
  count=$(echo "$out" | field count)
  secs=$(echo "$out" | field seconds)
  case $published in
    see-*) agrees="compare with b384764" ;;
    *) [ "$count" = "$published" ] && agrees=yes || agrees=NO ;;
  esac
  printf '| %s | %s | %s | %s | %.1f |\n' "$board" "$count" "$published" "$agrees" "$secs"
  [ "$board" = "$largest" ] && break
done
