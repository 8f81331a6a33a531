//! Recognising an exact-cover problem written as CNF, so that the model counter can count it
//! by dancing links.
//!
//! A formula is in *exact-cover form* when every clause is one of
//! - a clause of positive literals whose variables are pairwise exclusive (each pair also has
//!   the binary clause ¬a ∨ ¬b): "exactly one of these", a **primary item** whose options are
//!   its variables;
//! - a binary clause ¬a ∨ ¬b ("not both");
//! - a unit: a positive one is a primary item with one option, a negative one removes its
//!   variable,
//!
//! every variable that occurs is in at least one primary item, and every variable that occurs
//! is projected. Then the models are the exact covers: choose a set of variables (options)
//! covering each primary item exactly once, with every "not both" pair respected. The pairs
//! not already inside a primary item are covered by cliques of the "not both" graph, each a
//! **secondary item** (at most one of its options): a clique says no more than its pairs do,
//! so any cover of those pairs by cliques gives the same models. This is how an n-queens CNF
//! (ranks and files exactly one, diagonals pairwise) becomes Knuth's exact cover again.
//!
//! The options fall into independent parts (no item joins two), each its own problem, and
//! the count is the product of theirs. On a part that does not decompose (the counter's tree
//! decomposition does not complete), the counter's search would visit every model one decision
//! at a time; dancing links do the same with far cheaper nodes (13-queens: BENCHMARKS.md).
//! Where a large part decomposes, the component cache can count far more models than any
//! enumeration (a 2×n strip of dominoes has Fibonacci many tilings), so the counter keeps such
//! formulas.

use std::sync::atomic::AtomicBool;
use wellposed_sat::hash::WordSet;
use wellposed_sat::{Cnf, Var};

/// Work (pairs checked and clique candidates tried) past which recognition gives up.
const RECOGNITION_BUDGET: u64 = 50_000_000;

/// Exact-cover problems equivalent to a formula (see the module's documentation): the models
/// are the products of the parts' exact covers, times the free variables' assignments.
#[derive(Debug)]
pub struct CoverForm {
    /// Independent parts, no item joining options of two; each option is a variable of its
    /// part set true.
    pub parts: Vec<wellposed_xc::Problem>,
    /// Projected variables that occur in no clause: each doubles the count.
    pub free: u32,
}

/// A part's items as lists of its options: its primal graph (options joined when they share
/// an item), whose tree decomposition says whether the part would rather be searched.
pub fn items_of(part: &wellposed_xc::Problem) -> Vec<Vec<u32>> {
    let mut items = vec![Vec::new(); part.num_items()];
    for (k, option) in part.options().iter().enumerate() {
        for &(i, _) in option {
            items[i].push(k as u32);
        }
    }
    items
}

impl CoverForm {
    /// Counts the models by dancing links, part by part; `None` when `stop` was raised first.
    pub fn count(&self, stop: &AtomicBool) -> Option<num_bigint::BigUint> {
        let mut count = num_bigint::BigUint::from(1u32) << self.free;
        for part in &self.parts {
            let counted = wellposed_xc::count_until(part, None, stop);
            if !counted.complete {
                return None;
            }
            if counted.count == 0 {
                return Some(0u32.into());
            }
            count *= counted.count;
        }
        Some(count)
    }
}

/// A "not both" pair as one word, the smaller variable high.
fn pair(a: u32, b: u32) -> u64 {
    (u64::from(a.min(b)) << 32) | u64::from(a.max(b))
}

