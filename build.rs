//! Links the `wellposed` executable without position independence on Linux with the GNU tool
//! chain: the loader then has no relocations to apply to it at every start (12,700 of them:
//! 0.08-0.12 ms of a 1.4-1.7 ms run on the smallest puzzles, BENCHMARKS.md, "Process start: the
//! work on the main thread, without PIE"). The code is compiled as before; only the
//! executable's load address is fixed (the libraries and the stacks stay randomised). Only the
//! binary target is linked this way: the tests, build scripts and procedural macros are not.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
