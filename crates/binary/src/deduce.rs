//! Solving by deduction, the way a person does, with named techniques of increasing
//! difficulty. Each technique only ever fills cells that every solution agrees on, so the cells
//! it fills do not depend on the order in which deductions are applied; applying the easiest
//! technique that still finds something, and starting over after each round, gives a path
//! whose hardest technique is as easy as possible. That technique is the puzzle's grade.

use crate::lines::{self, Matcher};
use crate::{Binary, Rules};
use serde::Serialize;

/// The techniques, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// Two equal neighbours: the cells either side take the other value (`00.` → `001`).
    Pairs,
    /// Two equal cells one apart: the cell between takes the other value (`0.0` → `010`).
    Gaps,
    /// A line holding its half of one value: the rest take the other.
    Counts,
    /// Every way to complete a line, by balance and no three in a row, agrees on a cell.
    Lines,
    /// As `Lines`, without completions equal to a line already complete (distinct rules).
    Distinct,
    /// Trying a value and reaching a contradiction with the techniques above.
    Probe,
}

impl Technique {
    pub const ALL: [Technique; 6] = [
        Technique::Pairs,
        Technique::Gaps,
        Technique::Counts,
        Technique::Lines,
        Technique::Distinct,
        Technique::Probe,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::Pairs => "pairs",
            Technique::Gaps => "gaps",
            Technique::Counts => "counts",
            Technique::Lines => "lines",
            Technique::Distinct => "distinct",
            Technique::Probe => "probe",
        }
    }

    /// The difficulty level: 1 for the easiest, 9 for probing.
    pub fn level(self) -> u8 {
        match self {
            Technique::Pairs => 1,
            Technique::Gaps => 1,
            Technique::Counts => 2,
            Technique::Lines => 3,
            Technique::Distinct => 4,
            Technique::Probe => 9,
        }
    }

    pub fn parse(s: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// One round of deduction: a technique and the cells (row, column, value; from 0) it filled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    pub technique: Technique,
    pub cells: Vec<(usize, usize, u8)>,
}

/// How far deduction got.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Deduction {
    /// Every cell filled.
    pub solved: bool,
    /// The givens contradict the rules (found while deducing).
    pub contradiction: bool,
    /// The hardest technique used, if any was needed.
    pub hardest: Option<Technique>,
    /// Empty cells left when deduction stalled.
    pub remaining: usize,
    pub steps: Vec<Step>,
    /// The cells as deduced (row-major; `None` = still empty).
    #[serde(skip)]
    pub cells: Vec<Option<u8>>,
}

/// A line's cells in the grid: (row, column) of each.
type Line = Vec<(usize, usize)>;

struct Deducer<'a> {
    p: &'a Binary,
    lines: Vec<Line>,
    /// Matchers for rows (width) and columns (height) when lines fit bit masks.
    row_m: Option<Matcher>,
    col_m: Option<Matcher>,
    max: Technique,
}

/// A deduction's outcome: cells to fill, or a contradiction.
enum Found {
    Cells(Vec<(usize, u8)>),
    Contradiction,
}

