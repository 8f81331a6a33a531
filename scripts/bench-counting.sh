#!/usr/bin/env bash
# The model counter beside ganak (pyganak from PyPI, installed into a scratch virtualenv if it
# is not importable), in the same run, on the public competition instances of
# ../shared/data/counting (each count checked against the published one in its ANSWERS.md) and
# on puzzle CNFs exported from the bundled instances (both counters must agree). One core each,
# one at a time; a time limit per instance (default 60 s).
# Usage: scripts/bench-counting.sh [SECONDS] [DIR]
#   DIR                  the instances (default ../shared/data/counting, checked against its
#                        ANSWERS.md; without one, the two counters are checked against each
#                        other), e.g. a set made by scripts/counting-heldout.py
#   PUZZLES=0            leave out the exported puzzle CNFs
#   COUNTER_ARGS="..."   extra arguments for `wellposed count` (e.g. "--counter-heuristic vsads")
#   WELLPOSED=path       the binary (default: the released build, scripts/build-dist.sh)
#   BEFORE=path          an earlier binary, measured in the same run (a "before" column)
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-60}
dir=${2:-../shared/data/counting}
W=${WELLPOSED:-}
[ -n "$W" ] || W=$(scripts/build-dist.sh)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=python3
if ! $py -c "import pyganak" 2>/dev/null; then
  python3 -m venv "$tmp/venv" && "$tmp/venv/bin/pip" install -q pyganak && py=$tmp/venv/bin/python
fi
gver=$($py -c "import pyganak; print(pyganak.__version__)" 2>/dev/null || echo none)
echo "machine: $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%d); ganak (pyganak) $gver; limit ${limit} s per instance"
echo
# The published count of a file, from ANSWERS.md's table.
published() { [ -f "$dir/ANSWERS.md" ] || return 0; awk -F'|' -v f="$1" '$2 ~ " "f" " {gsub(/ /, "", $3); print $3}' "$dir/ANSWERS.md"; }
run_ours() { # FILE [BINARY]
  local t0 t1 c
  t0=$(date +%s.%N)
  c=$(timeout $((limit + 10)) "${2:-$W}" count "$1" --method counter --timeout "$limit" --json ${COUNTER_ARGS:-} 2>/dev/null \
      | python3 -c "import json,sys; j=json.load(sys.stdin); print(j['count'] if j.get('complete', True) else '')" 2>/dev/null || true)
  t1=$(date +%s.%N)
  echo "${c:--} $(python3 -c "print(f'{$t1 - $t0:.2f}')")"
}
run_ganak() {
  local t0 t1 c
  t0=$(date +%s.%N)
  c=$(timeout "$limit" $py scripts/ganak-count.py "$1" 2>/dev/null | tail -1 | cut -d' ' -f1 || true)
  t1=$(date +%s.%N)
  echo "${c:--} $(python3 -c "print(f'{$t1 - $t0:.2f}')")"
}
fails=0
header() {
  if [ -n "${BEFORE:-}" ]; then
    echo "| instance | count | before (s) | wellposed (s) | ganak (s) |"
    echo "|---|---|---|---|---|"
  else
    echo "| instance | count | wellposed (s) | ganak (s) |"
    echo "|---|---|---|---|"
  fi
}
table() { # name file expected
  local bc=- bt=
  [ -n "${BEFORE:-}" ] && read -r bc bt < <(run_ours "$2" "$BEFORE")
  read -r oc ot < <(run_ours "$2")
  read -r gc gt < <(run_ganak "$2")
  [ "$oc" = - ] && oc=
  [ "$gc" = - ] && gc=
  local exp=$3
  [ -z "$exp" ] && exp=$gc
  [ "$bc" = - ] && bc=
  for c in "$oc" "$gc" "$bc"; do
    if [ -n "$c" ] && [ -n "$exp" ] && [ "$c" != "$exp" ]; then
      echo "WRONG COUNT on $1: $c, expected $exp" >&2; fails=$((fails + 1))
    fi
  done
  local show_o=$ot show_g=$gt
  [ -z "$oc" ] && show_o="> $limit"
  [ -z "$gc" ] && show_g="> $limit"
  local short=${exp:-${oc:-?}}
  [ ${#short} -gt 24 ] && short="${short:0:8}…(${#short} digits)"
  if [ -n "${BEFORE:-}" ]; then
    local show_b=$bt
    [ -z "$bc" ] && show_b="> $limit"
    echo "| $1 | $short | $show_b | $show_o | $show_g |"
  else
    echo "| $1 | $short | $show_o | $show_g |"
  fi
  echo "$1 ${oc:+$ot}${oc:--} ${gc:+$gt}${gc:--} ${bc:+$bt}${bc:--}" >>"$tmp/times"
}
echo "### $(basename "$dir")"
echo
header
for f in "$dir"/*.cnf; do
  n=$(basename "$f")
  table "${n%.cnf}" "$f" "$(published "$n")"
done
[ "${PUZZLES:-1}" = 0 ] || {
echo
echo "### Puzzle CNFs (exported with their projection)"
echo
header
# The empty 8×8 binary puzzle under the distinct rules: every valid grid, 4,111,116 (OEIS
# A253316; `wellposed binary count-grids 8` computes it without a CNF).
{ printf 'family binary\nsize 8 8\nrules distinct\ngrid\n'; for _ in 1 2 3 4 5 6 7 8; do echo ........; done; } \
  >"$tmp/binary-empty-8x8.txt"
for f in encodings/submarines/multiple-4x5.txt encodings/map/wheel-w5.txt \
         encodings/minesweeper/frontier-8x8.txt encodings/battleships/csplib-113-no-hints.txt \
         encodings/survo/open-3x4-176.txt encodings/survo/open-4x4.txt encodings/survo/open-2x10.txt \
         "$tmp/binary-empty-8x8.txt" encodings/raw/queens10.cnf encodings/raw/pigeonhole-9-8.cnf; do
  x="$tmp/$(basename "${f%.*}").cnf"
  "$W" export "$f" --format dimacs -o "$x" >/dev/null
  table "$(basename "${f%.*}")" "$x" ""
done
}
echo
python3 - "$tmp/times" "$limit" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
limit = float(sys.argv[2])
t = lambda x: limit if x == "-" else float(x)
ours = sum(t(r[1]) for r in rows)
ganak = sum(t(r[2]) for r in rows)
done = lambda i: sum(1 for r in rows if r[i] != "-")
faster = sum(1 for r in rows if t(r[1]) <= t(r[2]))
print(f"{len(rows)} instances: wellposed counted {done(1)}, ganak {done(2)}; "
      f"wellposed at most ganak's time on {faster}.")
print(f"Totals (a time-out counts as {limit:.0f} s): wellposed {ours:.1f} s, ganak {ganak:.1f} s "
      f"(ratio {ours / ganak:.2f}).")
if rows and rows[0][3:] and any(r[3] != "-" for r in rows):
    before = sum(t(r[3]) for r in rows)
    print(f"Before: counted {done(3)}, {before:.1f} s in all; now / before {ours / before:.2f}; "
          f"before / ganak {before / ganak:.2f}.")
PY
[ $fails -eq 0 ] || { echo "$fails wrong counts" >&2; exit 1; }
