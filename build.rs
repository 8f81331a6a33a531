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
    // Built with `-C target-feature=+crt-static` for the whole build (RUSTFLAGS with
    // `--target`), rustc links a static position-independent executable, which `-no-pie`
    // would break. scripts/build-dist.sh gives the flag to the final crate only, with
    // `-C relocation-model=static`: this script does not see it, and `-no-pie` agrees.
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let crt_static = features.split(',').any(|f| f == "crt-static");
    if os == "linux" && env == "gnu" && !crt_static {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
