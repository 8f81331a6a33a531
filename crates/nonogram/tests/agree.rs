//! The native search, the SAT path (with and without line solving first) and brute force agree;
//! the survey puzzles and Tatham's IDs solve to their published pictures.

use wellposed_engine::every_solver::rounds;
use wellposed_engine::{Family, Method, Options, Uniqueness, Xorshift};
use wellposed_nonogram::{formats, line, solve, Nonogram};

fn opts(method: Method) -> Options {
    Options {
        method,
        ..Default::default()
    }
}

fn count(p: &Nonogram, method: Method) -> u64 {
    let c = wellposed_engine::every_solver::count(p, &opts(method), None).unwrap();
    assert!(c.complete);
    c.to_u64().unwrap()
}

/// Counts by the plain automaton CNF (no line solving first), by blocking clauses.
fn count_plain_cnf(p: &Nonogram) -> u64 {
    count_cnf(p, false, false)
}

/// Counts by a CNF, by blocking clauses: the automaton or (`compact`) the order encoding of the
/// runs' starts, with or without line solving's units.
fn count_cnf(p: &Nonogram, line_solved: bool, compact: bool) -> u64 {
    let choices = wellposed_engine::sat::Choices {
        phase_hints: false,
        compact,
        ..Default::default()
    };
    let enc = p.cnf_with(line_solved, choices);
    let mut solver = wellposed_engine::sat::VarisatBackend::new();
    use wellposed_engine::sat::{Backend, Lit};
    solver.add_cnf(&enc.cnf);
    let mut n = 0;
    while solver.solve(&[]).unwrap() {
        n += 1;
        let block: Vec<Lit> = enc
            .answer
            .iter()
            .map(|&v| Lit::new(v, !solver.value(v)))
            .collect();
        solver.add_clause(&block);
    }
    n
}

fn brute_force(p: &Nonogram) -> u64 {
    let cells = p.width * p.height;
    (0u32..1 << cells)
        .filter(|m| {
            let g: Vec<bool> = (0..cells).map(|k| m >> k & 1 == 1).collect();
            p.check(&g).is_ok()
        })
        .count() as u64
}

fn random_picture(rng: &mut Xorshift, w: usize, h: usize, density: u64) -> Vec<bool> {
    (0..w * h).map(|_| rng.below(100) < density).collect()
}

/// The clues of a random picture: each side `side + below(spread)` cells, each cell black with
/// probability `density + below(density_spread)` percent (drawn in that order).
fn random_puzzle(
    rng: &mut Xorshift,
    side: u64,
    spread: u64,
    density: u64,
    density_spread: u64,
) -> Nonogram {
    let (w, h) = (
        (side + rng.below(spread)) as usize,
        (side + rng.below(spread)) as usize,
    );
    let density = density + rng.below(density_spread);
    Nonogram::from_picture(w, h, &random_picture(rng, w, h, density))
}

#[test]
fn every_path_counts_alike_on_random_small_puzzles() {
    let mut rng = Xorshift(0x2026_1122);
    let mut seen_multiple = 0;
    for round in 0..rounds(1000) {
        let p = random_puzzle(&mut rng, 1, 4, 30, 40);
        let brute = brute_force(&p);
        assert!(brute >= 1, "the picture itself fits its clues");
        assert_eq!(count(&p, Method::Native), brute, "native, round {round}");
        assert_eq!(count(&p, Method::Auto), brute, "auto, round {round}");
        assert_eq!(count(&p, Method::Sat), brute, "SAT, round {round}");
        assert_eq!(count_plain_cnf(&p), brute, "plain CNF, round {round}");
        for line_solved in [false, true] {
            let compact = count_cnf(&p, line_solved, true);
            assert_eq!(
                compact, brute,
                "order encoding {line_solved}, round {round}"
            );
        }
        if brute > 1 {
            seen_multiple += 1;
        }
    }
    assert!(seen_multiple > 20, "{seen_multiple}");
    // Larger pictures, beyond brute force: native = SAT.
    for _ in 0..40 {
        let (w, h) = (5 + rng.below(4) as usize, 5 + rng.below(4) as usize);
        let pic = random_picture(&mut rng, w, h, 50);
        let p = Nonogram::from_picture(w, h, &pic);
        let native = count(&p, Method::Native);
        assert_eq!(native, count(&p, Method::Sat));
        assert_eq!(native, count_cnf(&p, true, true), "order encoding");
    }
}

