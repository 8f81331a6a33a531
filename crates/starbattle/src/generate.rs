//! The Star Battle generator: a random placement of k stars a row and a column, no two
//! touching; region seeds around it (each k stars joined by a shortest path), grown one cell
//! at a time while one incremental solver, holding "at most k stars" for every region as
//! grown so far, looks for a solution other than the planted one and each step prefers to
//! rule that solution out (see [`grow`]); if one is still left on the full board, cells where
//! it has a star move to bordering regions until none is (see [`settle`]). The planted stars
//! keep every rule throughout. The regions are the whole puzzle, so "minimal" has nothing to
//! remove: the puzzle is proved unique (the engine's own check of the finished board) and
//! every region is needed.

use crate::StarBattle;
use clap::{Args, FromArgMatches};
use serde_json::json;
use wellposed_engine::anyhow::{self, Result};
use wellposed_engine::sat::{Cnf, Lit, Var};
use wellposed_engine::{
    uniqueness, Difficulty, Family, Generator, Incremental, Made as MadeReport, Options, Request,
    Uniqueness, Xorshift,
};

/// `generate starbattle`'s parameters.
#[derive(Args)]
pub struct GenerateArgs {
    /// The side of the (square) board, which is also the number of regions.
    #[arg(long, default_value_t = 8)]
    size: usize,
    /// Stars in every row, column and region: 1 to 3.
    #[arg(long, default_value_t = 1)]
    stars: usize,
}

/// A generated puzzle and the stars it was made from.
pub struct Made {
    pub puzzle: StarBattle,
    pub star: Vec<bool>,
}

fn beside(n: usize, k: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (k / n, k % n);
    [
        (r > 0).then(|| k - n),
        (r + 1 < n).then(|| k + n),
        (c > 0).then(|| k - 1),
        (c + 1 < n).then(|| k + 1),
    ]
    .into_iter()
    .flatten()
}

/// A random placement of `k` stars in every row and column of an n×n board, no two touching
/// (a randomised depth-first search row by row; `None` if it runs long).
fn placement(n: usize, k: usize, rng: &mut Xorshift) -> Option<Vec<bool>> {
    // Every set of k columns in a row, no two side by side.
    let mut choices: Vec<Vec<usize>> = Vec::new();
    let mut pick = Vec::new();
    fn sets(n: usize, k: usize, from: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for c in from..n {
            pick.push(c);
            sets(n, k, c + 2, pick, out);
            pick.pop();
        }
    }
    sets(n, k, 0, &mut pick, &mut choices);
    let mut rows: Vec<Vec<usize>> = Vec::with_capacity(n);
    let mut order: Vec<Vec<usize>> = Vec::new();
    let mut col_count = vec![0usize; n];
    let mut steps = 0u32;
    loop {
        steps += 1;
        if steps > 200_000 {
            return None;
        }
        if rows.len() == n {
            let mut star = vec![false; n * n];
            for (r, cs) in rows.iter().enumerate() {
                for &c in cs {
                    star[r * n + c] = true;
                }
            }
            return Some(star);
        }
        let depth = rows.len();
        if order.len() == depth {
            let mut o: Vec<usize> = (0..choices.len()).collect();
            rng.shuffle(&mut o);
            order.push(o);
        }
        let prev: &[usize] = if depth > 0 { &rows[depth - 1] } else { &[] };
        let fits = |cs: &Vec<usize>| {
            cs.iter()
                .all(|&c| col_count[c] < k && prev.iter().all(|&p| p.abs_diff(c) > 1))
        };
        match order[depth].iter().position(|&i| fits(&choices[i])) {
            Some(at) => {
                let i = order[depth][at];
                order[depth].drain(..=at);
                for &c in &choices[i] {
                    col_count[c] += 1;
                }
                rows.push(choices[i].clone());
            }
            None => {
                order.pop();
                let cs = rows.pop()?;
                for c in cs {
                    col_count[c] -= 1;
                }
            }
        }
    }
}

