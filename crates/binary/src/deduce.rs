//! Binary's own deduction, the way a person solves: named techniques of increasing
//! difficulty, as rules of the shared deduction engine ([`wellposed_engine::deduce`]). The
//! engine deduces over [`encoding`] — one variable per cell (true = 1) and a unit clause per
//! given, nothing else, so that every step is one of these techniques — and adds probing
//! (level 9), which follows each trial value up with the techniques. Each technique only ever
//! fills cells that every solution agrees on, and is monotone (what it finds stays found as
//! cells fill), so the cells deduction fills do not depend on the order; the engine applies the
//! easiest technique that finds something, which gives the path whose hardest technique is as
//! easy as possible: the puzzle's grade.

use crate::lines::{self, Matcher};
use crate::{Binary, Rules};
use serde::Serialize;
use std::sync::Arc;
use wellposed_engine::deduce::{possible, Deducer, Deduction, FamilyRule, Removal, Rule, State};
use wellposed_engine::CnfEncoding;
use wellposed_sat::{Cnf, Lit, Var};

/// The techniques, easiest first (probing is the engine's, [`Rule::Probe`]).
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
}

impl Technique {
    pub const ALL: [Technique; 5] = [
        Technique::Pairs,
        Technique::Gaps,
        Technique::Counts,
        Technique::Lines,
        Technique::Distinct,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::Pairs => "pairs",
            Technique::Gaps => "gaps",
            Technique::Counts => "counts",
            Technique::Lines => "lines",
            Technique::Distinct => "distinct",
        }
    }

    /// The difficulty level: 1 for the easiest (the level of propagation, which never fires
    /// here: the encoding has no clauses to propagate), up to 4; probing is 9.
    pub fn level(self) -> u8 {
        match self {
            Technique::Pairs => 1,
            Technique::Gaps => 1,
            Technique::Counts => 2,
            Technique::Lines => 3,
            Technique::Distinct => 4,
        }
    }

    /// As a rule of the shared engine.
    pub fn rule(self) -> Rule {
        Rule::Family(self.name(), self.level())
    }

    fn why(self) -> &'static str {
        match self {
            Technique::Pairs => "two equal neighbours: the cells either side take the other value",
            Technique::Gaps => "two equal cells one apart: the cell between takes the other value",
            Technique::Counts => "the line holds its half of one value: the rest take the other",
            Technique::Lines => "every way to complete the line agrees on it",
            Technique::Distinct => {
                "every way to complete the line that differs from the complete lines agrees on it"
            }
        }
    }
}

/// Every rule short of probing: what the native solver deduces before it searches.
pub const NO_PROBE: Rule = Rule::Family("", 8);

/// A line's cells in the grid: (row, column) of each.
type Line = Vec<(usize, usize)>;

/// The grid's lines, shared by the techniques.
struct Grid {
    width: usize,
    height: usize,
    lines: Vec<Line>,
    /// Matchers for rows (width) and columns (height) when lines fit bit masks.
    row_m: Option<Matcher>,
    col_m: Option<Matcher>,
}

/// One technique as a rule of the engine.
struct TechniqueRule {
    technique: Technique,
    grid: Arc<Grid>,
}

/// A technique's outcome: cells to fill, or a contradiction in the line of this cell.
enum Found {
    Cells(Vec<(usize, u8)>),
    Contradiction(usize),
}

/// The variable of cell `k` (row-major): the encoding numbers cells first.
fn var(k: usize) -> Var {
    Var(k as u32)
}

impl FamilyRule for TechniqueRule {
    fn rule(&self) -> Rule {
        self.technique.rule()
    }

