//! The poser: a random table of 1..mn, its margins, then givens from it until exactly one table
//! fits (decided by the partition solver, re-checked by SAT in the tests), then every given
//! that is not needed dropped in one pass: the fewest givens a removal pass leaves (minimal, not
//! necessarily minimum).

use crate::Survo;
use wellposed_engine::{proved_unique, Options, Xorshift};

pub struct Made {
    pub puzzle: Survo,
    /// Row-major.
    pub table: Vec<u32>,
}

pub fn generate(m: usize, n: usize, seed: u64, opts: &Options) -> Result<Made, String> {
    let unique = |s: &Survo| proved_unique(s, opts);
    if m == 0 || n == 0 || m * n > 30 {
        return Err(format!("expected tables of 1 to 30 cells, found {m}×{n}"));
    }
    let mut rng = Xorshift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let cells = m * n;
    let mut table: Vec<u32> = (1..=cells as u32).collect();
    rng.shuffle(&mut table);
    let mut s = Survo::open_of(m, n, &table);
    let mut order: Vec<usize> = (0..cells).collect();
    rng.shuffle(&mut order);
    for &k in &order {
        if unique(&s) {
            break;
        }
        s.givens[k] = table[k];
    }
    for &k in &order {
        if s.givens[k] == 0 {
            continue;
        }
        s.givens[k] = 0;
        if !unique(&s) {
            s.givens[k] = table[k];
        }
    }
    Ok(Made { puzzle: s, table })
}

/// The puzzle in the `family survo` format.
pub fn to_text(s: &Survo) -> String {
    let join = |v: &[u32]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut t = format!(
        "family survo\nsize {} {}\nrows {}\ncols {}\n",
        s.m,
        s.n,
        join(&s.rows),
        join(&s.cols)
    );
    if s.givens.iter().any(|&g| g > 0) {
        t.push_str("grid\n");
        for r in 0..s.m {
            let line: Vec<String> = s.givens[r * s.n..(r + 1) * s.n]
                .iter()
                .map(|&g| {
                    if g == 0 {
                        ".".to_string()
                    } else {
                        g.to_string()
                    }
                })
                .collect();
            t.push_str(&line.join(" "));
            t.push('\n');
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use wellposed_engine::{Family, Method, Uniqueness};

    #[test]
    fn generated_tables_are_unique_by_both_paths_minimal_and_read_back() {
        for (m, n, seed) in [(3, 4, 1), (3, 3, 2), (2, 5, 3), (4, 4, 4)] {
            let g = generate(m, n, seed, &Options::default()).unwrap();
            let s = &g.puzzle;
            for method in [Method::Auto, Method::Sat] {
                let opts = Options {
                    method,
                    ..Default::default()
                };
                match wellposed_engine::every_solver::uniqueness(s, &opts).unwrap() {
                    Uniqueness::Unique(t) => {
                        let rows: Vec<u32> = t
                            .json
                            .as_array()
                            .unwrap()
                            .iter()
                            .flat_map(|r| {
                                r.as_array()
                                    .unwrap()
                                    .iter()
                                    .map(|x| x.as_u64().unwrap() as u32)
                            })
                            .collect();
                        assert_eq!(rows, g.table, "{m}x{n}/{seed} by {method:?}");
                    }
                    other => panic!("{m}x{n}/{seed} by {method:?}: {}", other.status()),
                }
            }
            for k in 0..m * n {
                if s.givens[k] > 0 {
                    let mut less = s.clone();
                    less.givens[k] = 0;
                    assert!(
                        !proved_unique(&less, &Options::default()),
                        "{m}x{n}/{seed}: the given at {k} is not needed"
                    );
                }
            }
            assert_eq!(&Survo::parse(&to_text(s), "t").unwrap(), s);
        }
    }
}