/// The bounded native search (what `--method auto` tries before CDCL) either gives up or
/// answers exactly as the unbounded one and brute force do, stopping at the third picture,
/// whatever its budget; small budgets do give up.
#[test]
fn the_bounded_native_search_gives_up_or_agrees() {
    let mut rng = Xorshift(0x6e6f_6e6f);
    let (mut gave_up, mut answered) = (0, 0);
    for round in 0..rounds(2000) {
        let p = random_puzzle(&mut rng, 1, 4, 25, 50);
        let brute = brute_force(&p);
        let full = solve::search(&p, 3, 3);
        assert_eq!(full.count, brute.min(3), "round {round}");
        // At exactly three the search may stop with branches left unexplored.
        if brute != 3 {
            assert_eq!(full.complete, brute < 3, "round {round}");
        }
        for budget in [0, 3, 20, 100, u64::MAX] {
            match solve::search_within(&p, 3, 3, budget) {
                None => gave_up += 1,
                Some(found) => {
                    answered += 1;
                    assert_eq!(found.count, full.count, "round {round}, budget {budget}");
                    assert_eq!(found.solutions, full.solutions, "round {round}");
                    for s in &found.solutions {
                        assert!(p.check(s).is_ok());
                    }
                }
            }
        }
    }
    assert!(gave_up > 100 && answered > 1000, "{gave_up} {answered}");
}

