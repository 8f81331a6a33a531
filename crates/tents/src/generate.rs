//! The Tents generator: tents placed at random, each with its own tree on a free cell beside
//! it (a tent goes only where it touches no tent, so the planted camp keeps every rule), every
//! row and column counted from it; kept when those counts make the tents the only placement
//! (the SAT engine decides), then every count that is not needed taken away in one pass (a
//! minimal set: without any one of the counts left, another placement exists). The trees stay.
//! Camps whose tents pair with their trees in more than one way are not used, so the pairing
//! is forced too.

use crate::{Line, Tents};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{
    Difficulty, Family, Generator, GridSize, Made as MadeReport, Options, Request,
    UniquenessOracle, Xorshift,
};
use wellposed_sat::{Cnf, Lit, Var};

/// `generate tents`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The chance, in percent, that a cell where a tent still fits gets one.
    #[arg(long, default_value_t = 60)]
    fill: u64,
}

/// A generated puzzle and the tents it was made from.
pub struct Made {
    pub puzzle: Tents,
    pub tent: Vec<bool>,
}

/// The most cells the generator takes (each count costs one uniqueness check).
pub const MAX_GENERATED_CELLS: usize = 2_500;

/// Random tents with a tree each, on a board of `rows`×`cols`.
pub(crate) fn plant(rows: usize, cols: usize, fill: u64, rng: &mut Xorshift) -> (Tents, Vec<bool>) {
    let n = rows * cols;
    let mut p = Tents::new(rows, cols, vec![false; n]);
    let mut tent = vec![false; n];
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    for k in order {
        if p.tree[k] || tent[k] || p.touching(k).any(|j| tent[j]) || rng.below(100) >= fill {
            continue;
        }
        let spots: Vec<usize> = p
            .neighbours(k)
            .filter(|&j| !p.tree[j] && !tent[j])
            .collect();
        if spots.is_empty() {
            continue;
        }
        tent[k] = true;
        p.tree[spots[rng.below(spots.len() as u64) as usize]] = true;
    }
    (p, tent)
}

/// A minimal, unique Tents puzzle of `rows`×`cols`.
pub fn generate(
    rows: usize,
    cols: usize,
    fill: u64,
    seed: u64,
    opts: &Options,
) -> Result<Made, String> {
    let n = rows.saturating_mul(cols);
    if !(2..=MAX_GENERATED_CELLS).contains(&n) {
        return Err(format!(
            "expected 2 to {MAX_GENERATED_CELLS} cells, found {rows}×{cols}"
        ));
    }
    if fill == 0 || fill > 100 {
        return Err(format!(
            "--fill: expected a chance of 1 to 100 percent, found {fill}"
        ));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for _ in 0..1000 {
        let (mut p, tent) = plant(rows, cols, fill, &mut rng);
        // The tents are the answer; a camp whose tents pair with the trees in more than one
        // way is still left out, so that the puzzle is well posed for solvers (cspuz among
        // them) that take the pairing as part of the answer too.
        if !p.pairing_is_forced(&tent) {
            continue;
        }
        let lines: Vec<Line> = p.lines().map(|(l, _)| l).collect();
        let counts: Vec<usize> = lines
            .iter()
            .map(|&l| p.cells_of(l).iter().filter(|&&k| tent[k]).count())
            .collect();
        // One incremental solver answers every check: each count's clauses (and its counter
        // variables, allocated with the rules) are a clue it can switch on.
        let var_of = p.var_of();
        let mut full = p.rules_cnf(Default::default());
        let rule_clauses = full.clauses().len();
        let mut ranges = Vec::with_capacity(lines.len());
        for (&line, &c) in lines.iter().zip(&counts) {
            let from = full.clauses().len();
            p.add_count(&mut full, line, c, &var_of);
            ranges.push(from..full.clauses().len());
        }
        let mut rules = Cnf::new();
        rules.reserve_vars(full.num_vars());
        for clause in &full.clauses()[..rule_clauses] {
            rules.add_clause(clause);
        }
        let clues: Vec<Vec<Vec<Lit>>> = ranges
            .iter()
            .map(|r| full.clauses()[r.clone()].to_vec())
            .collect();
        let planted: Vec<(Var, bool)> = p
            .grounds()
            .iter()
            .map(|&k| (Var(var_of[k].expect("no tree") as u32), tent[k]))
            .collect();
        let mut oracle =
            UniquenessOracle::new(&rules, &clues, &planted, opts).map_err(|e| e.to_string())?;
        let mut active = vec![true; lines.len()];
        if !oracle.unique(&active) {
            continue;
        }
        let mut by: Vec<usize> = (0..lines.len()).collect();
        rng.shuffle(&mut by);
        for i in by {
            active[i] = false;
            if !oracle.unique(&active) {
                active[i] = true;
            }
        }
        for (i, &line) in lines.iter().enumerate() {
            let given = active[i].then_some(counts[i]);
            match line {
                Line::Row(r) => p.row_counts[r] = given,
                Line::Col(c) => p.col_counts[c] = given,
            }
        }
        return Ok(Made { puzzle: p, tent });
    }
    Err("no board whose counts make it unique in 1,000 tries".into())
}

/// Minimal counts for random trees; `--difficulty` grades by the shared deduction engine.
pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Tents::NAME, 8),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<MadeReport> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    let s = req.seed;
    let g = generate(rows, cols, a.fill, s, req.options).map_err(anyhow::Error::msg)?;
    g.puzzle
        .check(&g.tent)
        .map_err(|e| anyhow::anyhow!("internal error: the planted tents break a rule: {e}"))?;
    let counts = g.puzzle.given().len();
    let puzzle = g.puzzle.to_text();
    Ok(MadeReport {
        text: format!(
            "# seed {s}: {counts} counts (minimal)\n{}",
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "counts": counts, "puzzle": puzzle, "url": g.puzzle.url(),
            "solution": g.puzzle.render(&g.puzzle.camp(g.tent.clone())),
        }),
        puzzle,
    })
}