/// The seeds of the regions: each a set of k planted stars joined by a shortest path of free
/// cells that holds no other star (a breadth-first search from the group to the nearest star
/// not yet taken), groups made in random order. `None` when a star is walled in.
fn seeds(n: usize, k: usize, star: &[bool], rng: &mut Xorshift) -> Option<Vec<Option<usize>>> {
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut stars: Vec<usize> = (0..n * n).filter(|&c| star[c]).collect();
    rng.shuffle(&mut stars);
    let mut group = 0;
    for &s in &stars {
        if owner[s].is_some() {
            continue;
        }
        owner[s] = Some(group);
        for _ in 1..k {
            let mut from = vec![usize::MAX; n * n];
            let mut queue: std::collections::VecDeque<usize> =
                (0..n * n).filter(|&c| owner[c] == Some(group)).collect();
            for &c in &queue {
                from[c] = c;
            }
            let mut found = None;
            'search: while let Some(c) = queue.pop_front() {
                let mut next: Vec<usize> = beside(n, c).collect();
                rng.shuffle(&mut next);
                for j in next {
                    if from[j] != usize::MAX || owner[j].is_some() {
                        continue;
                    }
                    from[j] = c;
                    if star[j] {
                        found = Some(j);
                        break 'search;
                    }
                    queue.push_back(j);
                }
            }
            let mut c = found?;
            while owner[c].is_none() {
                owner[c] = Some(group);
                c = from[c];
            }
        }
        group += 1;
    }
    Some(owner)
}

/// The SAT side of the growth: one incremental solver holding the rows and columns (exactly k
/// stars each), the touching pairs, "some planted star is off", and for every region as grown
/// so far "at most k stars in it" (a region only grows, and its final cells hold exactly k, so
/// each such constraint stays true of every solution of the finished puzzle: they are only
/// added, never taken back).
struct Grower {
    solver: Incremental,
    vars: u32,
    cells: usize,
    k: u64,
}

impl Grower {
    fn new(n: usize, k: usize, star: &[bool], opts: &Options) -> Result<Grower, String> {
        let cell = |c: usize| Var(c as u32).positive();
        let mut cnf = Cnf::new();
        cnf.reserve_vars((n * n) as u32);
        for i in 0..n {
            let row: Vec<Lit> = (0..n).map(|c| cell(i * n + c)).collect();
            let col: Vec<Lit> = (0..n).map(|r| cell(r * n + i)).collect();
            cnf.exactly_k(&row, k as u64);
            cnf.exactly_k(&col, k as u64);
        }
        for c in 0..n * n {
            let (r, q) = (c / n, c % n);
            // Each touching pair once: the cell to the right and the three below.
            let later = [
                (q + 1 < n).then(|| c + 1),
                (r + 1 < n && q > 0).then(|| c + n - 1),
                (r + 1 < n).then(|| c + n),
                (r + 1 < n && q + 1 < n).then(|| c + n + 1),
            ];
            for j in later.into_iter().flatten() {
                cnf.add_clause(&[!cell(c), !cell(j)]);
            }
        }
        let off: Vec<Lit> = (0..n * n).filter(|&c| star[c]).map(|c| !cell(c)).collect();
        cnf.add_clause(&off);
        // The solver `--backend` names (CaDiCaL took half varisat's time here: 20×20 with two
        // stars, 500 moves in 7 s against 12 s).
        let mut solver = Incremental::new(opts).map_err(|e| e.to_string())?;
        solver.add_cnf(&cnf);
        Ok(Grower {
            solver,
            vars: cnf.num_vars(),
            cells: n * n,
            k: k as u64,
        })
    }

    /// Adds "at most k stars among `cells`".
    fn at_most_k(&mut self, cells: &[usize]) {
        let mut cnf = Cnf::new();
        cnf.reserve_vars(self.vars);
        let lits: Vec<Lit> = cells.iter().map(|&c| Var(c as u32).positive()).collect();
        cnf.at_most_k(&lits, self.k);
        self.vars = cnf.num_vars();
        self.solver.add_cnf(&cnf);
    }

    /// Adds "exactly k stars among `cells`" when the literal returned is assumed.
    fn exactly_k_when(&mut self, cells: &[usize]) -> Lit {
        let mut cnf = Cnf::new();
        cnf.reserve_vars(self.vars);
        let on = cnf.new_var().positive();
        let lits: Vec<Lit> = cells.iter().map(|&c| Var(c as u32).positive()).collect();
        cnf.exactly_k(&lits, self.k);
        self.vars = cnf.num_vars();
        for clause in cnf.clauses() {
            let mut guarded = clause.clone();
            guarded.push(!on);
            self.solver.add_clause(&guarded);
        }
        on
    }

    /// Switches a guarded constraint off for good.
    fn retire(&mut self, on: Lit) {
        self.solver.add_clause(&[!on]);
    }

    /// Another solution of the constraints so far, or `None` when the planted one is the
    /// only one; `Err` when a bound stopped the solver.
    fn other(&mut self) -> Result<Option<Vec<bool>>, String> {
        self.other_under(&[])
    }

