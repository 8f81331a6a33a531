#!/usr/bin/env python3
"""Encoding quality, measured (figures go to BENCHMARKS.md; never run as tests).

For a fixed set of instances, one per family or more:
  1. each encoding choice (--amo, --cardinality) that changes the CNF: variables, clauses, and
     wall seconds of the task on both built-in backends (varisat, cadical);
  2. the uniqueness tasks on the default CNF, exported, side by side with the external solvers
     from Debian packages (cadical, minisat, cryptominisat5), each doing the same two calls:
     find a solution, then re-solve with that solution's answer variables blocked.
All in one run, so the ratios compare like with like.

External solvers: `apt-get install cadical minisat cryptominisat` (those missing are left out).
Usage: scripts/bench-encodings.py [--timeout SECONDS] [--only NAME...] [--pairwise-sweep]
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
W = os.path.join(ROOT, "target", "release", "wellposed")
SHARED = os.path.join(ROOT, "..", "shared", "data")

CONFIGS = [
    ("default", []),
    ("amo pairwise", ["--amo", "pairwise"]),
    ("amo sequential", ["--amo", "sequential"]),
    ("cardinality sequential", ["--cardinality", "sequential"]),
]
# --pairwise-sweep: where "auto" stops writing at-most-one pairwise (the default is 6).
SWEEP = [(f"pairwise up to {t}", ["--pairwise-up-to", str(t)]) for t in (16, 32, 64, 128)]
BACKENDS = ["varisat", "cadical"]


def made_instances(tmp):
    """Instances written here: a random 40×40 Submarines board, an empty binary grid, a
    generated Lights Out board (unique: 15×15 has nullity 0)."""
    rnd = random.Random(7)
    m = n = 40
    a = [[int(rnd.random() < 0.5) for _ in range(n)] for _ in range(m)]
    rows = [sum(r) for r in a]
    cols = [sum(a[i][j] for i in range(m)) for j in range(n)]
    with open(os.path.join(tmp, "submarines-40x40.txt"), "w") as f:
        f.write("family submarines\nrows %s\ncols %s\n" % (" ".join(map(str, rows)), " ".join(map(str, cols))))
    with open(os.path.join(tmp, "binary-empty-8x8.txt"), "w") as f:
        f.write("family binary\nsize 8 8\nrules distinct\ngrid\n" + ("........\n" * 8))
    made = subprocess.run([W, "generate", "lights-out", "--size", "15", "--seed", "1", "--json"],
                          capture_output=True, text=True, check=True)
    with open(os.path.join(tmp, "lights-out-15x15.txt"), "w") as f:
        f.write(json.loads(made.stdout)["puzzle"])


def tasks(tmp):
    """(name, file, task): task "unique" is solve's uniqueness question; ("count", L) counts by
    blocking clauses up to L solutions (many incremental calls on an open instance)."""
    enc = lambda rel: os.path.join(ROOT, "encodings", rel)
    shared = lambda rel: os.path.join(SHARED, rel)
    own = lambda name: os.path.join(tmp, name)
    return [
        ("survo open 4×4", enc("survo/open-4x4.txt"), "unique"),
        ("survo open 2×10", enc("survo/open-2x10.txt"), "unique"),
        ("pentomino 3×20 (exact cover)", enc("raw/pentomino-3x20.dlx"), "unique"),
        ("eternity II clue 2 (exact cover)", shared("edges/clue2.txt"), "unique"),
        ("nonogram webpbn-803", shared("nonograms/webpbn-00803.non"), "unique"),
        ("nonogram webpbn-6574", shared("nonograms/webpbn-06574.non"), "unique"),
        ("neighbour-sum cross 3×4 digits", enc("neighbour-sum/cross-3x4-digits.txt"), "unique"),
        ("lights out 15×15 (generated, seed 1)", own("lights-out-15x15.txt"), "unique"),
        ("zebra 1962", enc("zebra/life-1962.txt"), "unique"),
        ("binary empty 8×8", own("binary-empty-8x8.txt"), ("count", 3000)),
        ("submarines 40×40 random", own("submarines-40x40.txt"), ("count", 3000)),
        ("battleships csplib-113 without hints", enc("battleships/csplib-113-no-hints.txt"), ("count", 3000)),
        ("minesweeper frontier 8×8", enc("minesweeper/frontier-8x8.txt"), ("count", 3000)),
        ("map wheel W5", enc("map/wheel-w5.txt"), ("count", 3000)),
        ("queens 12 (exact cover)", enc("raw/queens12.dlx"), ("count", 3000)),
    ]


def run(args, timeout):
    """Wall seconds and stdout of a command, or (None, reason) past the timeout."""
    t0 = time.perf_counter()
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    return time.perf_counter() - t0, p


def export(path, flags, out):
    p = subprocess.run([W, "export", path, "--format", "dimacs", "-o", out] + flags,
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"export failed on {path}: {p.stderr}")
    with open(out, "rb") as f:
        data = f.read()
    header = next(l for l in data.decode().splitlines() if l.startswith("p cnf"))
    _, _, v, c = header.split()
    # The comment naming the choices differs even when the clauses do not: hash the clauses.
    body = b"\n".join(l for l in data.splitlines() if not l.startswith(b"c "))
    return int(v), int(c), hashlib.sha256(body).hexdigest()


def ours(path, task, backend, flags, timeout):
    if task == "unique":
        args = [W, "solve", path, "--method", "sat", "--json"]
    else:
        args = [W, "count", path, "--method", "blocking", "--limit", str(task[1]), "--json"]
    secs, p = run(args + ["--backend", backend] + flags, timeout)
    if secs is None:
        return None, "timeout"
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(args)}: {p.stderr}")
    j = json.loads(p.stdout)
    return secs, (j["status"] if task == "unique" else j["count"])


def projection(cnf_path):
    show = []
    with open(cnf_path) as f:
        for line in f:
            if line.startswith("c p show"):
                show += [int(x) for x in line.split()[3:] if x != "0"]
    return show


def external_solve(solver, cnf_path, timeout, tmp):
    """One call of an external solver: (seconds, model as a set of true variables or None)."""
    if solver == "minisat":
        out = os.path.join(tmp, "minisat.out")
        secs, p = run(["minisat", "-verb=0", cnf_path, out], timeout)
        if secs is None:
            return None, None
        with open(out) as f:
            lines = f.read().split()
        if lines[0] != "SAT":
            return secs, None
        return secs, {int(x) for x in lines[1:] if int(x) > 0}
    args = {"cadical": ["cadical", "-q"], "cryptominisat5": ["cryptominisat5", "--verb", "0"]}[solver]
    secs, p = run(args + [cnf_path], timeout)
    if secs is None:
        return None, None
    if "s UNSATISFIABLE" in p.stdout:
        return secs, None
    if "s SATISFIABLE" not in p.stdout:
        raise SystemExit(f"{solver} on {cnf_path}: {p.stdout[:200]} {p.stderr[:200]}")
    true = set()
    for line in p.stdout.splitlines():
        if line.startswith("v "):
            true |= {int(x) for x in line.split()[1:] if int(x) > 0}
    return secs, true


def external_uniqueness(solver, cnf_path, timeout, tmp):
    """Solve, block the answer variables, re-solve: (seconds, status)."""
    s1, model = external_solve(solver, cnf_path, timeout, tmp)
    if s1 is None:
        return None, "timeout"
    if model is None:
        return s1, "none"
    block = [(-v if v in model else v) for v in projection(cnf_path)]
    blocked = os.path.join(tmp, "blocked.cnf")
    with open(cnf_path) as f:
        lines = f.read().splitlines()
    for i, l in enumerate(lines):
        if l.startswith("p cnf"):
            _, _, v, c = l.split()
            lines[i] = f"p cnf {v} {int(c) + 1}"
    lines.append(" ".join(map(str, block)) + " 0")
    with open(blocked, "w") as f:
        f.write("\n".join(lines) + "\n")
    s2, second = external_solve(solver, blocked, timeout, tmp)
    if s2 is None:
        return None, "timeout"
    return s1 + s2, "unique" if second is None else "multiple"


def fmt(x):
    return "—" if x is None else f"{x:.2f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--pairwise-sweep", action="store_true")
    a = ap.parse_args()
    configs = CONFIGS + (SWEEP if a.pairwise_sweep else [])
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "wellposed"], cwd=ROOT, check=True)
    tmp = tempfile.mkdtemp(prefix="wellposed-bench-")
    made_instances(tmp)
    chosen = [t for t in tasks(tmp) if not a.only or any(o in t[0] for o in a.only)]

    print("### Encoding choices, per backend\n")
    print("| instance | task | encoding | variables | clauses | varisat (s) | cadical (s) | answer |")
    print("|---|---|---|---|---|---|---|---|")
    for name, path, task in chosen:
        if not os.path.exists(path):
            print(f"| {name} | (missing: {path}) |||||||")
            continue
        seen = {}
        answers = set()
        for label, flags in configs:
            v, c, digest = export(path, flags, os.path.join(tmp, "x.cnf"))
            if digest in seen:
                print(f"| {name} | | {label} | {v} | {c} | (the same CNF as {seen[digest]}) | | |")
                continue
            seen[digest] = label
            times = []
            for b in BACKENDS:
                secs, answer = ours(path, task, b, flags, a.timeout)
                times.append(secs)
                if secs is not None:
                    answers.add(str(answer))
            task_name = "unique?" if task == "unique" else f"count ≤ {task[1]}"
            print(f"| {name} | {task_name} | {label} | {v} | {c} | {fmt(times[0])} | {fmt(times[1])} | {'/'.join(sorted(answers))} |")
            sys.stdout.flush()
        if len(answers) > 1:
            raise SystemExit(f"DISAGREEMENT on {name}: {answers}")

    externals = [s for s in ["cadical", "minisat", "cryptominisat5"] if shutil.which(s)]
    print("\n### Uniqueness on the exported default CNF: built-in backends against external solvers\n")
    print("| instance | answer | " + " | ".join(f"{b}, built in (s)" for b in BACKENDS) + " | "
          + " | ".join(f"{s}, external (s)" for s in externals) + " | best built-in / best external |")
    print("|---|---|" + "---|" * (len(BACKENDS) + len(externals) + 1))
    total_ours, total_ext = {b: 0.0 for b in BACKENDS}, {s: 0.0 for s in externals}
    complete = True
    for name, path, task in chosen:
        if task != "unique" or not os.path.exists(path):
            continue
        cnf = os.path.join(tmp, "u.cnf")
        export(path, [], cnf)
        row, answers = [], set()
        for b in BACKENDS:
            secs, st = ours(cnf, "unique", b, [], a.timeout)
            row.append(secs)
            answers.add(st)
        ext = []
        for s in externals:
            secs, st = external_uniqueness(s, cnf, a.timeout, tmp)
            ext.append(secs)
            if secs is not None:
                answers.add(st)
        answers.discard("timeout")
        if len(answers) > 1:
            raise SystemExit(f"DISAGREEMENT on {name}: {answers}")
        best_ours = min((x for x in row if x is not None), default=None)
        best_ext = min((x for x in ext if x is not None), default=None)
        if None in row or None in ext:
            complete = False
        else:
            for b, x in zip(BACKENDS, row):
                total_ours[b] += x
            for s, x in zip(externals, ext):
                total_ext[s] += x
        ratio = "—" if best_ours is None or best_ext is None else f"{best_ours / best_ext:.2f}"
        print(f"| {name} | {'/'.join(answers)} | " + " | ".join(fmt(x) for x in row) + " | "
              + " | ".join(fmt(x) for x in ext) + f" | {ratio} |")
        sys.stdout.flush()
    if externals:
        fastest = min(externals, key=lambda s: total_ext[s])
        best = min(BACKENDS, key=lambda b: total_ours[b])
        print("\nTotals over the rows every solver finished: "
              + ", ".join(f"{b} (built in) {total_ours[b]:.2f} s" for b in BACKENDS) + "; "
              + ", ".join(f"{s} {total_ext[s]:.2f} s" for s in externals)
              + f". Best built-in backend ({best}) / fastest external ({fastest}): "
              + f"{total_ours[best] / max(total_ext[fastest], 1e-9):.2f}"
              + ("" if complete else " (some rows left out: a timeout)"))
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