    fn why(&self) -> &'static str {
        self.technique.why()
    }

    fn in_probes(&self) -> bool {
        true
    }

    /// Pairs and gaps fill one cell per application (a hint shows one); the line techniques
    /// are shown whole.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        let all = self.propose(state);
        match self.technique {
            Technique::Pairs | Technique::Gaps => all.into_iter().map(|r| vec![r]).collect(),
            _ => vec![all],
        }
    }

    fn propose(&self, state: &State) -> Vec<Removal> {
        let g = &self.grid;
        let cells: Vec<Option<u8>> = (0..g.width * g.height)
            .map(|k| {
                match (
                    possible(state, var(k), false),
                    possible(state, var(k), true),
                ) {
                    (true, false) => Some(0),
                    (false, true) => Some(1),
                    _ => None,
                }
            })
            .collect();
        let rule = self.rule();
        let removal = |k: usize, value: bool| Removal::by(rule, var(k), value);
        match g.find(self.technique, &cells) {
            // A cell takes `v`: the other value goes.
            Found::Cells(found) => found.into_iter().map(|(k, v)| removal(k, v == 0)).collect(),
            // Both values go from one cell: the engine sees the contradiction.
            Found::Contradiction(k) => vec![removal(k, false), removal(k, true)],
        }
    }
}

impl Grid {
    fn new(p: &Binary) -> Grid {
        let (w, h) = (p.width, p.height);
        let mut lines: Vec<Line> = (0..h).map(|r| (0..w).map(|c| (r, c)).collect()).collect();
        lines.extend((0..w).map(|c| (0..h).map(|r| (r, c)).collect::<Line>()));
        let fits = |n: usize| n <= lines::MAX_LINE;
        Grid {
            width: w,
            height: h,
            lines,
            row_m: fits(w).then(|| Matcher::new(w)),
            col_m: fits(h).then(|| Matcher::new(h)),
        }
    }

    fn at(&self, cells: &[Option<u8>], (r, c): (usize, usize)) -> Option<u8> {
        cells[r * self.width + c]
    }

