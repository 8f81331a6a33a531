//! Making puzzles: a random valid grid, then its clues taken away one at a time, in random
//! order, as long as the puzzle keeps exactly one solution (and, when asked, stays solvable by
//! deduction with the techniques allowed). One pass suffices for minimality: a clue that could
//! not be removed earlier cannot be removed later either, because removing more clues never
//! brings uniqueness back.

use crate::deduce;
use crate::lines::Matcher;
use crate::search::Search;
use crate::{Binary, Rules};
use wellposed_engine::deduce::Rule;
use wellposed_engine::Xorshift;

/// Up to `limit` complete grids of a shape, in the row search's order.
pub fn all_grids(width: usize, height: usize, rules: Rules, limit: usize) -> Vec<Vec<Vec<u8>>> {
    let m = Matcher::new(width);
    let p = Binary::empty(width, height, rules);
    let mut out = Vec::new();
    Search::empty(&m, height, rules == Rules::Distinct).run(|rows| {
        out.push(p.unmask(rows));
        out.len() < limit
    });
    out
}

/// Up to this width and height the row search answers the generator's questions fastest;
/// beyond it, proving that a line has no completion, or that a puzzle with few clues has one
/// solution, can take the row search minutes where SAT takes milliseconds (measured on 14×14:
/// a random grid 11–17 s by the row search; a removal pass 1.5 s by SAT, while the row search
/// had not proved the resulting 39-clue puzzle unique after 4 minutes).
pub const ROW_SEARCH_UP_TO: usize = 12;

fn by_sat(width: usize, height: usize) -> bool {
    width.max(height) > ROW_SEARCH_UP_TO
}

/// A random complete grid: rows fixed one at a time, each a random line (in random order)
/// that still has a completion — asked of the row search, or of SAT on large grids.
pub fn random_grid(
    width: usize,
    height: usize,
    rules: Rules,
    rng: &mut Xorshift,
) -> Option<Vec<Vec<u8>>> {
    let m = Matcher::new(width);
    let p = Binary::empty(width, height, rules);
    if by_sat(width, height) {
        return random_grid_by_sat(&p, &m, rng);
    }
    let distinct = rules == Rules::Distinct;
    // Fix rows one at a time: each fixed row is a random line that still has a completion.
    let mut g0 = vec![0u32; height];
    let mut g1 = vec![0u32; height];
    for r in 0..height {
        let mut options: Vec<u32> = m.lines().to_vec();
        rng.shuffle(&mut options);
        let chosen = options.into_iter().find(|&l| {
            let (mut a, mut b) = (g0.clone(), g1.clone());
            a[r] = !l & ((1 << width) - 1);
            b[r] = l;
            Search::new(&m, height, distinct, a, b).count(1) == 1
        })?;
        g0[r] = !chosen & ((1 << width) - 1);
        g1[r] = chosen;
    }
    Some(p.unmask(&g1))
}

/// [`random_grid`] with each completion asked of one incremental solver (the engine's default,
/// unbounded: a grid of a valid shape always exists): the rows fixed so far and the candidate
/// line are assumptions.
fn random_grid_by_sat(p: &Binary, m: &Matcher, rng: &mut Xorshift) -> Option<Vec<Vec<u8>>> {
    use wellposed_engine::{Encoding, EncodingKind, Family, Incremental, Options};
    let Some(Encoding::Cnf(enc)) = p.encode(
        EncodingKind::Cnf,
        wellposed_engine::sat::Cnf::new().choices(),
    ) else {
        unreachable!("binary puzzles encode to CNF")
    };
    if enc.cnf.over_budget() {
        // No grid from a formula that was cut short; the generator's size checks come first.
        return None;
    }
    let mut solver = Incremental::new(&Options::default()).ok()?;
    solver.add_cnf(&enc.cnf);
    let w = p.width;
    let mut fixed = Vec::new();
    let mut rows = Vec::with_capacity(p.height);
    for r in 0..p.height {
        let mut options: Vec<u32> = m.lines().to_vec();
        rng.shuffle(&mut options);
        let row_lits = |l: u32| {
            (0..w)
                .map(|c| wellposed_engine::sat::Lit::new(enc.answer[r * w + c], l >> c & 1 == 1))
                .collect::<Vec<_>>()
        };
        let chosen = options.into_iter().find(|&l| {
            let mut assume = fixed.clone();
            assume.extend(row_lits(l));
            solver.solve(&assume).unwrap_or(false)
        })?;
        fixed.extend(row_lits(chosen));
        rows.push(chosen);
    }
    Some(p.unmask(&rows))
}

