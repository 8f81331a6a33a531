//! Star Battle's deduction rules for `grade` and `hint`, over the encoding's answer variables
//! (one a cell: a star or not).
//!
//! Propagation over the encoding (level 1) is the basic play: the cells touching a star hold
//! none; a row, column or region with its k stars holds no more; one whose free cells are
//! exactly the stars it still needs fills them. Beyond it, two rules players use:
//!
//! - crowding (level 3): a star in cell X would rule out the cells touching it (and, with one
//!   star a unit, the rest of its row, column and region); when some row, column or region —
//!   or two neighbouring rows or columns, which hold 2k stars — could then no longer place
//!   the stars it needs on cells that do not touch each other, X holds no star. (The pair of
//!   rows is the players' 2×2-block count: two rows of 2k stars, at most one a 2×2 block.)
//! - confinement (level 5), the counting rule: a band of m consecutive rows (or columns) holds
//!   m·k stars. When m regions lie wholly inside the band they supply all of them, so the
//!   band's other cells hold none; when the band's free cells lie in only m regions, those
//!   regions put all their stars in the band, so their cells outside it hold none.
//!
//! Both are valid in every solution and monotone: fewer possible stars only make a unit more
//! crowded, and only move regions inside a band (or out of one).

use crate::StarBattle;
use wellposed_engine::deduce::{possible, FamilyRule, Removal, Rule, State};
use wellposed_sat::Var;

fn cell(k: usize) -> Var {
    Var(k as u32)
}

fn is_star(state: &State, k: usize) -> bool {
    !possible(state, cell(k), false)
}

fn can_be_star(state: &State, k: usize) -> bool {
    possible(state, cell(k), true)
}

fn free(state: &State, k: usize) -> bool {
    can_be_star(state, k) && !is_star(state, k)
}

fn no_star(k: usize, rule: Rule) -> Removal {
    Removal::by(rule, cell(k), true)
}

/// What both rules read: the board's units and the cells touching each cell.
struct Board {
    rows: usize,
    cols: usize,
    stars: usize,
    region: Vec<usize>,
    /// Rows, then columns, then regions.
    units: Vec<Vec<usize>>,
    touching: Vec<Vec<usize>>,
    /// Per cell, the units it is in.
    units_of: Vec<Vec<usize>>,
    /// What crowding counts in: the units (k stars each), and every two neighbouring rows
    /// and every two neighbouring columns (2k stars, which their 2×2 blocks must make room
    /// for), with the stars each holds.
    groups: Vec<(Vec<usize>, usize)>,
    /// Per cell, the groups it is in.
    groups_of: Vec<Vec<usize>>,
}

impl Board {
    fn of(p: &StarBattle) -> Board {
        let n = p.rows * p.cols;
        let units = p.units();
        let mut units_of = vec![Vec::new(); n];
        for (u, unit) in units.iter().enumerate() {
            for &k in unit {
                units_of[k].push(u);
            }
        }
        let mut groups: Vec<(Vec<usize>, usize)> =
            units.iter().map(|u| (u.clone(), p.stars)).collect();
        let (m, w) = (p.rows, p.cols);
        for r in 0..m.saturating_sub(1) {
            groups.push(((r * w..(r + 2) * w).collect(), 2 * p.stars));
        }
        for c in 0..w.saturating_sub(1) {
            let cells = (0..m).flat_map(|r| [r * w + c, r * w + c + 1]).collect();
            groups.push((cells, 2 * p.stars));
        }
        let mut groups_of = vec![Vec::new(); n];
        for (g, (cells, _)) in groups.iter().enumerate() {
            for &k in cells {
                groups_of[k].push(g);
            }
        }
        Board {
            rows: p.rows,
            cols: p.cols,
            stars: p.stars,
            region: p.region.clone(),
            units,
            touching: (0..n).map(|k| p.touching(k).collect()).collect(),
            units_of,
            groups,
            groups_of,
        }
    }

    fn touch(&self, a: usize, b: usize) -> bool {
        self.touching[a].contains(&b)
    }

    /// Whether `need` cells of `cells` that touch no other of them can be chosen (a bounded
    /// search; past the bound it answers yes, which only makes the rule weaker).
    fn fits(&self, cells: &[usize], need: usize) -> bool {
        fn go(
            b: &Board,
            cells: &[usize],
            chosen: &mut Vec<usize>,
            need: usize,
            budget: &mut u32,
        ) -> bool {
            if chosen.len() == need {
                return true;
            }
            if *budget == 0 {
                return true;
            }
            *budget -= 1;
            for (i, &c) in cells.iter().enumerate() {
                if cells.len() - i < need - chosen.len() {
                    break;
                }
                if chosen.iter().all(|&o| !b.touch(o, c)) {
                    chosen.push(c);
                    if go(b, &cells[i + 1..], chosen, need, budget) {
                        return true;
                    }
                    chosen.pop();
                }
            }
            false
        }
        need == 0 || (cells.len() >= need && go(self, cells, &mut Vec::new(), need, &mut 1_000))
    }
}

pub struct Crowding(Board);

impl FamilyRule for Crowding {
    fn rule(&self) -> Rule {
        Rule::Family("crowding", 3)
    }

