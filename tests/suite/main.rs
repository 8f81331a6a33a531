//! The workspace-level tests, one module a subject, in one test binary: each test binary links
//! the whole program (every family, the SAT solvers), so nineteen of them cost CI minutes of
//! linking, and one binary keeps both test threads busy across subjects instead of waiting on
//! each file's slowest test. `tests/fuzz_parsers.rs` and `tests/proptest_parsers.rs` stay
//! binaries of their own: they cap their process's address space.
//!
//! Run one subject with its module name as the filter: `cargo test --release --test suite
//! browser::`.

#[path = "../common/mod.rs"]
mod common;

mod backends;
mod battleships;
mod binary;
mod browser;
mod certify;
mod cli;
mod counting;
mod cspuz;
mod deduce;
mod generate_sizes;
mod interop;
mod minesweeper;
mod nonogram;
mod puzzlink;
mod registry;
mod repair;
mod serve;
mod survo_units;
mod zebra;
