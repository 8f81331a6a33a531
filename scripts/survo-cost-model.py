#!/usr/bin/env python3
"""A cost model of a Survo enumeration's units, from real unit results.

Each unit result (`survo enumerate --unit K --json`) lists under `work` the CPU seconds of each
of its units of work (row margins, or their pieces in a manifest that cuts dear row margins,
by index in the scan's list). Their cost depends mostly on
where they are in the list (the row margins near its end have the most column margins), so the
list is cut into STRATA equal ranges and each range's mean cost is measured from the items
sampled in it. The model then gives

  - the whole run's CPU time, as a stratified estimate with a 95% interval (Student's t with
    Welch–Satterthwaite degrees of freedom; tighter than the unit-sample estimate of
    scripts/survo-estimate.sh when the strata differ a lot and each is well sampled);
  - each unit's predicted cost under the manifest's split (unit k takes the items ≡ k mod
    units), so the spread of unit costs is known before the run; and
  - how well it predicted the units measured (their predicted against actual CPU seconds).

A unit's cost depends on the build that ran it, so units of several builds (their `build`
fingerprints; results written before it was recorded have none) are refused unless
--any-build is given.

Usage: scripts/survo-cost-model.py MANIFEST UNIT.json... [--strata 8] [--any-build]
Prints one JSON object.
"""
import argparse
import json
import math


def last_json(path):
    """The file's JSON: the whole file, or else its last line (after any progress lines)."""
    with open(path) as f:
        text = f.read().strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return json.loads(text.splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("manifest")
    ap.add_argument("units", nargs="+")
    ap.add_argument("--strata", type=int, default=8)
    ap.add_argument("--any-build", action="store_true")
    a = ap.parse_args()
    man = last_json(a.manifest)
    work, units = man["work"], man["units"]
    strata = max(1, min(a.strata, work))

    def stratum(item):
        return item * strata // work

    costs = [[] for _ in range(strata)]
    measured = []
    builds = {}
    for path in a.units:
        r = last_json(path)
        builds.setdefault(r.get("build") or "unrecorded", []).append(path)
        if (r["m"], r["n"], r["method"]) != (man["m"], man["n"], man["method"]):
            raise SystemExit(f"{path}: not a unit of this manifest's size and method")
        if r.get("split", {}) != man.get("split", {}):
            # Its items are another split's (row margins where this one has pieces, or so).
            raise SystemExit(f"{path}: a unit of another split of the row margins")
        if not r.get("work"):
            raise SystemExit(f"{path}: no per-item costs (`work`)")
        for w in r["work"]:
            costs[stratum(w["item"])].append(w["cpu_seconds"])
        measured.append((int(r["shard"].split("/")[0]), r["cpu_seconds"], r["work"]))
    if len(builds) > 1 and not a.any_build:
        raise SystemExit("units of several builds (costs differ between builds): " +
                         "; ".join(f"{b}: {len(p)} units" for b, p in builds.items()) +
                         " (--any-build to mix them)")
    sizes = [0] * strata
    for item in range(work):
        sizes[stratum(item)] += 1
    thin = [s for s in range(strata) if len(costs[s]) < 2]
    if thin:
        # One item says nothing of a stratum's spread, and the interval would be too narrow.
        raise SystemExit(f"fewer than two items measured in strata {thin}: "
                         "give more units or fewer --strata")

    mean = [sum(c) / len(c) for c in costs]
    total = sum(n * m for n, m in zip(sizes, mean))
    # Variance of the stratified total, and its degrees of freedom by Welch–Satterthwaite, so
    # that strata measured from few items widen the interval (Student's t, not 1.96).
    parts = []
    for n, c, m in zip(sizes, costs, mean):
        k = len(c)
        s2 = sum((x - m) ** 2 for x in c) / (k - 1)
        parts.append((n * n * s2 / k * max(0.0, 1 - k / n), k - 1))
    var = sum(v for v, _ in parts)
    dof = var * var / sum(v * v / d for v, d in parts) if var > 0 else float("inf")
    t = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
         10: 2.23, 12: 2.18, 15: 2.13, 20: 2.09, 25: 2.06, 30: 2.04}
    tq = next((v for d, v in sorted(t.items()) if d >= math.floor(dof)), 1.96)
    half = tq * math.sqrt(var)

    def predicted(unit):
        return sum(mean[stratum(i)] for i in range(unit, work, units))

    unit_pred = [predicted(k) for k in range(units)]
    pm = sum(unit_pred) / units
    psd = math.sqrt(sum((x - pm) ** 2 for x in unit_pred) / units)
    # The model's check on the units measured. A unit's own items are in the model, so this
    # is optimistic; with many units per stratum it is close to a held-out check.
    pairs = [(predicted(k), cpu) for k, cpu, _ in measured]
    xm = sum(p for p, _ in pairs) / len(pairs)
    ym = sum(c for _, c in pairs) / len(pairs)
    sxy = sum((p - xm) * (c - ym) for p, c in pairs)
    sxx = sum((p - xm) ** 2 for p, _ in pairs)
    syy = sum((c - ym) ** 2 for _, c in pairs)
    corr = sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")
    h = lambda s: round(s / 3600, 2)
    print(json.dumps({
        "m": man["m"], "n": man["n"], "units": units, "work": work,
        "builds": sorted(builds),
        "items_measured": sum(len(c) for c in costs), "units_measured": len(measured),
        "stratum_mean_cpu_seconds": [round(m, 3) for m in mean],
        "stratum_items_measured": [len(c) for c in costs],
        "core_hours": h(total), "core_hours_95": [h(total - half), h(total + half)],
        "degrees_of_freedom": round(dof, 1),
        "unit_predicted_mean": round(pm, 2), "unit_predicted_sd": round(psd, 2),
        "unit_predicted_max": round(max(unit_pred), 2),
        "measured_units_correlation": round(corr, 2),
        "measured_units_mean_abs_error": round(sum(abs(p - c) for p, c in pairs) / len(pairs), 2),
    }))


if __name__ == "__main__":
    main()
