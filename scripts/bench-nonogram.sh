#!/usr/bin/env bash
# Nonograms: `wellposed solve` against nonogrid (crates.io, the fastest open solver we know,
# built with its SAT back end as its author benchmarks it) on the same puzzles, side by side in
# one run, medians of several runs, whole process; the two answers (none / one / more than one
# picture) must agree or the script fails. See scripts/bench-nonogram.py for the sets.
#
# Usage: scripts/bench-nonogram.sh [TIMEOUT_SECONDS] [REPEATS] [SETS]
#   TIMEOUT_SECONDS  per run (default 60: the issue's goal); REPEATS (default 3; puzzles of a few
#                    milliseconds are run more, up to 0.3 s of runs or 41 runs: see measure());
#   SETS             comma-separated from survey,tatham,random (default all three).
# Environment: WELLPOSED= a wellposed binary (default: this tree's released build,
#   scripts/build-dist.sh), WELLPOSED_ARGS=
#   extra `solve` flags (e.g. "--method native"), ONLY= a regular expression on puzzle names,
#   BEFORE= an earlier wellposed binary measured in the same run (a "before" column),
#   SCRATCH= where nonogrid is installed and the puzzle files are written
#   (default /tmp/wellposed-bench-nonogram).
set -euo pipefail
cd "$(dirname "$0")/.."
LIMIT=${1:-60}
REPEATS=${2:-3}
SETS=${3:-survey,tatham,random}
SCRATCH=${SCRATCH:-/tmp/wellposed-bench-nonogram}
NONOGRID_VERSION=0.7.3
mkdir -p "$SCRATCH"
if [ -z "${WELLPOSED:-}" ]; then
  WELLPOSED=$(scripts/build-dist.sh)
fi
NONOGRID="$SCRATCH/nonogrid-$NONOGRID_VERSION/bin/nonogrid"
if [ ! -x "$NONOGRID" ]; then
  echo "installing nonogrid $NONOGRID_VERSION (with its SAT back end) into $SCRATCH" >&2
  cargo install -q nonogrid --version "$NONOGRID_VERSION" --features sat \
    --root "$SCRATCH/nonogrid-$NONOGRID_VERSION" >&2
fi
# The survey's .g files and its timings ship in the crate's source, which `cargo install` left
# in the registry cache.
SRC=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/nonogrid-"$NONOGRID_VERSION" 2>/dev/null | head -1 || true)
SURVEY_DIR=""
if [ -n "$SRC" ] && [ -d "$SRC/sample-olsak-g" ]; then
  SURVEY_DIR="$SRC/sample-olsak-g"
  export SURVEY_PERF="$SRC/benches/perf.csv"
else
  echo "nonogrid's source not found: the survey set is the redistributable part in ../shared" >&2
fi
# Both executables are run from fresh copies: how a file's pages sit in the page cache changes
# the page faults of a short run (the same wellposed binary: 162 faults and 1.42 ms from a copy
# made twenty minutes earlier, 146 and 1.21 ms from a fresh one; nonogrid 1.06 and 0.99 ms).
mkdir -p "$SCRATCH/bin"
rm -f "$SCRATCH/bin/wellposed" "$SCRATCH/bin/nonogrid" "$SCRATCH/bin/wellposed-before"
BEFORE_ARGS=()
if [ -n "${BEFORE:-}" ]; then
  cp "$BEFORE" "$SCRATCH/bin/wellposed-before"
  BEFORE_ARGS=(--before "$SCRATCH/bin/wellposed-before")
fi
cp "$WELLPOSED" "$SCRATCH/bin/wellposed"
cp "$NONOGRID" "$SCRATCH/bin/nonogrid"
WELLPOSED="$SCRATCH/bin/wellposed"
NONOGRID="$SCRATCH/bin/nonogrid"
echo "wellposed $($WELLPOSED --version | awk '{print $2}') ${WELLPOSED_ARGS:-}; nonogrid $($NONOGRID --version | awk '{print $2}') (--features sat); timeout ${LIMIT} s; medians of ${REPEATS}; $(nproc) cores; $(date -u +%F)"
echo
exec python3 scripts/bench-nonogram.py "$WELLPOSED" "$NONOGRID" "$SCRATCH/puzzles" \
  --timeout "$LIMIT" --repeats "$REPEATS" --sets "$SETS" \
  --wellposed-args "${WELLPOSED_ARGS:-}" --survey-dir "$SURVEY_DIR" --only "${ONLY:-}" "${BEFORE_ARGS[@]}"
