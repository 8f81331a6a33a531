//! Encoding choices and progress tallies are values passed in, not process-wide state: two
//! pieces of work with different choices and their own progress handles run at once in one
//! process, and each gets exactly what it would get alone.

use std::ops::ControlFlow;
use wellposed_engine::{
    count, enumerate, export, Answer, CnfEncoding, Counting, Encoding, EncodingKind, Family,
    Method, Options, ParseError, Progress,
};
use wellposed_sat::{AmoEncoding, Cardinality, Choices, Cnf, Lit};

/// "Choose exactly `k` of `n` cells, at most one of the first `run` of them": a counting
/// constraint and an at-most-one, so both kinds of choice show in the clauses.
#[derive(Debug, PartialEq)]
struct Choose {
    n: usize,
    k: usize,
    run: usize,
}

impl Family for Choose {
    const NAME: &'static str = "choose";
    const SUMMARY: &'static str = "choose k of n, at most one early";
    type Solution = Vec<bool>;

    fn to_text(&self) -> String {
        format!(
            "choose {} of {}, at most one of the first {}",
            self.k, self.n, self.run
        )
    }

    fn parse(_: &str, source: &str) -> Result<Self, ParseError> {
        Err(ParseError {
            source: source.into(),
            line: 1,
            message: "built in code only".into(),
        })
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| {
            let mut cnf = Cnf::with_choices(choices);
            let vars = cnf.new_vars(self.n);
            let lits: Vec<Lit> = vars.iter().map(|v| v.positive()).collect();
            cnf.exactly_k(&lits, self.k as u64);
            cnf.at_most_one(&lits[..self.run], AmoEncoding::Auto);
            Encoding::Cnf(CnfEncoding {
                cnf,
                names: (0..self.n).map(|i| format!("x{i}")).collect(),
                answer: vars,
                ..Default::default()
            })
        })
    }

    fn decode(&self, answer: &Answer) -> Vec<bool> {
        (0..self.n)
            .map(|i| answer.value(wellposed_sat::Var(i as u32)))
            .collect()
    }

    fn verify(&self, s: &Vec<bool>) -> Result<(), String> {
        let chosen = s.iter().filter(|&&x| x).count();
        let early = s[..self.run].iter().filter(|&&x| x).count();
        (chosen == self.k && early <= 1)
            .then_some(())
            .ok_or_else(|| format!("{chosen} chosen, {early} early"))
    }

    fn render(&self, s: &Vec<bool>) -> String {
        s.iter().map(|&x| if x { '1' } else { '0' }).collect()
    }
}

/// C(n, k) with at most one of the first `run` chosen, by formula.
fn expected(p: &Choose) -> u64 {
    let binom = |n: u64, k: u64| -> u64 {
        if k > n {
            return 0;
        }
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    };
    let rest = (p.n - p.run) as u64;
    binom(rest, p.k as u64) + p.run as u64 * binom(rest, p.k as u64 - 1)
}

fn exported(p: &Choose, opts: &Options) -> String {
    let mut out = Vec::new();
    export(p, EncodingKind::Cnf, opts, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn two_solves_with_different_choices_run_at_once() {
    let p = Choose {
        n: 12,
        k: 3,
        run: 8,
    };
    let want = expected(&p);
    let sequential = Choices {
        amo: AmoEncoding::Sequential,
        pairwise_up_to: 6,
        cardinality: Cardinality::Sequential,
        ..Choices::default()
    };
    let totalizer = Choices {
        amo: AmoEncoding::Pairwise,
        pairwise_up_to: 6,
        cardinality: Cardinality::Totalizer,
        ..Choices::default()
    };
    let options = |choices| Options {
        method: Method::Sat,
        counting: Counting::Blocking,
        choices,
        progress: Progress::new(),
        ..Default::default()
    };
    // Each alone first: what it must still get while the other runs.
    let alone = [
        exported(&p, &options(sequential)),
        exported(&p, &options(totalizer)),
    ];
    assert_ne!(
        alone[0], alone[1],
        "the two choices give different formulas"
    );
    let rounds = 20u64;
    let tallies: Vec<(u64, u64)> = std::thread::scope(|s| {
        let workers: Vec<_> = [sequential, totalizer]
            .into_iter()
            .zip(&alone)
            .map(|(choices, reference)| {
                let p = &p;
                s.spawn(move || {
                    let opts = options(choices);
                    let mut listed = 0u64;
                    for _ in 0..rounds {
                        assert_eq!(&exported(p, &opts), reference);
                        let c = count(p, &opts, None).unwrap();
                        assert_eq!(c.to_u64(), Some(want));
                        enumerate(p, &opts, Some(5), |_| {
                            listed += 1;
                            ControlFlow::Continue(())
                        })
                        .unwrap();
                    }
                    (opts.progress.solutions_found(), listed)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    for (found, listed) in tallies {
        // Each handle saw its own counts and listings only.
        assert_eq!(listed, 5 * rounds);
        assert_eq!(found, rounds * want + listed);
    }
}
