//! The backbone: what every solution agrees on, found incrementally.

use super::*;

/// What every solution agrees on: the backbone over the answer variables.
pub struct Backbone {
    /// A solution (every fixed value is its value).
    pub solution: Solved,
    /// For each answer variable (in the encoding's order), its value when all solutions agree.
    pub fixed: Vec<Option<bool>>,
    /// The answer variables' names.
    pub names: Vec<String>,
    /// SAT calls made, the first solve included.
    pub solves: usize,
}

/// The backbone, incrementally: solve once; every answer variable is a candidate with its
/// value; then ask, under a fresh activation literal, for a solution that differs from the
/// candidates somewhere. Each answer drops the candidates it flips; unsatisfiable means the
/// remaining candidates are fixed. `None` when there is no solution. Uses the CNF (an exact
/// cover is translated).
pub fn backbone(p: &dyn Puzzle, opts: &Options) -> Result<Option<Backbone>, EngineError> {
    let Prepared::Sat { enc, cover_options } = prepare(
        p,
        Method::Sat,
        opts.choices.settled(Purpose::Solving),
        false,
    )?
    else {
        unreachable!("Method::Sat prepares a CNF");
    };
    let mut solver = backend(opts)?;
    solver.add_cnf(&enc.cnf);
    if !solver.solve(&[])? {
        return Ok(None);
    }
    let n = enc.cnf.num_vars() as usize;
    let model = model_of(solver.as_ref(), n);
    let mut candidates: Vec<(usize, bool)> = enc
        .answer
        .iter()
        .enumerate()
        .map(|(k, v)| (k, model[v.index()]))
        .collect();
    let answer = match cover_options {
        Some(k) => Answer::Cover((0..k).filter(|&o| model[o]).collect()),
        None => Answer::Model(model),
    };
    let solution = p.solved(answer)?;
    let mut solves = 1;
    let mut next_var = n as u32;
    while !candidates.is_empty() {
        let act = wellposed_sat::Var(next_var).positive();
        next_var += 1;
        let mut clause = vec![!act];
        clause.extend(
            candidates
                .iter()
                .map(|&(k, value)| Lit::new(enc.answer[k], !value)),
        );
        solver.add_clause(&clause);
        solves += 1;
        let differs = solver.solve(&[act])?;
        solver.add_clause(&[!act]);
        if !differs {
            break;
        }
        candidates.retain(|&(k, value)| solver.value(enc.answer[k]) == value);
    }
    let mut fixed = vec![None; enc.answer.len()];
    for (k, value) in candidates {
        fixed[k] = Some(value);
    }
    Ok(Some(Backbone {
        solution,
        fixed,
        names: enc.names.clone(),
        solves,
    }))
}
