#!/usr/bin/env bash
# Counting every binary grid: the half-table DP (no-distinct), the half-grid meet in the middle
# (distinct: whole table `mitm`, and by seam-row units `seam`) and the symmetric row search, per size and rule set, with wall time, against the
# published values (OEIS A253316 for `distinct`). The row search on the same sizes is the
# baseline the DP and the meet in the middle are measured against, in the same run.
# Usage: scripts/bench-binary.sh [ENTRIES…]   entries like 8:distinct 10:no-distinct:dp
# Default: the entries that finish in seconds on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p wellposed
W=target/release/wellposed
declare -A published=(
  [2:distinct]=2 [4:distinct]=72 [6:distinct]=4140 [8:distinct]=4111116 [10:distinct]=48183195384
  [2:no-distinct]=2 [4:no-distinct]=90 [6:no-distinct]=11222 [8:no-distinct]=12413918
)
entries=("$@")
[ ${#entries[@]} -gt 0 ] || entries=(6:distinct:search 6:distinct:mitm 8:distinct:search
  8:distinct:mitm 8:distinct:seam 10:distinct:mitm 10:distinct:seam 6:no-distinct:search 6:no-distinct:dp 8:no-distinct:search
  8:no-distinct:dp 10:no-distinct:dp)
echo "| N | rules | method | count | published | wall (s) |"
echo "|---|---|---|---|---|---|"
for e in "${entries[@]}"; do
  IFS=: read -r n rules method <<<"$e"
  args=(binary count-grids "$n" --rules "$rules" --json)
  [ -z "${method:-}" ] || args+=(--method "$method")
  out=$($W "${args[@]}")
  python3 - "$out" "${published[$n:$rules]:-?}" <<'PY'
import json, sys
o = json.loads(sys.argv[1]); want = sys.argv[2]
flag = "" if want == "?" or int(want) == o["count"] else " **DISAGREES**"
print(f"| {o['n']} | {o['rules']} | {o['method']} | {o['count']}{flag} | {want} | {o['seconds']:.2f} |")
PY
done
