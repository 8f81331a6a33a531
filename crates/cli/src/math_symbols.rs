//! `log`, `log2`, `log10` and `pow`, defined in the executable so that glibc's `libm.so.6` is
//! loaded only when one of them is first called, not at every start.
//!
//! Why: they are the only libm functions the executable calls (CaDiCaL's search limits call
//! `log` and `log10`; indicatif's rate estimates, `pow`; num-bigint's decimal printing, `log2`,
//! in builds where it is not folded to a constant), and for them the dynamic loader
//! opened, mapped and relocated all of libm before `main`, with its dozens of `ifunc`
//! resolvers and five more lines of `/proc/self/maps` for Rust's stack guard to parse: about
//! 0.08 ms and 11 page faults of a 1.2 ms run on the smallest puzzles, which never call them
//! (BENCHMARKS.md, "Process start: libm on first use"). Defined here, the linker resolves the
//! calls to these functions and, linking with `--as-needed`, leaves libm out of the
//! executable's needs.
//!
//! Each forwards to glibc's own function, looked up once with `dlopen`/`dlsym`, so results are
//! glibc's to the last bit (a port of musl's, the `libm` crate, was measured and not taken: it
//! differs from glibc by a unit in the last place on 0.9% of a million arguments for `log`, 2.8%
//! for `pow`, and by up to two on 8% for `log10`; CaDiCaL's limits would then differ from the
//! library's). The look-up costs about as much as the loader
//! did, once, in runs that reach CaDiCaL's search.
//!
//! Only the executable carries them (this is the binary crate); the libraries and their tests
//! link libm as before. `tests/suite/cli.rs` checks that the executable does not need libm, so that
//! a dependency calling another libm function (`exp`; `sqrt` is an instruction) is noticed:
//! add it here, or accept the cost.

use std::sync::OnceLock;

type Unary = extern "C" fn(f64) -> f64;
type Binary = extern "C" fn(f64, f64) -> f64;

/// glibc's functions, from `libm.so.6`.
struct Glibc {
    log: Unary,
    log2: Unary,
    log10: Unary,
    pow: Binary,
}

/// Loads `libm.so.6` on first use. Its own symbols are asked of its handle, whose scope is the
/// library and its dependencies, not this executable (whose `log` would otherwise be found).
/// libm ships with every glibc, so failing to load it is reported and ends the process.
fn glibc() -> &'static Glibc {
    static GLIBC: OnceLock<Glibc> = OnceLock::new();
    GLIBC.get_or_init(|| {
        // SAFETY: dlopen and dlsym with NUL-terminated names; the handle is never closed, so the
        // functions stay valid, and glibc's log, log10 and pow have these signatures.
        unsafe {
            let handle = libc::dlopen(c"libm.so.6".as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL);
            let symbol = |name: &std::ffi::CStr| {
                let f = if handle.is_null() {
                    std::ptr::null_mut()
                } else {
                    libc::dlsym(handle, name.as_ptr())
                };
                if f.is_null() {
                    eprintln!("wellposed: internal error: {name:?} not found in libm.so.6");
                    std::process::abort();
                }
                f
            };
            Glibc {
                log: std::mem::transmute::<*mut libc::c_void, Unary>(symbol(c"log")),
                log2: std::mem::transmute::<*mut libc::c_void, Unary>(symbol(c"log2")),
                log10: std::mem::transmute::<*mut libc::c_void, Unary>(symbol(c"log10")),
                pow: std::mem::transmute::<*mut libc::c_void, Binary>(symbol(c"pow")),
            }
        }
    })
}

/// The natural logarithm (glibc's).
#[unsafe(no_mangle)]
pub extern "C" fn log(x: f64) -> f64 {
    (glibc().log)(x)
}

/// The base-2 logarithm (glibc's).
#[unsafe(no_mangle)]
pub extern "C" fn log2(x: f64) -> f64 {
    (glibc().log2)(x)
}

/// The base-10 logarithm (glibc's).
#[unsafe(no_mangle)]
pub extern "C" fn log10(x: f64) -> f64 {
    (glibc().log10)(x)
}

/// `x` to the power `y` (glibc's).
#[unsafe(no_mangle)]
pub extern "C" fn pow(x: f64, y: f64) -> f64 {
    (glibc().pow)(x, y)
}

#[cfg(test)]
mod tests {
    /// The symbols answer as the mathematics says, where the answer is exact, and the calls
    /// that Rust code makes (`f64::ln`, `log2`, `log10`, `powf`) reach them.
    #[test]
    fn the_symbols_compute_their_functions() {
        assert_eq!(super::log(1.0), 0.0);
        assert_eq!(super::log(std::f64::consts::E), 1.0);
        assert!(super::log(-1.0).is_nan());
        assert_eq!(super::log(0.0), f64::NEG_INFINITY);
        assert_eq!(super::log2(1024.0), 10.0);
        assert_eq!(super::log2(f64::from_bits(1)), -1074.0);
        for k in 0..=22 {
            assert_eq!(super::log10(10f64.powi(k)), f64::from(k), "log10(1e{k})");
            assert_eq!(
                super::pow(10.0, f64::from(k)),
                10f64.powi(k),
                "pow(10, {k})"
            );
        }
        assert_eq!(super::pow(2.0, -1074.0), f64::from_bits(1));
        assert_eq!(super::pow(-8.0, 3.0), -512.0);
        assert!(super::pow(-8.0, 1.0 / 3.0).is_nan());
        assert_eq!(super::pow(f64::NAN, 0.0), 1.0);
        // Through Rust's own calls, which the linker resolves to the symbols above.
        let x = std::hint::black_box(1234.5f64);
        assert_eq!(x.ln().to_bits(), super::log(x).to_bits());
        assert_eq!(x.log2().to_bits(), super::log2(x).to_bits());
        assert_eq!(x.log10().to_bits(), super::log10(x).to_bits());
        assert_eq!(x.powf(0.37).to_bits(), super::pow(x, 0.37).to_bits());
    }
}
