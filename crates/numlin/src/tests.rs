use super::*;
use wellposed_engine::{count, uniqueness, Counting, Options, Uniqueness, Xorshift};

const PZPRJS: &str = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3";

/// pzprjs's published answer to its test puzzle (test/script/numlin.js, the last board of its
/// list): its border lines, the segments between horizontal neighbours row by row, then those
/// between vertical neighbours (`1` a line, `-1` a cross, `0` nothing).
const PZPRJS_ANSWER: &str = "1 -1 1 1 /0 -1 0 0 /0 -1 -1 0 /0 -1 -1 0 /1 1 -1 1 /\
                             0 1 1 0 1 /1 1 1 1 1 /1 1 1 1 1 /1 0 1 1 0 /";

fn published() -> Vec<bool> {
    PZPRJS_ANSWER
        .split(|c: char| c == '/' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(|t| t == "1")
        .collect()
}

fn count_of(p: &Numlin, counting: Counting) -> u64 {
    let opts = Options {
        counting,
        ..Options::default()
    };
    count(p, &opts, None).unwrap().to_u64().unwrap()
}

#[test]
fn the_pzprjs_url_reads_writes_back_and_solves_to_its_answer() {
    let mut p = Numlin::parse(PZPRJS, "test").unwrap();
    assert_eq!((p.rows, p.cols, p.rule), (5, 5, Cover::PathsOnly));
    assert_eq!(p.cells[0], Some(1));
    assert_eq!(p.cells[24], Some(3));
    assert_eq!(p.url().unwrap(), PZPRJS);
    // The published answer keeps the rules (it uses every cell).
    let answer = published();
    assert_eq!(answer.len(), p.segments().len());
    p.check(&answer).unwrap();
    // Unique under both rules, and the answer is the published one.
    for rule in [Cover::PathsOnly, Cover::AllCells] {
        p.rule = rule;
        match uniqueness(&p, &Options::default()).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.solution::<Links>().unwrap().on, answer),
            other => panic!("expected unique, found {}", other.status()),
        }
        assert_eq!(count_of(&p, Counting::Counter), 1);
    }
}

/// Every assignment of the segments, checked by the rules alone.
fn brute_force(p: &Numlin) -> u64 {
    let m = p.segments().len();
    assert!(m <= 22);
    // Each cell's segments as a bit mask: a quick look at the degrees first (a number meets
    // one segment, any other cell none or two), the rules themselves on what passes.
    let segs = p.segments();
    let mut at = vec![0u32; p.cells.len()];
    for (k, &(a, b)) in segs.iter().enumerate() {
        at[a] |= 1 << k;
        at[b] |= 1 << k;
    }
    let degrees_fit = |mask: u32| {
        at.iter().zip(&p.cells).all(|(&s, c)| {
            let d = (mask & s).count_ones();
            if c.is_some() {
                d == 1
            } else {
                d == 0 || d == 2
            }
        })
    };
    (0u32..1 << m)
        .filter(|&mask| degrees_fit(mask))
        .filter(|mask| {
            let on: Vec<bool> = (0..m).map(|k| mask >> k & 1 == 1).collect();
            p.check(&on).is_ok()
        })
        .count() as u64
}

/// A random tiny board: 1–3 numbers, each on two random cells (sometimes one or three).
fn random_tiny(rng: &mut Xorshift) -> Numlin {
    let shapes = [(2, 3), (3, 3), (2, 4), (2, 5), (3, 4)];
    let (rows, cols) = shapes[rng.below(shapes.len() as u64) as usize];
    let rule = if rng.below(2) == 0 {
        Cover::PathsOnly
    } else {
        Cover::AllCells
    };
    let mut p = Numlin::empty(rows, cols, rule);
    let n = rows * cols;
    for label in 1..=1 + rng.below(3) as u32 {
        let copies = match rng.below(10) {
            0 => 1,
            1 => 3,
            _ => 2,
        };
        for _ in 0..copies {
            let k = rng.below(n as u64) as usize;
            p.cells[k] = Some(label);
        }
    }
    p
}

#[test]
fn counts_agree_with_brute_force_on_tiny_boards() {
    let mut rng = Xorshift(0x5eed_1234_abcd_0001);
    let mut solvable = 0;
    for round in 0..120 {
        let p = random_tiny(&mut rng);
        let want = brute_force(&p);
        solvable += usize::from(want > 0);
        let text = p.to_text();
        assert_eq!(
            count_of(&p, Counting::Blocking),
            want,
            "round {round}\n{text}"
        );
        assert_eq!(
            count_of(&p, Counting::Counter),
            want,
            "round {round}\n{text}"
        );
    }
    assert!(solvable > 20, "too few solvable boards drawn: {solvable}");
}