/// The formula as an exact-cover problem, if it is in exact-cover form and every variable in a
/// clause is projected (`projection`: `None` for all variables); `None` otherwise, or when
/// recognising it would take more than [`RECOGNITION_BUDGET`] steps.
pub fn exact_cover_form(cnf: &Cnf, projection: Option<&[Var]>) -> Option<CoverForm> {
    let n = cnf.num_vars() as usize;
    let mut budget = RECOGNITION_BUDGET;
    let mut spend = |k: u64| -> Option<()> {
        budget = budget.checked_sub(k)?;
        Some(())
    };
    let mut occurs = vec![false; n];
    let mut excluded = vec![false; n];
    let mut exactly_one: Vec<Vec<u32>> = Vec::new();
    let mut not_both: WordSet<u64> = WordSet::default();
    for clause in cnf.clauses() {
        spend(clause.len() as u64)?;
        let mut vars: Vec<u32> = clause.iter().map(|l| l.var().0).collect();
        vars.sort_unstable();
        vars.dedup();
        for &v in &vars {
            occurs[v as usize] = true;
        }
        let positive = clause.iter().filter(|l| l.is_positive()).count();
        match (vars.len(), positive) {
            (0, _) => return None, // empty: the counter says 0 at once
            (_, p) if p == clause.len() => exactly_one.push(vars),
            (1, 0) => excluded[vars[0] as usize] = true,
            (2, 0) => {
                not_both.insert(pair(vars[0], vars[1]));
            }
            _ => return None,
        }
    }
    let free = match projection {
        None => (0..n).filter(|&v| !occurs[v]).count(),
        Some(p) => {
            let mut projected = vec![false; n];
            let mut beyond = WordSet::default();
            for v in p {
                match projected.get_mut(v.index()) {
                    Some(seen) => *seen = true,
                    None => {
                        beyond.insert(v.0);
                    }
                }
            }
            if (0..n).any(|v| occurs[v] && !projected[v]) {
                return None; // not every model variable is counted: this is not an exact cover
            }
            beyond.len() + (0..n).filter(|&v| projected[v] && !occurs[v]).count()
        }
    };
    build(n, exactly_one, not_both, &excluded, &occurs, free, spend)
}

