//! The same question to every built-in SAT solver (varisat, and CaDiCaL when built in), with
//! the answers compared: the families' tests ask through here so that each backend is checked
//! against the other on every instance they solve. When the question goes to the family's
//! mathematics or to dancing links instead, every round gets the same answer by the same path.

use crate::{count as count_with, uniqueness as uniqueness_with};
use crate::{Counted, EngineError, Options, Puzzle, SolverChoice, Uniqueness};

fn disagree(p: &dyn Puzzle, what: String) -> EngineError {
    EngineError::Disagreement {
        family: p.family().to_string(),
        what,
    }
}

/// [`crate::uniqueness`] on every built-in solver: the same status from each, and the same
/// solution when it is unique. Returns the first solver's answer.
pub fn uniqueness(p: &dyn Puzzle, opts: &Options) -> Result<Uniqueness, EngineError> {
    let mut first: Option<(SolverChoice, Uniqueness)> = None;
    for solver in SolverChoice::built_in() {
        let u = uniqueness_with(
            p,
            &Options {
                solver: solver.clone(),
                ..opts.clone()
            },
        )?;
        match &first {
            None => first = Some((solver, u)),
            Some((by, f)) => {
                if f.status() != u.status() {
                    return Err(disagree(
                        p,
                        format!("{by:?} says {}, {solver:?} {}", f.status(), u.status()),
                    ));
                }
                if let (Uniqueness::Unique(a), Uniqueness::Unique(b)) = (f, &u) {
                    if a.json != b.json {
                        return Err(disagree(
                            p,
                            format!("{by:?} and {solver:?} find different unique solutions"),
                        ));
                    }
                }
            }
        }
    }
    Ok(first.expect("varisat is always built in").1)
}

/// [`crate::count`] on every built-in solver: the same count and completeness from each.
pub fn count(p: &dyn Puzzle, opts: &Options, limit: Option<u64>) -> Result<Counted, EngineError> {
    let mut first: Option<(SolverChoice, Counted)> = None;
    for solver in SolverChoice::built_in() {
        let c = count_with(
            p,
            &Options {
                solver: solver.clone(),
                ..opts.clone()
            },
            limit,
        )?;
        match &first {
            None => first = Some((solver, c)),
            Some((by, f)) if (&f.count, f.complete) != (&c.count, c.complete) => {
                return Err(disagree(
                    p,
                    format!(
                        "{by:?} counts {} ({}), {solver:?} {} ({})",
                        f.count, f.method, c.count, c.method
                    ),
                ))
            }
            Some(_) => {}
        }
    }
    Ok(first.expect("varisat is always built in").1)
}