/// Probing the plain way, as the reference: try every open cell both ways on a copy of the
/// grid, line solving after each try; keep what a contradiction forces and what both tries
/// agree on; again until a whole pass settles nothing. Returns the fixpoint (None on a
/// contradiction) and the branch cell: the first open cell whose weaker try changes most cells.
fn probe_the_plain_way(
    lines: &solve::Lines,
    mut grid: Vec<line::Options>,
) -> Option<(Vec<line::Options>, Option<usize>)> {
    if !lines.propagate(&mut grid, lines.all()) {
        return None;
    }
    let try_value = |grid: &Vec<line::Options>, cell: usize, value: line::Options| {
        let mut tried = grid.clone();
        tried[cell] = value;
        lines
            .propagate(&mut tried, lines.crossing[cell].to_vec())
            .then_some(tried)
    };
    loop {
        let mut changed = false;
        for cell in 0..grid.len() {
            if grid[cell] != line::EITHER {
                continue;
            }
            match (
                try_value(&grid, cell, line::WHITE),
                try_value(&grid, cell, line::BLACK),
            ) {
                (None, None) => return None,
                (Some(only), None) | (None, Some(only)) => {
                    grid = only;
                    changed = true;
                }
                (Some(white), Some(black)) => {
                    for c in 0..grid.len() {
                        if grid[c] == line::EITHER
                            && white[c] != line::EITHER
                            && white[c] == black[c]
                        {
                            grid[c] = white[c];
                            changed = true;
                        }
                    }
                    if changed && !lines.propagate(&mut grid, lines.all()) {
                        return None;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut best: Option<(usize, usize)> = None;
    for cell in 0..grid.len() {
        if grid[cell] == line::EITHER {
            let moved = |tried: Vec<line::Options>| {
                (0..grid.len()).filter(|&c| tried[c] != grid[c]).count()
            };
            let white = moved(try_value(&grid, cell, line::WHITE).unwrap());
            let black = moved(try_value(&grid, cell, line::BLACK).unwrap());
            let score = white.min(black);
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, cell));
            }
        }
    }
    Some((grid, best.map(|(_, c)| c)))
}

/// The native search's probing (cells in order of promise, quiet probes remembered across the
/// nodes of a search) reaches the plain way's fixpoint and names the same cell to branch on,
/// on random puzzles of up to 14×14, at the root and down a path of branches: the order and
/// the memo change the work, never the answer.
#[test]
fn probing_in_order_of_promise_reaches_the_plain_fixpoint() {
    let mut rng = Xorshift(0x7072_6f62);
    let (mut branched, mut settled_by_probing) = (0, 0);
    for round in 0..rounds(300) {
        let p = random_puzzle(&mut rng, 5, 10, 30, 40);
        let (w, h) = (p.width, p.height);
        let lines = solve::Lines::new(&p);
        // One propagator down the whole path, as the search keeps it.
        let mut propagator = solve::Propagator::new(&lines);
        let mut grid = vec![line::EITHER; w * h];
        for depth in 0.. {
            let reference = probe_the_plain_way(&lines, grid.clone());
            let mut probed = grid.clone();
            let found = propagator.probe_for_branch(&mut probed);
            let Some((fixpoint, branch)) = reference else {
                assert!(found.is_none(), "round {round} depth {depth}");
                break;
            };
            assert_eq!(found, Some(branch), "round {round} depth {depth}");
            assert_eq!(probed, fixpoint, "round {round} depth {depth}");
            let mut line_solved = grid.clone();
            lines.propagate(&mut line_solved, lines.all());
            if line_solved != fixpoint {
                settled_by_probing += 1;
            }
            let Some(cell) = branch else { break };
            branched += 1;
            // Down a random branch: the memo must notice what changed.
            grid = fixpoint;
            grid[cell] = if rng.below(2) == 0 {
                line::WHITE
            } else {
                line::BLACK
            };
        }
    }
    assert!(
        branched > 50 && settled_by_probing > 20,
        "{branched} {settled_by_probing}"
    );
}

/// Olšák's `.g` format: a bundled example reads as its `.non` twin and solves alike, every
/// shared survey puzzle goes to `.g` and back with the same clues, and a file as webpbn
/// exports it (title, colours, `1g`-style runs, an empty line for a blank row) reads right.
#[test]
fn olsak_g_files_read_as_their_non_twins() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../encodings/nonogram");
    let g = std::fs::read_to_string(dir.join("house-8x8.g")).unwrap();
    let non = std::fs::read_to_string(dir.join("house-8x8.non")).unwrap();
    assert!(<Nonogram as Family>::recognises(&g));
    let (pg, pn) = (
        Nonogram::parse(&g, "house-8x8.g").unwrap(),
        Nonogram::parse(&non, "house-8x8.non").unwrap(),
    );
    assert_eq!((&pg.rows, &pg.cols), (&pn.rows, &pn.cols));
    let solved =
        |p: &Nonogram| match wellposed_engine::every_solver::uniqueness(p, &opts(Method::Auto))
            .unwrap()
        {
            Uniqueness::Unique(s) => s.text,
            other => panic!("{}", other.status()),
        };
    assert_eq!(solved(&pg), solved(&pn));
    let text = "webpbn.org #0: test\nCopyright nobody\n#d\n   0:   #FFFFFF   white\n   g:X  #000000   black\n: rows\n1g 1g\n\n3g\n: columns\n1g\n1g 1g\n1g\n";
    let p = Nonogram::parse(text, "t.g").unwrap();
    assert_eq!((p.width, p.height), (3, 3));
    assert_eq!(p.rows, vec![vec![1, 1], vec![], vec![3]]);
    assert_eq!(p.cols, vec![vec![1], vec![1, 1], vec![1]]);
    if let Some(shared) = wellposed_engine::shared_data("nonograms") {
        let mut n = 0;
        for e in std::fs::read_dir(&shared).unwrap() {
            let path = e.unwrap().path();
            if path.extension().is_some_and(|x| x == "non") {
                let p = Nonogram::parse(&std::fs::read_to_string(&path).unwrap(), "s").unwrap();
                let back = formats::parse_olsak(&formats::to_olsak(&p), "back").unwrap();
                assert_eq!((&back.rows, &back.cols), (&p.rows, &p.cols), "{path:?}");
                n += 1;
            }
        }
        assert!(n >= 14, "{n}");
    }
}

#[test]
fn clues_that_no_picture_fits_have_no_solution() {
    // Row sums 1 and 0, column sums 0 and 0: no black cell can be placed.
    let p = Nonogram::parse_any("2x2:0/0/1/0", "test").unwrap();
    for m in [Method::Native, Method::Sat] {
        assert!(matches!(
            wellposed_engine::every_solver::uniqueness(&p, &opts(m)).unwrap(),
            Uniqueness::None
        ));
    }
    assert_eq!(count_plain_cnf(&p), 0);
    assert_eq!(count_cnf(&p, false, true), 0, "order encoding");
    // A run longer than its line (the parsers refuse it; built directly): no start fits,
    // in either encoding.
    let p = Nonogram {
        width: 2,
        height: 2,
        rows: vec![vec![3], vec![]],
        cols: vec![vec![1], vec![1]],
        goal: None,
    };
    assert_eq!(count_plain_cnf(&p), 0);
    assert_eq!(count_cnf(&p, false, true), 0, "order encoding");
}

#[test]
fn a_checkerboard_patch_gives_two_witnesses() {
    // A 2×2 checkerboard inside a frame of white: both diagonals fit every clue.
    let text = "family nonogram\nwidth 4\nheight 4\nrows\n0\n1\n1\n0\ncolumns\n0\n1\n1\n0\n";
    let p = Nonogram::parse_any(text, "test").unwrap();
    for m in [Method::Native, Method::Sat] {
        match wellposed_engine::every_solver::uniqueness(&p, &opts(m)).unwrap() {
            Uniqueness::Multiple(a, b) => assert_ne!(a.text, b.text),
            other => panic!("expected multiple, got {}", other.status()),
        }
    }
    assert_eq!(count(&p, Method::Sat), 2);
}

/// shared/data/nonograms/ANSWERS.md: every webpbn puzzle there is unique and its solution is
/// its `goal` (Jan Wolter's sample set); Knotty and Faase are left out (not settled).
#[test]
fn survey_puzzles_solve_uniquely_to_their_goals() {
    let Some(dir) = wellposed_engine::shared_data("nonograms") else {
        return;
    };
    let mut checked = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.starts_with("webpbn-") || !name.ends_with(".non") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let p = Nonogram::parse(&text, &name).unwrap();
        let goal = p.goal.clone().expect("survey files carry their goal");
        match wellposed_engine::every_solver::uniqueness(&p, &opts(Method::Auto)).unwrap() {
            Uniqueness::Unique(s) => {
                let want = p.render(&wellposed_nonogram::Picture::new(p.width, goal));
                assert_eq!(s.text, want, "{name}");
            }
            other => panic!("{name}: {}", other.status()),
        }
        checked += 1;
    }
    assert_eq!(checked, 12);
}