/// The exact-cover problem of recognised clauses, if each "exactly one" clause is pairwise
/// exclusive and every variable left is in one.
fn build(
    n: usize,
    mut exactly_one: Vec<Vec<u32>>,
    not_both: WordSet<u64>,
    excluded: &[bool],
    occurs: &[bool],
    free: usize,
    mut spend: impl FnMut(u64) -> Option<()>,
) -> Option<CoverForm> {
    let primaries = exactly_one.len();
    // Pairs inside a primary item need no secondary item.
    let mut uncovered = not_both.clone();
    let mut in_primary = vec![false; n];
    for item in &mut exactly_one {
        item.retain(|&v| !excluded[v as usize]);
        let k = item.len() as u64;
        spend(k * k.saturating_sub(1) / 2)?;
        for (i, &a) in item.iter().enumerate() {
            in_primary[a as usize] = true;
            for &b in &item[i + 1..] {
                if !not_both.contains(&pair(a, b)) {
                    return None; // "at least one", not "exactly one"
                }
                uncovered.remove(&pair(a, b));
            }
        }
    }
    if (0..n).any(|v| occurs[v] && !excluded[v] && !in_primary[v]) {
        return None; // an option outside every primary item: dancing links would never take it
    }
    // The "not both" graph, among variables that can still be true.
    let mut neighbours: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut open_pairs: Vec<u64> = Vec::new();
    for &p in not_both.iter() {
        let (a, b) = ((p >> 32) as u32, p as u32);
        if excluded[a as usize] || excluded[b as usize] {
            continue;
        }
        neighbours[a as usize].push(b);
        neighbours[b as usize].push(a);
        if uncovered.contains(&p) {
            open_pairs.push(p);
        }
    }
    for list in &mut neighbours {
        list.sort_unstable();
    }
    // Deterministic order of the pairs left (the set's order depends on its hashing).
    open_pairs.sort_unstable();
    // Greedy clique cover of the uncovered pairs: grow each clique from an uncovered pair by
    // variables joined to every member by uncovered pairs, so that cliques follow the
    // formula's own groups (an n-queens diagonal) rather than mixing them.
    let mut cliques: Vec<Vec<u32>> = Vec::new();
    for p in open_pairs {
        if !uncovered.contains(&p) {
            continue;
        }
        let (a, b) = ((p >> 32) as u32, p as u32);
        let mut clique = vec![a, b];
        for &c in &neighbours[a as usize] {
            spend(clique.len() as u64)?;
            if c != b && clique.iter().all(|&m| uncovered.contains(&pair(m, c))) {
                clique.push(c);
            }
        }
        for (i, &x) in clique.iter().enumerate() {
            for &y in &clique[i + 1..] {
                uncovered.remove(&pair(x, y));
            }
        }
        cliques.push(clique);
    }
    // Independent parts (options joined through shared items), each its own problem: dancing
    // links would otherwise enumerate the product of the parts' solutions.
    let mut parent: Vec<u32> = (0..n as u32).collect();
    fn root(parent: &mut [u32], mut v: u32) -> u32 {
        while parent[v as usize] != v {
            parent[v as usize] = parent[parent[v as usize] as usize];
            v = parent[v as usize];
        }
        v
    }
    let items: Vec<Vec<u32>> = exactly_one.into_iter().chain(cliques).collect();
    for item in &items {
        for w in item.windows(2) {
            let (a, b) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
            parent[a as usize] = b;
        }
    }
    // Parts by their root variable; an empty primary item (every option excluded) is a part
    // of its own, with no solution.
    let mut part_of_root: Vec<u32> = vec![u32::MAX; n];
    let mut parts: Vec<(Vec<usize>, Vec<usize>)> = Vec::new(); // (primary, secondary) items
    for (i, item) in items.iter().enumerate() {
        let part = match item.first() {
            None => {
                parts.push(Default::default());
                parts.len() - 1
            }
            Some(&v) => {
                let r = root(&mut parent, v) as usize;
                if part_of_root[r] == u32::MAX {
                    part_of_root[r] = parts.len() as u32;
                    parts.push(Default::default());
                }
                part_of_root[r] as usize
            }
        };
        match i < primaries {
            true => parts[part].0.push(i),
            false => parts[part].1.push(i),
        }
    }
    let mut built = Vec::with_capacity(parts.len());
    let mut local: Vec<u32> = vec![u32::MAX; n];
    for (primary, secondary) in parts {
        let names = |ids: &[usize], p: &str| -> Vec<String> {
            ids.iter().map(|i| format!("{p}{i}")).collect()
        };
        let mut problem =
            wellposed_xc::Problem::new(&names(&primary, "p"), &names(&secondary, "s")).ok()?;
        // The part's variables, numbered from 0 in the order met, with their items.
        let mut vars: Vec<u32> = Vec::new();
        let mut options: Vec<Vec<(usize, wellposed_xc::Colour)>> = Vec::new();
        for (j, &i) in primary.iter().chain(&secondary).enumerate() {
            for &v in &items[i] {
                if local[v as usize] == u32::MAX {
                    local[v as usize] = vars.len() as u32;
                    vars.push(v);
                    options.push(Vec::new());
                }
                options[local[v as usize] as usize].push((j, None));
            }
        }
        for option in &options {
            // `add_option` checks the option against a fresh flag per item of the part: a step
            // is eight of them.
            spend((primary.len() + secondary.len()) as u64 / 8 + option.len() as u64)?;
            problem.add_option(option).ok()?;
        }
        for &v in &vars {
            local[v as usize] = u32::MAX;
        }
        built.push(problem);
    }
    Some(CoverForm {
        parts: built,
        free: u32::try_from(free).ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::brute;
    use crate::Counter;
    use wellposed_sat::{Lit, Xorshift};

    /// An item's clauses: "at least one" of `vars` (a primary item) and each pair "not both".
    fn clauses_of_item(cnf: &mut Cnf, vars: &[u32], at_least_one: bool, pairs: bool) {
        if at_least_one {
            let lits: Vec<Lit> = vars.iter().map(|&v| Var(v).positive()).collect();
            cnf.add_clause(&lits);
        }
        for (i, &a) in vars.iter().enumerate() {
            for &b in &vars[i + 1..] {
                if pairs {
                    cnf.add_clause(&[Var(a).negative(), Var(b).negative()]);
                }
            }
        }
    }

    /// A random exact cover written as CNF: options are variables, each primary item an
    /// "exactly one" clause with its pairs, a few more "not both" pairs and units. With
    /// `stray`, one of several things that take it out of exact-cover form may be done.
    fn random_cover_cnf(rng: &mut Xorshift, vars: u32, stray: bool) -> Cnf {
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vars);
        let exactly_one = |cnf: &mut Cnf, item: &[u32], pairs: bool| {
            clauses_of_item(cnf, item, true, pairs);
        };
        // Every variable in some primary item: deal them out, then add random items.
        let mut order: Vec<u32> = (0..vars).collect();
        rng.shuffle(&mut order);
        for chunk in order.chunks(1 + rng.below(4) as usize) {
            exactly_one(&mut cnf, chunk, true);
        }
        for _ in 0..rng.below(4) {
            let item: Vec<u32> = (0..vars).filter(|_| rng.below(3) == 0).collect();
            if !item.is_empty() {
                exactly_one(&mut cnf, &item, true);
            }
        }
        for _ in 0..rng.below(u64::from(vars) * 2) {
            let (a, b) = (rng.below(u64::from(vars)), rng.below(u64::from(vars)));
            cnf.add_clause(&[Var(a as u32).negative(), Var(b as u32).negative()]);
        }
        for _ in 0..rng.below(3) {
            let v = Var(rng.below(u64::from(vars)) as u32);
            cnf.add_clause(&[Lit::new(v, rng.below(3) == 0)]);
        }
        if stray {
            let (a, b) = (rng.below(u64::from(vars)), rng.below(u64::from(vars)));
            let (a, b) = (Var(a as u32), Var(b as u32));
            match rng.below(3) {
                0 => cnf.add_clause(&[a.positive(), b.negative()]),
                1 => cnf.add_clause(&[a.negative(), b.negative(), Var(0).negative()]),
                _ => exactly_one(&mut cnf, &[a.0, b.0], false),
            }
        }
        cnf
    }

    #[test]
    fn exact_covers_count_as_brute_force() {
        let mut rng = Xorshift(0x2026_1127_c0fe);
        let never = AtomicBool::new(false);
        let (mut recognised, mut stray_recognised) = (0, 0);
        for round in 0..3000 {
            let vars = 1 + rng.below(14) as u32;
            let stray = rng.below(4) == 0;
            let cnf = random_cover_cnf(&mut rng, vars, stray);
            // Sometimes a projection: every variable and some beyond the formula (free, each
            // doubling the count), or all but one (not an exact cover).
            let projection: Option<Vec<Var>> = match rng.below(4) {
                0 => Some((0..vars + rng.below(3) as u32).map(Var).collect()),
                1 if vars > 1 => Some((1..vars).map(Var).collect()),
                _ => None,
            };
            let form = exact_cover_form(&cnf, projection.as_deref());
            let all_projected = projection.as_ref().is_none_or(|p| p.len() >= vars as usize);
            if !stray && all_projected {
                assert!(form.is_some(), "round {round}: not recognised: {cnf:?}");
            }
            if let Some(form) = form {
                recognised += 1;
                stray_recognised += usize::from(stray);
                let mut wider = cnf.clone();
                if let Some(p) = &projection {
                    // brute() reads every variable of the projection.
                    wider.reserve_vars(p.len() as u32);
                }
                assert_eq!(
                    form.count(&never).expect("not stopped"),
                    num_bigint::BigUint::from(brute(&wider, projection.as_deref())),
                    "round {round}: {cnf:?} projected on {projection:?}"
                );
            }
        }
        assert!(recognised > 1500, "{recognised} recognised");
        // A stray clause is sometimes harmless (a "not both" pair of one variable, or an
        // "exactly one" that has its pairs already); the counts above show it was read right.
        assert!(
            stray_recognised < 400,
            "{stray_recognised} stray ones recognised"
        );
    }

    #[test]
    fn the_counter_counts_queens_by_dancing_links_and_by_search_alike() {
        // 724 solutions of 10-queens: OEIS A000170.
        let (cnf, notes) =
            wellposed_sat::dimacs::parse(include_str!("../../../encodings/raw/queens10.cnf"))
                .expect("bundled CNF parses");
        let by_cover = Counter::default().count(&cnf, notes.show.as_deref());
        assert!(by_cover.stats.dancing_links, "recognised as an exact cover");
        let searched = Counter {
            exact_cover: false,
            ..Counter::default()
        }
        .count(&cnf, notes.show.as_deref());
        assert!(!searched.stats.dancing_links);
        assert_eq!(by_cover.count, searched.count);
        assert_eq!(by_cover.count, 724u32.into());
    }

    /// n-queens and a 2×`strip` board of dominoes side by side (one formula, disjoint
    /// variables), every constraint pairwise.
    fn queens_beside_dominoes(queens: u32, strip: u32) -> Cnf {
        let mut cnf = Cnf::new();
        let exactly_one = |cnf: &mut Cnf, vars: &[u32], at_least: bool| {
            clauses_of_item(cnf, vars, at_least, true);
        };
        let q = |r: u32, c: u32| r * queens + c;
        for k in 0..queens {
            exactly_one(
                &mut cnf,
                &(0..queens).map(|c| q(k, c)).collect::<Vec<_>>(),
                true,
            );
            exactly_one(
                &mut cnf,
                &(0..queens).map(|r| q(r, k)).collect::<Vec<_>>(),
                true,
            );
        }
        for d in 0..2 * queens - 1 {
            let cells = |f: &dyn Fn(u32, u32) -> bool| -> Vec<u32> {
                (0..queens * queens)
                    .filter(|&v| f(v / queens, v % queens))
                    .collect()
            };
            exactly_one(&mut cnf, &cells(&|r, c| r + c == d), false);
            exactly_one(&mut cnf, &cells(&|r, c| r + queens - 1 - c == d), false);
        }
        // Dominoes: vertical at column x (x < strip), horizontal in row y at x..x+1.
        let base = queens * queens;
        let vertical = |x: u32| base + x;
        let horizontal = |y: u32, x: u32| base + strip + y * (strip - 1) + x;
        for x in 0..strip {
            for y in 0..2 {
                let mut covering = vec![vertical(x)];
                if x > 0 {
                    covering.push(horizontal(y, x - 1));
                }
                if x + 1 < strip {
                    covering.push(horizontal(y, x));
                }
                exactly_one(&mut cnf, &covering, true);
            }
        }
        cnf
    }

    #[test]
    fn independent_parts_are_counted_apart_and_decomposing_ones_searched() {
        let count = |cnf: &Cnf| Counter::default().count(cnf, None);
        // 10-queens has 724 solutions (OEIS A000170); a 2×n strip has F(n+1) domino tilings
        // (OEIS A000045): F(3) = 2, F(41) = 165,580,141.
        let two_parts = count(&queens_beside_dominoes(10, 2));
        assert!(
            two_parts.stats.dancing_links,
            "small decomposing part beside a wide one"
        );
        assert_eq!(two_parts.count, (724u32 * 2).into());
        let long_strip = count(&queens_beside_dominoes(10, 40));
        assert!(
            !long_strip.stats.dancing_links,
            "a large decomposing part is searched"
        );
        assert_eq!(long_strip.count, (724u64 * 165_580_141).into());
        // Two boards in one formula: each part counted alone (724², not enumerated).
        let mut twice = queens_beside_dominoes(10, 0);
        let shift = twice.num_vars();
        for c in queens_beside_dominoes(10, 0).clauses() {
            let moved: Vec<Lit> = c
                .iter()
                .map(|l| Lit::new(Var(l.var().0 + shift), l.is_positive()))
                .collect();
            twice.add_clause(&moved);
        }
        let form = exact_cover_form(&twice, None).expect("an exact cover");
        assert_eq!(form.parts.len(), 2);
        let counted = count(&twice);
        assert!(counted.stats.dancing_links);
        assert_eq!(counted.count, (724u32 * 724).into());
    }

    #[test]
    fn a_raised_stop_flag_ends_the_cover_count() {
        let (cnf, _) =
            wellposed_sat::dimacs::parse(include_str!("../../../encodings/raw/queens10.cnf"))
                .expect("bundled CNF parses");
        let form = exact_cover_form(&cnf, None).expect("an exact cover");
        assert_eq!(form.count(&AtomicBool::new(true)), None);
    }
}
