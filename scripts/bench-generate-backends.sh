#!/usr/bin/env bash
# Generation with each built-in SAT backend, same run: CPU seconds (user + system of the whole
# process) of `wellposed generate FAMILY --count N --seed 1 ARGS --backend B` for varisat and
# CaDiCaL, every generator at its default parameters and some larger boards. The measurement
# behind which backend `--backend auto` picks for `generate` (BENCHMARKS.md). CPU rather than
# wall time so that a busy machine changes little; the puzzles made may differ by backend (each
# is proved unique and minimal either way). Never run as a test.
# Usage: scripts/bench-generate-backends.sh [COUNT] [TIMEOUT_SECONDS]   (defaults 5, 300)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5}
limit=${2:-300}
bin=${WELLPOSED:-target/release/wellposed}
[ -n "${WELLPOSED:-}" ] || cargo build --release -q -p wellposed
python3 - "$bin" "$count" "$limit" <<'PY'
import json, os, resource, subprocess, sys
W, count, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
fams = [f["name"] for f in json.loads(subprocess.run([W, "--json", "families"], capture_output=True, text=True, check=True).stdout)["families"] if f["generate"]]
tasks = [(f, []) for f in fams] + [
    ("heyawake", ["--rows", "15", "--cols", "15"]), ("nurikabe", ["--size", "15"]),
    ("lits", ["--size", "10"]), ("slitherlink", ["--size", "15"]), ("masyu", ["--size", "15"]),
    ("hitori", ["--size", "12"]), ("kurodoko", ["--size", "15"]), ("starbattle", ["--size", "10"]),
    ("norinori", ["--rows", "12"]), ("fillomino", ["--rows", "10", "--cols", "7"]),
    ("yajilin", ["--rows", "12", "--cols", "8"]),
]
def cpu(args):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        r = subprocess.run([W] + args, capture_output=True, text=True, timeout=limit)
        ok = r.returncode == 0
    except subprocess.TimeoutExpired:
        ok = False
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return t, ok
print(f"| generate (count {count}, seed 1) | varisat CPU s | cadical CPU s | varisat / cadical |\n|---|---|---|---|")
tot = [0.0, 0.0]
for fam, extra in tasks:
    args = ["generate", fam, "--count", count, "--seed", "1"] + extra
    (v, okv), (c, okc) = cpu(args + ["--backend", "varisat"]), cpu(args + ["--backend", "cadical"])
    if not (okv and okc):
        print(f"| {fam} {' '.join(extra)} | {v:.2f}{'' if okv else ' (stopped)'} | {c:.2f}{'' if okc else ' (stopped)'} | — |", flush=True)
        continue
    tot[0] += v; tot[1] += c
    print(f"| {fam} {' '.join(extra)} | {v:.2f} | {c:.2f} | {v / max(c, 1e-3):.2f}× |", flush=True)
print(f"| **total (both finished)** | {tot[0]:.2f} | {tot[1]:.2f} | {tot[0] / max(tot[1], 1e-3):.2f}× |")
PY
