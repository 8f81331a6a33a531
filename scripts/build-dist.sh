#!/usr/bin/env bash
# Builds the wellposed executable as it is released and benchmarked, and prints its path:
# profile `dist` (whole-program link-time optimisation, one codegen unit: Cargo.toml), and,
# where the host is Linux with glibc, linked statically (glibc, libstdc++ and libm inside the
# executable, no loader at start). A static executable starts in about 0.75 ms where the
# dynamic one takes 1.2 ms (TowersSolver 4x4, `perf stat -r 300`; BENCHMARKS.md, "Process
# start: a static executable"), which decides the smallest puzzles.
#
# Only the executable is linked statically (`cargo rustc` hands the flags to the final crate
# alone): build scripts and procedural macros, which cannot be static, are built as always,
# and the output stays at target/dist/wellposed. If the static C libraries are missing (on
# Debian they come with libc6-dev and libstdc++-dev), the script says so and builds the
# dynamic executable instead.
#
# Usage: scripts/build-dist.sh            (prints the executable's absolute path)
# Check the result with the command-line tests:
#   WELLPOSED_UNDER_TEST=$(scripts/build-dist.sh) cargo test --release --test suite cli::
set -euo pipefail
cd "$(dirname "$0")/.."
# Where cargo puts its output (CARGO_TARGET_DIR, or a config file's target-dir), absolute.
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
HOST=$(rustc -vV | sed -n 's/^host: //p')
case "$HOST" in
  *-linux-gnu)
    if ! cargo rustc -q --profile dist -p wellposed --bin wellposed -- \
      -C target-feature=+crt-static -C relocation-model=static >&2; then
      echo "build-dist: the static link failed (static glibc or libstdc++ missing?);" \
        "building the dynamic executable" >&2
      cargo build -q --profile dist -p wellposed >&2
    fi
    ;;
  *)
    cargo build -q --profile dist -p wellposed >&2
    ;;
esac
echo "$TARGET_DIR/dist/wellposed"
