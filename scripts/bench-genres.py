#!/usr/bin/env python3
"""puzz.link genres: `wellposed solve URL` against the cspuz solver (`run_solver URL`), whole
process, side by side in one run, on every URL of `encodings/*/puzzlink.tsv` (real puzzles, each
with its source) and `encodings/*/bench.tsv` (large generated boards, each with the command that
made it). The two statuses (none / unique / multiple) must agree or the puzzle is listed as a
disagreement. Prints a Markdown table per genre and the totals the issues' goal is stated in:
total time against cspuz's, the share of puzzles where we are at most its time, the worst ratio,
puzzles not decided within the timeout.

Usage: scripts/bench-genres.py WELLPOSED CSPUZ [--timeout S] [--repeats R] [--only GENRE,...]
       [--agree-only]   (statuses only, one run each: the full agreement run)
       [--generated N]  (instead of the corpora: N puzzles per genre from `wellposed generate
                         FAMILY --count N --seed SEED`, default parameters; each is proved unique
                         by our generator, so cspuz must say unique too. Genres here are family
                         names; every family with a generator and a puzz.link key by default)
"""
import argparse
import glob
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def corpus(only):
    """(genre folder, file kind, line number, URL, source) for every corpus line."""
    out = []
    for kind in ("puzzlink", "bench"):
        for path in sorted(glob.glob(os.path.join(ROOT, "encodings", "*", f"{kind}.tsv"))):
            genre = os.path.basename(os.path.dirname(path))
            if only and genre not in only:
                continue
            with open(path) as f:
                for k, line in enumerate(f, 1):
                    line = line.rstrip("\n")
                    if not line.strip() or line.lstrip().startswith("#"):
                        continue
                    url, _, source = line.partition("\t")
                    out.append((genre, kind, k, url.strip(), source.strip()))
    return out


def generated(exe, only, n, seed):
    """(family, "generated", seed, URL, command) for N generated puzzles of every family with a
    generator and a puzz.link key (or of the families named in `only`)."""
    import json
    fams = json.loads(subprocess.run([exe, "families", "--json"], capture_output=True, text=True,
                                     check=True).stdout)["families"]
    out = []
    for f in fams:
        if not (f["generate"] and f["puzzlink"]) or (only and f["name"] not in only):
            continue
        cmd = [exe, "generate", f["name"], "--count", str(n), "--seed", str(seed), "--json"]
        made = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
        for k, p in enumerate(made):
            if p.get("url"):
                out.append((f["name"], "generated", p.get("seed", seed + k), p["url"],
                            f"wellposed generate {f['name']} --seed {p.get('seed', seed + k)}"))
        print(f"{f['name']}: {len(made)} generated", file=sys.stderr)
    return out


def run(cmd, timeout):
    """(seconds, stdout, stderr, exit code); exit code None past the timeout."""
    start = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return time.perf_counter() - start, p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        return time.perf_counter() - start, "", "timeout", None


def ours(exe, url, timeout):
    secs, out, err, code = run([exe, "solve", url], timeout)
    if code is None:
        return secs, "timeout"
    if code != 0:
        return secs, "error: " + err.strip().splitlines()[-1] if err.strip() else "error"
    first = out.splitlines()[0] if out else ""
    for status in ("unique", "multiple", "none"):
        if status in first:
            return secs, status
    return secs, "?: " + first


def theirs(exe, url, timeout):
    secs, out, err, code = run([exe, url], timeout)
    if code is None:
        return secs, "timeout"
    word = out.strip().removeprefix("Answer Status: ")
    status = {"Unique": "unique", "Not unique": "multiple", "No Answer": "none"}.get(word)
    return secs, status or ("peer error: " + (err.strip() or out.strip())[:80])


def median_time(f, exe, url, timeout, repeats):
    times, status = [], None
    for _ in range(repeats):
        secs, status = f(exe, url, timeout)
        times.append(secs)
        if status == "timeout" or secs > 5:
            break
    return statistics.median(times), status


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wellposed")
    ap.add_argument("cspuz")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--agree-only", action="store_true")
    ap.add_argument("--generated", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    only = set(filter(None, a.only.split(",")))
    repeats = 1 if a.agree_only else a.repeats
    rows, disagree = [], []
    entries = generated(a.wellposed, only, a.generated, a.seed) if a.generated else corpus(only)
    for genre, kind, line, url, source in entries:
        t_ours, s_ours = median_time(ours, a.wellposed, url, a.timeout, repeats)
        t_peer, s_peer = median_time(theirs, a.cspuz, url, a.timeout, repeats)
        rows.append((genre, kind, line, url, t_ours, s_ours, t_peer, s_peer))
        if s_peer.startswith("peer error"):
            continue
        if s_ours != s_peer:
            where = f"seed {line}" if kind == "generated" else f"{kind}.tsv:{line}"
            disagree.append(f"{genre} {where}: ours {s_ours}, cspuz {s_peer}: {url}")
        print(f"{genre:12} {kind:8} {line:4} ours {t_ours:8.3f}s {s_ours:9} cspuz {t_peer:8.3f}s {s_peer}",
              file=sys.stderr)
    compared = [r for r in rows if not r[7].startswith("peer error")]
    print(f"# puzz.link genres against cspuz ({len(compared)} puzzles both read, {len(rows)} in all)\n")
    if not a.agree_only:
        print("| genre | puzzles | ours (s) | cspuz (s) | ratio | ≤ cspuz | worst ratio | undecided (ours/cspuz) |")
        print("|---|---|---|---|---|---|---|---|")
        genres = sorted({r[0] for r in compared})
        for g in genres + ["all"]:
            rs = [r for r in compared if g == "all" or r[0] == g]
            to, tp = sum(r[4] for r in rs), sum(r[6] for r in rs)
            at_most = sum(1 for r in rs if r[4] <= r[6])
            worst = max((r[4] / max(r[6], 1e-9) for r in rs), default=0)
            undecided = (sum(1 for r in rs if r[5] == "timeout"), sum(1 for r in rs if r[7] == "timeout"))
            print(f"| {g} | {len(rs)} | {to:.2f} | {tp:.2f} | {to / max(tp, 1e-9):.2f} | "
                  f"{at_most}/{len(rs)} | {worst:.2f} | {undecided[0]}/{undecided[1]} |")
    unread = [r for r in rows if r[7].startswith("peer error")]
    if unread:
        print(f"\n{len(unread)} puzzles the peer does not read (ours: "
              + ", ".join(sorted({r[5] for r in unread})) + ")")
    print(f"\n{len(disagree)} disagreements")
    for d in disagree:
        print("- " + d)
    sys.exit(1 if disagree else 0)


if __name__ == "__main__":
    main()
