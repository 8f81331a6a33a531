//! The counter on formulas that `wellposed-sat` builds: its encodings and its standard
//! instances (moved here from `wellposed-sat`, which no longer counts).

use wellposed_count::count_models;
use wellposed_sat::{Cardinality, Choices, Cnf, Lit};

#[test]
fn totalizer_auxiliaries_are_determined() {
    // Every model of the inputs extends in exactly one way: projected and full model counts
    // agree, for a cut count (at most 3 of 9) and an exact one (exactly 4 of 9).
    for (lo, hi) in [(0, 3), (4, 4), (2, 9)] {
        let mut cnf = Cnf::with_choices(Choices {
            cardinality: Cardinality::Totalizer,
            ..Choices::default()
        });
        let xs: Vec<Lit> = cnf.new_vars(9).into_iter().map(|v| v.positive()).collect();
        cnf.at_least_k(&xs, lo);
        cnf.at_most_k(&xs, hi);
        let inputs: Vec<wellposed_sat::Var> = xs.iter().map(|x| x.var()).collect();
        assert_eq!(
            count_models(&cnf, None),
            count_models(&cnf, Some(&inputs)),
            "{lo}..{hi}"
        );
    }
}

/// The pigeonhole formula is unsatisfiable (`wellposed_sat::instances::pigeonhole`'s example).
#[test]
fn the_pigeonhole_formula_has_no_model() {
    let cnf = wellposed_sat::instances::pigeonhole(3);
    assert_eq!(cnf.num_vars(), 12);
    assert_eq!(count_models(&cnf, None), 0u32.into());
}
