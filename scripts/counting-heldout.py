#!/usr/bin/env python3
"""Counting formulas the counter was not tuned on, made afresh from a seed (issue 70).

Usage: counting-heldout.py OUTDIR SEED [SEED...]

Writes DIMACS files (with `c p show` where projected) of four generated kinds per seed:
- `rand3-N-R-sS`: random 3-CNF, N variables, N*R clauses (R from 1.5 to 3.5: model counting
  is hardest below the satisfiability threshold, around R = 1.5–2.5, not at 4.26);
- `rand3p-N-R-sS`: the same with the projection on a random 40% of the variables;
- `colour-K-N-sS`: proper K-colourings of a random graph of N vertices and average degree
  about 2K - 2 (one-hot colours: the count is the number of colourings);
- `circuit-I-G-sS`: a random circuit of I inputs and G gates (and, or, xor over two earlier
  wires), Tseitin-encoded, its output asserted; projected on the inputs (the count is the
  number of inputs that set the output).

The seeds split the formulas into a part that may be tuned on and a part that is only
reported (BENCHMARKS.md says which seeds are which): nothing here depends on the counter.
"""
import os
import random
import sys


def write(path, nvars, clauses, show=None, comment=""):
    with open(path, "w") as f:
        if comment:
            f.write(f"c {comment}\n")
        f.write(f"p cnf {nvars} {len(clauses)}\n")
        if show is not None:
            f.write("c p show " + " ".join(map(str, sorted(show))) + " 0\n")
        for c in clauses:
            f.write(" ".join(map(str, c)) + " 0\n")


def rand3(rng, n, ratio):
    clauses = []
    for _ in range(int(round(n * ratio))):
        vs = rng.sample(range(1, n + 1), 3)
        clauses.append([v if rng.random() < 0.5 else -v for v in vs])
    return clauses


def colouring(rng, k, n):
    # Average degree about 2k - 2: near where k-colourability gets hard for random graphs.
    p = (2 * k - 2) / (n - 1)
    edges = [(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p]
    var = lambda v, c: v * k + c + 1
    clauses = []
    for v in range(n):
        clauses.append([var(v, c) for c in range(k)])
        for c in range(k):
            for d in range(c + 1, k):
                clauses.append([-var(v, c), -var(v, d)])
    for a, b in edges:
        for c in range(k):
            clauses.append([-var(a, c), -var(b, c)])
    return n * k, clauses


def circuit(rng, inputs, gates):
    clauses = []
    wires = list(range(1, inputs + 1))
    nvars = inputs
    for _ in range(gates):
        # Prefer recent wires, so the circuit is deep rather than a flat sum of inputs.
        a = wires[max(0, len(wires) - 1 - int(rng.expovariate(1 / 8)))]
        b = rng.choice(wires)
        while b == a:
            b = rng.choice(wires)
        a = a if rng.random() < 0.5 else -a
        b = b if rng.random() < 0.5 else -b
        nvars += 1
        g = nvars
        kind = rng.choice(["and", "or", "xor"])
        if kind == "and":
            clauses += [[-g, a], [-g, b], [g, -a, -b]]
        elif kind == "or":
            clauses += [[g, -a], [g, -b], [-g, a, b]]
        else:
            clauses += [[-g, a, b], [-g, -a, -b], [g, -a, b], [g, a, -b]]
        wires.append(g)
    clauses.append([nvars])
    return nvars, clauses


def main():
    out = sys.argv[1]
    seeds = [int(s) for s in sys.argv[2:]]
    os.makedirs(out, exist_ok=True)
    for s in seeds:
        for n, ratio in [(50, 1.5), (50, 2.5), (70, 2.0), (70, 3.0), (90, 2.5), (90, 3.5)]:
            rng = random.Random(f"rand3-{n}-{ratio}-{s}")
            write(f"{out}/rand3-{n}-{ratio}-s{s}.cnf", n, rand3(rng, n, ratio))
        for n, ratio in [(80, 2.0), (100, 3.0), (120, 3.5)]:
            rng = random.Random(f"rand3p-{n}-{ratio}-{s}")
            cl = rand3(rng, n, ratio)
            show = rng.sample(range(1, n + 1), (4 * n) // 10)
            write(f"{out}/rand3p-{n}-{ratio}-s{s}.cnf", n, cl, show)
        for k, n in [(3, 30), (3, 45), (4, 20), (4, 26)]:
            rng = random.Random(f"colour-{k}-{n}-{s}")
            nv, cl = colouring(rng, k, n)
            write(f"{out}/colour-{k}-{n}-s{s}.cnf", nv, cl)
        for i, g in [(16, 60), (22, 90), (28, 140)]:
            rng = random.Random(f"circuit-{i}-{g}-{s}")
            nv, cl = circuit(rng, i, g)
            write(f"{out}/circuit-{i}-{g}-s{s}.cnf", nv, cl, range(1, i + 1))


if __name__ == "__main__":
    main()