/// `--method auto` tries the native search briefly, then CDCL briefly (no phase hints, a
/// bounded number of conflicts a solve), then the native search in full. Forever
/// (webpbn-06574: 271 native nodes, a small CNF) passes the brief native budget but not the
/// full one; the brief CDCL try answers it, and with every solve bounded to one conflict that
/// try gives up and the full native try answers: unique with its goal each time. The CNF path
/// alone, under the same bound, gives up.
#[test]
fn auto_answers_forever_by_each_of_its_tries() {
    let Some(dir) = wellposed_engine::shared_data("nonograms") else {
        return;
    };
    let cadical = wellposed_engine::SolverChoice::Cadical;
    if !wellposed_engine::SolverChoice::built_in().contains(&cadical) {
        return;
    }
    let name = "webpbn-06574.non";
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let p = Nonogram::parse(&text, name).unwrap();
    let cells = (p.width * p.height) as u64;
    let brief = wellposed_nonogram::NATIVE_BRIEF_WORK * cells;
    let full = wellposed_nonogram::NATIVE_FIRST_WORK * cells;
    assert!(solve::search_within(&p, 2, 2, brief).is_none());
    assert!(solve::search_within(&p, 2, 2, full).is_some());
    assert!(
        p.cnf_is_small(),
        "a CNF small enough for the brief CDCL try"
    );
    let want = p.render(&wellposed_nonogram::Picture::new(
        p.width,
        p.goal.clone().expect("a goal"),
    ));
    let bounded = |method, conflicts| Options {
        solver: cadical.clone(),
        limits: wellposed_engine::sat::Limits {
            conflicts,
            deadline: None,
        },
        ..opts(method)
    };
    for conflicts in [None, Some(1)] {
        match wellposed_engine::uniqueness(&p, &bounded(Method::Auto, conflicts)).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.text, want, "{conflicts:?}"),
            other => panic!("{conflicts:?}: {}", other.status()),
        }
    }
    let cnf_alone = wellposed_engine::uniqueness(&p, &bounded(Method::Sat, Some(1)));
    assert!(
        cnf_alone.is_err(),
        "one conflict a solve is too few for the CNF"
    );
    // What the brief CDCL try is: within its bound, it answers, on the compact encoding it
    // uses and on the automaton.
    for compact in [true, false] {
        let mut brief = bounded(Method::Sat, Some(wellposed_engine::BRIEF_CONFLICTS));
        brief.choices.phase_hints = false;
        brief.choices.compact = compact;
        match wellposed_engine::uniqueness(&p, &brief).unwrap() {
            Uniqueness::Unique(s) => assert_eq!(s.text, want, "compact {compact}"),
            other => panic!("compact {compact}: {}", other.status()),
        }
    }
}