impl<'a> Deducer<'a> {
    fn new(p: &'a Binary, max: Technique) -> Deducer<'a> {
        let (w, h) = (p.width, p.height);
        let mut lines: Vec<Line> = (0..h).map(|r| (0..w).map(|c| (r, c)).collect()).collect();
        lines.extend((0..w).map(|c| (0..h).map(|r| (r, c)).collect::<Line>()));
        let fits = |n: usize| n <= lines::MAX_LINE;
        Deducer {
            p,
            lines,
            row_m: fits(w).then(|| Matcher::new(w)),
            col_m: fits(h).then(|| Matcher::new(h)),
            max,
        }
    }

    fn at(&self, cells: &[Option<u8>], (r, c): (usize, usize)) -> Option<u8> {
        cells[r * self.p.width + c]
    }

    /// Every deduction one technique makes from this state.
    fn find(&self, t: Technique, cells: &[Option<u8>]) -> Found {
        let mut out: Vec<(usize, u8)> = Vec::new();
        let w = self.p.width;
        let idx = |(r, c): (usize, usize)| r * w + c;
        match t {
            Technique::Pairs | Technique::Gaps => {
                for line in &self.lines {
                    for win in line.windows(3) {
                        let [a, b, c] = [0, 1, 2].map(|d| self.at(cells, win[d]));
                        if t == Technique::Pairs {
                            // x x . and . x x
                            if let (Some(x), true, None) = (a, a == b, c) {
                                out.push((idx(win[2]), 1 - x));
                            }
                            if let (None, Some(x), true) = (a, b, b == c) {
                                out.push((idx(win[0]), 1 - x));
                            }
                        } else if let (Some(x), None, true) = (a, b, a == c) {
                            // x . x
                            out.push((idx(win[1]), 1 - x));
                        }
                    }
                }
            }
            Technique::Counts => {
                for line in &self.lines {
                    let half = line.len() / 2;
                    for v in 0..2u8 {
                        let n = line
                            .iter()
                            .filter(|&&x| self.at(cells, x) == Some(v))
                            .count();
                        if n > half {
                            return Found::Contradiction;
                        }
                        if n == half {
                            out.extend(
                                line.iter()
                                    .filter(|&&x| self.at(cells, x).is_none())
                                    .map(|&x| (idx(x), 1 - v)),
                            );
                        }
                    }
                }
            }
            Technique::Lines | Technique::Distinct => {
                let complete: Vec<Vec<u32>> = if t == Technique::Distinct {
                    // Complete rows, then complete columns, as masks.
                    let (h, _) = (self.p.height, w);
                    let masks: Vec<Option<u32>> =
                        self.lines.iter().map(|l| self.mask(cells, l)).collect();
                    vec![
                        masks[..h].iter().flatten().copied().collect(),
                        masks[h..].iter().flatten().copied().collect(),
                    ]
                } else {
                    vec![Vec::new(), Vec::new()]
                };
                for (li, line) in self.lines.iter().enumerate() {
                    let is_row = li < self.p.height;
                    let Some(m) = (if is_row { &self.row_m } else { &self.col_m }) else {
                        continue;
                    };
                    let (mut f0, mut f1) = (0u32, 0u32);
                    for (k, &x) in line.iter().enumerate() {
                        match self.at(cells, x) {
                            Some(0) => f0 |= 1 << k,
                            Some(_) => f1 |= 1 << k,
                            None => {}
                        }
                    }
                    let open = ((1u32 << line.len()) - 1) & !(f0 | f1);
                    if open == 0 {
                        continue;
                    }
                    let taken = &complete[usize::from(!is_row)];
                    let (mut and, mut or, mut any) = (u32::MAX, 0u32, false);
                    m.each(f0, f1, |i| {
                        let l = m.lines()[i];
                        if !taken.contains(&l) {
                            and &= l;
                            or |= l;
                            any = true;
                        }
                        true
                    });
                    if !any {
                        return Found::Contradiction;
                    }
                    for (k, &x) in line.iter().enumerate() {
                        if open >> k & 1 == 1 {
                            if and >> k & 1 == 1 {
                                out.push((idx(x), 1));
                            } else if or >> k & 1 == 0 {
                                out.push((idx(x), 0));
                            }
                        }
                    }
                }
            }
            Technique::Probe => {
                let below = self.max.min(Technique::Distinct);
                for k in 0..cells.len() {
                    if cells[k].is_some() {
                        continue;
                    }
                    for v in 0..2u8 {
                        let mut trial = cells.to_vec();
                        trial[k] = Some(v);
                        let d = self.run(trial, below);
                        if d.contradiction {
                            out.push((k, 1 - v));
                            break;
                        }
                    }
                    if !out.is_empty() {
                        break; // one probe at a time: the cheap techniques follow it up
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        if out.windows(2).any(|p| p[0].0 == p[1].0) {
            return Found::Contradiction;
        }
        Found::Cells(out)
    }

    /// A complete line as a mask, or `None` while a cell is open.
    fn mask(&self, cells: &[Option<u8>], line: &Line) -> Option<u32> {
        let mut m = 0u32;
        for (k, &x) in line.iter().enumerate() {
            m |= u32::from(self.at(cells, x)?) << k;
        }
        Some(m)
    }

    /// Deduces to a fixpoint with techniques up to `max`.
    fn run(&self, mut cells: Vec<Option<u8>>, max: Technique) -> Deduction {
        let w = self.p.width;
        let mut steps = Vec::new();
        let mut contradiction = false;
        'rounds: loop {
            for t in Technique::ALL.into_iter().filter(|&t| t <= max) {
                if t == Technique::Distinct && self.p.rules != Rules::Distinct {
                    continue;
                }
                match self.find(t, &cells) {
                    Found::Contradiction => {
                        contradiction = true;
                        break 'rounds;
                    }
                    Found::Cells(found) if !found.is_empty() => {
                        for &(k, v) in &found {
                            if cells[k].is_some_and(|x| x != v) {
                                contradiction = true;
                                break 'rounds;
                            }
                            cells[k] = Some(v);
                        }
                        steps.push(Step {
                            technique: t,
                            cells: found.iter().map(|&(k, v)| (k / w, k % w, v)).collect(),
                        });
                        continue 'rounds;
                    }
                    Found::Cells(_) => {}
                }
            }
            break;
        }
        let remaining = cells.iter().filter(|c| c.is_none()).count();
        Deduction {
            solved: remaining == 0 && !contradiction,
            contradiction,
            hardest: steps.iter().map(|s| s.technique).max(),
            remaining,
            steps,
            cells,
        }
    }
}

/// Deduces from the puzzle's givens with techniques up to `max`. A solved result is the
/// puzzle's unique solution only if it also passes the rule check (distinctness of lines that
/// deduction never looked at, under a `max` below [`Technique::Distinct`]).
pub fn deduce(p: &Binary, max: Technique) -> Deduction {
    let d = Deducer::new(p, max);
    d.run(p.givens.clone(), max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(rows: &[&str], rules: Rules) -> Binary {
        let w = rows[0].len();
        Binary {
            width: w,
            height: rows.len(),
            rules,
            givens: rows
                .iter()
                .flat_map(|r| {
                    r.chars().map(|c| match c {
                        '0' => Some(0),
                        '1' => Some(1),
                        _ => None,
                    })
                })
                .collect(),
        }
    }

    #[test]
    fn each_technique_does_its_own_step() {
        let p = puzzle(&["00..", "....", "....", "...."], Rules::NoDistinct);
        let d = Deducer::new(&p, Technique::Probe);
        let Found::Cells(c) = d.find(Technique::Pairs, &p.givens) else {
            panic!()
        };
        assert_eq!(c, vec![(2, 1)]);
        let p = puzzle(&["1.1.", "....", "....", "...."], Rules::NoDistinct);
        let Found::Cells(c) = Deducer::new(&p, Technique::Probe).find(Technique::Gaps, &p.givens)
        else {
            panic!()
        };
        assert_eq!(c, vec![(1, 0)]);
        let p = puzzle(&["1..1", "....", "....", "...."], Rules::NoDistinct);
        let Found::Cells(c) = Deducer::new(&p, Technique::Probe).find(Technique::Counts, &p.givens)
        else {
            panic!()
        };
        assert_eq!(c, vec![(1, 0), (2, 0)]);
        // `1...1.`: the row needs one more 1 among cells 1, 2, 3 and 5, and cells 1..3 cannot
        // all be 0, so cell 5 is 0: no pair, gap or count shows it.
        let p = puzzle(
            &["1...1.", "......", "......", "......", "......", "......"],
            Rules::NoDistinct,
        );
        let d = Deducer::new(&p, Technique::Probe);
        for t in [Technique::Pairs, Technique::Gaps, Technique::Counts] {
            let Found::Cells(c) = d.find(t, &p.givens) else {
                panic!()
            };
            assert!(c.is_empty());
        }
        let Found::Cells(c) = d.find(Technique::Lines, &p.givens) else {
            panic!()
        };
        assert_eq!(c, vec![(5, 0)]);
        // Distinct rules: `0101..` beside a complete row `010110` must end `01`.
        let p = puzzle(
            &["010110", "0101..", "......", "......", "......", "......"],
            Rules::Distinct,
        );
        let d = Deducer::new(&p, Technique::Probe);
        let Found::Cells(c) = d.find(Technique::Lines, &p.givens) else {
            panic!()
        };
        assert!(!c.contains(&(10, 0)));
        let Found::Cells(c) = d.find(Technique::Distinct, &p.givens) else {
            panic!()
        };
        assert!(c.contains(&(10, 0)) && c.contains(&(11, 1)));
    }

    #[test]
    fn deduction_never_contradicts_the_solution() {
        // Random givens taken from random solutions: every deduced cell agrees with the
        // solution the givens came from, and a solved grid is that solution.
        let mut rng = wellposed_engine::Xorshift(12345);
        for n in [4usize, 6, 8] {
            for rules in [Rules::Distinct, Rules::NoDistinct] {
                let solutions = crate::generate::all_grids(n, n, rules, 400);
                for _ in 0..30 {
                    let s = &solutions[rng.below(solutions.len() as u64) as usize];
                    let mut p = Binary::empty(n, n, rules);
                    for k in 0..n * n {
                        if rng.below(3) == 0 {
                            p.givens[k] = Some(s[k / n][k % n]);
                        }
                    }
                    let d = deduce(&p, Technique::Probe);
                    assert!(!d.contradiction);
                    for (k, c) in d.cells.iter().enumerate() {
                        if let Some(v) = c {
                            assert_eq!(*v, s[k / n][k % n]);
                        }
                    }
                }
            }
        }
    }
}
