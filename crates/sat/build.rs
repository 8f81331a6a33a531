//! Compiles `cpp/solver.cpp`, the C interface to CaDiCaL that `src/ccadical.rs` calls, against
//! the CaDiCaL source that `cadical-sys` builds and links (its headers found through the
//! include directory its build script exports: `links = "cadical"`).

fn main() {
    println!("cargo:rerun-if-changed=cpp/solver.cpp");
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_CADICAL").is_none() {
        return;
    }
    // cxx-build exports `crate/<prefix>` as a link to the crate's own directory.
    let exported = std::env::var("DEP_CADICAL_CXXBRIDGE_DIR1")
        .expect("cadical-sys exports its crate directory (DEP_CADICAL_CXXBRIDGE_DIR1)");
    let headers = std::path::Path::new(&exported).join("cadical-sys/cadical/src");
    assert!(
        headers.join("cadical.hpp").exists(),
        "CaDiCaL's header not found in {}",
        headers.display()
    );
    cc::Build::new()
        .cpp(true)
        .flag_if_supported("-std=c++11")
        .include(&headers)
        .define("NDEBUG", None)
        .opt_level(3)
        .debug(false)
        .file("cpp/solver.cpp")
        .compile("wellposed-cadical");
}
