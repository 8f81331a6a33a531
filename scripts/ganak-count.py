#!/usr/bin/env python3
"""Counts a DIMACS file with ganak (pyganak, PyPI) and prints `COUNT SECONDS` (seconds inside
the process, parsing excluded). `c p show` lines give the projection, as ganak reads them."""
import sys
import time

import pyganak

show, clauses, nvars = None, [], 0
for line in open(sys.argv[1]):
    t = line.split()
    if not t:
        continue
    if t[0] == "p":
        nvars = int(t[2])
    elif t[:3] == ["c", "p", "show"]:
        show = (show or []) + [int(x) for x in t[3:] if x != "0"]
    elif t[0] != "c" and t[0] != "%":
        clauses.append([int(x) for x in t if x != "0"])
t0 = time.perf_counter()
c = pyganak.Counter()
c.new_vars(nvars)
c.add_clauses(clauses)
if show is not None:
    c.set_sampling_set(show)
n = c.count()
print(n, f"{time.perf_counter() - t0:.3f}")
