#!/usr/bin/env bash
# How long S(M,N) takes, estimated from a random sample of its work units: the manifest's
# units are run (one thread each, JOBS at a time; each a real unit result, kept in DIR for
# the full run), and the whole run's time is U × the sample's mean unit time, with a 95%
# confidence interval from the sample's spread (Student's t, finite-population corrected).
#
# Usage: scripts/survo-estimate.sh M N UNITS SAMPLE [DIR] [SEED]
#   (METHOD=name: the method of a new manifest, e.g. columns-first)
#   (DIR: results/survo/units-MxN, shared with scripts/survo-parallel.sh; SEED: 1)
# Prints one JSON line: units, sample, mean and sd of unit seconds, the estimate and its
# interval in core-hours and in hours on JOBS cores (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
m=$1 n=$2 units=$3 sample=$4
dir=${5:-results/survo/units-${m}x${n}}
seed=${6:-1}
jobs=${JOBS:-2}
bin=${WELLPOSED:-$PWD/target/release/wellposed}
[ -x "$bin" ] || cargo build --release -q
mkdir -p "$dir"
[ -s "$dir/manifest.json" ] || "$bin" survo manifest "$m" "$n" --units "$units" ${METHOD:+--method "$METHOD"} -o "$dir/manifest.json" >&2
picked=$(python3 -c "import random; r = random.Random($seed); print(' '.join(map(str, sorted(r.sample(range($units), $sample)))))")
for k in $picked; do
  [ -s "$dir/unit-$k.json" ] && continue
  echo "$k"
done | xargs -r -P "$jobs" -I{} sh -c \
  "'$bin' survo enumerate $m $n --manifest '$dir/manifest.json' --unit {} --threads 1 --json \
     --checkpoint '$dir/unit-{}.checkpoint' > '$dir/unit-{}.part' && mv '$dir/unit-{}.part' '$dir/unit-{}.json'"
python3 - "$dir" "$units" "$jobs" $picked <<'PY'
import json, math, sys
dir, units, jobs, picked = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
# A unit's cost: its CPU seconds where recorded (wall seconds include waiting), else its wall
# seconds.
def cost(k):
    r = json.loads(open(f"{dir}/unit-{k}.json").read().strip().splitlines()[-1])
    return r.get("cpu_seconds") or r["seconds"]
secs = [cost(k) for k in picked]
k = len(secs)
mean = sum(secs) / k
sd = math.sqrt(sum((s - mean) ** 2 for s in secs) / (k - 1)) if k > 1 else float("nan")
# Student's t at 97.5% for k - 1 degrees of freedom (table; 1.96 beyond 30).
t = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23,
     12: 2.18, 15: 2.13, 20: 2.09, 25: 2.06, 30: 2.04}
tq = next((v for d, v in sorted(t.items()) if d >= k - 1), 1.96)
fpc = math.sqrt(max(0.0, 1 - k / units))
total = units * mean
half = units * tq * sd / math.sqrt(k) * fpc
h = lambda s: round(s / 3600, 2)
print(json.dumps({"units": units, "sample": k, "unit_seconds_mean": round(mean, 2),
                  "unit_seconds_sd": round(sd, 2), "core_hours": h(total),
                  "core_hours_95": [h(total - half), h(total + half)],
                  f"hours_on_{jobs}_cores": h(total / jobs),
                  f"hours_on_{jobs}_cores_95": [h((total - half) / jobs), h((total + half) / jobs)]}))
PY
