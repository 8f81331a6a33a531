#!/usr/bin/env bash
# Benchmarks for the engine (figures go to BENCHMARKS.md; never run as tests).
#  1. Dancing links: this project's Algorithm C on one thread and on all cores against the
#     dlx-rs crate, on the same .dlx problems, in the same run.
#  2. SAT: the embedded solver (varisat) against an external solver on the same exported CNF
#     files: the same uniqueness question (solve, block, re-solve) asked through `--solver`,
#     and the external solver's single solve alone.
# Usage: scripts/bench.sh [EXTERNAL_SOLVER]   (default: cadical)
set -euo pipefail
cd "$(dirname "$0")/.."
ext=${1:-cadical}
cargo build --release -q -p wellposed -p wellposed-bench
W=target/release/wellposed
B=target/release/wellposed-bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
echo
echo "### Dancing links (counting every solution)"
echo
$B dlx encodings/raw/queens12.dlx encodings/raw/pentomino-3x20.dlx encodings/raw/pentomino-5x12.dlx encodings/raw/pentomino-6x10.dlx

now() { date +%s.%N; }
secs() { python3 -c "print(f'{$2 - $1:.3f}')"; }
echo
echo "### Lights Out nullity of the N×N board (seconds; same nullity by each route)"
echo
echo "| N | polynomial gcd (s) | chase the lights (s) | nullity |"
echo "|---|---|---|---|"
for n in 150 1000 1024 2000 4000 10000 10239 100000; do
  t0=$(now); out=$($W lights-out nullity $n --method polynomial --json); t1=$(now)
  poly=$(secs "$t0" "$t1")
  k=$(echo "$out" | python3 -c "import json,sys; print(json.load(sys.stdin)['nullity'])")
  if [ "$n" -le 4000 ]; then
    t3=$(now); out2=$($W lights-out nullity $n --method chase --json); t2=$(now)
    k2=$(echo "$out2" | python3 -c "import json,sys; print(json.load(sys.stdin)['nullity'])")
    [ "$k" = "$k2" ] || { echo "DISAGREEMENT at N=$n: $k vs $k2"; exit 1; }
    chase=$(secs "$t3" "$t2")
  else
    chase="(not run: cubic)"
  fi
  echo "| $n | $poly | $chase | $k |"
done

if ! command -v "$ext" >/dev/null 2>&1; then
  echo; echo "(no $ext on PATH: SAT comparison skipped; apt-get install $ext)"; exit 0
fi

# CNF instances: raw files, exact covers exported as CNF, and Submarines boards.
cp encodings/raw/queens10.cnf encodings/raw/pigeonhole-9-8.cnf "$tmp/"
$W export encodings/raw/pentomino-5x12.dlx --format dimacs -o "$tmp/pentomino-5x12.cnf" >/dev/null
$W export encodings/raw/pentomino-3x20.dlx --format dimacs -o "$tmp/pentomino-3x20.cnf" >/dev/null
python3 - "$tmp" <<'PY'
import random, sys
random.seed(7)
m = n = 40
a = [[int(random.random() < 0.5) for _ in range(n)] for _ in range(m)]
rows = [sum(r) for r in a]; cols = [sum(a[i][j] for i in range(m)) for j in range(n)]
open(sys.argv[1] + "/submarines-40x40.txt", "w").write(
    "family submarines\nrows %s\ncols %s\n" % (" ".join(map(str, rows)), " ".join(map(str, cols))))
# A staircase (lonesum) board, rows and columns shuffled: exactly one solution.
r = list(range(1, m + 1)); random.shuffle(r)
c = [sum(1 for x in r if x >= k) for k in range(1, n + 1)]; random.shuffle(c)
open(sys.argv[1] + "/submarines-unique-40x40.txt", "w").write(
    "family submarines\nrows %s\ncols %s\n" % (" ".join(map(str, r)), " ".join(map(str, c))))
PY
for s in submarines-40x40 submarines-unique-40x40; do
  $W export "$tmp/$s.txt" --format dimacs -o "$tmp/$s.cnf" >/dev/null
done

echo
echo "### SAT: varisat (embedded) vs $ext (external) on the same CNF files"
echo
echo "| CNF | answer | embedded uniqueness (s) | $ext uniqueness via --solver (s) | ratio embedded/$ext | $ext one solve (s) |"
echo "|---|---|---|---|---|---|"
for f in queens10 pigeonhole-9-8 pentomino-5x12 pentomino-3x20 submarines-40x40 submarines-unique-40x40; do
  cnf="$tmp/$f.cnf"
  t0=$(now); ans=$($W solve --json "$cnf" | python3 -c "import json,sys; print(json.load(sys.stdin)['status'])"); t1=$(now)
  ans2=$($W solve --json --solver "$ext" "$cnf" | python3 -c "import json,sys; print(json.load(sys.stdin)['status'])"); t2=$(now)
  "$ext" "$cnf" >/dev/null 2>&1 || true; t3=$(now)
  [ "$ans" = "$ans2" ] || { echo "DISAGREEMENT on $f: $ans vs $ans2"; exit 1; }
  e=$(secs "$t0" "$t1"); x=$(secs "$t1" "$t2"); one=$(secs "$t2" "$t3")
  echo "| $f | $ans | $e | $x | $(python3 -c "print(f'{$e / max($x, 1e-3):.2f}')") | $one |"
done
