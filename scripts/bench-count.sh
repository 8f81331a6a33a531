#!/usr/bin/env bash
# Counting at scale (figures go to BENCHMARKS.md; never run as tests).
#  1. n-queens 8..13: the projected model counter and blocking clauses on the CNF against
#     dancing links on the exact cover, in the same run (wellposed-bench count).
#  2. Empty binary grids: the counter on the CNF against the family's own counters.
#  3. Bundled puzzles: the counter against ganak (pyganak, if importable) on the exported DIMACS
#     with its `c p show` projection, and against blocking clauses.
# Usage: scripts/bench-count.sh [MAX_QUEENS]   (default 13)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p wellposed -p wellposed-bench
W=target/release/wellposed
B=target/release/wellposed-bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
secs() { python3 -c "print(f'{$2 - $1:.2f}')"; }
field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }

echo "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d)"
echo
echo "### n-queens"
echo
$B count "${1:-13}"

echo
echo "### Empty binary grids (counter on the CNF; family count for reference)"
echo
echo "| grid | rules | counter | counter (s) | family's count | family (s) |"
echo "|---|---|---|---|---|---|"
for e in 6:no-distinct 6:distinct 8:no-distinct 8:distinct; do
  IFS=: read -r n rules <<<"$e"
  f="$tmp/empty-$n-$rules.txt"
  { echo "family binary"; echo "size $n $n"; echo "rules $rules"; echo grid
    for _ in $(seq "$n"); do printf '%*s\n' "$n" '' | tr ' ' '.'; done; } >"$f"
  t0=$(now); c=$(timeout 300 $W count "$f" --method counter --json | field count 2>/dev/null || echo "(over 300 s)"); t1=$(now)
  t2=$(now); d=$($W binary count-grids "$n" --rules "$rules" --json | field count); t3=$(now)
  echo "| ${n}×${n} | $rules | $c | $(secs "$t0" "$t1") | $d | $(secs "$t2" "$t3") |"
done

echo
echo "### Bundled puzzles: counter, blocking clauses, ganak"
echo
ganak=no
python3 -c "import pyganak" 2>/dev/null && ganak=yes
echo "| instance | count | counter (s) | blocking (s) | ganak (s) |"
echo "|---|---|---|---|---|"
for f in encodings/submarines/multiple-4x5.txt encodings/map/wheel-w5.txt \
         encodings/minesweeper/frontier-8x8.txt encodings/battleships/csplib-113-no-hints.txt \
         encodings/survo/open-3x4-176.txt encodings/raw/queens8.dlx encodings/raw/queens10.cnf \
         encodings/raw/pigeonhole-9-8.cnf; do
  t0=$(now); c=$($W count "$f" --method counter --json | field count); t1=$(now)
  t2=$(now); b=$($W count "$f" --method blocking --json | field count); t3=$(now)
  [ "$c" = "$b" ] || { echo "DISAGREEMENT on $f: $c vs $b"; exit 1; }
  g="(no pyganak)"
  if [ $ganak = yes ]; then
    $W export "$f" --format dimacs -o "$tmp/x.cnf" >/dev/null
    t4=$(now)
    n=$(python3 - "$tmp/x.cnf" <<'PY'
import sys, pyganak
show, clauses, nvars = None, [], 0
for line in open(sys.argv[1]):
    t = line.split()
    if not t: continue
    if t[0] == 'p': nvars = int(t[2])
    elif t[:3] == ['c', 'p', 'show']: show = (show or []) + [int(x) for x in t[3:] if x != '0']
    elif t[0] != 'c': clauses.append([int(x) for x in t if x != '0'])
c = pyganak.Counter(); c.new_vars(nvars); c.add_clauses(clauses)
if show is not None: c.set_sampling_set(show)
print(c.count())
PY
)
    n=$(echo "$n" | tail -1)  # ganak may print progress lines ("c o …") first
    t5=$(now)
    [ "$n" = "$c" ] || { echo "DISAGREEMENT with ganak on $f: $c vs $n"; exit 1; }
    g=$(secs "$t4" "$t5")
  fi
  echo "| $f | $c | $(secs "$t0" "$t1") | $(secs "$t2" "$t3") | $g |"
done
