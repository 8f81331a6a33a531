#!/usr/bin/env bash
# Fuzzing at scale: the parser fuzz test (tests/fuzz_parsers.rs) with INPUTS inputs per family
# and per raw format (mutations, and valid-looking instances with extreme numbers), one process
# per family, two at a time, each under the test's own address-space limit and measured by
# /usr/bin/time; then the proof checker's fuzz test with as many inputs; over SEEDS seeds. The
# test command runs the same test once at its smoke size.
# Usage: scripts/fuzz.sh [INPUTS] [SEEDS] [FIRST_SEED]   (defaults: 1000000, 3, 1)
# ONLY="cnf drat" runs those families and formats only; JOBS=n runs n at a time (default 2).
# Parsed inputs that are small are solved by CaDiCaL within CONFLICTS conflicts (default 2,000;
# the test command's smoke run uses 20,000): a bounded solve that stops is a clean answer, and
# most of a long run's time went into mutated pigeonholes running to the bound.
# Logs: target/fuzz/seed-S/NAME.log, and one summary line per run in target/fuzz/summary.tsv
# (seed, name, inputs, parsed, refused, seconds, peak resident KiB, exit status).
set -euo pipefail
cd "$(dirname "$0")/.."
inputs=${1:-1000000}
seeds=${2:-3}
first=${3:-1}
jobs=${JOBS:-2}
conflicts=${CONFLICTS:-2000}
cargo test --release -q -p wellposed --test fuzz_parsers --no-run
mkdir -p target/fuzz
# A copy, so that rebuilding while a long run goes on does not touch the running binary.
cp "$(ls -t target/release/deps/fuzz_parsers-* | grep -v '\.d$' | head -1)" target/fuzz/fuzz_parsers
bin=target/fuzz/fuzz_parsers
cargo build --release -q
families=$(./target/release/wellposed families --json | python3 -c 'import json, sys; print(" ".join(f["name"] for f in json.load(sys.stdin)["families"]))')
families="$families drat"
if [ -n "${ONLY:-}" ]; then families=$ONLY; fi
mkdir -p target/fuzz
summary=target/fuzz/summary.tsv
run_one() { # seed name filter
  local seed=$1 name=$2 filter=$3 log
  log=target/fuzz/seed-$seed/$name.log
  mkdir -p "target/fuzz/seed-$seed"
  set +e
  WELLPOSED_FUZZ_INPUTS=$inputs WELLPOSED_FUZZ_SEED=$seed WELLPOSED_FUZZ_FAMILIES=$name \
    WELLPOSED_FUZZ_CONFLICTS=$conflicts \
    /usr/bin/time -v "$bin" --exact "$filter" --nocapture >"$log" 2>&1
  local status=$?
  set -e
  local line kib
  line=$(grep -o 'fuzz: .*' "$log" | tail -1)
  kib=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$log")
  printf '%s\t%s\t%s\t%s\t%s\n' "$seed" "$name" "$line" "$kib" "$status" | tee -a "$summary"
}
export -f run_one
export inputs bin summary conflicts
for seed in $(seq "$first" $((first + seeds - 1))); do
  echo "fuzz: seed $seed, $inputs inputs each"
  for f in $families; do
    if [ "$f" = drat ]; then
      echo "$seed drat the_proof_checker_never_panics_and_never_refutes_a_satisfiable_formula"
    else
      echo "$seed $f parsers_never_panic_on_mutated_inputs"
    fi
  done | xargs -P "$jobs" -L 1 bash -c 'run_one "$@"' _
done
if awk -F'\t' '$5 != 0 { bad = 1 } END { exit !bad }' "$summary"; then
  echo "fuzz: FAILURES (see target/fuzz)"; exit 1
fi
echo "fuzz: every run passed"
