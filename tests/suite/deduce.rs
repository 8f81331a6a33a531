//! The shared deduction engine (propagation over any encoding, then probing): the fixpoint does
//! not depend on the order removals are applied in; it never removes a value of the solution of
//! a unique puzzle; and through the command line it grades and hints any family.

use crate::common::*;
use wellposed_engine::deduce::{Deducer, Rule};
use wellposed_engine::{Encoding, EncodingKind, Family, Puzzle, Xorshift};

fn cnf_of(p: &impl Family) -> wellposed_engine::CnfEncoding {
    match p.encode(EncodingKind::Cnf, Default::default()) {
        Some(Encoding::Cnf(e)) => e,
        _ => panic!("a CNF encoding"),
    }
}

/// Random orders reach the easiest-first fixpoint (with the family rules of `with`).
fn same_fixpoint(
    enc: &wellposed_engine::CnfEncoding,
    with: &[&dyn Puzzle],
    rng: &mut Xorshift,
    max: Rule,
) -> bool {
    let deducer =
        || Deducer::new(enc).with_rules(with.iter().flat_map(|p| p.deduction_rules()).collect());
    let first = deducer().deduce(max);
    for _ in 0..3 {
        let other = deducer().deduce_in_order(max, |n| rng.below(n as u64) as usize);
        assert_eq!(other.contradiction, first.contradiction);
        if !first.contradiction {
            assert_eq!(other.known, first.known);
        }
    }
    first.solved
}

#[test]
fn the_fixpoint_is_the_same_in_any_order() {
    let mut rng = Xorshift(0x0dd5_0f1c);
    let mut solved = 0;
    for round in 0..40 {
        // Nonograms from random pictures.
        let (w, h) = (3 + rng.below(3) as usize, 3 + rng.below(3) as usize);
        let pic: Vec<bool> = (0..w * h).map(|_| rng.below(2) == 0).collect();
        let n = wellposed_nonogram::Nonogram::from_picture(w, h, &pic);
        let enc = n.cnf(false);
        let max = if round % 2 == 0 {
            Rule::Probe
        } else {
            Rule::Propagation
        };
        solved += usize::from(same_fixpoint(&enc, &[], &mut rng, max));
        // With the family's line-solving rule among the rules.
        same_fixpoint(&enc, &[&n], &mut rng, Rule::Probe);
        // Binary puzzles: a random grid's cells, some given.
        let mut b = wellposed_binary::Binary::empty(4, 4, wellposed_binary::Rules::Distinct);
        let grid = wellposed_binary::generate::random_grid(
            4,
            4,
            wellposed_binary::Rules::Distinct,
            &mut rng,
        )
        .expect("4×4 grids exist");
        for (k, g) in b.givens.iter_mut().enumerate() {
            if rng.below(3) == 0 {
                *g = Some(grid[k / 4][k % 4]);
            }
        }
        same_fixpoint(&cnf_of(&b), &[], &mut rng, max);
    }
    assert!(solved > 5, "{solved}");
}

