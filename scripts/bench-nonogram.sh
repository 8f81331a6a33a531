#!/usr/bin/env bash
# Nonograms: every puzzle of the shared survey set decided (unique or not) by `wellposed solve`,
# with its wall time, next to the survey's published times (Jan Wolter's survey, the columns of
# shared/data/nonograms/survey_timings.csv: the best of the published solvers, and pbnsolve's
# own "Wolter" column). Three ways, in the same run: the default, which asks "is the file's
# goal the only picture?" (one solve with the goal excluded); the search from scratch without
# the goal (--no-intended: line solving, then CDCL); and the native search (line solving,
# probing and branching).
# Usage: scripts/bench-nonogram.sh [TIMEOUT_SECONDS]   (default 60: the issue's goal)
set -uo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p wellposed
W=target/release/wellposed
DATA=../shared/data/nonograms
LIMIT=${1:-60}
[ -d "$DATA" ] || { echo "no $DATA: nothing to measure"; exit 0; }
echo "| puzzle | size | status | goal given (s) | searched (s) | native (s) | survey best (s) | pbnsolve (s) |"
echo "|---|---|---|---|---|---|---|---|"
for f in "$DATA"/*.non; do
  name=$(basename "$f" .non)
  run() {
    local start end out
    start=$(date +%s.%N)
    out=$($W solve --json --timeout "$LIMIT" "$@" "$f" 2>/dev/null)
    end=$(date +%s.%N)
    printf '%s\t%.3f\n' "$(python3 -c 'import sys,json
try: print(json.loads(sys.argv[1])["status"])
except Exception: print("unknown")' "$out")" "$(echo "$end - $start" | bc)"
  }
  IFS=$'\t' read -r status auto < <(run)
  IFS=$'\t' read -r sstatus searched < <(run --no-intended)
  IFS=$'\t' read -r nstatus native < <(run --method native)
  [ "$status" = unknown ] && auto=">$LIMIT"
  [ "$sstatus" = unknown ] && searched=">$LIMIT"
  [ "$nstatus" = unknown ] && native=">$LIMIT"
  python3 - "$name" "$status" "$auto" "$searched" "$native" "$DATA/survey_timings.csv" "$f" <<'PY'
import csv, re, sys
name, status, auto, searched, native, timings, path = sys.argv[1:]
text = open(path).read()
w = re.search(r"^width\s+(\d+)", text, re.M).group(1)
h = re.search(r"^height\s+(\d+)", text, re.M).group(1)
best = pbn = "—"
m = re.match(r"webpbn-0*(\d+)", name)
if m:
    for row in csv.reader(open(timings)):
        row = [c.strip() for c in row]
        if row[0] == m.group(1):
            header = [c.strip() for c in next(csv.reader(open(timings)))]
            nums = []
            for col, v in zip(header[4:], row[4:]):
                try:
                    nums.append(float(v))
                except ValueError:
                    pass
            best = f"{min(nums):g}" if nums else "—"
            pbn = row[header.index("Wolter")] or "—"
print(f"| {name} | {w}×{h} | {status} | {auto} | {searched} | {native} | {best} | {pbn} |")
PY
done
