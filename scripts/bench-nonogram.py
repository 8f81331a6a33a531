#!/usr/bin/env python3
"""wellposed against nonogrid on the same nonograms, side by side in one run.

Called by scripts/bench-nonogram.sh, which builds wellposed and installs nonogrid. Every puzzle
is written as an Olšák `.g` file (the format both read; no goal, so both search from scratch),
then each tool runs on it REPEATS times, whole process, and the median wall time is kept. Both
are asked the same question, "none, one, or more than one picture?": `wellposed solve` stops at
the second picture by design, nonogrid gets `--max-solutions=2`. The two answers must agree
wherever both finish, or the run fails.

The sets:
- survey: Jan Wolter's 31 black-and-white survey puzzles plus Knotty, Faase and Meow, read from
  the `.g` files that ship in the nonogrid crate's source (its `sample-olsak-g` folder), or, if
  that is absent, the redistributable part in ../shared/data/nonograms (`.non`, converted);
- tatham: the Pattern game IDs of ../shared/data/tatham/pattern_ids.txt;
- random: pictures drawn by seed (each cell black with probability p), 25×25 to 60×60 at
  p = 0.4, 0.5, 0.6; their clues are usually not unique.

Usage: bench-nonogram.py WELLPOSED NONOGRID OUTDIR [--timeout S] [--repeats R] [--sets a,b]
       [--wellposed-args "..."] [--survey-dir DIR]
Prints a Markdown table and a summary; exits 1 if the two tools disagree anywhere.
"""
import argparse
import csv
import glob
import os
import random
import re
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.join(HERE, "..", "..", "shared", "data")


def write_g(path, title, rows, cols):
    """An Olšák `.g` file: a title line, the two colours, then one clue per line."""
    with open(path, "w") as f:
        f.write(f"{title}\n#d\n   0:   #FFFFFF   white\n   g:X  #000000   black\n: rows\n")
        for r in rows:
            f.write(" ".join(f"{n}g" for n in r) + "\n")
        f.write(": columns\n")
        for c in cols:
            f.write(" ".join(f"{n}g" for n in c) + "\n")


def runs_of(cells):
    out, cur = [], 0
    for c in cells:
        if c:
            cur += 1
        elif cur:
            out.append(cur)
            cur = 0
    if cur:
        out.append(cur)
    return out


def read_non(path):
    """Rows and columns of a Simpson `.non` file. Empty lines at a block's ends are spacing,
    inside it blank lines; a block shorter than the size is padded with blank lines."""
    size, blocks, block = {}, {"rows": [], "columns": []}, None
    for line in open(path):
        line = line.strip()
        key = line.split(None, 1)[0] if line else ""
        if key in ("rows", "columns"):
            block = blocks[key]
            continue
        if line and line[0].isalpha():
            if key in ("width", "height"):
                size[key] = int(line.split()[1])
            block = None
            continue
        if block is not None:
            block.append([int(t) for t in re.split(r"[,\s]+", line) if t and t != "0"] if line else None)
    out = []
    for key, want in (("rows", size["height"]), ("columns", size["width"])):
        lines = blocks[key]
        while lines and lines[0] is None:
            lines.pop(0)
        while lines and lines[-1] is None:
            lines.pop()
        lines = [l or [] for l in lines]
        lines += [[]] * (want - len(lines))
        out.append(lines)
    return out[0], out[1]


def survey_set(outdir, survey_dir):
    found = []
    if survey_dir and os.path.isdir(survey_dir):
        for path in sorted(glob.glob(os.path.join(survey_dir, "*.g"))):
            name = os.path.basename(path)[:-2]
            if "color" in name:
                continue
            found.append((name, path))
        return found
    for path in sorted(glob.glob(os.path.join(SHARED, "nonograms", "*.non"))):
        name = os.path.basename(path)[:-4]
        rows, cols = read_non(path)
        g = os.path.join(outdir, name + ".g")
        write_g(g, name, rows, cols)
        found.append((name, g))
    return found


def tatham_set(outdir):
    found = []
    path = os.path.join(SHARED, "tatham", "pattern_ids.txt")
    if not os.path.exists(path):
        return found
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        tag, gid = line.split()
        size, desc = gid.split(":")
        w, h = (int(x) for x in size.split("x"))
        clues = [[int(n) for n in c.split(".") if n != "0"] for c in desc.split("/")]
        cols, rows = clues[:w], clues[w:]
        g = os.path.join(outdir, f"tatham-{tag}.g")
        write_g(g, gid, rows, cols)
        found.append((f"tatham {tag}", g))
    return found