/// Every family's own rules are monotone too: on puzzles each generator makes with its defaults
/// (up to three seeds), deduction up to the family's hardest rule reaches the same fixpoint easiest
/// first and in random orders. (One test for every family with rules and a generator, in place
/// of one copy per family crate.)
#[test]
fn every_family_s_rules_reach_one_fixpoint_in_any_order() {
    let mut rng = Xorshift(0xf1c5_0f1c);
    let mut families = Vec::new();
    for f in wellposed_families::FAMILIES {
        let Some(g) = f.generator else { continue };
        let started = std::time::Instant::now();
        let args = (g.args)().get_matches_from(["generate"]);
        let opts = wellposed_engine::Options::default();
        let mut with_rules = 0;
        for seed in 0..3 {
            // The random order re-proposes after every removal, which costs some families'
            // rules (Survo's line sums) seconds a puzzle: the later seeds only while cheap.
            if seed > 0 && started.elapsed() > std::time::Duration::from_secs(2) {
                break;
            }
            let request = wellposed_engine::Request {
                seed,
                difficulty: None,
                options: &opts,
            };
            let made = (g.make)(&args, &request).unwrap_or_else(|e| panic!("{}: {e}", f.name));
            let puzzle = (f.parse)(&made.puzzle, "generated").expect("generated puzzles parse");
            let Ok((enc, rules)) = wellposed_engine::grading::deduction_input(&*puzzle) else {
                continue;
            };
            let Some(max) = rules.last().map(|r| r.rule()) else {
                continue;
            };
            with_rules += 1;
            let deducer = Deducer::new(&enc).with_rules(rules);
            let first = deducer.deduce(max);
            let other = deducer.deduce_in_order(max, |n| rng.below(n as u64) as usize);
            let what = format!("{} seed {seed}", f.name);
            assert_eq!(other.contradiction, first.contradiction, "{what}");
            assert_eq!(other.known, first.known, "{what}");
        }
        if with_rules > 0 {
            families.push(f.name);
        }
    }
    for name in [
        "akari",
        "fillomino",
        "kakuro",
        "shikaku",
        "starbattle",
        "tents",
    ] {
        assert!(families.contains(&name), "{name} not tested: {families:?}");
    }
}

#[test]
fn deduction_keeps_the_solution_of_unique_puzzles() {
    for f in [
        "encodings/nonogram/house-8x8.txt",
        "encodings/zebra/life-1962.txt",
        "encodings/battleships/csplib-113.txt",
        "encodings/minesweeper/place-the-mines-8x8.txt",
    ] {
        let r = wellposed(&["grade", "--json", &instance(f)]);
        assert_eq!(r.code, 0, "{f}: {}", r.stderr);
        let j = r.json();
        assert_eq!(j["contradiction"], false, "{f}");
        // The settled values agree with the unique solution found by search.
        let s = wellposed(&["solve", "--deduce", "--json", &instance(f)]).json();
        assert_eq!(s["status"], "unique");
        let fixed: std::collections::HashMap<String, bool> = s["fixed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| {
                (
                    x["var"].as_str().unwrap().to_string(),
                    x["value"].as_bool().unwrap(),
                )
            })
            .collect();
        for step in j["steps"].as_array().unwrap() {
            let var = step["var"].as_str().unwrap();
            assert_eq!(
                Some(&step["value"].as_bool().unwrap()),
                fixed.get(var),
                "{f}: {var}"
            );
        }
    }
}