/// `--method auto`'s three tries (brief native, brief CDCL, full native) answer "none, one or
/// several" as the unbounded native search does, on random pictures large enough for some to
/// pass the brief native budget with a CNF small enough for the brief CDCL try (the test
/// counts them, so that the middle try is exercised); every witness fits the clues.
#[test]
fn auto_tries_answer_as_the_native_search_does() {
    let cadical = wellposed_engine::SolverChoice::Cadical;
    if !wellposed_engine::SolverChoice::built_in().contains(&cadical) {
        return;
    }
    let o = Options {
        solver: cadical,
        ..opts(Method::Auto)
    };
    let mut rng = Xorshift(0x7a1e_2026);
    let mut past_brief = 0;
    for round in 0..rounds(150) {
        let p = random_puzzle(&mut rng, 12, 9, 35, 15);
        let brief = wellposed_nonogram::NATIVE_BRIEF_WORK * (p.width * p.height) as u64;
        if solve::search_within(&p, 2, 2, brief).is_none() && p.cnf_is_small() {
            past_brief += 1;
        }
        let native = solve::search(&p, 2, 2);
        let auto = wellposed_engine::uniqueness(&p, &o).unwrap();
        let status = match native.count {
            0 => "none",
            1 => "unique",
            _ => "multiple",
        };
        assert_eq!(auto.status(), status, "round {round}");
        match auto {
            Uniqueness::Unique(s) => assert_eq!(
                s.text,
                p.render(&wellposed_nonogram::Picture::new(
                    p.width,
                    native.solutions[0].clone()
                )),
                "round {round}"
            ),
            Uniqueness::Multiple(a, b) => assert_ne!(a.text, b.text, "round {round}"),
            Uniqueness::None => {}
        }
    }
    assert!(
        past_brief >= 30,
        "the brief CDCL try was tried {past_brief} times"
    );
}

/// The CNF's variables counted without building it (what decides whether `--method auto`
/// makes a brief CDCL try) are the variables the encoding builds: on random puzzles of every
/// shape up to 12×12, clues that no line fits included, and on the shared survey puzzles.
#[test]
fn cnf_variables_are_counted_as_built() {
    let mut rng = Xorshift(0x5eed_cafe);
    for round in 0..rounds(400) {
        let mut p = random_puzzle(&mut rng, 1, 12, 10, 80);
        if round % 7 == 0 {
            // A clue longer than its line: no automaton for it.
            p.rows[0] = vec![p.width + 1];
        }
        assert_eq!(
            p.cnf_variables(),
            p.cnf(false).cnf.num_vars() as usize,
            "round {round}"
        );
    }
    if let Some(dir) = wellposed_engine::shared_data("nonograms") {
        for id in [6574, 803, 1611] {
            let name = format!("webpbn-{id:05}.non");
            let text = std::fs::read_to_string(dir.join(&name)).unwrap();
            let p = Nonogram::parse(&text, &name).unwrap();
            assert_eq!(
                p.cnf_variables(),
                p.cnf(false).cnf.num_vars() as usize,
                "{name}"
            );
        }
    }
}

/// Asking "is the goal the only picture?" (the file's intended solution, then one solve that
/// excludes it) answers as the search from scratch does: unique with the goal for every survey
/// puzzle, on both built-in solvers.
#[test]
fn the_intended_goal_answers_uniqueness_as_search_does() {
    let Some(dir) = wellposed_engine::shared_data("nonograms") else {
        return;
    };
    for id in [6, 65, 436, 803, 6574] {
        let name = format!("webpbn-{id:05}.non");
        let text = std::fs::read_to_string(dir.join(&name)).unwrap();
        let p = Nonogram::parse(&text, &name).unwrap();
        let searched = wellposed_engine::uniqueness(&p, &opts(Method::Sat)).unwrap();
        for solver in wellposed_engine::SolverChoice::built_in() {
            let o = Options {
                solver,
                ..opts(Method::Sat)
            };
            let given = wellposed_engine::uniqueness_of_intended(&p, &o)
                .unwrap()
                .expect("the goal meets the clues");
            assert_eq!(given.status(), searched.status(), "{name}");
            match (&given, &searched) {
                (Uniqueness::Unique(a), Uniqueness::Unique(b)) => assert_eq!(a.text, b.text),
                _ => panic!("{name}: {}", given.status()),
            }
        }
    }
}

/// A goal whose clues allow other pictures (the native search says so too) is reported with a
/// second witness; a goal that breaks its clues is no answer (the caller searches instead).
#[test]
fn an_intended_goal_with_a_twin_is_reported_with_it() {
    let (w, h) = (4, 4);
    let cells: Vec<bool> = ["#.#.", ".#..", "....", "..##"]
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '#').collect::<Vec<_>>())
        .collect();
    let p = Nonogram::from_picture(w, h, &cells);
    let native = wellposed_engine::uniqueness(&p, &opts(Method::Native)).unwrap();
    assert_eq!(native.status(), "multiple");
    match wellposed_engine::uniqueness_of_intended(&p, &opts(Method::Sat)).unwrap() {
        Some(Uniqueness::Multiple(a, b)) => {
            assert_eq!(
                a.text,
                p.render(&wellposed_nonogram::Picture::new(w, cells.clone()))
            );
            assert_ne!(a.text, b.text);
        }
        other => panic!("{:?}", other.map(|u| u.status())),
    }
    let mut wrong = p.clone();
    wrong.goal = Some(vec![false; w * h]);
    assert!(
        wellposed_engine::uniqueness_of_intended(&wrong, &opts(Method::Sat))
            .unwrap()
            .is_none()
    );
    // Native search has no use for the goal.
    assert!(
        wellposed_engine::uniqueness_of_intended(&p, &opts(Method::Native))
            .unwrap()
            .is_none()
    );
}