    /// [`Grower::other`] with the guarded constraints of `assumed` switched on.
    fn other_under(&mut self, assumed: &[Lit]) -> Result<Option<Vec<bool>>, String> {
        match self.solver.solve(assumed) {
            Ok(true) => Ok(Some(self.solver.model(self.cells))),
            Ok(false) => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// Regions grown from [`seeds`] one free cell at a time, each step guided by a solution other
/// than the planted one (the growth only ever removes solutions, see [`Grower`]): a cell where
/// that solution has a star joins a region already holding k of its stars when one borders it
/// (which rules that solution out; the solver then finds the next); failing that, a cell
/// without its stars joins a bordering region (keeping those cells free for such a step
/// later). Once no other solution is left, the rest grows at random. `Ok(None)` when the
/// board is full and another solution is still left.
fn grow(
    n: usize,
    k: usize,
    star: &[bool],
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<Option<Vec<usize>>, String> {
    let Some(mut owner) = seeds(n, k, star, rng) else {
        return Ok(None);
    };
    let mut grower = Grower::new(n, k, star, opts)?;
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (c, o) in owner.iter().enumerate() {
        if let Some(g) = *o {
            members[g].push(c);
        }
    }
    for cells in &members {
        grower.at_most_k(cells);
    }
    let favoured: Vec<bool> = (0..n).map(|_| rng.below(3) == 0).collect();
    let mut other = grower.other()?;
    let mut open = owner.iter().filter(|o| o.is_none()).count();
    while open > 0 {
        // Every (free cell, bordering region) step.
        let mut steps: Vec<(usize, usize)> = Vec::new();
        for c in (0..n * n).filter(|&c| owner[c].is_none()) {
            for j in beside(n, c) {
                if let Some(g) = owner[j] {
                    if !steps.contains(&(c, g)) {
                        steps.push((c, g));
                    }
                }
            }
        }
        // Nine steps in ten go to a third of the regions where they can, so the others stay
        // small and pin their stars more (14×14 with two stars, seeds 1–3: 18–54 s on a
        // loaded machine, against 101 and 58 s for seeds 1 and 2 with even growth).
        if rng.below(10) < 9 {
            let fav: Vec<(usize, usize)> = steps
                .iter()
                .copied()
                .filter(|&(_, g)| favoured[g])
                .collect();
            if !fav.is_empty() {
                steps = fav;
            }
        }
        let step = match &other {
            None => steps[rng.below(steps.len() as u64) as usize],
            Some(t) => {
                let held: Vec<usize> = members
                    .iter()
                    .map(|cells| cells.iter().filter(|&&c| t[c]).count())
                    .collect();
                let kills: Vec<(usize, usize)> = steps
                    .iter()
                    .copied()
                    .filter(|&(c, g)| t[c] && held[g] >= k)
                    .collect();
                let quiet: Vec<(usize, usize)> =
                    steps.iter().copied().filter(|&(c, _)| !t[c]).collect();
                let pool = [kills, quiet, steps]
                    .into_iter()
                    .find(|p| !p.is_empty())
                    .expect("a free cell borders a region");
                pool[rng.below(pool.len() as u64) as usize]
            }
        };
        let (c, g) = step;
        owner[c] = Some(g);
        members[g].push(c);
        open -= 1;
        grower.at_most_k(&members[g]);
        if let Some(t) = &other {
            // Only a step that puts one of its stars in region g can rule it out.
            if t[c] && members[g].iter().filter(|&&j| t[j]).count() > k {
                other = grower.other()?;
            }
        }
    }
    let region: Vec<usize> = owner.into_iter().map(|o| o.expect("grown")).collect();
    if other.is_none() {
        return Ok(Some(region));
    }
    settle(n, k, star, region, rng, opts)
}

/// Cells moved between regions while another solution is left: a cell where it has a star
/// (and the planted one has none) moves to a bordering region whose planted stars stay put
/// and whose old region stays connected, which rules that solution out. Each region's
/// "exactly k" is guarded by an activation literal, so a move retires two and adds two to the
/// same solver. `Ok(None)` after too many moves.
fn settle(
    n: usize,
    k: usize,
    star: &[bool],
    mut region: Vec<usize>,
    rng: &mut Xorshift,
    opts: &Options,
) -> Result<Option<Vec<usize>>, String> {
    let mut grower = Grower::new(n, k, star, opts)?;
    let cells_of = |region: &[usize], g: usize| -> Vec<usize> {
        (0..n * n).filter(|&c| region[c] == g).collect()
    };
    let mut active: Vec<Lit> = (0..n)
        .map(|g| grower.exactly_k_when(&cells_of(&region, g)))
        .collect();
    // A run that settles did so within a few hundred moves where we looked (14×14, two stars:
    // 97), and moves get slower as retired constraints pile up, so past 3n² moves a fresh
    // placement is the better bet.
    for _ in 0..3 * n * n {
        let Some(t) = grower.other_under(&active)? else {
            return Ok(Some(region));
        };
        // Moves of its extra stars' cells; when none can move (inside their regions, or
        // holding them together), a move of any other free cell on a border shakes the
        // regions up.
        let moves_of = |cells: &mut dyn Iterator<Item = usize>| {
            let mut options: Vec<(usize, usize)> = Vec::new();
            for c in cells {
                for j in beside(n, c) {
                    if region[j] != region[c]
                        && !options.contains(&(c, region[j]))
                        && connected_without(n, &region, region[c], c)
                    {
                        options.push((c, region[j]));
                    }
                }
            }
            options
        };
        let mut options = moves_of(&mut (0..n * n).filter(|&c| t[c] && !star[c]));
        if options.is_empty() {
            options = moves_of(&mut (0..n * n).filter(|&c| !star[c]));
        }
        let Some(&(c, to)) = options.get(rng.below(options.len().max(1) as u64) as usize) else {
            return Ok(None);
        };
        let from = region[c];
        region[c] = to;
        for g in [from, to] {
            grower.retire(active[g]);
            active[g] = grower.exactly_k_when(&cells_of(&region, g));
        }
    }
    Ok(None)
}

/// Whether region `r` stays connected without cell `gone`.
fn connected_without(n: usize, region: &[usize], r: usize, gone: usize) -> bool {
    let cells: Vec<usize> = (0..n * n)
        .filter(|&c| region[c] == r && c != gone)
        .collect();
    let Some(&start) = cells.first() else {
        return false;
    };
    let mut seen = vec![false; n * n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        for j in beside(n, c) {
            if !seen[j] && j != gone && region[j] == r {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        }
    }
    reached == cells.len()
}

/// A unique Star Battle of side `n` with `k` stars a unit.
pub fn generate(n: usize, k: usize, seed: u64, opts: &Options) -> Result<Made, String> {
    if !(1..=3).contains(&k) {
        return Err(format!("--stars: expected 1 to 3, found {k}"));
    }
    let least = [5, 10, 14][k - 1];
    if !(least..=30).contains(&n) {
        return Err(format!(
            "--size: expected {least} to 30 for {k} star(s) a unit, found {n}"
        ));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for _ in 0..200 {
        let Some(star) = placement(n, k, &mut rng) else {
            continue;
        };
        let Some(region) = grow(n, k, &star, &mut rng, opts)? else {
            continue;
        };
        // The engine's own check of the finished puzzle, as every generator proves it.
        let p = StarBattle::from_regions(n, n, &region, k).expect("at most 30 regions");
        match uniqueness(&p, opts).map_err(|e| e.to_string())? {
            Uniqueness::Unique(s) if s.solution::<crate::Stars>().expect("stars").star == star => {
                return Ok(Made { puzzle: p, star })
            }
            _ => {
                return Err("internal error: the planted stars are not the unique solution".into())
            }
        }
    }
    Err("no unique board found in 200 tries".into())
}

/// Regions grown around random stars until the SAT engine proves them unique; `--difficulty`
/// grades by the shared deduction engine.
pub const GENERATOR: Generator = Generator {
    args: || GenerateArgs::augment_args(clap::Command::new(StarBattle::NAME)),
    difficulty: Difficulty::Graded,
    make,
};

fn make(m: &clap::ArgMatches, req: &Request) -> Result<MadeReport> {
    let a = GenerateArgs::from_arg_matches(m)?;
    let s = req.seed;
    let g = generate(a.size, a.stars, s, req.options).map_err(anyhow::Error::msg)?;
    g.puzzle
        .check(&g.star)
        .map_err(|e| anyhow::anyhow!("internal error: the planted stars break a rule: {e}"))?;
    let puzzle = g.puzzle.to_text();
    Ok(MadeReport {
        text: format!("# seed {s}: unique\n{}", puzzle.trim_end()),
        json: json!({
            "seed": s, "puzzle": puzzle, "url": g.puzzle.url(),
            "solution": g.puzzle.render(&g.puzzle.stars_of(g.star.clone())),
        }),
        puzzle,
    })
}