    /// Every deduction one technique makes from this state.
    fn find(&self, t: Technique, cells: &[Option<u8>]) -> Found {
        let mut out: Vec<(usize, u8)> = Vec::new();
        let w = self.width;
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
                            return Found::Contradiction(idx(line[0]));
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
                    let (h, _) = (self.height, w);
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
                    let is_row = li < self.height;
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
                    let taken = &complete[usize::from(!is_row)];
                    if open == 0 {
                        // A complete line must be a valid line (and, under the distinct rules,
                        // the only complete line equal to itself): without this check a wrong
                        // line completed by the easy techniques went unnoticed (found by the
                        // order test below: random orders met the contradiction, easiest-first
                        // walked past it).
                        let mut valid = false;
                        m.each(f0, f1, |_| {
                            valid = true;
                            false
                        });
                        if !valid || taken.iter().filter(|&&l| l == f1).count() > 1 {
                            return Found::Contradiction(idx(line[0]));
                        }
                        continue;
                    }
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
                        return Found::Contradiction(idx(line[0]));
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
        }
        out.sort_unstable();
        out.dedup();
        if let Some(p) = out.windows(2).find(|p| p[0].0 == p[1].0) {
            return Found::Contradiction(p[0].0);
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
}

/// Binary's techniques as rules of the shared engine, easiest first (`distinct` only under the
/// distinct rules, where it is sound).
pub fn rules(p: &Binary) -> Vec<Box<dyn FamilyRule>> {
    let grid = Arc::new(Grid::new(p));
    Technique::ALL
        .into_iter()
        .filter(|&t| t != Technique::Distinct || p.rules == Rules::Distinct)
        .map(|technique| {
            Box::new(TechniqueRule {
                technique,
                grid: grid.clone(),
            }) as Box<dyn FamilyRule>
        })
        .collect()
}

/// What the engine deduces over: one variable per cell and a unit clause per given.
pub fn encoding(p: &Binary) -> CnfEncoding {
    let (w, h) = (p.width, p.height);
    let mut cnf = Cnf::new();
    let answer: Vec<Var> = (0..w * h).map(|_| cnf.new_var()).collect();
    for (k, g) in p.givens.iter().enumerate() {
        if let Some(v) = g {
            cnf.add_clause(&[Lit::new(var(k), *v == 1)]);
        }
    }
    CnfEncoding {
        cnf,
        answer,
        names: crate::cell_names(w, h),
        ..Default::default()
    }
}

/// Deduces from the puzzle's givens with the rules up to `max` (a technique's rule,
/// [`NO_PROBE`] or [`Rule::Probe`]). A solved result is the puzzle's unique solution only if it
/// also passes the rule check (distinctness of lines that deduction never looked at, under a
/// `max` below the `distinct` technique).
pub fn deduce(p: &Binary, max: Rule) -> Deduction {
    let enc = encoding(p);
    Deducer::new(&enc).with_rules(rules(p)).deduce(max)
}

/// The cells as deduced (row-major; `None` = still open).
pub fn cells(d: &Deduction) -> Vec<Option<u8>> {
    d.known.iter().map(|k| k.map(u8::from)).collect()
}

/// `--max` or `--difficulty` by name: a technique or `probe`.
pub fn rule_named(s: &str) -> Option<Rule> {
    if s == "probe" {
        return Some(Rule::Probe);
    }
    Technique::ALL
        .into_iter()
        .find(|t| t.name() == s)
        .map(Technique::rule)
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
        let d = Grid::new(&p);
        let Found::Cells(c) = d.find(Technique::Pairs, &p.givens) else {
            panic!()
        };
        assert_eq!(c, vec![(2, 1)]);
        let p = puzzle(&["1.1.", "....", "....", "...."], Rules::NoDistinct);
        let Found::Cells(c) = Grid::new(&p).find(Technique::Gaps, &p.givens) else {
            panic!()
        };
        assert_eq!(c, vec![(1, 0)]);
        let p = puzzle(&["1..1", "....", "....", "...."], Rules::NoDistinct);
        let Found::Cells(c) = Grid::new(&p).find(Technique::Counts, &p.givens) else {
            panic!()
        };
        assert_eq!(c, vec![(1, 0), (2, 0)]);
        // `1...1.`: the row needs one more 1 among cells 1, 2, 3 and 5, and cells 1..3 cannot
        // all be 0, so cell 5 is 0: no pair, gap or count shows it.
        let p = puzzle(
            &["1...1.", "......", "......", "......", "......", "......"],
            Rules::NoDistinct,
        );
        let d = Grid::new(&p);
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
        let d = Grid::new(&p);
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
                    let d = deduce(&p, Rule::Probe);
                    assert!(!d.contradiction);
                    for (k, c) in cells(&d).iter().enumerate() {
                        if let Some(v) = c {
                            assert_eq!(*v, s[k / n][k % n]);
                        }
                    }
                }
            }
        }
    }

    /// The techniques are monotone, so the engine reaches the same cells whatever order it
    /// applies their proposals in (random orders against the easiest-first path), and a
    /// contradiction is found either way.
    #[test]
    fn the_fixpoint_does_not_depend_on_the_order() {
        let mut rng = wellposed_engine::Xorshift(99);
        for n in [4usize, 6] {
            for rules in [Rules::Distinct, Rules::NoDistinct] {
                for _ in 0..40 {
                    let mut p = Binary::empty(n, n, rules);
                    for k in 0..n * n {
                        if rng.below(4) == 0 {
                            p.givens[k] = Some(rng.below(2) as u8);
                        }
                    }
                    let enc = encoding(&p);
                    let deducer = Deducer::new(&enc).with_rules(rules_of(&p));
                    let easiest = deducer.deduce(NO_PROBE);
                    let any =
                        deducer.deduce_in_order(NO_PROBE, |len| rng.below(len as u64) as usize);
                    assert_eq!(easiest.contradiction, any.contradiction, "{p:?}");
                    if !easiest.contradiction {
                        assert_eq!(easiest.known, any.known, "{p:?}");
                    }
                }
            }
        }
    }

    fn rules_of(p: &Binary) -> Vec<Box<dyn FamilyRule>> {
        rules(p)
    }

    /// Rules at one level keep the family's order (pairs before gaps), and `--max pairs`
    /// leaves gaps out.
    #[test]
    fn max_follows_the_declared_order() {
        // `0.0.` needs a gap; nothing else applies at first.
        let p = puzzle(&["0.0.", "....", "....", "...."], Rules::NoDistinct);
        let d = deduce(&p, Technique::Pairs.rule());
        assert!(d.steps.is_empty());
        let d = deduce(&p, Technique::Gaps.rule());
        assert_eq!(d.steps[0].rule.name(), "gaps");
        assert_eq!(d.steps[0].var, "cell row 1 col 2");
        assert!(d.steps[0].value);
    }
}
