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
//! On such a formula that does not decompose (the counter's tree decomposition does not
//! complete), the counter's search would visit every model one decision at a time; dancing
//! links do the same with far cheaper nodes (13-queens: BENCHMARKS.md). Where the formula
//! decomposes, the component cache can count far more models than any enumeration, so the
//! counter keeps those.

use crate::hash::WordSet;
use crate::{Cnf, Var};
use std::sync::atomic::AtomicBool;

/// Work (pairs checked and clique candidates tried) past which recognition gives up.
const RECOGNITION_BUDGET: u64 = 50_000_000;

/// An exact-cover problem equivalent to a formula (see the module's documentation).
#[derive(Debug)]
pub struct CoverForm {
    /// The problem: each option is a variable set true (in the order of the variables).
    pub problem: wellposed_xc::Problem,
    /// Projected variables that occur in no clause: each doubles the count.
    pub free: u32,
    /// Secondary items (cliques covering the "not both" pairs outside the primary items).
    pub secondary: usize,
}

impl CoverForm {
    /// Counts the models by dancing links; `None` when `stop` was raised first.
    pub fn count(&self, stop: &AtomicBool) -> Option<num_bigint::BigUint> {
        let counted = wellposed_xc::count_until(&self.problem, None, stop);
        counted
            .complete
            .then(|| num_bigint::BigUint::from(counted.count) << self.free)
    }
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
    let pair = |a: u32, b: u32| -> u64 { (u64::from(a.min(b)) << 32) | u64::from(a.max(b)) };
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
    if let Some(p) = projection {
        let mut projected = vec![false; n];
        let mut free = WordSet::default();
        for v in p {
            match projected.get_mut(v.index()) {
                Some(seen) => *seen = true,
                None => {
                    free.insert(v.0);
                }
            }
        }
        if (0..n).any(|v| occurs[v] && !projected[v]) {
            return None; // not every model variable is counted: this is not an exact cover
        }
        let free = free.len() + (0..n).filter(|&v| projected[v] && !occurs[v]).count();
        return build(n, exactly_one, not_both, &excluded, &occurs, free, spend);
    }
    let free = (0..n).filter(|&v| !occurs[v]).count();
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
    let pair = |a: u32, b: u32| -> u64 { (u64::from(a.min(b)) << 32) | u64::from(a.max(b)) };
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
    let primary: Vec<String> = (0..exactly_one.len()).map(|i| format!("p{i}")).collect();
    let secondary: Vec<String> = (0..cliques.len()).map(|i| format!("s{i}")).collect();
    let mut problem = wellposed_xc::Problem::new(&primary, &secondary).ok()?;
    let mut items_of: Vec<Vec<(usize, wellposed_xc::Colour)>> = vec![Vec::new(); n];
    for (i, item) in exactly_one.iter().enumerate() {
        for &v in item {
            items_of[v as usize].push((i, None));
        }
    }
    for (j, clique) in cliques.iter().enumerate() {
        for &v in clique {
            items_of[v as usize].push((exactly_one.len() + j, None));
        }
    }
    for items in &items_of {
        if !items.is_empty() {
            // `add_option` checks the option against every item.
            spend((exactly_one.len() + cliques.len()) as u64 / 64 + items.len() as u64)?;
            problem.add_option(items).ok()?;
        }
    }
    Some(CoverForm {
        problem,
        free: u32::try_from(free).ok()?,
        secondary: cliques.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::tests::brute;
    use crate::{Counter, Lit, Xorshift};

    /// A random exact cover written as CNF: options are variables, each primary item an
    /// "exactly one" clause with its pairs, a few more "not both" pairs and units. With
    /// `stray`, one of several things that take it out of exact-cover form may be done.
    fn random_cover_cnf(rng: &mut Xorshift, vars: u32, stray: bool) -> Cnf {
        let mut cnf = Cnf::new();
        cnf.reserve_vars(vars);
        let exactly_one = |cnf: &mut Cnf, item: &[u32], pairs: bool| {
            let lits: Vec<Lit> = item.iter().map(|&v| Var(v).positive()).collect();
            cnf.add_clause(&lits);
            for (i, &a) in item.iter().enumerate() {
                for &b in &item[i + 1..] {
                    if pairs {
                        cnf.add_clause(&[Var(a).negative(), Var(b).negative()]);
                    }
                }
            }
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
            crate::dimacs::parse(include_str!("../../../encodings/raw/queens10.cnf"))
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

    #[test]
    fn a_raised_stop_flag_ends_the_cover_count() {
        let (cnf, _) = crate::dimacs::parse(include_str!("../../../encodings/raw/queens10.cnf"))
            .expect("bundled CNF parses");
        let form = exact_cover_form(&cnf, None).expect("an exact cover");
        assert_eq!(form.count(&AtomicBool::new(true)), None);
    }
}