/// Exactly one solution? By the row search, or by SAT (the solver `opts` names) on large
/// grids (see [`ROW_SEARCH_UP_TO`]).
fn unique(p: &Binary, opts: &wellposed_engine::Options) -> bool {
    if by_sat(p.width, p.height) {
        let opts = wellposed_engine::Options {
            method: wellposed_engine::Method::Sat,
            ..opts.clone()
        };
        wellposed_engine::proved_unique(p, &opts)
    } else {
        solutions(p, 2) == 1
    }
}

/// The number of solutions, counted up to `stop`.
pub fn solutions(p: &Binary, stop: u64) -> u64 {
    let m = Matcher::new(p.width);
    let (g0, g1) = p.given_masks();
    Search::new(&m, p.height, p.rules == Rules::Distinct, g0, g1).count(stop)
}

/// A generated puzzle and its solution.
pub struct Generated {
    pub puzzle: Binary,
    pub solution: Vec<Vec<u8>>,
}

/// A minimal uniquely solvable puzzle from a random grid. With `max` set, every clue removed
/// leaves a puzzle that deduction with techniques up to `max` still solves.
pub fn generate(
    width: usize,
    height: usize,
    rules: Rules,
    seed: u64,
    max: Option<Rule>,
    opts: &wellposed_engine::Options,
) -> Result<Generated, String> {
    // The shape is checked before anything is built: the line tables exist for even lengths only.
    Binary::check_shape(width, height)?;
    if !Binary::row_solver_fits(width, height) {
        return Err(format!(
            "generating is done with the row solver, which takes widths up to {} and heights up to {} (found {width}×{height})",
            crate::lines::MAX_LINE,
            crate::search::MAX_HEIGHT
        ));
    }
    let p0 = Binary::empty(width, height, rules);
    // xorshift must not start at 0.
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let solution = random_grid(width, height, rules, &mut rng)
        .ok_or_else(|| format!("no {width}×{height} grid exists under the {rules} rules"))?;
    let mut puzzle = Binary {
        givens: solution.iter().flatten().map(|&x| Some(x)).collect(),
        ..p0
    };
    let mut order: Vec<usize> = (0..width * height).collect();
    rng.shuffle(&mut order);
    // On large grids every removal is a SAT check: one incremental solver answers them all,
    // each cell's given a clue switched on by assumption, the planted grid excluded.
    let mut oracle = if by_sat(width, height) {
        use wellposed_engine::{Encoding, EncodingKind, Family};
        let Some(Encoding::Cnf(enc)) = Binary::empty(width, height, rules).encode(
            EncodingKind::Cnf,
            opts.choices
                .settled(wellposed_engine::sat::Purpose::Solving),
        ) else {
            unreachable!("binary puzzles encode to CNF")
        };
        let values: Vec<bool> = solution.iter().flatten().map(|&x| x == 1).collect();
        let planted: Vec<(wellposed_engine::sat::Var, bool)> = enc
            .answer
            .iter()
            .copied()
            .zip(values.iter().copied())
            .collect();
        let clues: Vec<Vec<Vec<wellposed_engine::sat::Lit>>> = planted
            .iter()
            .map(|&(v, value)| vec![vec![wellposed_engine::sat::Lit::new(v, value)]])
            .collect();
        Some(
            wellposed_engine::UniquenessOracle::new(&enc.cnf, &clues, &planted, opts)
                .map_err(|e| e.to_string())?,
        )
    } else {
        None
    };
    for k in order {
        let keep = puzzle.givens[k].take();
        let fine = match max {
            Some(t) => {
                let d = deduce::deduce(&puzzle, t);
                d.solved && crate::verify_rows(&puzzle, &to_rows(&deduce::cells(&d), width)).is_ok()
            }
            None => match oracle.as_mut() {
                Some(o) => {
                    let active: Vec<bool> = puzzle.givens.iter().map(Option::is_some).collect();
                    o.unique(&active)
                }
                None => unique(&puzzle, opts),
            },
        };
        if !fine {
            puzzle.givens[k] = keep;
        }
    }
    Ok(Generated { puzzle, solution })
}