/// The uniqueness question (reduced under `paths-only` to the solutions without U-turns, then
/// a detour looked for: `Family::reduced_for_uniqueness`) against brute force: none, unique
/// or multiple as the count of every assignment says, on random tiny boards of both rules,
/// and the two witnesses of "multiple" are different solutions by the rules.
#[test]
fn uniqueness_agrees_with_brute_force_on_tiny_boards() {
    let mut rng = Xorshift(0x5eed_1234_abcd_0002);
    let mut seen = [0usize; 3];
    for round in 0..200 {
        let mut p = random_tiny(&mut rng);
        if round % 2 == 0 {
            // More numbers: unique boards are rarer among the tiny ones.
            for label in 4..=5 {
                for _ in 0..2 {
                    let k = rng.below(p.cells.len() as u64) as usize;
                    p.cells[k] = Some(label);
                }
            }
        }
        let want = brute_force(&p).min(2) as usize;
        seen[want] += 1;
        let text = p.to_text();
        match uniqueness(&p, &Options::default()).unwrap() {
            Uniqueness::None => assert_eq!(want, 0, "round {round}\n{text}"),
            Uniqueness::Unique(_) => assert_eq!(want, 1, "round {round}\n{text}"),
            Uniqueness::Multiple(a, b) => {
                assert_eq!(want, 2, "round {round}\n{text}");
                let [a, b] = [a, b].map(|s| s.solution::<Links>().unwrap().on.clone());
                assert_ne!(a, b, "round {round}\n{text}");
                for on in [a, b] {
                    assert!(p.check(&on).is_ok(), "round {round}\n{text}");
                }
            }
        }
    }
    assert!(
        seen.iter().all(|&k| k >= 5),
        "too few of some answer: {seen:?}"
    );
}

/// The reduced question's gap rules (the `reduce` module) need room: 3 × 5 boards (22
/// segments, every assignment) with two or three pairs, paths-only, against brute force.
#[test]
fn uniqueness_agrees_with_brute_force_on_3_by_5_boards() {
    let mut rng = Xorshift(0x5eed_1234_abcd_0003);
    let mut seen = [0usize; 3];
    for round in 0..40 {
        let mut p = Numlin::empty(3, 5, Cover::PathsOnly);
        for label in 1..=2 + rng.below(2) as u32 {
            for _ in 0..2 {
                let k = rng.below(15) as usize;
                p.cells[k] = Some(label);
            }
        }
        let want = brute_force(&p).min(2) as usize;
        seen[want] += 1;
        let text = p.to_text();
        let got = match uniqueness(&p, &Options::default()).unwrap() {
            Uniqueness::None => 0,
            Uniqueness::Unique(_) => 1,
            Uniqueness::Multiple(a, b) => {
                let [a, b] = [a, b].map(|s| s.solution::<Links>().unwrap().on.clone());
                assert_ne!(a, b, "round {round}\n{text}");
                assert!(
                    p.check(&a).is_ok() && p.check(&b).is_ok(),
                    "round {round}\n{text}"
                );
                2
            }
        };
        assert_eq!(got, want, "round {round}\n{text}");
    }
    assert!(seen[2] > 0, "no board with several solutions: {seen:?}");
}

/// A detour beside a path and its shortcut undo each other.
#[test]
fn a_detour_and_its_shortcut_undo_each_other() {
    // 1 . 1 on a 2×3 board: the straight path has a detour through the row below.
    let mut p = Numlin::empty(2, 3, Cover::PathsOnly);
    p.cells[0] = Some(1);
    p.cells[2] = Some(1);
    let mut on = vec![false; p.segments().len()];
    on[p.seg_index(0, 1)] = true;
    on[p.seg_index(1, 2)] = true;
    assert!(p.check(&on).is_ok());
    assert_eq!(p.shortcut(&on), None);
    let round = p.detour(&on).expect("a detour");
    assert!(p.check(&round).is_ok());
    assert_eq!(p.shortcut(&round), Some(on.clone()));
    assert_eq!(brute_force(&p), 4);
}

/// Paths between opposite corners of an n × n grid with nothing else on it: self-avoiding rook
/// paths, OEIS A007764 (1, 2, 12, 184, 8512, …); with every cell used, Hamiltonian paths
/// between opposite corners, OEIS A001184 for odd n (1, 2, 104, …) and none for even n.
#[test]
fn corner_to_corner_counts_match_oeis() {
    for (n, paths, hamiltonian) in [(2, 2, 0), (3, 12, 2), (4, 184, 0), (5, 8512, 104)] {
        let mut p = Numlin::empty(n, n, Cover::PathsOnly);
        p.cells[0] = Some(1);
        p.cells[n * n - 1] = Some(1);
        assert_eq!(count_of(&p, Counting::Auto), paths, "{n}×{n} paths");
        p.rule = Cover::AllCells;
        assert_eq!(
            count_of(&p, Counting::Auto),
            hamiltonian,
            "{n}×{n} all cells"
        );
    }
}

#[test]
fn one_hot_and_binary_colours_count_alike() {
    let mut rng = Xorshift(77);
    for _ in 0..30 {
        let p = random_tiny(&mut rng);
        let want = brute_force(&p);
        let enc = p
            .cnf_with(wellposed_engine::sat::Choices::default(), true)
            .completed();
        let raw = wellposed_engine::RawCnf {
            cnf: enc.cnf,
            show: Some(enc.answer),
        };
        let opts = Options {
            counting: Counting::Counter,
            ..Options::default()
        };
        let counted = count(&raw, &opts, None).unwrap().to_u64().unwrap();
        assert_eq!(counted, want, "{}", p.to_text());
    }
}