#[test]
fn hints_name_the_rule_and_the_variable() {
    let r = wellposed(&["hint", "--json", &instance("encodings/zebra/life-1962.txt")]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    assert_eq!(j["rule"], "propagation");
    assert!(j["var"].as_str().unwrap().contains(" at "), "{j}");
    let g = wellposed(&[
        "grade",
        "--json",
        &instance("encodings/zebra/life-1962.txt"),
    ])
    .json();
    assert!(g["level"].as_u64().is_some());
}

/// A hint is one step a player can follow: the few answers one application of a rule settles
/// (one clause, one line, one clue), each the value of the unique solution — on every bundled
/// unique puzzle of every registered family that has something to deduce.
#[test]
fn hints_are_player_sized_steps_of_the_solution() {
    let mut hinted = 0;
    for family in wellposed_families::FAMILIES {
        for (f, _) in bundled(family) {
            let s = wellposed(&["solve", "--deduce", "--json", "--timeout", "3", &f]);
            if s.code != 0 || s.json()["status"] != "unique" || s.json()["fixed"].is_null() {
                continue;
            }
            let mut fixed: std::collections::HashMap<String, bool> = s.json()["fixed"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| {
                    (
                        x["var"].as_str().unwrap().into(),
                        x["value"].as_bool().unwrap(),
                    )
                })
                .collect();
            // A family that deduces over an encoding of its own (Sudoku's candidates) names its
            // answers there: the full deduction's steps, each sound, give their values.
            let g = wellposed(&["grade", "--json", &f]);
            if g.code == 0 && g.json()["solved"] == true {
                for x in g.json()["steps"].as_array().into_iter().flatten() {
                    let var = x["var"].as_str().unwrap().to_string();
                    fixed.entry(var).or_insert(x["value"].as_bool().unwrap());
                }
            }
            let h = wellposed(&["hint", "--json", &f]);
            if h.code != 0 || h.json()["settles"].is_null() {
                continue;
            }
            let settles = h.json()["settles"].as_array().unwrap().clone();
            // A step is small beside the puzzle: a line's or a clue's worth of answers.
            let most = (fixed.len() / 3).max(16);
            assert!(
                (1..=most).contains(&settles.len()),
                "{f}: a hint of {} answers of {}",
                settles.len(),
                fixed.len()
            );
            let mut known = 0;
            for c in settles {
                let var = c["var"].as_str().unwrap();
                if let Some(&value) = fixed.get(var) {
                    assert_eq!(value, c["value"].as_bool().unwrap(), "{f}: {var}");
                    known += 1;
                }
            }
            hinted += usize::from(known > 0);
        }
    }
    assert!(hinted >= 10, "{hinted} puzzles hinted");
}

/// Each family rule's `propose_steps` groups together are exactly what its `propose` proposes
/// (as sets of removals), in every state along a deduction path — propagation to its
/// fixpoint, then the easiest family rule that proposes something — on every registered
/// family's examples, first bundled instances and first corpus URLs: a hint's step is one
/// part of what grading applies, and nothing else.
#[test]
fn each_rule_s_steps_together_are_what_it_proposes() {
    use std::collections::BTreeSet;
    use wellposed_engine::deduce::{possible, Removal};
    let key = |r: &Removal| (r.var.index(), r.value);
    let (mut states, mut families) = (0, 0);
    for family in wellposed_families::FAMILIES {
        let examples = family
            .examples
            .iter()
            .enumerate()
            .map(|(k, t)| (format!("{} example {}", family.name, k + 1), t.to_string()));
        // The first URLs of its corpus (pzprjs's test URL among them, where it has one).
        let corpus = std::fs::read_to_string(
            root()
                .join("encodings")
                .join(family.name)
                .join("puzzlink.tsv"),
        )
        .unwrap_or_default();
        let urls: Vec<(String, String)> = corpus
            .lines()
            .filter(|l| l.starts_with("http"))
            .take(3)
            .map(|l| {
                let url = l.split('\t').next().unwrap_or_default().to_string();
                (url.clone(), url)
            })
            .collect();
        let mut seen = false;
        let texts = examples
            .chain(bundled(family).into_iter().take(3))
            .chain(urls);
        for (what, text) in texts {
            let Ok(p) = (family.parse)(&text, &what) else {
                continue;
            };
            let Ok((enc, mut rules)) = wellposed_engine::grading::deduction_input(p.as_ref())
            else {
                continue;
            };
            if rules.is_empty() {
                continue;
            }
            seen = true;
            // The engine's order: easiest level first, the family's order within a level.
            rules.sort_by_key(|r| r.rule().level());
            let deducer = Deducer::new(&enc);
            let mut state = deducer.start();
            for _ in 0..400 {
                if state.contains(&0) || !deducer.propagate(&mut state, None) {
                    break;
                }
                let mut next: Vec<Removal> = Vec::new();
                for r in &rules {
                    let all = r.propose(&state);
                    let steps = r.propose_steps(&state);
                    let from_steps: BTreeSet<_> = steps.iter().flatten().map(key).collect();
                    assert_eq!(
                        all.iter().map(key).collect::<BTreeSet<_>>(),
                        from_steps,
                        "{what}: {}",
                        r.rule().name()
                    );
                    states += 1;
                    if next.is_empty() {
                        next = all
                            .into_iter()
                            .filter(|x| possible(&state, x.var, x.value))
                            .collect();
                    }
                }
                if next.is_empty() {
                    break;
                }
                for x in &next {
                    Deducer::remove(&mut state, x);
                }
            }
        }
        families += usize::from(seen);
    }
    assert!(families >= 20, "{families} families with rules");
    assert!(states >= 2000, "{states} states");
}