    fn why(&self) -> &'static str {
        "a star here would leave a row, column or region without room for its stars"
    }

    fn in_probes(&self) -> bool {
        true
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One crowded group a step: the cells whose star would leave that row, column, region
    /// or pair of lines without room (each cell in the first group it crowds).
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = &self.0;
        let n = b.rows * b.cols;
        let need: Vec<Option<usize>> = b
            .groups
            .iter()
            .map(|(cells, holds)| {
                holds.checked_sub(cells.iter().filter(|&&k| is_star(state, k)).count())
            })
            .collect();
        let mut by_group: Vec<Vec<Removal>> = vec![Vec::new(); b.groups.len()];
        let mut ruled_out = vec![false; n];
        for x in (0..n).filter(|&x| free(state, x)) {
            // What a star at x rules out: the cells touching it, and with one star a unit
            // the rest of its units.
            let mut gone: Vec<usize> = b.touching[x].clone();
            if b.stars == 1 {
                for &u in &b.units_of[x] {
                    gone.extend(&b.units[u]);
                }
            }
            gone.push(x);
            for &g in &gone {
                ruled_out[g] = true;
            }
            // Only a group with a cell x rules out, or x itself, is changed by the star.
            let mut touched: Vec<usize> = gone
                .iter()
                .flat_map(|&g| b.groups_of[g].iter().copied())
                .collect();
            touched.sort_unstable();
            touched.dedup();
            let crowded = touched.iter().copied().find(|&g| {
                let Some(mut still) = need[g] else {
                    return false;
                };
                if b.groups_of[x].contains(&g) {
                    still = still.saturating_sub(1);
                }
                let room: Vec<usize> = b.groups[g]
                    .0
                    .iter()
                    .copied()
                    .filter(|&k| free(state, k) && !ruled_out[k])
                    .collect();
                !b.fits(&room, still)
            });
            for &g in &gone {
                ruled_out[g] = false;
            }
            if let Some(g) = crowded {
                by_group[g].push(no_star(x, self.rule()));
            }
        }
        by_group.retain(|g| !g.is_empty());
        by_group
    }
}

pub struct Confinement(Board);

impl FamilyRule for Confinement {
    fn rule(&self) -> Rule {
        Rule::Family("confinement", 5)
    }

    fn why(&self) -> &'static str {
        "m regions confined to m rows (or columns) take all their stars"
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        let mut out: Vec<Removal> = self.propose_steps(state).into_iter().flatten().collect();
        out.sort_unstable_by_key(|r| r.var.index());
        out.dedup_by_key(|r| r.var.index());
        out
    }

    /// One band and its regions a step (regions inside it, or the only ones meeting it).
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let b = &self.0;
        let regions = b.units.len() - b.rows - b.cols;
        let mut steps = Vec::new();
        for by_rows in [true, false] {
            let lines = if by_rows { b.rows } else { b.cols };
            let line_of = |k: usize| if by_rows { k / b.cols } else { k % b.cols };
            // Per region, the first and last line of its cells that can hold a star.
            let mut span = vec![(usize::MAX, 0usize); regions];
            for k in (0..b.region.len()).filter(|&k| can_be_star(state, k)) {
                let s = &mut span[b.region[k]];
                s.0 = s.0.min(line_of(k));
                s.1 = s.1.max(line_of(k));
            }
            for first in 0..lines {
                for last in first..lines - 1 {
                    let m = last - first + 1;
                    let within = |r: usize| span[r].0 >= first && span[r].1 <= last;
                    let meets = |r: usize| {
                        span[r].0 <= last && span[r].1 >= first && span[r].0 != usize::MAX
                    };
                    let inside: Vec<usize> = (0..regions).filter(|&r| within(r)).collect();
                    if inside.len() == m {
                        let mut out = Vec::new();
                        for k in 0..b.region.len() {
                            let l = line_of(k);
                            if (first..=last).contains(&l)
                                && free(state, k)
                                && !inside.contains(&b.region[k])
                            {
                                out.push(no_star(k, self.rule()));
                            }
                        }
                        steps.push(out);
                    }
                    // Regions with a free (or star) cell in the band.
                    let mut present: Vec<usize> = (0..b.region.len())
                        .filter(|&k| (first..=last).contains(&line_of(k)) && can_be_star(state, k))
                        .map(|k| b.region[k])
                        .collect();
                    present.sort_unstable();
                    present.dedup();
                    if present.len() == m && present.iter().all(|&r| meets(r)) {
                        let mut out = Vec::new();
                        for k in 0..b.region.len() {
                            let l = line_of(k);
                            if !(first..=last).contains(&l)
                                && free(state, k)
                                && present.contains(&b.region[k])
                            {
                                out.push(no_star(k, self.rule()));
                            }
                        }
                        steps.push(out);
                    }
                }
            }
        }
        steps.retain(|g| !g.is_empty());
        steps
    }
}

/// Star Battle's rules, easiest first.
pub fn rules(p: &StarBattle) -> Vec<Box<dyn FamilyRule>> {
    vec![
        Box::new(Crowding(Board::of(p))),
        Box::new(Confinement(Board::of(p))),
    ]
}
