//! The 1962 zebra puzzle (shared/data/zebra/ANSWERS.md): unique, with the published solution;
//! each statement dropped in turn gives the published number of solutions. Every clue kind is
//! checked against brute force over all placements on small random puzzles.

use wellposed_engine::every_solver::rounds;
use wellposed_engine::{Family, Options, Uniqueness, Xorshift};
use wellposed_zebra::{Fact, Zebra};

fn count(z: &Zebra) -> u64 {
    let c = wellposed_engine::every_solver::count(z, &Options::default(), None).unwrap();
    assert!(c.complete);
    c.to_u64().unwrap()
}

fn life_1962() -> Zebra {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../encodings/zebra/life-1962.txt");
    Zebra::parse(&std::fs::read_to_string(path).unwrap(), "life-1962.txt").unwrap()
}

#[test]
fn the_1962_puzzle_is_unique_with_the_published_solution() {
    let z = life_1962();
    let Uniqueness::Unique(s) =
        wellposed_engine::every_solver::uniqueness(&z, &Options::default()).unwrap()
    else {
        panic!("not unique");
    };
    let rows = s.json["rows"].as_array().unwrap();
    let row = |p: usize| -> Vec<String> {
        rows[p]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    // The Japanese owns the zebra; the Norwegian drinks water.
    let zebra = (0..5).find(|&p| row(p)[4] == "zebra").unwrap();
    assert_eq!(row(zebra)[1], "Japanese");
    let water = (0..5).find(|&p| row(p)[2] == "water").unwrap();
    assert_eq!(row(water)[1], "Norwegian");
    let Some(dir) = wellposed_engine::shared_data("zebra") else {
        return;
    };
    let csv = std::fs::read_to_string(dir.join("life1962_solution.csv")).unwrap();
    for (p, line) in csv.lines().skip(1).enumerate() {
        let want: Vec<String> = line
            .split(',')
            .skip(1)
            .map(|v| v.replace(' ', "-"))
            .collect();
        assert_eq!(row(p), want, "house {}", p + 1);
    }
}

#[test]
fn every_statement_is_needed_by_the_published_counts() {
    let Some(dir) = wellposed_engine::shared_data("zebra") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("life1962_drop_one_clue_counts.txt")).unwrap();
    let z = life_1962();
    let mut checked = 0;
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("without clue ") else {
            continue;
        };
        let (k, n) = rest.split_once(':').unwrap();
        let (k, n): (usize, u64) = (k.trim().parse().unwrap(), n.trim().parse().unwrap());
        // Statement k is clue k − 2 of the file (statement 1 is the number of houses).
        let mut dropped = z.clone();
        dropped.clues.remove(k - 2);
        assert_eq!(count(&dropped), n, "without statement {k}");
        checked += 1;
    }
    assert_eq!(checked, 14);
}

/// Every placement of a small puzzle, by brute force: the count that satisfies the clues.
fn brute(z: &Zebra) -> u64 {
    let n = z.positions;
    let perms: Vec<Vec<usize>> = {
        let mut out = Vec::new();
        let mut p: Vec<usize> = (0..n).collect();
        fn heap(k: usize, p: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if k <= 1 {
                out.push(p.clone());
                return;
            }
            for i in 0..k {
                heap(k - 1, p, out);
                let j = if k.is_multiple_of(2) { i } else { 0 };
                p.swap(j, k - 1);
            }
        }
        heap(n, &mut p, &mut out);
        out
    };
    let k = z.categories.len();
    let mut total = 0;
    let mut idx = vec![0usize; k];
    loop {
        let pos: Vec<Vec<usize>> = idx.iter().map(|&i| perms[i].clone()).collect();
        if z.check(&pos).is_ok() {
            total += 1;
        }
        let mut c = 0;
        loop {
            if c == k {
                return total;
            }
            idx[c] += 1;
            if idx[c] < perms.len() {
                break;
            }
            idx[c] = 0;
            c += 1;
        }
    }
}