fn to_rows(cells: &[Option<u8>], width: usize) -> Vec<Vec<u8>> {
    cells
        .chunks(width)
        .map(|r| r.iter().map(|c| c.unwrap_or(2)).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_are_unique_and_minimal() {
        for (n, rules, seed) in [
            (6, Rules::Distinct, 1),
            (6, Rules::NoDistinct, 2),
            (8, Rules::Distinct, 3),
        ] {
            let g = generate(n, n, rules, seed, None, &Default::default()).unwrap();
            assert_eq!(solutions(&g.puzzle, 2), 1);
            crate::verify_rows(&g.puzzle, &g.solution).unwrap();
            for k in 0..n * n {
                if g.puzzle.givens[k].is_some() {
                    let mut q = g.puzzle.clone();
                    q.givens[k] = None;
                    assert!(solutions(&q, 2) > 1, "clue {k} could go");
                }
            }
            // Same seed, same puzzle.
            assert_eq!(
                generate(n, n, rules, seed, None, &Default::default())
                    .unwrap()
                    .puzzle,
                g.puzzle
            );
        }
    }

    #[test]
    fn odd_or_empty_shapes_are_refused_before_anything_is_built() {
        // Found by the command-line property test: `generate binary --size 5` reached the
        // line tables, which exist for even lengths only, and panicked.
        for (w, h) in [(5, 5), (6, 5), (5, 6), (0, 6), (1, 1)] {
            let Err(e) = generate(w, h, Rules::Distinct, 1, None, &Default::default()) else {
                panic!("{w}×{h} was generated");
            };
            assert!(e.contains("even width and an even height"), "{w}×{h}: {e}");
        }
    }

    #[test]
    fn large_grids_are_generated_by_sat_unique_and_minimal() {
        use wellposed_engine::{every_solver, Method, Options, Uniqueness};
        let sat = Options {
            method: Method::Sat,
            ..Options::default()
        };
        let g = generate(14, 14, Rules::Distinct, 1, None, &sat).unwrap();
        crate::verify_rows(&g.puzzle, &g.solution).unwrap();
        let Uniqueness::Unique(s) = every_solver::uniqueness(&g.puzzle, &sat).unwrap() else {
            panic!("not unique");
        };
        assert_eq!(
            s.answer
                .as_ref()
                .unwrap()
                .value(wellposed_engine::sat::Var(0)),
            g.solution[0][0] == 1
        );
        for k in 0..14 * 14 {
            if g.puzzle.givens[k].is_some() {
                let mut q = g.puzzle.clone();
                q.givens[k] = None;
                let u = every_solver::uniqueness(&q, &sat).unwrap();
                assert_eq!(u.status(), "multiple", "clue {k} could go");
            }
        }
    }

    #[test]
    fn graded_generation_stays_within_the_techniques() {
        let g = generate(
            8,
            8,
            Rules::Distinct,
            7,
            Some(deduce::Technique::Counts.rule()),
            &Default::default(),
        )
        .unwrap();
        let d = deduce::deduce(&g.puzzle, deduce::Technique::Counts.rule());
        assert!(d.solved);
        assert!(d.hardest.is_some_and(|r| r.level() <= 2));
        assert!(d
            .used
            .keys()
            .all(|t| ["pairs", "gaps", "counts"].contains(t)));
        assert_eq!(solutions(&g.puzzle, 2), 1);
    }
}
