//! The families' brute-force check, stated once: a tiny board's solutions counted by trying
//! every assignment of its free variables against the rules (the family's `verify`, never its
//! encoding), and that count asked again of the engine by each way it counts. Test support
//! only (the `testing` feature), as [`crate::every_solver`] is.
//!
//! ```
//! use wellposed_engine::testing::brute_force_count;
//!
//! // Three cells, no two side by side shaded: 5 of the 8 shadings.
//! let n = brute_force_count(3, |on| !(on(0) && on(1)) && !(on(1) && on(2)));
//! assert_eq!(n, 5);
//! ```

use crate::{count, Counting, Options, Puzzle};

/// The ways the engine counts that the brute-force tests compare: listing solutions under
/// blocking clauses (with lazy cuts where the family has them), the model counter on the
/// complete encoding, and the automatic choice between them.
pub const COUNTINGS: [Counting; 3] = [Counting::Blocking, Counting::Counter, Counting::Auto];

/// How many of the 2^`bits` assignments of `bits` booleans `holds` accepts; `holds` reads
/// variable k of the assignment through its argument. Tiny boards only: `bits` below 32.
pub fn brute_force_count(
    bits: usize,
    mut holds: impl FnMut(&dyn Fn(usize) -> bool) -> bool,
) -> u64 {
    assert!(
        bits < 32,
        "{bits} variables are too many to try every assignment"
    );
    (0u32..1 << bits)
        .filter(|&x| holds(&|k| x >> k & 1 == 1))
        .count() as u64
}

/// Asserts that the engine counts `expected` solutions of `p` by each of `countings`, each
/// count complete; a failure shows the counting and the puzzle's text.
pub fn assert_counts(p: &dyn Puzzle, expected: u64, countings: &[Counting]) {
    for &counting in countings {
        let opts = Options {
            counting,
            ..Options::default()
        };
        let c = count(p, &opts, None).unwrap();
        assert!(c.complete, "{counting:?}: incomplete on {}", p.to_text());
        assert_eq!(
            c.to_u64(),
            Some(expected),
            "{counting:?} on {}",
            p.to_text()
        );
    }
}
