//! DRAT-certified answers: the listing's final "no more solutions" proved by varisat and
//! checked by the independent checker.

use super::*;

/// The check of a DRAT proof by the independent checker (`wellposed-drat`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ProofCheck {
    pub lemmas: usize,
    pub deletions: usize,
    /// The proof's size as varisat wrote it.
    pub bytes: u64,
    /// Time the checker took.
    pub seconds: f64,
}

/// Solutions up to `limit` on the puzzle's CNF (by `opts.solver`, blocking each one found);
/// when the search ends in "no more solutions" — an unsatisfiability claim about the formula
/// with every found solution blocked — a fresh varisat solver proves that formula
/// unsatisfiable with a DRAT proof, and the independent checker (`wellposed-drat`) checks the
/// proof against exactly that formula. Every solution is verified by the family's rules.
pub struct Certified {
    /// The first `keep` solutions.
    pub solutions: Vec<Solved>,
    pub count: u64,
    /// All solutions were found; then `proof` holds the checked proof that there are no more.
    pub complete: bool,
    pub proof: Option<ProofCheck>,
}

pub fn certified(
    p: &dyn Puzzle,
    opts: &Options,
    limit: Option<u64>,
    keep: usize,
) -> Result<Certified, EngineError> {
    // The proof is of the complete formula: no lazy constraints.
    let Prepared::Sat {
        mut enc,
        cover_options,
    } = prepare(
        p,
        Method::Sat,
        opts.choices.settled(Purpose::Solving),
        false,
    )?
    else {
        unreachable!("Method::Sat prepares CNF")
    };
    // Each solution blocked by the clause negating all its answer literals: the proof then
    // says "no other assignment of the answer variables" without resting on the family's
    // promise that no solution holds another (`Cnf::promise_antichain`).
    enc.cnf.promise_antichain(false);
    let mut solutions = Vec::new();
    let mut count = 0u64;
    let mut blocked = Vec::new();
    let complete = enumerate_on(
        backend(opts)?.as_mut(),
        &enc,
        cover_options,
        (
            limit.unwrap_or(u64::MAX),
            &opts.progress,
            crate::connectivity::CutRounds::new(&opts.limits),
            // The encoding is completed (no lazy structures): the proof covers every clause.
            false,
        ),
        |a| {
            let s = p.solved(a)?;
            count += 1;
            if solutions.len() < keep {
                solutions.push(s);
            }
            Ok(ControlFlow::Continue(()))
        },
        &mut blocked,
    )?;
    let proof = if complete {
        let formula: Vec<&[Lit]> = enc
            .cnf
            .clauses()
            .iter()
            .chain(&blocked)
            .map(|c| c.as_slice())
            .collect();
        Some(prove_unsatisfiable(&formula)?)
    } else {
        None
    };
    Ok(Certified {
        solutions,
        count,
        complete,
        proof,
    })
}

/// A DRAT proof, by a fresh varisat solver, that `formula` has no model, checked by the
/// independent checker. varisat's DRAT writer cannot follow incremental additions, which is
/// why the proof is made in one go on the final formula.
pub(super) fn prove_unsatisfiable(formula: &[&[Lit]]) -> Result<ProofCheck, EngineError> {
    static PROOFS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let path = std::env::temp_dir().join(format!(
        "wellposed-proof-{}-{}.drat",
        std::process::id(),
        PROOFS.fetch_add(1, Ordering::Relaxed)
    ));
    // The proof file goes whatever happens below.
    struct Remove<'a>(&'a std::path::Path);
    impl Drop for Remove<'_> {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(self.0);
        }
    }
    let file = std::fs::File::create(&path)?;
    let _remove = Remove(&path);
    let mut solver = wellposed_sat::VarisatBackend::with_drat_proof(std::io::BufWriter::new(file));
    for c in formula {
        solver.add_clause(c);
    }
    if solver.solve(&[])? {
        return Err(EngineError::Certificate(
            "the search found no more solutions, but varisat finds one: the solvers disagree"
                .into(),
        ));
    }
    solver.close_proof()?;
    drop(solver);
    let bytes = std::fs::metadata(&path)?.len();
    let started = std::time::Instant::now();
    let clauses: Vec<Vec<i64>> = formula
        .iter()
        .map(|c| c.iter().map(|l| l.dimacs()).collect())
        .collect();
    let reader = std::io::BufReader::new(std::fs::File::open(&path)?);
    let checked = wellposed_drat::check(&clauses, reader)
        .map_err(|e| EngineError::Certificate(format!("the DRAT proof does not check: {e}")))?;
    Ok(ProofCheck {
        lemmas: checked.lemmas,
        deletions: checked.deletions,
        bytes,
        seconds: started.elapsed().as_secs_f64(),
    })
}
