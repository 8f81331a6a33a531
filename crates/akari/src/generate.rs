//! The Akari generator: random black cells, a random placement of lights (each light put in a
//! cell still dark, until every white cell is lit, so no two see each other), every black cell
//! numbered from it; while another lighting exists, a cell where it has a light becomes a
//! numbered wall (the planted lighting relit around it), until the placement is the only one
//! (the SAT engine decides); then every number that is not needed taken away in one pass (a
//! minimal set: without any one of the numbers left, another placement exists). The black
//! cells stay.

use crate::{Akari, Cell, Lights};
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::{
    uniqueness, Difficulty, Family, Generator, GridSize, Made as MadeReport, Options, Request,
    Uniqueness, UniquenessOracle, Xorshift,
};
use wellposed_sat::{Lit, Var};

/// `generate akari`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    size: GridSize,
    /// The share of black cells, in percent.
    #[arg(long, default_value_t = 20)]
    black: u64,
}

/// A generated puzzle and the lights it was made from.
pub struct Made {
    pub puzzle: Akari,
    pub light: Vec<bool>,
    /// The walls the repair loop added to the random layout.
    pub walls_added: usize,
}

/// The most cells the generator takes (each number costs one uniqueness check).
pub const MAX_GENERATED_CELLS: usize = 2_500;

/// A minimal, unique Akari of `rows`×`cols` with about `black` percent black cells.
pub fn generate(
    rows: usize,
    cols: usize,
    black: u64,
    seed: u64,
    opts: &Options,
) -> Result<Made, String> {
    let n = rows.saturating_mul(cols);
    if n == 0 || n > MAX_GENERATED_CELLS {
        return Err(format!(
            "expected 1 to {MAX_GENERATED_CELLS} cells, found {rows}×{cols}"
        ));
    }
    if black > 60 {
        return Err(format!(
            "--black: expected a share of 0 to 60 percent, found {black}"
        ));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let cells: Vec<Cell> = (0..n)
        .map(|_| {
            if rng.below(100) < black {
                Cell::Black
            } else {
                Cell::White
            }
        })
        .collect();
    let mut p = Akari::new(rows, cols, cells);
    let mut light = vec![false; n];
    relight(&p, &mut light, &mut rng);
    // Repair: while the fully numbered board has another lighting, a cell where that lighting
    // has a light and the planted one has none becomes a numbered wall. That kills the other
    // lighting (its light is gone) and keeps the planted one but for the cells the wall now
    // hides from their light, which get new lights. Each step blackens a white cell, so the
    // loop ends (an all-black board is unique); random layouts of 20×20 and up almost never
    // come out unique without it (a pocket of white cells far from every wall is enough).
    let mut repairs = 0usize;
    loop {
        number_walls(&mut p, &light);
        let Some(other) = other_lighting(&p, &light, opts)? else {
            break;
        };
        let extra: Vec<usize> = (0..n).filter(|&k| other[k] && !light[k]).collect();
        let Some(&d) = extra.get(rng.below(extra.len() as u64) as usize) else {
            return Err("internal error: another lighting with no light of its own".into());
        };
        p.cells[d] = Cell::Black;
        relight(&p, &mut light, &mut rng);
        repairs += 1;
    }
    let whites = p.whites();
    let blacks: Vec<usize> = (0..n).filter(|&k| !p.cells[k].is_white()).collect();
    // One incremental solver answers every check: each number's clauses are a clue it
    // can switch on, and the planted lights are excluded.
    let var_of = p.var_of();
    let clues: Vec<Vec<Vec<Lit>>> = blacks
        .iter()
        .map(|&k| p.number_clauses(k, &var_of))
        .collect();
    let planted: Vec<(Var, bool)> = whites
        .iter()
        .map(|&k| (Var(var_of[k].expect("white") as u32), light[k]))
        .collect();
    let rules = p.rules_cnf(Default::default());
    let mut oracle =
        UniquenessOracle::new(&rules, &clues, &planted, opts).map_err(|e| e.to_string())?;
    let mut active = vec![true; blacks.len()];
    if !oracle.unique(&active) {
        // Only a bound (--conflicts, --timeout) stops a check the repair loop answered.
        return Err("the numbered board was not proved unique within the bounds".into());
    }
    let mut by: Vec<usize> = (0..blacks.len()).collect();
    rng.shuffle(&mut by);
    for i in by {
        active[i] = false;
        if !oracle.unique(&active) {
            active[i] = true;
        }
    }
    for (i, &k) in blacks.iter().enumerate() {
        if !active[i] {
            p.cells[k] = Cell::Black;
        }
    }
    Ok(Made {
        puzzle: p,
        light,
        walls_added: repairs,
    })
}

/// Keeps the lights on white cells and adds lights, in random order, to white cells that no
/// light reaches, until every white cell is lit (so no two lights see each other).
fn relight(p: &Akari, light: &mut [bool], rng: &mut Xorshift) {
    let mut lit = vec![false; light.len()];
    for (k, on) in light.iter_mut().enumerate() {
        *on &= p.cells[k].is_white();
        if *on {
            for j in p.lit_from(k) {
                lit[j] = true;
            }
        }
    }
    let mut order = p.whites();
    rng.shuffle(&mut order);
    for k in order {
        if !lit[k] {
            light[k] = true;
            for j in p.lit_from(k) {
                lit[j] = true;
            }
        }
    }
}

/// Every black cell numbered with the lights beside it.
fn number_walls(p: &mut Akari, light: &[bool]) {
    for k in 0..p.cells.len() {
        if !p.cells[k].is_white() {
            let around = p.neighbours(k).filter(|&j| light[j]).count();
            p.cells[k] = Cell::Number(around as u8);
        }
    }
}

/// A lighting of `p` other than `light`, if the SAT engine finds one.
fn other_lighting(p: &Akari, light: &[bool], opts: &Options) -> Result<Option<Vec<bool>>, String> {
    match uniqueness(p, opts).map_err(|e| e.to_string())? {
        Uniqueness::Unique(_) => Ok(None),
        Uniqueness::Multiple(a, b) => {
            let a = &a.solution::<Lights>().expect("lights").light;
            let b = &b.solution::<Lights>().expect("lights").light;
            Ok(Some(if a.as_slice() != light { a } else { b }.clone()))
        }
        Uniqueness::None => Err("internal error: the planted lights break a rule".into()),
    }
}

/// Minimal numbers for random black cells; `--difficulty` grades by the shared deduction
/// engine.
pub const GENERATOR: Generator = Generator {
    args: || GridSize::command::<GenerateArgs>(Akari::NAME, 7),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<MadeReport> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let (rows, cols) = a.size.rows_cols();
    let s = req.seed;
    let g = generate(rows, cols, a.black, s, req.options).map_err(anyhow::Error::msg)?;
    g.puzzle
        .check(&g.light)
        .map_err(|e| anyhow::anyhow!("internal error: the planted lights break a rule: {e}"))?;
    let numbers = g
        .puzzle
        .cells
        .iter()
        .filter(|c| matches!(c, Cell::Number(_)))
        .count();
    let puzzle = g.puzzle.to_text();
    Ok(MadeReport {
        text: format!(
            "# seed {s}: {numbers} numbers (minimal)\n{}",
            puzzle.trim_end()
        ),
        json: json!({
            "seed": s, "numbers": numbers, "walls_added": g.walls_added, "puzzle": puzzle, "url": g.puzzle.url(),
            "solution": g.puzzle.render(&g.puzzle.lights(g.light.clone())),
        }),
        puzzle,
    })
}
