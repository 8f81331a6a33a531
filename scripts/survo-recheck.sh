#!/usr/bin/env bash
# A second check of a finished S(M,N) run from its committed unit results, in two parts:
#  1. A random sample of units is run again by this build (`--list`, into a scratch folder)
#     and each unit's S must equal the committed one (the builds that made them are printed:
#     a different build re-deciding the same pairs).
#  2. A random sample of the puzzles those units list is re-decided by the SAT path (`solve
#     --method sat`: the family's CNF and CaDiCaL, nothing of the enumeration's solver or of its
#     pruning): each must be unique, with the listed table.
# Part 2 checks that what was counted is right; part 1, that a unit gives the same count when
# run again. Neither sees a puzzle the scan missed; the published tables of the small sizes,
# which the same code reproduces in the tests, are the check of that.
#
# Usage: scripts/survo-recheck.sh DIR UNITS PUZZLES [SEED]
#   DIR: a folder of `scripts/survo-parallel.sh` (manifest.json and unit-K.json files)
#   JOBS=k at once (default 2); WELLPOSED=binary (default target/release/wellposed);
#   SAT_TIMEOUT=s per puzzle (default 1800)
# Prints each unit and puzzle as it is checked, and a JSON summary line last, also written to
# DIR/recheck-SEED.json. Exits non-zero on any disagreement or undecided puzzle.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1 units_sample=$2 puzzles=$3 seed=${4:-1}
jobs=${JOBS:-2}
timeout=${SAT_TIMEOUT:-1800}
bin=${WELLPOSED:-$PWD/target/release/wellposed}
[ -x "$bin" ] || cargo build --release -q
command -v parallel >/dev/null || { echo "survo-recheck: GNU parallel is not installed (Debian: parallel)" >&2; exit 2; }
manifest="$dir/manifest.json"
read -r m n units < <(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['m'], d['n'], d['units'])" "$manifest")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
picked=$(python3 - "$dir" "$units" "$units_sample" "$seed" <<'PY'
import os, random, sys
dir, units, k, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
done = [u for u in range(units) if os.path.exists(f"{dir}/unit-{u}.json")]
print(" ".join(map(str, sorted(random.Random(seed).sample(done, min(k, len(done)))))))
PY
)
[ -n "$picked" ] || { echo "survo-recheck: no unit results in $dir yet" >&2; exit 2; }
echo "S($m,$n): re-running units $picked with $("$bin" --version) ($bin)"
# Part 1: the units again, with their puzzles listed.
printf '%s\n' $picked | parallel --halt now,fail=1 --jobs "$jobs" \
  "'$bin' survo enumerate $m $n --manifest '$manifest' --unit {} --threads 1 --json --list > '$tmp/unit-{}.out'"
python3 - "$dir" "$tmp" $picked <<'PY' > "$tmp/units.json"
import json, sys
dir, tmp, picked = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = []
for k in picked:
    was = json.loads(open(f"{dir}/unit-{k}.json").read().strip().splitlines()[-1])
    lines = open(f"{tmp}/unit-{k}.out").read().splitlines()
    now = json.loads(lines[-1])
    listed = [l for l in lines[:-1] if l.count("|") == 3]
    ok = was["S"] == now["S"] == len(listed)
    print(f"unit {k}: S = {was['S']} by {was.get('build', '(no build recorded)')}, "
          f"{now['S']} by {now['build']} ({len(listed)} listed): {'same' if ok else 'DIFFERENT'}",
          file=sys.stderr)
    rows.append({"unit": int(k), "S": was["S"], "build": was.get("build"), "again": now["S"],
                 "again_build": now["build"], "listed": len(listed), "same": ok})
    with open(f"{tmp}/listed.txt", "a") as out:
        out.writelines(l + "\n" for l in listed)
print(json.dumps(rows))
PY
# Part 2: a random sample of the listed puzzles, each decided by the SAT path.
python3 - "$tmp/listed.txt" "$puzzles" "$seed" "$tmp" <<'PY'
import random, sys
path, k, seed, tmp = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
lines = open(path).read().splitlines()
for i, line in enumerate(random.Random(seed).sample(lines, min(k, len(lines)))):
    open(f"{tmp}/puzzle-{i}.txt", "w").write(line + "\n")
PY
ls "$tmp"/puzzle-*.txt | parallel --jobs "$jobs" \
  "/usr/bin/time -f %e -o {}.time '$bin' solve {} --method sat --json --timeout $timeout > {}.json 2>/dev/null; true"
python3 - "$tmp" "$m" "$n" "$dir/recheck-$seed.json" <<'PY'
import glob, json, sys
tmp, m, n, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
units = json.load(open(f"{tmp}/units.json"))
checked, bad = [], 0
for p in sorted(glob.glob(f"{tmp}/puzzle-*.txt")):
    line = open(p).read().strip()
    table = [int(x) for x in line.split("|")[3].split()]
    try:
        got = json.loads(open(p + ".json").read())
    except ValueError:
        got = {"status": "error"}
    found = [x for row in got.get("solution") or [] for x in row]
    ok = got.get("status") == "unique" and found == table
    bad += not ok
    secs = float(open(p + ".time").read().split()[-1])
    print(f"{line}: {got.get('status')} by SAT in {secs:.1f} s{'' if ok else '  <-- NOT CONFIRMED'}",
          file=sys.stderr)
    checked.append({"puzzle": line, "status": got.get("status"), "seconds": secs, "confirmed": ok})
summary = {"m": m, "n": n, "units": units, "puzzles": checked,
           "units_same": all(u["same"] for u in units), "puzzles_confirmed": len(checked) - bad}
open(out, "w").write(json.dumps(summary, indent=1) + "\n")
print(json.dumps({"units_rechecked": len(units), "units_same": summary["units_same"],
                  "puzzles_checked": len(checked), "puzzles_confirmed": len(checked) - bad}))
sys.exit(0 if summary["units_same"] and bad == 0 else 1)
PY