def random_set(outdir):
    found = []
    for n in (25, 30, 40, 60):
        for p in (0.4, 0.5, 0.6):
            for seed in (1, 2):
                rng = random.Random(f"{n}-{p}-{seed}")
                cells = [[rng.random() < p for _ in range(n)] for _ in range(n)]
                rows = [runs_of(r) for r in cells]
                cols = [runs_of([cells[r][c] for r in range(n)]) for c in range(n)]
                name = f"random-{n}x{n}-p{p}-s{seed}"
                g = os.path.join(outdir, name + ".g")
                write_g(g, name, rows, cols)
                found.append((name, g))
    return found


def run_timed(cmd, timeout):
    """Runs cmd, returns (the completed process, its wall time) or (None, timeout).

    The limit is a timer that kills the process, and the run is waited for with a blocking
    wait: `subprocess.run(..., timeout=)` waits for the exit by polling with sleeps of 0.5 ms,
    1 ms, 2 ms…, which added 0.5–1.5 ms at random to runs of 1–2 ms (both tools' times fell in
    two bands a millisecond apart)."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    timer = threading.Timer(timeout, p.kill)
    timer.start()
    try:
        out, err = p.communicate()
    finally:
        timer.cancel()
    t = time.perf_counter() - start
    if t >= timeout and p.returncode is not None and p.returncode < 0:
        return None, timeout
    return subprocess.CompletedProcess(cmd, p.returncode, out, err), t


def wellposed_answer(p):
    import json

    try:
        status = json.loads(p.stdout)["status"]
    except Exception:
        return "error"
    return {"unique": "unique", "multiple": "multiple", "none": "none"}.get(status, "unknown")


def nonogrid_answer(p):
    out = p.stdout + p.stderr
    if p.returncode != 0:
        # The sat build panics on a contradiction ("Puzzle is unsatisfied", or in line solving).
        return "none" if "unsatisfied" in out or "contradiction" in out.lower() else "error"
    if "2-th solution" in out:
        return "multiple"
    if "1-th solution" in out:
        return "unique"
    # Solved by line solving alone: the board is printed with no open cell.
    return "unique" if "?" not in p.stdout else "unknown"


# Runs of a few milliseconds are mostly process start and vary with the scheduler: such a
# puzzle is run until its runs add up to SHORT_TOTAL seconds (at least `repeats` runs, at most
# SHORT_RUNS), so that its median is steady. Both tools are measured alike.
SHORT_TOTAL = 0.3
SHORT_RUNS = 41


def measure(cmd, answer, repeats, timeout):
    times, answers = [], set()
    while True:
        p, t = run_timed(cmd, timeout)
        if p is None:
            return "timeout", None
        answers.add(answer(p))
        times.append(t)
        if t > 10:  # one run of a slow puzzle says enough
            break
        if len(times) >= repeats and (sum(times) >= SHORT_TOTAL or len(times) >= SHORT_RUNS):
            break
    a = answers.pop() if len(answers) == 1 else "unstable"
    return a, statistics.median(times)


def survey_times(name):
    """The survey's best published time and nonogrid's own, from nonogrid's benches/perf.csv."""
    m = re.match(r"webpbn-0*(\d+)$", name)
    perf = os.environ.get("SURVEY_PERF")
    if not m or not perf or not os.path.exists(perf):
        return None
    with open(perf) as f:
        rows = [[c.strip() for c in r] for r in csv.reader(f)]
    header = rows[0]
    for r in rows[1:]:
        if r[0] == m.group(1):
            nums = []
            for col, v in zip(header[4:], r[4:]):
                # The survey's own solvers only: not the re-runs (`_my`) or later solvers that
                # nonogrid's author added (nonogrid_sat, andy_p).
                if col.endswith("_my") or col in ("andy_p", "nonogrid_sat"):
                    continue
                try:
                    nums.append(float(v))
                except ValueError:
                    pass
            return min(nums) if nums else None
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wellposed")
    ap.add_argument("nonogrid")
    ap.add_argument("outdir")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--sets", default="survey,tatham,random")
    ap.add_argument("--wellposed-args", default="")
    ap.add_argument("--survey-dir", default="")
    ap.add_argument("--only", default="", help="a regular expression on puzzle names")
    ap.add_argument(
        "--before", default="", help="an earlier wellposed binary, measured in the same run"
    )
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    puzzles = []
    sets = args.sets.split(",")
    if "survey" in sets:
        puzzles += survey_set(args.outdir, args.survey_dir)
    if "tatham" in sets:
        puzzles += tatham_set(args.outdir)
    if "random" in sets:
        puzzles += random_set(args.outdir)
    if args.only:
        puzzles = [(n, g) for n, g in puzzles if re.search(args.only, n)]
    extra = args.wellposed_args.split()
    if args.before:
        print("| puzzle | answer | before (s) | wellposed (s) | nonogrid (s) | ratio | survey best (s) |")
        print("|---|---|---|---|---|---|---|")
    else:
        print("| puzzle | answer | wellposed (s) | nonogrid (s) | ratio | survey best (s) |")
        print("|---|---|---|---|---|---|")
    disagree, both, ours_total, theirs_total, before_total = [], 0, 0.0, 0.0, 0.0
    at_most, worst, undecided = 0, (0.0, ""), []
    for name, g in puzzles:
        before_cell = ""
        if args.before:
            ba, bt = measure(
                [args.before, "solve", "--json", "--timeout", str(int(args.timeout))] + extra + [g],
                wellposed_answer,
                args.repeats,
                args.timeout + 5,
            )
            decided = ("unique", "multiple", "none")
            before_total += bt if ba in decided else args.timeout
            before_cell = (f"{bt:.3f}" if ba in decided else f">{args.timeout:g}") + " | "
        wa, wt = measure(
            [args.wellposed, "solve", "--json", "--timeout", str(int(args.timeout))] + extra + [g],
            wellposed_answer,
            args.repeats,
            args.timeout + 5,
        )
        na, nt = measure(
            [args.nonogrid, g, "--max-solutions=2"], nonogrid_answer, args.repeats, args.timeout
        )
        decided = ("unique", "multiple", "none")
        if wa in decided and na in decided and wa != na:
            disagree.append((name, wa, na))
        answer = wa if wa in decided else na
        fmt = lambda t: f"{t:.3f}" if t is not None else f">{args.timeout:g}"
        # A tool that did not finish is charged the time limit in the totals.
        wcost = wt if wa in decided else args.timeout
        ncost = nt if na in decided else args.timeout
        if wa not in decided:
            undecided.append(name)
        ours_total += wcost
        theirs_total += ncost
        both += 1
        ratio = wcost / ncost if ncost > 0 else float("inf")
        if wcost <= ncost:
            at_most += 1
        if ratio > worst[0]:
            worst = (ratio, name)
        best = survey_times(name)
        shown = f"{best:g}" if best is not None else "—"
        if wa not in decided and wa != "timeout":
            answer += f" (wellposed: {wa})"
        if na not in decided and na != "timeout":
            answer += f" (nonogrid: {na})"
        if args.before and ba in decided and wa in decided and ba != wa:
            disagree.append((name, wa, f"before: {ba}"))
        print(
            f"| {name} | {answer} | {before_cell}{fmt(wt if wa in decided else None)} | "
            f"{fmt(nt if na in decided else None)} | {ratio:.2f} | {shown} |",
            flush=True,
        )
    print()
    print(
        f"{both} puzzles: wellposed {ours_total:.2f} s, nonogrid {theirs_total:.2f} s in all "
        f"(ratio {ours_total / max(theirs_total, 1e-9):.2f}; a tool that did not finish is "
        f"charged {args.timeout:g} s); wellposed at most nonogrid's time on {at_most} "
        f"({100 * at_most / max(both, 1):.0f}%); worst ratio {worst[0]:.2f} ({worst[1]})."
    )
    if args.before:
        print(
            f"before: {before_total:.2f} s in all; wellposed now / before "
            f"{ours_total / max(before_total, 1e-9):.2f}."
        )
    if undecided:
        print(f"wellposed did not decide: {', '.join(undecided)}")
    if disagree:
        for name, wa, na in disagree:
            print(f"DISAGREE {name}: wellposed {wa}, nonogrid {na}")
        sys.exit(1)


if __name__ == "__main__":
    main()
