//! Colouring counts against closed forms (chromatic polynomials of cycles and complete graphs)
//! and brute force; grids of labels give the borders they draw.

use wellposed_engine::every_solver::rounds;
use wellposed_engine::{Family, Options, Uniqueness, Xorshift};
use wellposed_map::Map;

fn count(m: &Map) -> u64 {
    let c = wellposed_engine::every_solver::count(m, &Options::default(), None).unwrap();
    assert!(c.complete);
    c.to_u64().unwrap()
}

fn from_borders(n: usize, k: usize, borders: &[(usize, usize)]) -> Map {
    let mut text = format!("family map\ncolours {k}\nborders\n");
    for &(a, b) in borders {
        text.push_str(&format!("r{a} r{b}\n"));
    }
    // Regions are named in order of first appearance; isolated ones are not listed.
    let m = Map::parse(&text, "t").unwrap();
    assert_eq!(m.regions.len(), n);
    m
}

/// The chromatic polynomial of the cycle C_n: (k−1)^n + (−1)^n (k−1) (a standard result, e.g.
/// in Biggs, "Algebraic Graph Theory"); of the complete graph K_n: k(k−1)…(k−n+1).
#[test]
fn cycles_and_complete_graphs_follow_their_chromatic_polynomials() {
    for n in 3..=7usize {
        let cycle: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        for k in 2..=4usize {
            let want = (k as i64 - 1).pow(n as u32) + (-1i64).pow(n as u32) * (k as i64 - 1);
            assert_eq!(
                count(&from_borders(n, k, &cycle)) as i64,
                want,
                "C{n}, {k} colours"
            );
        }
    }
    for n in 2..=5usize {
        let complete: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        for k in 1..=6usize {
            let want: u64 = (0..n).map(|i| k.saturating_sub(i) as u64).product();
            assert_eq!(
                count(&from_borders(n, k, &complete)),
                want,
                "K{n}, {k} colours"
            );
        }
    }
}

#[test]
fn random_maps_count_like_brute_force() {
    let mut rng = Xorshift(0x00a1_1c01_00e5);
    for round in 0..rounds(1000) {
        let n = 3 + rng.below(4) as usize;
        let k = 2 + rng.below(3) as usize;
        let mut borders = Vec::new();
        // A path first, so that every region is named; then random extra borders.
        for i in 0..n - 1 {
            borders.push((i, i + 1));
        }
        for _ in 0..rng.below(6) {
            let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            if a != b {
                borders.push((a, b));
            }
        }
        let mut m = from_borders(n, k, &borders);
        if rng.below(2) == 0 {
            m.givens
                .push((rng.below(n as u64) as usize, rng.below(k as u64) as usize));
        }
        let mut brute = 0;
        let total = (k as u64).pow(n as u32);
        for code in 0..total {
            let colour: Vec<usize> = (0..n)
                .map(|i| (code / (k as u64).pow(i as u32) % k as u64) as usize)
                .collect();
            if m.check(&colour).is_ok() {
                brute += 1;
            }
        }
        assert_eq!(count(&m), brute, "round {round}");
    }
}

