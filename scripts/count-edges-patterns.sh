#!/usr/bin/env bash
# Counts an edge-matching puzzle's solutions by its patterns (`wellposed edges count --patterns`)
# and writes the result with its provenance (program version, commit, machine, seconds) to
# results/edges/NAME.json. Usage: scripts/count-edges-patterns.sh FILE [NAME]
# For Eternity II clue puzzle 1 (../shared/data/edges/clue1.txt) the published count is
# 115,071,633,408 (shared/data/edges/ANSWERS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
file=$1
name=${2:-$(basename "$file" .txt)}
cargo build --release -q
out=results/edges/$name.json
tmp=$(mktemp)
/usr/bin/time -v ./target/release/wellposed --json edges count --patterns "$file" >"$tmp" 2>"$tmp.time"
kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$tmp.time")
python3 - "$tmp" "$out" "$file" "$kib" <<'PY'
import json, subprocess, sys, platform, datetime
result = json.load(open(sys.argv[1]))
result["provenance"] = {
    "program": subprocess.run(["./target/release/wellposed", "--version"], capture_output=True, text=True).stdout.strip(),
    "commit": subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip(),
    "method": "edges count --patterns (exact cover with multiplicities, times the solutions per pattern)",
    "input": sys.argv[3],
    "machine": platform.node() + " " + platform.machine(),
    "peak_kib": int(sys.argv[4] or 0),
    "finished": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
}
json.dump(result, open(sys.argv[2], "w"), indent=1)
print(json.dumps(result))
PY
rm -f "$tmp" "$tmp.time"
