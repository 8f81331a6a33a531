//! One plan per question: which methods answer, in which order, on which backend, and why.
//! [`plan`] is the one place the choice is made, from the options and the family (its
//! encodings, whether its own mathematics is the default); the question's code then walks the
//! plan's steps, each of which answers or hands over to the next. The CLI logs the plan at
//! `info` and shows it in `--json`.
//!
//! Steps that may hand over: the family's own mathematics ([`PlanStep::Native`]: where it has
//! none for the instance), its bounded tries ([`PlanStep::NativeTry`]: where they give up), the
//! brief CDCL try ([`PlanStep::BriefCdcl`]: past its conflict bound). The last step always
//! answers (or fails with the error that says why).

use super::*;
use crate::NativeRole;

/// The question asked of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Question {
    /// A first solution, or whether there is exactly one: at most two solutions wanted.
    Solve,
    /// Solutions listed, up to a limit.
    Enumerate,
    /// How many solutions there are.
    Count,
}

impl Question {
    /// The question a listing of at most `limit` solutions asks.
    pub fn of_listing(limit: Option<u64>) -> Question {
        match limit {
            Some(l) if l <= 2 => Question::Solve,
            _ => Question::Enumerate,
        }
    }
}

/// How far a bounded try of the family's own search goes ([`Effort`], as it is written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TryEffort {
    Brief,
    Full,
}

/// One way of answering.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "method", rename_all = "kebab-case")]
pub enum PlanStep {
    /// The family's own mathematics; with `required` (`--method native`) an instance it has
    /// none for is an error, otherwise the next step answers.
    Native { required: bool },
    /// A bounded try of the family's own search; the next step answers where it gives up.
    NativeTry { effort: TryEffort },
    /// CDCL on the family's compact encoding without phase hints, each solve bounded by
    /// `conflicts`; the next step answers past the bound.
    BriefCdcl { backend: String, conflicts: u32 },
    /// The SAT backend finds solutions one by one, each blocked by a clause over the answer
    /// variables (graph constraints as lazy cuts). `from_exact_cover`: the family's exact
    /// cover translated to CNF.
    Blocking {
        backend: String,
        from_exact_cover: bool,
    },
    /// Dancing links over the exact cover, on `threads` threads when counting (0: all cores).
    Dlx { threads: usize },
    /// Dancing links with memoised remainders.
    DlxMemo,
    /// A probe first: memoised dancing links where remainders repeat, plain dancing links
    /// otherwise.
    DlxMemoIfPays { threads: usize },
    /// The exact projected model counter on the formula (graph constraints completed).
    Counter,
    /// Blocking clauses up to `first` solutions on `backend`; past them the model counter
    /// races blocking clauses on `race_backend`, the first to finish answering.
    BlockingThenRace {
        backend: String,
        first: u64,
        race_backend: String,
    },
}

/// A step and the reason it is in the plan.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Planned {
    #[serde(flatten)]
    pub step: PlanStep,
    pub why: &'static str,
}

/// What answers a question: the steps in the order they are tried.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Plan {
    pub question: Question,
    pub steps: Vec<Planned>,
}

impl Plan {
    /// One line for the log: `count: native, then blocking on cadical (…)`.
    pub fn describe(&self) -> String {
        let steps: Vec<String> = self
            .steps
            .iter()
            .map(|s| format!("{} ({})", s.step.name(), s.why))
            .collect();
        format!(
            "{} plan: {}",
            serde_json::to_value(self.question)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            steps.join(", then ")
        )
    }

    /// The steps the family's own search takes before an encoding answers.
    pub(super) fn native_steps(&self) -> impl Iterator<Item = &PlanStep> {
        self.steps.iter().map(|s| &s.step).filter(|s| {
            matches!(
                s,
                PlanStep::Native { .. } | PlanStep::NativeTry { .. } | PlanStep::BriefCdcl { .. }
            )
        })
    }

    /// The step that answers when every earlier one handed over.
    pub(super) fn last(&self) -> &PlanStep {
        &self.steps.last().expect("a plan has a last step").step
    }
}

impl PlanStep {
    /// The method's name with its backend, as the log says it.
    pub fn name(&self) -> String {
        match self {
            PlanStep::Native { .. } => "native".into(),
            PlanStep::NativeTry { effort } => format!("native {effort:?} try").to_lowercase(),
            PlanStep::BriefCdcl { backend, conflicts } => {
                format!("brief cdcl on {backend} ({conflicts} conflicts a solve)")
            }
            PlanStep::Blocking { backend, .. } => format!("blocking on {backend}"),
            PlanStep::Dlx { .. } => "dlx".into(),
            PlanStep::DlxMemo => "dlx-memo".into(),
            PlanStep::DlxMemoIfPays { .. } => "dlx-memo if it pays, else dlx".into(),
            PlanStep::Counter => "counter".into(),
            PlanStep::BlockingThenRace {
                backend,
                first,
                race_backend,
            } => format!("blocking on {backend} up to {first}, then counter racing blocking on {race_backend}"),
        }
    }
}

impl SolverChoice {
    /// The backend as `--backend` / `--solver` name it.
    pub fn name(&self) -> String {
        match self {
            SolverChoice::Varisat => "varisat".into(),
            SolverChoice::Cadical => "cadical".into(),
            SolverChoice::CadicalStable => "cadical-stable".into(),
            SolverChoice::External(cmd) => format!("`{cmd}`"),
        }
    }
}

