//! The same question to every built-in SAT solver (varisat, and CaDiCaL when built in), with
//! the answers compared: the families' tests ask through here so that each backend is checked
//! against the other on every instance they solve. When the question goes to the family's
//! mathematics or to dancing links instead, every round gets the same answer by the same path.

use crate::{count as count_with, uniqueness as uniqueness_with};
use crate::{Counted, EngineError, Options, Puzzle, SolverChoice, Uniqueness};

/// Asks `ask` once per built-in solver; the first answer is returned after `differ` has found
/// nothing to object to in each later one (it names the difference, if any).
fn agreed<T>(
    p: &dyn Puzzle,
    opts: &Options,
    ask: impl Fn(&Options) -> Result<T, EngineError>,
    differ: impl Fn(&T, &T) -> Option<String>,
) -> Result<T, EngineError> {
    let mut first: Option<(SolverChoice, T)> = None;
    for solver in SolverChoice::built_in() {
        let answer = ask(&Options {
            solver: solver.clone(),
            ..opts.clone()
        })?;
        match &first {
            None => first = Some((solver, answer)),
            Some((by, f)) => {
                if let Some(what) = differ(f, &answer) {
                    return Err(EngineError::Disagreement {
                        family: p.family().to_string(),
                        what: format!("{by:?} against {solver:?}: {what}"),
                    });
                }
            }
        }
    }
    Ok(first.expect("varisat is always built in").1)
}

/// [`crate::uniqueness`] on every built-in solver: the same status from each, and the same
/// solution when it is unique.
pub fn uniqueness(p: &dyn Puzzle, opts: &Options) -> Result<Uniqueness, EngineError> {
    agreed(
        p,
        opts,
        |o| uniqueness_with(p, o),
        |a, b| match (a, b) {
            (Uniqueness::Unique(x), Uniqueness::Unique(y)) if x.json != y.json => {
                Some("different unique solutions".into())
            }
            _ if a.status() != b.status() => Some(format!("{} against {}", a.status(), b.status())),
            _ => None,
        },
    )
}

/// [`crate::count`] on every built-in solver: the same count and completeness from each.
pub fn count(p: &dyn Puzzle, opts: &Options, limit: Option<u64>) -> Result<Counted, EngineError> {
    agreed(
        p,
        opts,
        |o| count_with(p, o, limit),
        |a, b| {
            ((&a.count, a.complete) != (&b.count, b.complete)).then(|| {
                format!(
                    "{} ({}) against {} ({})",
                    a.count, a.method, b.count, b.method
                )
            })
        },
    )
}

/// How many random rounds a differential test runs: `base` times `WELLPOSED_DIFF_SCALE` (1 when
/// unset or unreadable). The test command runs the base; `scripts/differential.sh` runs the
/// same tests at a larger scale (tens of thousands of instances per family).
pub fn rounds(base: usize) -> usize {
    let scale = std::env::var("WELLPOSED_DIFF_SCALE")
        .ok()
        .and_then(|s| s.trim().parse::<usize>().ok())
        .filter(|&s| s > 0)
        .unwrap_or(1);
    base.saturating_mul(scale)
}
