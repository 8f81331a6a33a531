#!/usr/bin/env bash
# Two builds on the same units of a Survo manifest, one core each, one after the other: CPU
# seconds per unit and in all, and whether both searched the same way (the same S, the same
# searched and unique counts per item, and the same search nodes by outcome, from the debug
# log). For a change to a decider that must keep its search: the nodes must agree.
# Usage: BEFORE=path/to/wellposed AFTER=path/to/wellposed \
#          scripts/bench-survo-units.sh MANIFEST UNIT...
# e.g.   BEFORE=/tmp/old AFTER=target/release/wellposed \
#          scripts/bench-survo-units.sh results/survo/units-3x8-second/manifest.json 5 40 150
# Pause other work first (the numbers are CPU seconds, but two cores share caches).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BEFORE:?set BEFORE to the old build}" "${AFTER:?set AFTER to the new build}"
manifest=$1
shift
[ $# -gt 0 ] || { echo "usage: $0 MANIFEST UNIT..." >&2; exit 2; }
size=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['m'], d['n'])" "$manifest")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| unit | before (CPU s) | after (CPU s) | ratio | same search |"
echo "|---|---|---|---|---|"
for unit in "$@"; do
  for build in before after; do
    bin=$BEFORE
    [ "$build" = after ] && bin=$AFTER
    # shellcheck disable=SC2086
    RUST_LOG=wellposed_survo=debug "$bin" survo enumerate $size --manifest "$manifest" \
      --unit "$unit" --threads 1 --json > "$work/$build.json" 2> "$work/$build.log"
    grep "searches by outcome" "$work/$build.log" | sed 's/.*so far//' > "$work/$build.nodes"
  done
  python3 - "$work" "$unit" <<'PY'
import json, sys
work, unit = sys.argv[1], sys.argv[2]
b, a = (json.load(open(f"{work}/{k}.json")) for k in ("before", "after"))
items = lambda o: [(w["item"], w["searched"], w["unique"]) for w in o["work"]]
nodes = lambda k: open(f"{work}/{k}.nodes").read()
same = b["S"] == a["S"] and items(b) == items(a) and nodes("before") == nodes("after") != ""
print(f"| {unit} | {b['cpu_seconds']:.2f} | {a['cpu_seconds']:.2f} | "
      f"{a['cpu_seconds'] / b['cpu_seconds']:.2f} | {'yes' if same else '**NO**'} |")
with open(f"{work}/totals", "a") as t:
    t.write(f"{b['cpu_seconds']} {a['cpu_seconds']} {int(same)}\n")
PY
done
python3 - "$work/totals" <<'PY'
import sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
b, a = sum(r[0] for r in rows), sum(r[1] for r in rows)
print(f"| all {len(rows)} | {b:.2f} | {a:.2f} | {a / b:.2f} | "
      f"{'yes' if all(r[2] for r in rows) else '**NO**'} |")
PY