#[test]
fn the_document_round_trips_and_errors_name_the_line() {
    let text = "family numlin\nsize 2 3\nrule all-cells\ngrid\n1 . 2\n1 . 2\n";
    let p = Numlin::parse(text, "t").unwrap();
    assert_eq!(p.rule, Cover::AllCells);
    assert_eq!(Numlin::parse(&p.to_text(), "t").unwrap(), p);
    assert!(p.url().is_none(), "a numlin URL means paths-only");
    wellposed_engine::assert_parse_errors::<Numlin>(&[
        (
            "family numlin\nsize 2 2\ngrid\n1 .\n. 1 3\n",
            5,
            "expected 2 cells",
        ),
        (
            "family numlin\nsize 2 2\ngrid\n1 x\n. 1\n",
            4,
            "expected `.` or a number",
        ),
        (
            "family numlin\nsize 2 2\ngrid\n0 .\n. 1\n",
            4,
            "expected `.` or a number",
        ),
        (
            "family numlin\nsize 2 2\nrule some\ngrid\n1 .\n. 1\n",
            3,
            "paths-only",
        ),
        ("family numlin\nsize 200 200\ngrid\n", 2, "cells"),
        ("https://puzz.link/p?numlin/3/3/1.1", 1, "not given"),
        ("https://puzz.link/p?numlin/3/3/1!", 1, "unexpected"),
        ("https://puzz.link/p?numlin/500/500/1", 1, "cells"),
    ]);
}

#[test]
fn a_wrong_solution_is_refused_by_the_rules() {
    let p = Numlin::parse("family numlin\nsize 2 2\ngrid\n1 2\n1 2\n", "t").unwrap();
    // Segments: (0,1) (2,3) across, then (0,2) (1,3) down.
    assert!(p.check(&[false, false, true, true]).is_ok());
    assert!(p
        .check(&[true, true, false, false])
        .unwrap_err()
        .contains("joins"));
    assert!(p.check(&[false; 4]).unwrap_err().contains("no line"));
    let q = Numlin::parse("family numlin\nsize 3 3\ngrid\n1 . .\n. . .\n1 . .\n", "t").unwrap();
    // A detached 2 × 2 loop beside the path is refused.
    let mut on = vec![false; q.segments().len()];
    for (a, b) in [(0, 3), (3, 6), (1, 2), (4, 5), (1, 4), (2, 5)] {
        on[q.seg_index(a, b)] = true;
    }
    assert!(q.check(&on).unwrap_err().contains("loop"));
}

#[test]
fn the_generator_makes_unique_minimal_puzzles() {
    let opts = Options::default();
    for (seed, rule) in [(1, Cover::PathsOnly), (2, Cover::AllCells)] {
        let (p, s) = generate::generate(5, 6, rule, 11, seed, &opts).unwrap();
        p.verify(&s).unwrap();
        assert!(
            wellposed_engine::proved_unique(&p, &opts),
            "{}",
            p.to_text()
        );
        for x in p.labels() {
            let mut q = p.clone();
            q.cells
                .iter_mut()
                .filter(|c| **c == Some(x))
                .for_each(|c| *c = None);
            assert!(
                !wellposed_engine::proved_unique(&q, &opts),
                "pair {x} could go"
            );
        }
    }
}

#[test]
fn cuts_from_a_solution_split_a_path_in_two() {
    let p = Numlin::parse("family numlin\nsize 1 5\ngrid\n1 . . . 1\n", "t").unwrap();
    let s = match uniqueness(&p, &Options::default()).unwrap() {
        Uniqueness::Unique(s) => s.solution::<Links>().unwrap().clone(),
        other => panic!("{}", other.status()),
    };
    // Only the middle segments leave two cells a side.
    assert_eq!(Family::clues_from(&p, &s).len(), 2);
    let q = Family::with_clues_from(&p, &s, &[0]).unwrap();
    assert_eq!(q.cells, vec![Some(1), Some(1), Some(2), None, Some(2)]);
    let mut on = s.on.clone();
    on[p.seg_index(1, 2)] = false;
    assert!(q.check(&on).is_ok());
}

/// Every URL of the corpus (`encodings/numlin/puzzlink.tsv`) reads and is written back as it
/// came (Kanpen's `numberlink` key as pzprjs's `numlin`).
#[test]
fn the_corpus_urls_read_and_write_back() {
    let text = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../encodings/numlin/puzzlink.tsv"
    ));
    let mut seen = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let url = line.split('\t').next().unwrap();
        let p = Numlin::parse(url, "puzzlink.tsv").unwrap_or_else(|e| panic!("{url}: {e:?}"));
        assert_eq!(p.url().unwrap(), url.replace("?numberlink/", "?numlin/"));
        seen += 1;
    }
    assert!(seen >= 20, "{seen}");
}