/// The cells of a picture as the engine renders it (`#` black), row-major.
fn picture(text: &str) -> Vec<bool> {
    text.lines()
        .flat_map(|r| r.chars().map(|c| c == '#').collect::<Vec<_>>())
        .collect()
}

/// Knotty and Faase (Wolter's sample set; ANSWERS.md: "uniqueness not settled") are not
/// unique: with the goal excluded, both built-in solvers find another picture at once, and
/// both pictures pass the rule checker here, independently of the engine.
#[test]
fn knotty_and_faase_have_a_second_picture() {
    let Some(dir) = wellposed_engine::shared_data("nonograms") else {
        return;
    };
    for name in ["knotty.non", "faase.non"] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let p = Nonogram::parse(&text, name).unwrap();
        for solver in wellposed_engine::SolverChoice::built_in() {
            let o = Options {
                solver,
                ..opts(Method::Sat)
            };
            let Some(Uniqueness::Multiple(a, b)) =
                wellposed_engine::uniqueness_of_intended(&p, &o).unwrap()
            else {
                panic!("{name}: expected two pictures");
            };
            let (first, second) = (picture(&a.text), picture(&b.text));
            assert_eq!(Some(&first), p.goal.as_ref(), "{name}");
            assert_eq!(p.check(&second), Ok(()), "{name}");
            assert_ne!(first, second, "{name}");
        }
    }
}

/// Knotty searched from scratch (its goal dropped), the default way: the CNF's phase hints
/// from belief-guided decimation lead CDCL to a picture, and the answer is "several", both
/// pictures passing the rule checker. Before the hints, CDCL ran 15 minutes without a first
/// picture and the native search (probing at every node) more than 60 s. CaDiCaL, as the
/// command line's `--backend auto` takes: varisat cannot be given phases.
#[test]
fn knotty_is_decided_from_scratch() {
    let Some(dir) = wellposed_engine::shared_data("nonograms") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("knotty.non")).unwrap();
    let mut p = Nonogram::parse(&text, "knotty.non").unwrap();
    p.goal = None;
    let o = Options {
        solver: wellposed_engine::SolverChoice::Cadical,
        ..opts(Method::Auto)
    };
    let Uniqueness::Multiple(a, b) = wellposed_engine::uniqueness(&p, &o).unwrap() else {
        panic!("Knotty has more than one picture");
    };
    let (first, second) = (picture(&a.text), picture(&b.text));
    assert_eq!(p.check(&first), Ok(()));
    assert_eq!(p.check(&second), Ok(()));
    assert_ne!(first, second);
}

/// Belief-guided decimation alone completes Knotty: every cell settled, and the grid it
/// reaches is a picture that fits every clue (checked by the rules, not by decimation).
#[test]
fn decimation_completes_knotty_to_a_picture() {
    let Some(dir) = wellposed_engine::shared_data("nonograms") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("knotty.non")).unwrap();
    let p = Nonogram::parse(&text, "knotty.non").unwrap();
    let lines = solve::Lines::new(&p);
    let grid = vec![line::EITHER; p.width * p.height];
    let (beliefs, complete) =
        wellposed_nonogram::belief::decimate(&lines, &grid, &Default::default(), u64::MAX).unwrap();
    assert!(complete);
    let picture: Vec<bool> = beliefs.black.iter().map(|&b| b > 0.5).collect();
    assert!(beliefs.black.iter().all(|&b| b == 0.0 || b == 1.0));
    assert_eq!(p.check(&picture), Ok(()));
}

