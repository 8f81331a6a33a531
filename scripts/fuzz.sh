#!/usr/bin/env bash
# Long fuzzing: the parser fuzz test (tests/fuzz_parsers.rs) at SCALE times its rounds, over
# several seeds, then the proptest properties (tests/proptest_parsers.rs) at SCALE times their cases. The test command runs it once at scale 1 as a smoke run.
# Usage: scripts/fuzz.sh [SCALE] [SEEDS]   (defaults: 20, 5)
set -euo pipefail
cd "$(dirname "$0")/.."
scale=${1:-20}
seeds=${2:-5}
for seed in $(seq 1 "$seeds"); do
  echo "fuzz: seed $seed, scale $scale"
  WELLPOSED_FUZZ_SCALE=$scale WELLPOSED_FUZZ_SEED=$seed \
    cargo test --release -q -p wellposed --test fuzz_parsers
done
# proptest draws its own cases; the scale multiplies them.
WELLPOSED_FUZZ_SCALE=$scale cargo test --release -q -p wellposed --test proptest_parsers
