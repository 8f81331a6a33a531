#!/usr/bin/env bash
# The dedicated Survo solver against SAT on one dear uniqueness question, in the same run:
# the 4×6 pair rows (100, 97, 52, 51) × columns (82, 65, 64, 33, 29, 27), a pair of the heavy
# row margin of unit 3852 with two tables. Wall seconds for: `solve --method native` (up to the
# second table), `solve --method sat` (built-in CaDiCaL: a table, a blocking clause, a second
# table), and Debian's external `cadical` on the exported CNF (the first table only).
# Usage: scripts/bench-survo-peers.sh   (installs cadical with apt-get when missing and allowed)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p wellposed
W=$PWD/target/release/wellposed
command -v cadical >/dev/null || sudo -n apt-get install -y -q cadical >/dev/null 2>&1 || true
dir=$(mktemp -d)
printf 'family survo\nsize 4 6\nrows 100 97 52 51\ncols 82 65 64 33 29 27\n' > "$dir/pair.txt"
"$W" export --format dimacs "$dir/pair.txt" > "$dir/pair.cnf"
now() { date +%s.%N; }
time_of() { local t0; t0=$(now); "$@" > /dev/null 2>&1 || true; python3 -c "print(f'{$(now) - $t0:.2f}')"; }
native=$(time_of "$W" solve "$dir/pair.txt" --method native)
sat=$(time_of "$W" solve "$dir/pair.txt" --method sat)
ext="-"; ver="not installed"
if command -v cadical >/dev/null; then
  ver=$(cadical --version); ext=$(time_of timeout 600 cadical -q "$dir/pair.cnf")
fi
echo "| question | native (s) | built-in SAT, two tables (s) | cadical $ver, first table (s) |"
echo "|---|---|---|---|"
echo "| 4×6 (100,97,52,51) × (82,65,64,33,29,27) | $native | $sat | $ext |"
rm -rf "$dir"