/// Line-solvable puzzles per ANSWERS.md (Dancer 1, Cat 6, Skid 21, Knot 16, Swing 529): line
/// solving alone settles every cell; the others need more (probing or search).
#[test]
fn line_solving_alone_settles_exactly_the_line_solvable_ones() {
    let Some(dir) = wellposed_engine::shared_data("nonograms") else {
        return;
    };
    for (id, solvable) in [
        (1, true),
        (6, true),
        (21, true),
        (16, true),
        (529, true),
        (23, false),
        (65, false),
        (436, false),
    ] {
        let path = dir.join(format!("webpbn-{id:05}.non"));
        let text = std::fs::read_to_string(&path).unwrap();
        let p = Nonogram::parse(&text, "test").unwrap();
        let lines = solve::Lines::new(&p);
        let mut grid = vec![line::EITHER; p.width * p.height];
        assert!(lines.propagate(&mut grid, lines.all()));
        let open = grid.iter().filter(|&&o| o == line::EITHER).count();
        assert_eq!(open == 0, solvable, "#{id}: {open} open");
        if solvable {
            let black: Vec<bool> = grid.iter().map(|&o| o == line::BLACK).collect();
            assert_eq!(Some(black), p.goal, "#{id}");
        }
    }
}

/// shared/data/tatham/ANSWERS.md: all six Pattern IDs are unique, with the clues of their
/// `.non` copies; `4x4:2/1/2/1/1.1/2/1/1` is not solvable by line logic alone.
#[test]
fn tatham_pattern_ids_solve_to_their_copies() {
    let Some(dir) = wellposed_engine::shared_data("tatham") else {
        return;
    };
    let ids = std::fs::read_to_string(dir.join("pattern_ids.txt")).unwrap();
    let mut checked = 0;
    for l in ids
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = l.split_whitespace();
        let (tag, id) = (parts.next().unwrap(), parts.next().unwrap());
        let p = Nonogram::parse_any(id, tag).unwrap();
        assert_eq!(formats::game_id(&p), id, "round trip");
        let copy = std::fs::read_to_string(dir.join(format!("{tag}.non"))).unwrap();
        let c = Nonogram::parse_any(&copy, tag).unwrap();
        assert_eq!((&p.rows, &p.cols), (&c.rows, &c.cols), "{tag}: same clues");
        // ANSWERS.md says the copies carry a `goal`; they do not (checked 2026-11-22), so
        // the ID and its copy are solved separately and must agree.
        let unique =
            |q: &Nonogram| match wellposed_engine::every_solver::uniqueness(q, &opts(Method::Auto))
                .unwrap()
            {
                Uniqueness::Unique(s) => s.text,
                other => panic!("{tag}: {}", other.status()),
            };
        assert_eq!(unique(&p), unique(&c), "{tag}");
        let lines = solve::Lines::new(&p);
        let mut grid = vec![line::EITHER; p.width * p.height];
        lines.propagate(&mut grid, lines.all());
        let open = grid.iter().filter(|&&o| o == line::EITHER).count();
        if tag == "pattern.c_comment" {
            assert!(open > 0, "not line-solvable");
            assert!(lines.probe(&mut grid));
            assert_eq!(grid.iter().filter(|&&o| o == line::EITHER).count(), 0);
        }
        checked += 1;
    }
    assert_eq!(checked, 6);
}

#[test]
fn bad_input_names_the_line() {
    let cases = [
        (
            "family nonogram\nwidth 3\nheight 2\nrows\n1\n1,x\ncolumns\n1\n1\n0\n",
            6,
            "run lengths",
        ),
        (
            "family nonogram\nwidth 3\nheight 2\nrows\n1\ncolumns\n1\n1\n0\n",
            4,
            "expected 2 clues",
        ),
        (
            "family nonogram\nwidth 3\nheight 2\nrows\n4\n1\ncolumns\n1\n1\n0\n",
            5,
            "need 4 cells",
        ),
        (
            "family nonogram\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n0\n",
            9,
            "`width`",
        ),
        (
            "width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"101\"\n",
            8,
            "`goal`",
        ),
        ("3x2:1/1/1/1", 1, "expected 5 clues"),
        // Olšák `.g`: a second colour, an unknown directive, a bad run, a run too long.
        (
            "#d\n0: #FFFFFF white\ng:X #000000 black\nr:R #FF0000 red\n: rows\n1g\n: columns\n1r\n",
            1,
            "multicolour",
        ),
        ("t\n#x\n: rows\n1\n: columns\n1\n", 2, "`#d`"),
        (
            "#d\n0: #FFFFFF white\ng:X #000000 black\n: rows\n1g\nxg\n: columns\n1g\n",
            6,
            "`xg`",
        ),
        (
            "#d\n0: #FFFFFF white\ng:X #000000 black\n: rows\n2g\n: columns\n1g\n",
            5,
            "need 2 cells",
        ),
        (
            "#d\n0: #FFFFFF white\ng:X #000000 black\n: rows\n1g\n",
            5,
            "`: columns`",
        ),
        ("3x2:1/1/4/1/1", 1, "column 3"),
        ("0x2:1/1", 1, "WxH"),
    ];
    wellposed_engine::assert_parse_errors::<Nonogram>(&cases);
    // Absurd sizes are refused up front (a 500×500 grid of 250 runs a line).
    let runs = vec!["1"; 250].join(",");
    let lines = vec![runs.as_str(); 500].join("\n");
    let big = format!("family nonogram\nwidth 500\nheight 500\nrows\n{lines}\ncolumns\n{lines}\n");
    let e = Nonogram::parse(&big, "big").unwrap_err();
    assert!(e.message.contains("line states"), "{e}");
}

