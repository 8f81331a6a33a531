//! Standard formulas with known answers, for tests and measurements.

use crate::{Cnf, Var};

/// The pigeonhole formula: `holes + 1` pigeons, each in one of `holes` holes, no two in the
/// same hole. Unsatisfiable (`wellposed-count`'s tests count it), and resolution (so CDCL)
/// needs time exponential in `holes` to show it (Haken 1985): CaDiCaL takes minutes at 12.
/// Variable `p * holes + h`: pigeon `p` is in hole `h`.
///
/// ```
/// let cnf = wellposed_sat::instances::pigeonhole(3);
/// assert_eq!(cnf.num_vars(), 12);
/// ```
pub fn pigeonhole(holes: u32) -> Cnf {
    let mut cnf = Cnf::new();
    let var = |p: u32, h: u32| Var(p * holes + h);
    for p in 0..=holes {
        let somewhere: Vec<_> = (0..holes).map(|h| var(p, h).positive()).collect();
        cnf.add_clause(&somewhere);
    }
    for h in 0..holes {
        for a in 0..=holes {
            for b in a + 1..=holes {
                cnf.add_clause(&[var(a, h).negative(), var(b, h).negative()]);
            }
        }
    }
    cnf
}
