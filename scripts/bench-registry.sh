#!/usr/bin/env bash
# Whole-process times of solve, count, enumerate, grade and generate, for two builds side by
# side (medians), checking that they print the same answers (generated puzzles byte for byte).
# Usage: scripts/bench-registry.sh OLD_BINARY [NEW_BINARY]   (NEW: target/release/wellposed)
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?usage: scripts/bench-registry.sh OLD_BINARY [NEW_BINARY]}
new=${2:-target/release/wellposed}
[ -x "$new" ] || cargo build --release -q -p wellposed
python3 - "$old" "$new" <<'PY'
import subprocess, sys, time, statistics
OLD, NEW = sys.argv[1], sys.argv[2]
cases = [
    ("solve submarines 6x6", ["solve", "encodings/submarines/unique-6x6.txt"], 9),
    ("solve nonogram house (goal)", ["solve", "encodings/nonogram/house-8x8.non"], 9),
    ("count queens12.dlx (dlx)", ["count", "encodings/raw/queens12.dlx"], 5),
    ("count pentomino-6x10.dlx (dlx)", ["count", "encodings/raw/pentomino-6x10.dlx"], 3),
    ("count queens8.cnf (counter)", ["count", "--method", "counter", "encodings/raw/queens8.cnf"], 5),
    ("count survo open-3x4-176 (counter)", ["count", "--method", "counter", "encodings/survo/open-3x4-176.txt"], 3),
    ("survo enumerate 3 5", ["survo", "enumerate", "3", "5"], 3),
    ("binary count-grids 10 (mitm)", ["binary", "count-grids", "10", "--method", "mitm"], 3),
    ("grade zebra life-1962", ["grade", "encodings/zebra/life-1962.txt"], 5),
    ("generate map 20x15 r30 x20", ["generate", "map", "--size", "20", "--height", "15", "--regions", "30", "--count", "20"], 3),
    ("generate zebra 5x5 x10", ["generate", "zebra", "--size", "5", "--categories", "5", "--count", "10"], 3),
]
print("| task | before (s) | after (s) | after/before |\n|---|---|---|---|")
failed = False
for name, args, n in cases:
    res = {}
    for label, b in [("old", OLD), ("new", NEW)]:
        ts = []
        for _ in range(n):
            t = time.perf_counter()
            r = subprocess.run([b] + args, capture_output=True, text=True)
            ts.append(time.perf_counter() - t)
            if r.returncode != 0:
                sys.exit(f"{label} failed on {name}: {r.stderr}")
        res[label] = (statistics.median(ts), r.stdout)
    if args[0] == "generate":
        same = res["old"][1] == res["new"][1]
    else:  # timings printed inside parentheses differ from run to run
        same = res["old"][1].split("(")[0] == res["new"][1].split("(")[0]
    failed |= not same
    ratio = res["new"][0] / res["old"][0]
    print(f"| {name} | {res['old'][0]:.3f} | {res['new'][0]:.3f} | {ratio:.2f}{'' if same else ' (answers differ!)'} |", flush=True)
sys.exit(1 if failed else 0)
PY
