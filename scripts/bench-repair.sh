#!/usr/bin/env bash
# `wellposed repair` on every bundled instance of the families that name clues: the outcome,
# the proposal's size, whether it is proved smallest, the engine checks it took and the wall
# time (one run each). No other tool answers this question, so there is no peer to run beside.
# Usage: scripts/bench-repair.sh > table.md
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=./target/release/wellposed
echo "| instance | outcome | clues in the proposal | smallest | checks | seconds |"
echo "|---|---|---|---|---|---|"
for dir in binary latin survo minesweeper battleships map zebra; do
  for f in encodings/$dir/*; do
    case "$f" in *README*|*.svg|*.list|*.md) continue ;; esac
    start=$(date +%s.%N)
    out=$("$bin" repair --json "$f" 2>/dev/null || true)
    end=$(date +%s.%N)
    python3 - "$f" "$out" "$start" "$end" <<'PY'
import json, sys
f, out, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
try:
    j = json.loads(out)
except ValueError:
    print(f"| {f} | error | | | | {end - start:.2f} |")
    sys.exit()
if "error" in j:
    print(f"| {f} | error: {j['error'][:60]} | | | | {end - start:.2f} |")
    sys.exit()
n = len(j["proposals"][0]["clues"]) if j["proposals"] else 0
what = {"multiple": "add", "none": "remove", "unique": "redundant / minimal set removes"}[j["status"]]
print(f"| {f} | {j['status']} ({what}) | {n} | {'yes' if j['minimum'] else 'no'} | {j['checks']} | {end - start:.2f} |")
PY
  done
done