/// The encoding `method` answers on: its kind, and whether an exact cover is translated to
/// CNF (`--method sat` on an exact-cover family). The one place that choice is made:
/// [`plan`] says it and `prepare` builds it.
pub(super) fn encoding_for(
    p: &dyn Puzzle,
    method: Method,
) -> Result<(EncodingKind, bool), EngineError> {
    let kinds = p.encodings();
    let want = match method {
        Method::Auto => *kinds.first().ok_or_else(|| EngineError::NoEncoding {
            family: p.family().to_string(),
            kind: EncodingKind::Cnf,
        })?,
        Method::Sat if kinds.contains(&EncodingKind::Cnf) => EncodingKind::Cnf,
        Method::Sat if kinds.contains(&EncodingKind::ExactCover) => EncodingKind::ExactCover,
        Method::Sat => EncodingKind::Cnf,
        Method::Dlx | Method::DlxMemo => EncodingKind::ExactCover,
        Method::Native => return Err(EngineError::NoNative(p.family().to_string())),
    };
    Ok((
        want,
        want == EncodingKind::ExactCover && method == Method::Sat,
    ))
}

/// The plan for `question` (with `limit`, the most solutions wanted or counted) on `p`
/// under `opts`.
pub fn plan(p: &dyn Puzzle, opts: &Options, question: Question, limit: Option<u64>) -> Plan {
    let mut steps = Vec::new();
    let mut add = |step, why| steps.push(Planned { step, why });
    let backend = opts.solver.name();
    // The family's own mathematics: under a count only when counting is left to us.
    let native_allowed = question != Question::Count
        || opts.counting == Counting::Auto
        || opts.method == Method::Native;
    if native_allowed {
        match (opts.method, p.native_role()) {
            (Method::Native, _) => add(
                PlanStep::Native { required: true },
                "--method native: the family's own mathematics",
            ),
            (Method::Auto, NativeRole::Answers) => add(
                PlanStep::Native { required: false },
                "auto: the family's own mathematics answers where it has some",
            ),
            (Method::Auto, NativeRole::TriesFirst) => {
                // A brief try, a brief CDCL try and a full try for at most two solutions on a
                // solver that can be bounded; a count (or an unbounded solver) the full try
                // alone (see `native_first`).
                if limit.is_some_and(|l| l <= 2) && opts.solver.is_cadical() {
                    add(
                        PlanStep::NativeTry {
                            effort: TryEffort::Brief,
                        },
                        "auto: the family's search settles easy instances at once",
                    );
                    add(
                        PlanStep::BriefCdcl {
                            backend: backend.clone(),
                            conflicts: opts
                                .limits
                                .conflicts
                                .map_or(BRIEF_CONFLICTS, |c| c.min(BRIEF_CONFLICTS)),
                        },
                        "auto: some that take the family's search long take CDCL few conflicts",
                    );
                }
                add(
                    PlanStep::NativeTry {
                        effort: TryEffort::Full,
                    },
                    "auto: as far as the family's search beats the encoding",
                );
            }
            (Method::Auto, NativeRole::None) | (Method::Sat | Method::Dlx | Method::DlxMemo, _) => {
            }
        }
    }
    if opts.method == Method::Native {
        return Plan { question, steps };
    }
    // The encoding: a count under --count-method blocking/counter always counts a CNF.
    let method = match (question, opts.counting) {
        (Question::Count, Counting::Blocking | Counting::Counter) => Method::Sat,
        _ => opts.method,
    };
    let (kind, from_exact_cover) = encoding_for(p, method).unwrap_or((EncodingKind::Cnf, false));
    let blocking = PlanStep::Blocking {
        backend: backend.clone(),
        from_exact_cover,
    };
    let threads = opts.threads;
    match (question, kind) {
        (Question::Solve | Question::Enumerate, EncodingKind::ExactCover) if !from_exact_cover => {
            add(
                PlanStep::Dlx { threads },
                "the family's preferred encoding is an exact cover",
            )
        }
        (Question::Solve | Question::Enumerate, _) => add(
            blocking,
            "the solver finds a solution, blocks it, and solves again",
        ),
        (Question::Count, EncodingKind::ExactCover) if !from_exact_cover => match method {
            Method::DlxMemo => add(PlanStep::DlxMemo, "--method dlx-memo"),
            Method::Auto if limit.is_none() => add(
                PlanStep::DlxMemoIfPays { threads },
                "auto: memoised remainders pay where a probe sees them repeat",
            ),
            _ => add(
                PlanStep::Dlx { threads },
                "dancing links count covers; only plain dancing links honour --limit",
            ),
        },
        (Question::Count, _) => match opts.counting {
            Counting::Blocking => add(blocking, "--method blocking"),
            Counting::Counter => add(PlanStep::Counter, "--method counter"),
            Counting::Auto => add(
                PlanStep::BlockingThenRace {
                    backend,
                    first: BLOCKING_FIRST,
                    race_backend: match opts.solver {
                        SolverChoice::Cadical => SolverChoice::CadicalStable.name(),
                        ref other => other.name(),
                    },
                },
                "auto: CDCL settles small counts of hard puzzles; past them neither the \
                 counter nor blocking wins everywhere, so they race",
            ),
        },
    }
    Plan { question, steps }
}
