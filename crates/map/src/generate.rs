//! The poser: regions grown on a grid from random seeds, a random proper colouring with k
//! colours, then givens from it until the map has exactly one colouring (the SAT engine
//! decides), then every given that is not needed dropped in one pass (a minimal set).

use crate::Map;
use std::collections::BTreeSet;
use wellposed_engine::deduce::{Deducer, Rule};
use wellposed_engine::{Family, Options, UniquenessOracle, Xorshift};
use wellposed_sat::{Lit, Var};

/// A generated map and the colouring it was made from (0-based colour per region).
pub struct Made {
    pub map: Map,
    pub colour: Vec<usize>,
}

/// `regions` regions on a `width`×`height` grid, `colours` colours. With a `difficulty` (a
/// deduction rule), the map is also solved by deduction with rules up to that one — givens are
/// added until it is, and a given is dropped only if deduction still solves the map — and its
/// hardest rule is that one exactly (another layout is drawn otherwise), as Tatham's generator
/// makes its Easy, Normal and Hard maps.
pub fn generate(
    width: usize,
    height: usize,
    regions: usize,
    colours: usize,
    seed: u64,
    opts: &Options,
    difficulty: Option<Rule>,
) -> Result<Made, String> {
    let deduce = |m: &Map, max: Rule| {
        let enc = m.cnf();
        Deducer::new(&enc)
            .with_rules(m.deduction_rules())
            .deduce(max)
    };
    let deducible = |m: &Map| difficulty.is_none_or(|max| deduce(m, max).solved);
    let cells = width * height;
    if cells == 0 || cells > 10_000 || regions == 0 || regions > cells.min(62) {
        return Err(format!(
            "expected up to 10,000 cells and 1 to {} regions",
            cells.clamp(1, 62)
        ));
    }
    if !(2..=8).contains(&colours) {
        return Err("expected 2 to 8 colours".into());
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for _ in 0..1000 {
        // Grow regions from distinct random seed cells, one random frontier cell at a time.
        let mut owner: Vec<Option<usize>> = vec![None; cells];
        let mut placed = 0;
        while placed < regions {
            let k = rng.below(cells as u64) as usize;
            if owner[k].is_none() {
                owner[k] = Some(placed);
                placed += 1;
            }
        }
        let neighbours = |k: usize| {
            let (r, c) = (k / width, k % width);
            let mut v = Vec::with_capacity(4);
            if r > 0 {
                v.push(k - width);
            }
            if r + 1 < height {
                v.push(k + width);
            }
            if c > 0 {
                v.push(k - 1);
            }
            if c + 1 < width {
                v.push(k + 1);
            }
            v
        };
        let mut open = cells - regions;
        while open > 0 {
            let k = rng.below(cells as u64) as usize;
            if owner[k].is_some() {
                continue;
            }
            let taken: Vec<usize> = neighbours(k)
                .into_iter()
                .filter_map(|nb| owner[nb])
                .collect();
            if let Some(&r) = taken.get(rng.below(taken.len().max(1) as u64) as usize) {
                owner[k] = Some(r);
                open -= 1;
            }
        }
        let mut borders = BTreeSet::new();
        for k in 0..cells {
            for nb in neighbours(k) {
                let (a, b) = (owner[k].expect("grown"), owner[nb].expect("grown"));
                if a != b {
                    borders.insert((a.min(b), a.max(b)));
                }
            }
        }
        // A random proper colouring: depth-first over the regions in a random order, each
        // trying the colours in its own random order (a greedy pass gets stuck on most maps of
        // 30 regions with four colours); redrawn if the search runs long.
        let mut order: Vec<usize> = (0..regions).collect();
        rng.shuffle(&mut order);
        let mut adjacent = vec![Vec::new(); regions];
        for &(a, b) in &borders {
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
        let tries: Vec<Vec<usize>> = (0..regions)
            .map(|_| {
                let mut t: Vec<usize> = (0..colours).collect();
                rng.shuffle(&mut t);
                t
            })
            .collect();
        let mut colour = vec![usize::MAX; regions];
        // next[d]: how many of region order[d]'s colours have been tried.
        let mut next = vec![0usize; regions];
        let (mut depth, mut steps) = (0usize, 0u32);
        while depth < regions && steps < 100_000 {
            steps += 1;
            let r = order[depth];
            colour[r] = usize::MAX;
            let fits = |c: usize| adjacent[r].iter().all(|&nb| colour[nb] != c);
            match (next[depth]..colours).find(|&k| fits(tries[r][k])) {
                Some(k) => {
                    colour[r] = tries[r][k];
                    next[depth] = k + 1;
                    depth += 1;
                    if depth < regions {
                        next[depth] = 0;
                    }
                }
                None if depth == 0 => break,
                None => depth -= 1,
            }
        }
        if depth < regions {
            continue;
        }
        // Label regions in order of first appearance, as the text format reads them back.
        let mut label = vec![usize::MAX; regions];
        let mut next = 0;
        for o in &owner {
            let r = o.expect("grown");
            if label[r] == usize::MAX {
                label[r] = next;
                next += 1;
            }
        }
        let names: Vec<String> = (0..regions).map(region_name).collect();
        let mut map = Map {
            regions: names,
            borders: borders
                .iter()
                .map(|&(a, b)| (label[a].min(label[b]), label[a].max(label[b])))
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect(),
            colours,
            givens: Vec::new(),
            grid: Some((width, owner.iter().map(|o| o.map(|r| label[r])).collect())),
        };
        let mut relabelled = vec![0; regions];
        for r in 0..regions {
            relabelled[label[r]] = colour[r];
        }
        let colour = relabelled;
        let mut by = (0..regions).collect::<Vec<_>>();
        rng.shuffle(&mut by);
        // One incremental solver answers every uniqueness check of this map: each region's
        // given is a clue it can switch on, and the planted colouring is excluded.
        let (m, col) = (&map, &colour);
        let planted: Vec<(Var, bool)> = (0..regions)
            .flat_map(|r| (0..colours).map(move |c| (m.var(r, c), c == col[r])))
            .collect();
        let clues: Vec<Vec<Vec<Lit>>> = (0..regions)
            .map(|r| vec![vec![map.var(r, colour[r]).positive()]])
            .collect();
        let mut oracle = UniquenessOracle::new(&map.cnf().cnf, &clues, &planted, opts)
            .map_err(|e| e.to_string())?;
        let mut unique = |m: &Map| {
            let mut active = vec![false; regions];
            for &(r, _) in &m.givens {
                active[r] = true;
            }
            oracle.unique(&active)
        };
        for &r in &by {
            if unique(&map) && deducible(&map) {
                break;
            }
            map.givens.push((r, colour[r]));
        }
        let mut i = 0;
        while i < map.givens.len() {
            let g = map.givens.remove(i);
            if !deducible(&map) || !unique(&map) {
                map.givens.insert(i, g);
                i += 1;
            }
        }
        if let Some(max) = difficulty {
            if deduce(&map, max).hardest != Some(max) {
                continue; // easier than asked: draw another map
            }
        }
        return Ok(Made { map, colour });
    }
    Err(match difficulty {
        None => "no colourable map found in 1,000 tries".into(),
        Some(r) => format!(
            "no map whose hardest deduction is {} found in 1,000 tries",
            r.name()
        ),
    })
}

/// Region k's one-character label: A–Z, a–z, 0–9.
pub fn region_name(k: usize) -> String {
    let chars: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
    chars[k].to_string()
}
