#!/usr/bin/env bash
# The two built-in SAT backends on each kind of task (solve, the backbone, counting by blocking
# clauses, enumeration, generation), same run, whole process, medians of 3: the measurement
# behind `--backend auto` (BENCHMARKS.md). Never run as a test.
# Usage: scripts/bench-backend-tasks.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p wellposed
python3 - <<'PY'
import subprocess, time, statistics
W = "target/release/wellposed"
def timed(args, n=3):
    ts = []
    for _ in range(n):
        s = time.perf_counter()
        r = subprocess.run([W] + args, capture_output=True, text=True)
        ts.append(time.perf_counter() - s)
        if r.returncode not in (0, 10, 20):
            raise SystemExit(f"{args}: {r.stderr}")
    return statistics.median(ts), r.stdout.split("\n")[0]
tasks = [
    ("solve", ["solve", "--method", "sat", "encodings/raw/pigeonhole-9-8.cnf"]),
    ("solve", ["solve", "--method", "sat", "encodings/survo/open-2x10.txt"]),
    ("solve", ["solve", "--method", "sat", "encodings/binary/unique-10x10.txt"]),
    ("solve", ["solve", "--method", "sat", "encodings/battleships/csplib-113.txt"]),
    ("solve", ["solve", "--method", "sat", "encodings/zebra/life-1962.txt"]),
    ("solve", ["solve", "--method", "sat", "--no-intended", "encodings/nonogram/house-8x8.non"]),
    ("solve --deduce", ["solve", "--deduce", "--method", "sat", "encodings/binary/two-solutions-6x6.txt"]),
    ("solve --deduce", ["solve", "--deduce", "--method", "sat", "encodings/minesweeper/frontier-8x8.txt"]),
    ("solve --deduce", ["solve", "--deduce", "--method", "sat", "encodings/survo/open-3x4.txt"]),
    ("count blocking", ["count", "--method", "blocking", "encodings/raw/queens8.cnf"]),
    ("count blocking", ["count", "--method", "blocking", "encodings/survo/open-3x4-176.txt"]),
    ("count auto", ["count", "encodings/minesweeper/frontier-8x8.txt"]),
    ("enumerate", ["enumerate", "--method", "sat", "--limit", "200", "encodings/raw/queens8.dlx"]),
    ("generate", ["generate", "binary", "--size", "14", "--count", "3"]),
    ("generate", ["generate", "map", "--size", "20", "--height", "15", "--regions", "30", "--count", "20"]),
    ("generate", ["generate", "zebra", "--size", "5", "--categories", "5", "--count", "10"]),
    ("generate", ["generate", "battleships", "--size", "10", "--count", "10"]),
    ("generate", ["generate", "nonogram", "--size", "15", "--count", "5"]),
    ("generate", ["generate", "survo", "--size", "4", "--height", "3", "--count", "20"]),
]
print("| task | instance | varisat (s) | cadical (s) | varisat / cadical |\n|---|---|---|---|---|")
for kind, args in tasks:
    (v, a), (c, b) = timed(args + ["--backend", "varisat"]), timed(args + ["--backend", "cadical"])
    if not args[0] == "generate" and a.split("(")[0] != b.split("(")[0]:
        raise SystemExit(f"the backends disagree on {args}: {a} / {b}")
    inst = " ".join(x for x in args[1:] if x not in ("--method", "sat", "blocking"))
    print(f"| {kind} | {inst} | {v:.3f} | {c:.3f} | {v / c:.2f}× |", flush=True)
PY