/// The incremental backbone equals what all enumerated solutions agree on.
#[test]
fn deducible_cells_are_those_all_solutions_share() {
    let mut rng = Xorshift(0xded0ce);
    let mut partial = 0;
    for _ in 0..120 {
        let (w, h) = (2 + rng.below(4) as usize, 2 + rng.below(4) as usize);
        let pic = random_picture(&mut rng, w, h, 45);
        let p = Nonogram::from_picture(w, h, &pic);
        let mut all: Vec<Vec<bool>> = Vec::new();
        wellposed_engine::enumerate(&p, &opts(Method::Sat), None, |s| {
            all.push(
                s.text
                    .chars()
                    .filter(|c| *c != '\n')
                    .map(|c| c == '#')
                    .collect(),
            );
            std::ops::ControlFlow::Continue(())
        })
        .unwrap();
        let b = wellposed_engine::backbone(&p, &Options::default())
            .unwrap()
            .expect("the picture fits");
        let want: Vec<Option<bool>> = (0..w * h)
            .map(|k| {
                let v = all[0][k];
                all.iter().all(|s| s[k] == v).then_some(v)
            })
            .collect();
        assert_eq!(b.fixed, want);
        if want.iter().any(|f| f.is_none()) {
            partial += 1;
        }
    }
    assert!(partial > 10, "{partial} puzzles with open cells");
}

/// The CNF for solving carries a phase hint for every cell of a puzzle line solving leaves
/// open, held at every decision, on the order encoding; with `phase_hints` off (how `export`
/// asks: DIMACS has no phases) it carries none, and asked for the order encoding
/// (`--compact-encoding`) its clauses are the same: what `export --compact-encoding` writes
/// is what `solve` searches.
#[test]
fn phase_hints_only_when_asked_and_never_in_the_clauses() {
    let p = Nonogram::from_picture(
        4,
        4,
        &[
            true, false, false, false, //
            false, true, false, false, //
            false, false, true, true, //
            false, false, true, true,
        ],
    );
    let choices = wellposed_engine::sat::Choices::default();
    let hinted = p.cnf_with(true, choices);
    let plain = p.cnf_with(
        true,
        wellposed_engine::sat::Choices {
            phase_hints: false,
            compact: true,
            ..choices
        },
    );
    assert!(plain.cnf.preferred().is_empty());
    assert!(hinted.cnf.insists_on_preferred());
    assert!(!plain.cnf.insists_on_preferred());
    let hinted_cells = hinted
        .cnf
        .preferred()
        .iter()
        .filter(|l| hinted.answer.contains(&l.var()))
        .count();
    assert_eq!(hinted_cells, 16);
    assert_eq!(hinted.cnf.clauses(), plain.cnf.clauses());
}

/// The order encoding grows with a line's runs times its cells: a line of 3,000 cells with
/// a thousand runs of one takes some six million clauses. Under a small memory budget the
/// builder stops and says so, and the engine refuses the formula.
#[test]
fn the_compact_encoding_stops_at_the_memory_budget() {
    let width = 3000;
    let p = Nonogram {
        width,
        height: 1,
        rows: vec![vec![1; 1000]],
        cols: (0..width)
            .map(|c| {
                if c % 2 == 0 && c < 2000 {
                    vec![1]
                } else {
                    vec![]
                }
            })
            .collect(),
        goal: None,
    };
    let choices = wellposed_engine::sat::Choices {
        phase_hints: false,
        compact: true,
        max_bytes: 1 << 20,
        ..Default::default()
    };
    assert!(p.cnf_with(false, choices).cnf.over_budget());
    let mut o = opts(Method::Sat);
    o.choices = choices;
    let refused = wellposed_engine::uniqueness(&p, &o).map(|u| u.status().to_string());
    let message = refused.expect_err("over the budget").to_string();
    assert!(message.contains("budget"), "{message}");
}
