//! Building what answers: the encoding a method asks for (completed where the question needs a
//! plain formula, checked against the memory budget) and the SAT backend the options name.

use super::*;

pub(super) enum Prepared {
    /// `cover_options`: the CNF came from an exact cover whose first variables are the options.
    Sat {
        enc: CnfEncoding,
        cover_options: Option<usize>,
    },
    Dlx(Problem),
}

/// The encoding `method` asks for, built with `choices` (already settled for the question).
/// With `lazy` false (every caller but the lazy-aware loop of [`enumerate_on`]) a CNF's graph
/// constraints are completed into the formula ([`CnfEncoding::completed`]) before the budget
/// check.
pub(super) fn prepare(
    p: &dyn Puzzle,
    method: Method,
    choices: Choices,
    lazy: bool,
) -> Result<Prepared, EngineError> {
    let encode = |kind| {
        p.encode(kind, choices)
            .ok_or_else(|| EngineError::NoEncoding {
                family: p.family().to_string(),
                kind,
            })
    };
    let (want, _) = encoding_for(p, method)?;
    let encoded = encode(want)?;
    if let Encoding::ExactCover(cover) = &encoded {
        crate::cover_within_budget(p.family(), cover, choices.max_bytes)?;
    }
    let prepared = match (encoded, method) {
        (Encoding::Cnf(enc), _) => Prepared::Sat {
            enc,
            cover_options: None,
        },
        (Encoding::ExactCover(problem), Method::Sat) => Prepared::Sat {
            cover_options: Some(problem.options().len()),
            enc: exact_cover_to_cnf(&problem),
        },
        (Encoding::ExactCover(problem), _) => Prepared::Dlx(problem),
    };
    let prepared = match prepared {
        Prepared::Sat { enc, cover_options } if !lazy && enc.is_lazy() => Prepared::Sat {
            enc: enc.completed(),
            cover_options,
        },
        other => other,
    };
    if let Prepared::Sat { enc, .. } = &prepared {
        crate::within_budget(p.family(), &enc.cnf)?;
    }
    Ok(prepared)
}

pub(crate) fn backend(opts: &Options) -> Result<Box<dyn Backend>, EngineError> {
    let mut b: Box<dyn Backend> = match &opts.solver {
        SolverChoice::Varisat => Box::new(VarisatBackend::new()),
        SolverChoice::Cadical => cadical(false)?,
        SolverChoice::CadicalStable => cadical(true)?,
        SolverChoice::External(cmd) => Box::new(ExternalSolver::new(cmd)?),
    };
    b.set_limits(opts.limits)?;
    Ok(b)
}

#[cfg(feature = "cadical")]
pub(super) fn cadical(stable: bool) -> Result<Box<dyn Backend>, EngineError> {
    Ok(Box::new(if stable {
        wellposed_sat::CadicalBackend::stable()
    } else {
        wellposed_sat::CadicalBackend::new()
    }))
}

#[cfg(not(feature = "cadical"))]
pub(super) fn cadical(_stable: bool) -> Result<Box<dyn Backend>, EngineError> {
    Err(EngineError::Backend(wellposed_sat::BackendError::Solver(
        "this build has no CaDiCaL (build with the `cadical` feature)".into(),
    )))
}

/// The values of the first `n` variables in the solver's last model.
pub(crate) fn model_of(solver: &dyn Backend, n: usize) -> Vec<bool> {
    (0..n)
        .map(|v| solver.value(wellposed_sat::Var(v as u32)))
        .collect()
}
