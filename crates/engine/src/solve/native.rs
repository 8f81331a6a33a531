//! The family's own mathematics and, under `--method auto`, the bounded tries of its own search
//! with a brief CDCL try between them.

use super::*;

/// The family's own mathematics, as the plan's first steps say: `None` when the plan has none
/// or they handed over to the encoding.
pub(super) fn native(
    p: &dyn Puzzle,
    opts: &Options,
    plan: &Plan,
    want: u64,
    stop: u64,
) -> Option<Result<Native<Solved>, EngineError>> {
    let mut tries = plan.native_steps().peekable();
    match tries.peek()? {
        PlanStep::Native { required: false } => p.native(want, stop),
        PlanStep::Native { required: true } => Some(
            p.native(want, stop)
                .unwrap_or_else(|| Err(EngineError::NoNative(p.family().to_string()))),
        ),
        _ => native_first(p, opts, tries, want, stop),
    }
}

/// The conflicts each solve of the brief CDCL try of [`native_first`] may take. Measured on
/// nonograms (BENCHMARKS.md, "A brief CDCL try between two native ones"): Forever takes 200 to
/// 1,000 a solve, and 1,000 conflicts cost about as much as building a large puzzle's encoding.
pub const BRIEF_CONFLICTS: u32 = 1_000;

/// What `--method auto` logs when no try of the family's own answered.
pub(super) const ENCODING_ANSWERS: &str =
    "auto: the family's own search did not answer (it gave up, or has none); the encoding does";

/// `--method auto` on a family with a bounded search of its own ([`Puzzle::native_first`]):
/// for a question of at most two solutions (is there one, is it the only one), its brief try,
/// then a brief CDCL try on the encoding ([`brief_cdcl`]), then its full try; for a count its
/// full try alone (a count does not stop at a second solution, so a brief try rarely answers
/// it), and likewise where no brief CDCL try can follow (a solver other than CaDiCaL, which
/// alone can be bounded). `None` when the tries gave up or the family has none, and the
/// encoding answers with no bound but the user's.
pub(super) fn native_first<'a>(
    p: &dyn Puzzle,
    opts: &Options,
    tries: impl Iterator<Item = &'a PlanStep>,
    want: u64,
    stop: u64,
) -> Option<Result<Native<Solved>, EngineError>> {
    for step in tries {
        match step {
            PlanStep::NativeTry { effort } => {
                let effort = match effort {
                    TryEffort::Brief => Effort::Brief,
                    TryEffort::Full => Effort::Full,
                };
                match p.native_first(want, stop, effort) {
                    Tried::Answered(found) => {
                        log::info!("auto: answered by the family's {effort:?} try");
                        return Some(found);
                    }
                    // No effort would answer: the encoding does, without the other tries.
                    Tried::Hopeless => break,
                    Tried::GaveUp => {}
                }
            }
            PlanStep::BriefCdcl { conflicts, .. } => {
                match brief_cdcl(p, opts, *conflicts, want, stop) {
                    Ok(Some(found)) => {
                        log::info!("auto: answered by the brief CDCL try");
                        return Some(Ok(found));
                    }
                    Ok(None) => {}
                    Err(e) => return Some(Err(e)),
                }
            }
            _ => {}
        }
    }
    log::info!("{ENCODING_ANSWERS}");
    None
}

/// Up to `stop` solutions by CDCL on the encoding, without phase hints (building them can
/// cost more than the search: about 0.07 s of Forever's 0.1 s) and in the family's compact
/// form where it has one (`Choices::compact`: Forever 28 → 23 ms with a start-position
/// encoding, since replaced by the order encoding: BENCHMARKS.md), each solve bounded by
/// [`BRIEF_CONFLICTS`] (or the user's `--conflicts` when lower), on CaDiCaL (the caller's
/// choice: only it can be bounded). `Ok(None)` when a conflict bound stopped it; the user's
/// deadline still ends it with an error.
pub(super) fn brief_cdcl(
    p: &dyn Puzzle,
    opts: &Options,
    conflicts: u32,
    want: u64,
    stop: u64,
) -> Result<Option<Native<Solved>>, EngineError> {
    let mut brief = opts.clone();
    brief.method = Method::Sat;
    brief.choices.phase_hints = false;
    brief.choices.compact = true;
    brief.limits.conflicts = Some(conflicts);
    // Its finds are the answer only if it completes: not tallied as found meanwhile.
    brief.progress = Progress::default();
    let (mut solutions, mut count) = (Vec::new(), 0u64);
    let visited = enumerate_raw(p, &brief, Some(stop), |answer| {
        count += 1;
        if (solutions.len() as u64) < want {
            solutions.push(p.solved(answer)?);
        }
        Ok(ControlFlow::Continue(()))
    });
    match visited {
        Ok(complete) => Ok(Some(Native {
            solutions,
            count: SolutionCount::Finite(count.into()),
            complete,
        })),
        Err(EngineError::Backend(wellposed_sat::BackendError::Stopped {
            reason: "conflicts",
        })) => Ok(None),
        Err(e) => Err(e),
    }
}