#[test]
fn every_clue_kind_counts_like_brute_force() {
    let mut rng = Xorshift(0x2e_b2a0_0001);
    let mut seen = std::collections::BTreeMap::new();
    for round in 0..rounds(1000) {
        // At most 576 placements, so that counting by blocking clauses stays quick.
        let n = 3 + rng.below(2) as usize;
        let k = if n == 3 { 2 + rng.below(2) as usize } else { 2 };
        let mut z = Zebra {
            positions: n,
            categories: (0..k)
                .map(|c| {
                    (
                        format!("c{c}"),
                        (0..n).map(|v| format!("v{c}_{v}")).collect(),
                    )
                })
                .collect(),
            clues: Vec::new(),
        };
        let value =
            |rng: &mut Xorshift| (rng.below(k as u64) as usize, rng.below(n as u64) as usize);
        for _ in 0..1 + rng.below(4) {
            let (a, b, c) = (value(&mut rng), value(&mut rng), value(&mut rng));
            let p = rng.below(n as u64) as usize;
            let simple = |which: u64| match which {
                0 => Fact::Same(a, b),
                1 => Fact::NotSame(a, b),
                2 => Fact::At(a, p),
                3 => Fact::NotAt(a, p),
                4 => Fact::NextTo(a, b),
                5 => Fact::NotNextTo(a, b),
                6 => Fact::ImmediatelyLeftOf(a, b),
                7 => Fact::LeftOf(a, b),
                _ => Fact::ThreeInARow(a, b, c),
            };
            let which = rng.below(10);
            let f = if which == 9 {
                Fact::Either(
                    Box::new(simple(rng.below(9))),
                    Box::new(simple(rng.below(9))),
                )
            } else {
                simple(which)
            };
            *seen
                .entry(format!("{f:?}").split('(').next().unwrap().to_string())
                .or_insert(0) += 1;
            z.clues.push((f, "random".into()));
        }
        assert_eq!(count(&z), brute(&z), "round {round}: {:?}", z.clues);
    }
    assert_eq!(seen.len(), 10, "{seen:?}");
}

#[test]
fn bad_clues_name_the_line() {
    wellposed_engine::assert_parse_errors::<Zebra>(&[
        (
            "family zebra\ncategories\na x y\nb p\n",
            4,
            "expected 2 values",
        ),
        (
            "family zebra\ncategories\na x y\nb x q\n",
            4,
            "appears twice",
        ),
        (
            "family zebra\ncategories\na x y\nclues\nsame x z\n",
            5,
            "no category has a value `z`",
        ),
        (
            "family zebra\ncategories\na x y\nclues\nat x 3\n",
            5,
            "position from 1 to 2",
        ),
        (
            "family zebra\ncategories\na x y\nclues\nbeside x y\n",
            5,
            "unknown clue",
        ),
        (
            "family zebra\ncategories\na x y\nclues\neither same x y\n",
            5,
            "either CLUE | CLUE",
        ),
        (
            "family zebra\npositions 0\ncategories\na x\n",
            2,
            "from 1 to 64",
        ),
    ]);
}

#[test]
fn generated_puzzles_are_unique_minimal_reproducible_and_round_trip() {
    use wellposed_zebra::{format, generate};
    for (size, cats, seed) in [(4, 3, 1), (5, 5, 2), (5, 4, 3), (6, 4, 4), (3, 2, 5)] {
        let m = generate::generate(size, cats, seed, &Options::default()).unwrap();
        let z = &m.puzzle;
        // Unique, and the solution is the placement it was made from.
        let Uniqueness::Unique(s) =
            wellposed_engine::every_solver::uniqueness(z, &Options::default()).unwrap()
        else {
            panic!("{size}/{cats}/{seed}: not unique");
        };
        let again = z.table(m.solution.clone());
        assert_eq!(
            s.json["rows"],
            serde_json::to_value(&again).unwrap()["rows"]
        );
        // Minimal: without any one clue, more than one solution.
        for i in 0..z.clues.len() {
            let mut less = z.clone();
            less.clues.remove(i);
            assert!(
                count(&less) > 1,
                "{size}/{cats}/{seed}: clue {i} is not needed"
            );
        }
        assert!(m.drawn >= z.clues.len());
        // Same seed, same puzzle, by CaDiCaL too; the text form reads back to the same clues.
        let by_cadical = Options {
            solver: wellposed_engine::SolverChoice::Cadical,
            ..Options::default()
        };
        let twin = generate::generate(size, cats, seed, &by_cadical)
            .unwrap()
            .puzzle;
        assert_eq!(&twin, z);
        let back = Zebra::parse(&format::to_text(z), "t").unwrap();
        let facts = |z: &Zebra| z.clues.iter().map(|(f, _)| f.clone()).collect::<Vec<_>>();
        assert_eq!(facts(&back), facts(z));
        for (f, _) in &z.clues {
            let s = generate::sentence(z, f);
            assert!(
                s.ends_with('.') && s.chars().next().unwrap().is_uppercase(),
                "{s}"
            );
        }
    }
}