#[test]
fn a_grid_of_labels_draws_its_borders() {
    let text = "family map\ncolours 3\nregions\nAAB\nACB\nDCC\n";
    let m = Map::parse(text, "t").unwrap();
    let names = |(a, b): (usize, usize)| (m.regions[a].clone(), m.regions[b].clone());
    let got: Vec<(String, String)> = m.borders.iter().map(|&e| names(e)).collect();
    let want: Vec<(String, String)> = [("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("C", "D")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(got, want);
    // A–B–C is a triangle and D sees A and C: 3! colourings of the triangle, D then fixed.
    assert_eq!(count(&m), 6);
    let mut given = m.clone();
    given.givens = vec![(0, 0), (1, 1)];
    match wellposed_engine::every_solver::uniqueness(&given, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => assert_eq!(s.text, "112\n132\n233"),
        other => panic!("{}", other.status()),
    }
}

#[test]
fn bad_maps_name_the_line() {
    wellposed_engine::assert_parse_errors::<Map>(&[
        ("family map\ncolours 0\nborders\na b\n", 2, "from 1 to 64"),
        ("family map\nregions\nAB\nA\n", 4, "expected 2 cells"),
        ("family map\nborders\na a\n", 3, "border itself"),
        (
            "family map\nborders\na b\ngivens\nc 1\n",
            5,
            "no region `c`",
        ),
        ("family map\nborders\na b\ngivens\na 5\n", 5, "from 1 to 4"),
        ("family map\ncolours 3\n", 1, "expected `regions`"),
    ]);
}

/// The family rules (colour pairs, forcing chains, Kempe chains) with propagation: on random
/// unique maps they never remove a colour of the solution, they reach the same fixpoint in any
/// order, and they settle regions that propagation alone leaves open.
#[test]
fn family_rules_are_valid_order_independent_and_useful() {
    use wellposed_engine::deduce::{Deducer, Rule};
    let mut rng = Xorshift(0x4e3e_c4a1);
    let (mut unique, mut helped) = (0, 0);
    for _ in 0..1000 {
        let n = 5 + rng.below(6) as usize;
        let mut borders: Vec<(usize, usize)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        for _ in 0..n + rng.below(n as u64) as usize {
            let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            if a != b {
                borders.push((a, b));
            }
        }
        let mut m = from_borders(n, 3 + rng.below(2) as usize, &borders);
        // A random proper colouring (greedy in random order), then givens from it until the
        // map is unique, then every given that is not needed dropped: minimal puzzles, where
        // propagation alone often stalls.
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        let mut colour = vec![usize::MAX; n];
        for &r in &order {
            let used: Vec<usize> = m
                .borders
                .iter()
                .filter_map(|&(a, b)| {
                    if a == r {
                        Some(colour[b])
                    } else if b == r {
                        Some(colour[a])
                    } else {
                        None
                    }
                })
                .collect();
            let free: Vec<usize> = (0..m.colours).filter(|c| !used.contains(c)).collect();
            if free.is_empty() {
                break;
            }
            colour[r] = free[rng.below(free.len() as u64) as usize];
        }
        if colour.contains(&usize::MAX) {
            continue;
        }
        let is_unique = |m: &Map| {
            matches!(
                wellposed_engine::every_solver::uniqueness(m, &Options::default()).unwrap(),
                Uniqueness::Unique(_)
            )
        };
        for &r in &order {
            if is_unique(&m) {
                break;
            }
            m.givens.push((r, colour[r]));
        }
        for i in (0..m.givens.len()).rev() {
            let g = m.givens.remove(i);
            if !is_unique(&m) {
                m.givens.insert(i, g);
            }
        }
        let Uniqueness::Unique(s) =
            wellposed_engine::every_solver::uniqueness(&m, &Options::default()).unwrap()
        else {
            continue;
        };
        unique += 1;
        let enc = m.cnf();
        let kempe = Rule::Family("kempe-chain", 5);
        let with = || Deducer::new(&enc).with_rules(m.deduction_rules());
        let d = with().deduce(kempe);
        assert!(!d.contradiction);
        // Valid: every settled variable agrees with the solution.
        let colour: Vec<usize> = s.json["colours"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p[1].as_u64().unwrap() as usize - 1)
            .collect();
        for (i, known) in d.known.iter().enumerate() {
            if let Some(v) = known {
                assert_eq!(*v, colour[i / m.colours] == i % m.colours, "{m:?}");
            }
        }
        // Order-independent.
        for _ in 0..2 {
            let other = with().deduce_in_order(kempe, |k| rng.below(k as u64) as usize);
            assert_eq!(other.known, d.known, "{m:?}");
        }
        let plain = Deducer::new(&enc).deduce(Rule::Propagation);
        if d.open < plain.open {
            helped += 1;
            assert!(d.hardest.is_some_and(|r| r.level() > 1), "{m:?}");
        }
    }
    assert!(
        unique > 300 && helped >= 2,
        "{unique} unique, the family rules helped {helped}"
    );
}

#[test]
fn generated_maps_are_unique_minimal_and_read_back() {
    use wellposed_map::generate;
    for (w, h, regions, colours, seed) in [(6, 5, 8, 4, 1), (8, 8, 14, 4, 2), (5, 5, 6, 3, 3)] {
        let g =
            generate::generate(w, h, regions, colours, seed, &Options::default(), None).unwrap();
        let m = &g.map;
        // The same map by CaDiCaL: its uniqueness answers are varisat's.
        let by_cadical = Options {
            solver: wellposed_engine::SolverChoice::Cadical,
            ..Options::default()
        };
        let twin = generate::generate(w, h, regions, colours, seed, &by_cadical, None).unwrap();
        assert_eq!(wellposed_map::to_text(&twin.map), wellposed_map::to_text(m));
        m.check(&g.colour).unwrap();
        let Uniqueness::Unique(s) =
            wellposed_engine::every_solver::uniqueness(m, &Options::default()).unwrap()
        else {
            panic!("not unique");
        };
        assert_eq!(s.text, m.render(&m.colouring(g.colour.clone())));
        for i in 0..m.givens.len() {
            let mut less = m.clone();
            less.givens.remove(i);
            assert!(count(&less) > 1, "given {i} is not needed");
        }
        let back = Map::parse(&wellposed_map::to_text(m), "t").unwrap();
        assert_eq!(&back, m);
    }
}

/// Colour pairs and forcing chains need no uniqueness: on random maps with random givens (any
/// number of colourings), deduction up to forcing chains never removes a colour that some
/// colouring uses — checked against every colouring, by brute force.
#[test]
fn colour_pairs_and_forcing_chains_keep_every_colouring() {
    use wellposed_engine::deduce::{Deducer, Rule};
    let mut rng = Xorshift(0x7a7e_5eed);
    let (mut checked, mut removed_by_rules) = (0, 0);
    for _ in 0..rounds(600) {
        let n = 4 + rng.below(5) as usize;
        let k = 3 + rng.below(2) as usize;
        let mut borders: Vec<(usize, usize)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        for _ in 0..rng.below(2 * n as u64) {
            let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            if a != b {
                borders.push((a, b));
            }
        }
        let mut m = from_borders(n, k, &borders);
        for _ in 0..rng.below(3) {
            m.givens
                .push((rng.below(n as u64) as usize, rng.below(k as u64) as usize));
        }
        // Every colouring, by brute force: which (region, colour) some colouring uses.
        let mut used = vec![false; n * k];
        let mut any = false;
        for code in 0..(k as u64).pow(n as u32) {
            let colour: Vec<usize> = (0..n)
                .map(|r| (code / (k as u64).pow(r as u32) % k as u64) as usize)
                .collect();
            if m.check(&colour).is_ok() {
                any = true;
                for (r, &c) in colour.iter().enumerate() {
                    used[r * k + c] = true;
                }
            }
        }
        if !any {
            continue;
        }
        checked += 1;
        let enc = m.cnf();
        let d = Deducer::new(&enc)
            .with_rules(m.deduction_rules())
            .deduce(Rule::Family("forcing-chain", 4));
        assert!(!d.contradiction, "{m:?}");
        for (i, known) in d.known.iter().enumerate() {
            if *known == Some(false) {
                assert!(!used[i], "region {} colour {} is used: {m:?}", i / k, i % k);
            }
        }
        let plain = Deducer::new(&enc).deduce(Rule::Propagation);
        removed_by_rules += usize::from(d.open < plain.open);
    }
    assert!(
        checked > 300 && removed_by_rules > 10,
        "{checked} maps checked, rules beyond propagation helped on {removed_by_rules}"
    );
}

/// Simon Tatham's Map game IDs (encodings/map/tatham-ids.list, made by Debian's sgt-map): each
/// draws the number of regions its parameters name, is unique (as the game promises), and
/// grades at the difficulty the game generated it for — Easy by propagation alone, Normal
/// needing colour pairs, Hard needing forcing chains (the game's generator makes sure a puzzle
/// is not solvable by the easier level's rules). Unreasonable ones are solved by deduction with
/// probing.
#[test]
fn tatham_map_ids_are_unique_and_grade_at_their_difficulty() {
    use wellposed_engine::deduce::{Deducer, Rule};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../encodings/map/tatham-ids.list");
    let text = std::fs::read_to_string(path).unwrap();
    let mut difficulty = "";
    let mut seen = std::collections::BTreeMap::new();
    for (no, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(d) = line.strip_prefix("difficulty ") {
            difficulty = d;
            continue;
        }
        let m = Map::parse(line, "tatham-ids.list").unwrap();
        let n: usize = line
            .split_once('n')
            .unwrap()
            .1
            .split(':')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(m.regions.len(), n, "line {}", no + 1);
        let Uniqueness::Unique(s) =
            wellposed_engine::every_solver::uniqueness(&m, &Options::default()).unwrap()
        else {
            panic!("line {}: not unique", no + 1);
        };
        let colouring = s.solution::<wellposed_map::Colouring>().unwrap().clone();
        m.verify(&colouring).unwrap();
        for &(r, c) in &m.givens {
            assert_eq!(colouring.colour[r], c, "line {}: a given is kept", no + 1);
        }
        let enc = m.cnf();
        let d = Deducer::new(&enc)
            .with_rules(m.deduction_rules())
            .deduce(Rule::Probe);
        assert!(d.solved, "line {}", no + 1);
        let want = match difficulty {
            "easy" => Some(Rule::Propagation),
            "normal" => Some(Rule::Family("colour-pair", 3)),
            "hard" => Some(Rule::Family("forcing-chain", 4)),
            _ => d.hardest,
        };
        assert_eq!(d.hardest, want, "line {} ({difficulty})", no + 1);
        *seen.entry(difficulty.to_string()).or_insert(0) += 1;
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}

/// `generate map --difficulty`: Tatham-sized maps (20×15, 30 regions) at Easy, Normal and Hard
/// are unique, graded at exactly that rule, and minimal for it: removing any given leaves
/// several colourings or a map that deduction up to that rule no longer solves.
#[test]
fn generated_maps_grade_at_the_difficulty_asked() {
    use wellposed_engine::deduce::{Deducer, Rule};
    use wellposed_map::generate;
    let grade = |m: &Map, max: Rule| {
        let enc = m.cnf();
        Deducer::new(&enc)
            .with_rules(m.deduction_rules())
            .deduce(max)
    };
    for max in [
        Rule::Propagation,
        Rule::Family("colour-pair", 3),
        Rule::Family("forcing-chain", 4),
    ] {
        for seed in 1..=2 {
            let g =
                generate::generate(20, 15, 30, 4, seed, &Options::default(), Some(max)).unwrap();
            let m = &g.map;
            assert!(matches!(
                wellposed_engine::every_solver::uniqueness(m, &Options::default()).unwrap(),
                Uniqueness::Unique(_)
            ));
            let d = grade(m, Rule::Probe);
            assert!(d.solved && d.hardest == Some(max), "{max:?}, seed {seed}");
            for i in 0..m.givens.len() {
                let mut less = m.clone();
                less.givens.remove(i);
                assert!(
                    count(&less) > 1 || !grade(&less, max).solved,
                    "{max:?}, seed {seed}: given {i} is not needed"
                );
            }
        }
    }
}
