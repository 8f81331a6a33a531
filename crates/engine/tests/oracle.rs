//! The incremental uniqueness oracle against brute force: random formulas with a planted
//! solution, random clues true of it, random subsets of clues switched on; on every built-in
//! solver.

use wellposed_engine::{Options, SolverChoice, UniquenessOracle, Xorshift};
use wellposed_sat::{Cnf, Lit, Var};

fn holds(clause: &[Lit], bits: u32) -> bool {
    clause
        .iter()
        .any(|l| ((bits >> l.var().index()) & 1 == 1) == l.is_positive())
}

#[test]
fn the_oracle_says_unique_exactly_when_one_solution_is_left() {
    let mut rng = Xorshift(0x0_ac1e);
    let (mut unique, mut several) = (0, 0);
    for round in 0..300 {
        let n = 3 + rng.below(8) as u32;
        let planted: u32 = rng.below(1 << n) as u32;
        let random_clause = |rng: &mut Xorshift, width: u64| -> Vec<Lit> {
            let mut c: Vec<Lit> = (0..1 + rng.below(width))
                .map(|_| Lit::new(Var(rng.below(u64::from(n)) as u32), rng.below(2) == 0))
                .collect();
            if !holds(&c, planted) {
                let v = c[0].var();
                c[0] = Lit::new(v, (planted >> v.index()) & 1 == 1);
            }
            c
        };
        let mut rules = Cnf::new();
        rules.reserve_vars(n);
        for _ in 0..rng.below(u64::from(n) * 2) {
            let c = random_clause(&mut rng, 3);
            rules.add_clause(&c);
        }
        let clues: Vec<Vec<Vec<Lit>>> = (0..n).map(|_| vec![random_clause(&mut rng, 2)]).collect();
        let answer: Vec<(Var, bool)> = (0..n).map(|v| (Var(v), (planted >> v) & 1 == 1)).collect();
        for solver in SolverChoice::built_in() {
            let opts = Options {
                solver: solver.clone(),
                ..Options::default()
            };
            let mut oracle = UniquenessOracle::new(&rules, &clues, &answer, &opts).unwrap();
            let mut draws = Xorshift(round + 1);
            for _ in 0..8 {
                let active: Vec<bool> = (0..n).map(|_| draws.below(2) == 0).collect();
                let solutions = (0u32..1 << n)
                    .filter(|&bits| {
                        rules.clauses().iter().all(|c| holds(c, bits))
                            && clues
                                .iter()
                                .zip(&active)
                                .filter(|(_, &on)| on)
                                .all(|(clue, _)| clue.iter().all(|c| holds(c, bits)))
                    })
                    .count();
                assert!(solutions >= 1, "the planted solution is left");
                assert_eq!(
                    oracle.unique(&active),
                    solutions == 1,
                    "round {round}, {solver:?}, {active:?}"
                );
                unique += usize::from(solutions == 1);
                several += usize::from(solutions > 1);
            }
        }
    }
    assert!(
        unique > 200 && several > 200,
        "{unique} unique, {several} several"
    );
}
