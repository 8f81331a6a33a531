//! The command line as scripts use it: raw inputs, JSON shapes, exports that round-trip,
//! errors that name the line, and limits that stop cleanly.

use crate::common::*;

#[test]
fn raw_cnf_inputs() {
    assert_eq!(
        count_of(&[&instance("encodings/raw/queens8.cnf")]),
        (92, true)
    );
    // SAT-competition behaviour: exit code 20 for unsatisfiable, 10 for satisfiable, and
    // `s UNKNOWN` when stopped (code 3); a family puzzle answers with 0.
    let r = wellposed(&["solve", &instance("encodings/raw/pigeonhole-6-5.cnf")]);
    assert_eq!(r.code, 20);
    assert_eq!(r.stdout.trim(), "s UNSATISFIABLE");
    let hard = instance("encodings/raw/pigeonhole-9-8.cnf");
    let r = wellposed(&["solve", "--backend", "cadical", "--conflicts", "5", &hard]);
    assert_eq!((r.code, r.stdout.lines().next()), (3, Some("s UNKNOWN")));
    let as_text = temp_file(
        "raw.txt",
        &std::fs::read_to_string(instance("encodings/raw/queens8.cnf")).unwrap(),
    );
    assert_eq!(wellposed(&["solve", "--family", "cnf", &as_text]).code, 10);
    let puzzle = instance("encodings/submarines/unique-6x6.txt");
    assert_eq!(wellposed(&["solve", &puzzle]).code, 0);
    let r = wellposed(&["solve", &instance("encodings/raw/queens8.cnf")]);
    assert_eq!(r.code, 10);
    assert!(r.stdout.starts_with("s SATISFIABLE\nv "), "{}", r.stdout);
    let last_v = r.stdout.lines().rfind(|l| l.starts_with("v ")).unwrap();
    assert!(last_v.ends_with(" 0"), "the v-lines end with 0");
    assert!(r.stdout.contains("c uniqueness: multiple"));
    // The v-lines are a model: exactly 8 queens among the 64 variables.
    let queens = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("v "))
        .flat_map(|l| l.split_whitespace().skip(1))
        .filter(|t| t.parse::<i64>().unwrap() > 0)
        .count();
    assert_eq!(queens, 8);
}

#[test]
fn raw_cnf_projection_is_honoured() {
    // x1 or x2, with x3 free: 6 models, but 3 on the projection {1, 2}.
    let free = temp_file("free.cnf", "p cnf 3 1\n1 2 0\n");
    let projected = temp_file("proj.cnf", "p cnf 3 1\nc p show 1 2 0\n1 2 0\n");
    assert_eq!(count_of(&[&free]), (6, true));
    assert_eq!(count_of(&[&projected]), (3, true));
}

#[test]
fn raw_dlx_inputs_by_dancing_links_and_by_sat() {
    assert_eq!(
        count_of(&[&instance("encodings/raw/queens8.dlx")]),
        (92, true)
    );
    assert_eq!(
        count_of(&["--method", "sat", &instance("encodings/raw/queens8.dlx")]),
        (92, true)
    );
    assert_eq!(
        count_of(&[&instance("encodings/raw/pentomino-5x12.dlx")]),
        (4040, true)
    );
    let r = wellposed(&["solve", "--json", &instance("encodings/raw/queens8.dlx")]);
    let j = r.json();
    assert_eq!(j["status"], "multiple");
    assert_eq!(j["solution"]["options"].as_array().unwrap().len(), 8);
    assert_ne!(j["solution"], j["second_solution"]);
}

#[test]
fn limits_stop_and_say_so() {
    assert_eq!(
        count_of(&["--limit", "10", &instance("encodings/raw/queens8.cnf")]),
        (10, false)
    );
    assert_eq!(
        count_of(&["--limit", "10", &instance("encodings/raw/queens8.dlx")]),
        (10, false)
    );
    assert_eq!(
        count_of(&["--limit", "100", &instance("encodings/raw/queens8.dlx")]),
        (92, true)
    );
    let r = wellposed(&[
        "count",
        "--limit",
        "3",
        &instance("encodings/raw/queens8.cnf"),
    ]);
    assert!(r.stdout.contains("at least 3"), "{}", r.stdout);
}

#[test]
fn timeout_reports_unknown_with_its_own_exit_code() {
    let r = wellposed(&[
        "count",
        "--json",
        "--threads",
        "1",
        "--timeout",
        "0.3",
        &instance("encodings/raw/pentomino-6x10.dlx"),
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    assert_eq!(r.json()["status"], "unknown");
}

/// A solve stopped while it looks for a second solution says that it had found one. The
/// formula: the pigeonhole clauses, each with one more literal `a`, and `a` forcing every
/// pigeon variable false: one model (a true), quick to find, and a second only if 9 pigeons
/// fit into 8 holes, which the conflicts limit stops CaDiCaL from refuting.
#[test]
fn a_stopped_solve_says_it_had_found_a_solution() {
    let php = std::fs::read_to_string(instance("encodings/raw/pigeonhole-9-8.cnf")).unwrap();
    let clauses: Vec<&str> = php
        .lines()
        .filter(|l| !l.starts_with('c') && !l.starts_with('p') && !l.trim().is_empty())
        .collect();
    let a = 73;
    let mut cnf = format!("p cnf {a} {}\n", clauses.len() + 72);
    for c in &clauses {
        let lits = c.trim().strip_suffix(" 0").unwrap();
        cnf.push_str(&format!("{lits} {a} 0\n"));
    }
    for v in 1..a {
        cnf.push_str(&format!("-{a} -{v} 0\n"));
    }
    let file = temp_file("one-model-then-pigeons.cnf", &cnf);
    let r = wellposed(&["--conflicts", "2000", "--json", "solve", &file]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    let j = r.json();
    assert_eq!(
        (j["status"].as_str(), j["solutions_found"].as_u64()),
        (Some("unknown"), Some(1)),
        "{j}"
    );
    let r = wellposed(&["--conflicts", "2000", "solve", &file]);
    assert!(r.stdout.contains("c a model was found"), "{}", r.stdout);
}

/// --timeout ends a solver that cannot be interrupted (varisat, refuting the pigeonhole
/// formula for far longer than the limit): `solve` by a timer signal whose handler prints the
/// one report, `enumerate` (which streams) by a watchdog thread. Either way: one whole report,
/// status unknown, exit code 3, soon after the limit.
#[test]
fn timeout_ends_a_solver_that_cannot_be_interrupted() {
    let php = instance("encodings/raw/pigeonhole-9-8.cnf");
    for command in ["solve", "enumerate"] {
        let started = std::time::Instant::now();
        let r = wellposed(&[
            "--backend",
            "varisat",
            "--json",
            "--timeout",
            "0.2",
            command,
            &php,
        ]);
        let took = started.elapsed().as_secs_f64();
        assert_eq!(r.code, 3, "{command}: {}", r.stderr);
        let j = r.json();
        assert_eq!(
            (j["status"].as_str(), j["reason"].as_str()),
            (Some("unknown"), Some("timeout"))
        );
        let seconds = j["seconds"].as_f64().unwrap();
        assert!(
            (0.2..took).contains(&seconds),
            "{command}: {seconds} s reported, {took} s taken"
        );
        assert!(took < 5.0, "{command}: ended after {took} s");
    }
    // In words, and as SAT solvers answer on a raw CNF.
    let r = wellposed(&["--backend", "varisat", "--timeout", "0.2", "solve", &php]);
    assert_eq!(r.code, 3);
    assert!(
        r.stdout
            .starts_with("s UNKNOWN\nc stopped by --timeout after 0."),
        "{}",
        r.stdout
    );
    assert_eq!(r.stdout.lines().count(), 2, "{}", r.stdout);
}

/// A --timeout too large for a duration or a deadline is no limit (they once overflowed into a
/// panic), and a negative one is refused with one line.
#[test]
fn timeouts_out_of_range() {
    let f = instance("encodings/nonogram/house-8x8.non");
    for huge in ["1e30", "1e19"] {
        let r = wellposed(&["--timeout", huge, "solve", "--json", &f]);
        assert_eq!(
            (r.code, r.json()["status"].as_str()),
            (0, Some("unique")),
            "{}",
            r.stderr
        );
        // The watchdog's deadline too (enumerate streams).
        let r = wellposed(&["--timeout", huge, "enumerate", "--json", &f]);
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
    let r = wellposed(&["--timeout=-1", "solve", &f]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr.trim(),
        "wellposed: error: --timeout takes a non-negative number of seconds"
    );
}

/// The executable loads glibc's libm only when it first calls one of its functions
/// (crates/cli/src/math_symbols.rs): a small nonogram, solved natively, never does; a CaDiCaL
/// search, whose limits call `log10`, does and answers. If a dependency starts calling another
/// libm function, libm is needed at start again and this test says so. The loader's own trace
/// (`LD_DEBUG=libs`, glibc) names each library it loads. Run against the static released build
/// (`WELLPOSED_UNDER_TEST`, scripts/build-dist.sh), it checks that nothing is loaded at all.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn libm_is_loaded_only_when_used() {
    // The loader's own trace: whether it ran at all (a static executable, such as the released
    // build of scripts/build-dist.sh, has libm inside and loads nothing), and whether it
    // loaded libm.
    let traced = |args: &[&str]| {
        let r = wellposed_with_env(args, &[("LD_DEBUG", "libs")]);
        let dynamic = r.stderr.contains("initialize program");
        let libm = r.stderr.contains("find library=libm.so.6");
        (r.stdout, dynamic, libm)
    };
    let (out, dynamic, libm) = traced(&[
        "solve",
        "--json",
        "--method",
        "native",
        &instance("encodings/nonogram/house-8x8.non"),
    ]);
    assert!(out.contains(r#""status":"unique""#), "{out}");
    assert!(
        !libm,
        "libm.so.6 is loaded at start: a libm function is called that math_symbols.rs lacks"
    );
    let (out, _, libm) = traced(&[
        "--backend",
        "cadical",
        "solve",
        &instance("encodings/drat/php-3-2.cnf"),
    ]);
    assert_eq!(out.trim(), "s UNSATISFIABLE");
    assert_eq!(
        libm, dynamic,
        "CaDiCaL's search calls log10: from libm.so.6, loaded then, in a dynamic executable"
    );
}

#[test]
fn submarines_through_the_cli() {
    let cases = [
        ("0 1 1", "1 1 0", "multiple", 2),
        ("3 2 0", "1 3 1", "none", 0),
        ("2 1 3", "1 2 3", "unique", 1),
        ("2 2 1", "1 3 1", "multiple", 2),
    ];
    for (k, (rows, cols, status, n)) in cases.iter().enumerate() {
        let f = temp_file(
            &format!("sub{k}.txt"),
            &format!("family submarines\nrows {rows}\ncols {cols}\n"),
        );
        let j = wellposed(&["solve", "--json", &f]).json();
        assert_eq!(j["status"], *status, "{rows} / {cols}");
        assert_eq!(
            wellposed(&["submarines", "analyze", "--json", &f]).json()["status"],
            *status
        );
        assert_eq!(count_of(&[&f]), (*n, true));
        // The DIMACS export, counted as a raw CNF on its projection, gives the same number.
        let cnf = f.replace(".txt", ".cnf");
        assert_eq!(
            wellposed(&["export", &f, "--format", "dimacs", "-o", &cnf]).code,
            0
        );
        assert_eq!(count_of(&[&cnf]), (*n, true), "exported {rows} / {cols}");
    }
    let bundled = instance("encodings/submarines/unique-6x6.txt");
    let j = wellposed(&["solve", "--json", &bundled]).json();
    assert_eq!(j["status"], "unique");
    assert_eq!(j["solution"].as_array().unwrap().len(), 6);
}

#[test]
fn exports_round_trip() {
    let dlx = instance("encodings/raw/queens8.dlx");
    let again = temp_file("again.dlx", "");
    assert_eq!(
        wellposed(&["export", &dlx, "--format", "dlx", "-o", &again]).code,
        0
    );
    assert_eq!(count_of(&[&again]), (92, true));
    let as_cnf = temp_file("queens-from-dlx.cnf", "");
    assert_eq!(
        wellposed(&["export", &dlx, "--format", "dimacs", "-o", &as_cnf]).code,
        0
    );
    let text = std::fs::read_to_string(&as_cnf).unwrap();
    assert!(
        text.contains("c p show 1 2 3"),
        "projection on the option variables"
    );
    assert_eq!(count_of(&[&as_cnf]), (92, true));
    // A CNF-only family has no exact-cover export.
    let f = temp_file("s.txt", "family submarines\nrows 1 1\ncols 1 1\n");
    let r = wellposed(&["export", &f, "--format", "dlx"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no exact-cover encoding"));
}

#[test]
fn reckoner_json() {
    let j = wellposed(&["submarines", "reckon", "3", "3", "--json"]).json();
    // 3×3: 4^3 · 4^3 clue sets; the unique ones are the poly-Bernoulli number B_3^(-3) = 230.
    assert_eq!(j["clue_sets"], 4096);
    assert_eq!(j["unique"], 230);
    assert!(j["solvable"].as_u64().unwrap() > 230);
}

#[test]
fn bad_input_gives_one_clear_message_and_exit_code_2() {
    let cases: Vec<(String, &str)> = vec![
        (
            temp_file("b1.txt", "family submarines\nrows 2 x 3\ncols 1 2\n"),
            ":2: `rows`: expected non-negative row sums, found `x`",
        ),
        (
            temp_file("b2.txt", "family submarines\nrows 1 2\n"),
            "missing `cols` line",
        ),
        (
            temp_file("b3.txt", "family nosuch\n"),
            ":1: unknown family `nosuch`",
        ),
        (
            temp_file("b4.txt", "rows 1 2\n"),
            ":1: expected the first line `family NAME`",
        ),
        (
            temp_file("b5.txt", "family submarines\nrows 1\ncols 1\ncolour red\n"),
            ":4: unknown key `colour`",
        ),
        (
            temp_file("b6.cnf", "p cnf 2 1\n1 -3 0\n"),
            ":2: literal -3 exceeds",
        ),
        (temp_file("b7.cnf", "1 2 0\n"), ":1: expected the header"),
        (temp_file("b8.dlx", "a b\na c\n"), ":2: unknown item `c`"),
        (
            temp_file("b9.dlx", "a b\na a\n"),
            ":2: item `a` appears twice",
        ),
        (
            temp_file("b10.txt", "family submarines\nrows -1\ncols 1\n"),
            ":2:",
        ),
        (
            "/nonexistent/file.txt".to_string(),
            "cannot read /nonexistent/file.txt",
        ),
    ];
    for (file, want) in &cases {
        let r = wellposed(&["solve", file]);
        assert_eq!(r.code, 2, "{file}");
        assert!(r.stderr.contains(want), "{file}: {}", r.stderr);
        assert_eq!(r.stderr.trim().lines().count(), 1, "one line: {}", r.stderr);
    }
    let bytes = test_dir().join("bin.txt");
    std::fs::write(&bytes, [0x66u8, 0xff, 0xfe, 0x00]).unwrap();
    let r = wellposed(&["solve", bytes.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("expected UTF-8 text"));
}

#[test]
fn lights_out_through_the_cli() {
    let all_lit = instance("encodings/lights-out/all-lit-5x5.txt");
    let a = wellposed(&["lights-out", "analyze", "--json", &all_lit]).json();
    assert_eq!(a["solvable"], true);
    assert_eq!(a["solutions"], 4);
    // The classic result: the all-lit 5×5 board needs 15 presses.
    assert_eq!(a["min_presses"], 15);
    assert_eq!(count_of(&[&all_lit]), (4, true));
    let j = wellposed(&[
        "solve",
        "--json",
        &instance("encodings/lights-out/flip-7x7.txt"),
    ])
    .json();
    assert_eq!(j["status"], "unique");
    assert_eq!(
        wellposed(&[
            "solve",
            "--json",
            &instance("encodings/lights-out/unsolvable-4x4.txt")
        ])
        .json()["status"],
        "none"
    );
    assert_eq!(
        count_of(&[&instance("encodings/lights-out/random-flip-3x3.txt")]),
        (2, true)
    );
    // The DIMACS export counts the same on its projection.
    let cnf = temp_file("lights.cnf", "");
    assert_eq!(
        wellposed(&["export", &all_lit, "--format", "dimacs", "-o", &cnf]).code,
        0
    );
    assert_eq!(count_of(&[&cnf]), (4, true));
    for (n, want) in [(4, 4), (5, 2), (9, 8), (10, 0)] {
        for method in ["polynomial", "chase", "elimination"] {
            let j = wellposed(&[
                "lights-out",
                "nullity",
                &n.to_string(),
                "--method",
                method,
                "--json",
            ])
            .json();
            assert_eq!(j["nullity"], want, "N={n} {method}");
        }
    }
    let r = wellposed(&["lights-out", "nullity", "1000", "--method", "elimination"]);
    assert_eq!(
        r.code, 2,
        "elimination on a million cells is refused up front"
    );
    let bad = temp_file("lo.txt", "family lights-out\nsize 2 2\ngrid\n1 0\n1 2\n");
    let r = wellposed(&["solve", &bad]);
    assert!(
        r.stderr.contains(":5: `grid`: expected 0 or 1, found `2`"),
        "{}",
        r.stderr
    );
}

#[test]
fn neighbour_sum_through_the_cli() {
    let want = serde_json::json!([[1, 3, 6, 2], [4, 2, 1, 1], [2, 3, 4, 9]]);
    for f in ["nine-3x4.txt", "cross-3x4.txt", "cross-3x4-digits.txt"] {
        let j = wellposed(&[
            "solve",
            "--json",
            &instance(&format!("encodings/neighbour-sum/{f}")),
        ])
        .json();
        assert_eq!(j["status"], "unique", "{f}");
        assert_eq!(j["solution"], want, "{f}");
    }
    let digits = instance("encodings/neighbour-sum/cross-3x4-digits.txt");
    assert_eq!(count_of(&["--method", "sat", &digits]), (1, true));
    let singular = instance("encodings/neighbour-sum/singular-2x2.txt");
    assert_eq!(count_of(&["--limit", "10", &singular]), (10, false));
    assert_eq!(
        count_of(&[&singular]),
        count_of(&["--method", "sat", &singular])
    );
    let j = wellposed(&[
        "solve",
        "--json",
        &instance("encodings/neighbour-sum/fractions-1x2.txt"),
    ])
    .json();
    assert_eq!(j["solution"], serde_json::json!([["5/4", "1/2"]]));
    let a = wellposed(&[
        "neighbour-sum",
        "analyze",
        "3",
        "4",
        "--stencil",
        "cross",
        "--json",
    ])
    .json();
    assert_eq!(a["checks"]["determinant_mod_p_agrees"], true);
    assert_eq!(a["invertible"], a["nullity"] == 0);
    let custom = wellposed(&[
        "neighbour-sum",
        "analyze",
        "3",
        "3",
        "--stencil",
        "0,1,0;-1,0,1;0,-1,0",
        "--json",
    ])
    .json();
    let cross = wellposed(&[
        "neighbour-sum",
        "analyze",
        "3",
        "3",
        "--stencil",
        "cross",
        "--json",
    ])
    .json();
    assert_eq!(
        custom["nullity"], cross["nullity"],
        "the block form of `cross` is `cross`"
    );
    // Unbounded and singular: infinitely many, which `count` says rather than guessing.
    let open = temp_file(
        "open.txt",
        "family neighbour-sum\nsize 2 2\nstencil nine\nclues\n6 6\n6 6\n",
    );
    let r = wellposed(&["count", &open]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("count: infinitely many"), "{}", r.stdout);
    let j = wellposed(&["count", "--json", &open]).json();
    assert_eq!(
        (j["count"].is_null(), &j["infinite"]),
        (true, &serde_json::json!(true))
    );
    assert_eq!(
        wellposed(&["solve", "--json", &open]).json()["status"],
        "multiple"
    );
    let r = wellposed(&["count", "--method", "sat", &open]);
    assert!(
        r.code == 2 && r.stderr.contains("no CNF encoding"),
        "{}",
        r.stderr
    );
}

#[test]
fn survo_through_the_cli() {
    let j = wellposed(&[
        "solve",
        "--json",
        &instance("encodings/survo/wikipedia-3x4.txt"),
    ])
    .json();
    assert_eq!(j["status"], "unique");
    assert_eq!(
        j["solution"],
        serde_json::json!([[12, 6, 2, 10], [8, 1, 5, 4], [7, 9, 3, 11]])
    );
    assert_eq!(
        count_of(&[&instance("encodings/survo/open-3x4-176.txt")]),
        (176, true)
    );
    assert_eq!(
        count_of(&[
            "--method",
            "dlx",
            &instance("encodings/survo/open-3x4-176.txt")
        ]),
        (176, true)
    );
    // The family's own solver honours --limit: a stopped count is a lower bound, marked so.
    let many = instance("encodings/survo/open-3x4-176.txt");
    assert_eq!(count_of(&["--limit", "5", &many]), (5, false));
    assert_eq!(count_of(&["--limit", "500", &many]), (176, true));
    let e = wellposed(&["survo", "enumerate", "3", "4", "--json"]).json();
    assert_eq!(
        (
            e["S"].as_u64(),
            e["labelled"].as_u64(),
            e["method"].as_str()
        ),
        (Some(583), Some(83952), Some("complement-pairs"))
    );
    // Every row margin searched: the same count (the picture below shows all the pairs).
    let e = wellposed(&[
        "survo",
        "enumerate",
        "3",
        "4",
        "--json",
        "--method",
        "margin-pairs",
    ])
    .json();
    assert_eq!(e["S"], 583);
    // Any method may be asked for where it applies, with the same answer; the two-row
    // method refuses other sizes, the complement method square ones.
    for method in ["margin-pairs", "two-row-matchings", "complement-pairs"] {
        let e = wellposed(&["survo", "enumerate", "2", "7", "--json", "--method", method]).json();
        assert_eq!(
            (e["S"].as_u64(), e["method"].as_str()),
            (Some(5706), Some(method))
        );
    }
    let r = wellposed(&[
        "survo",
        "enumerate",
        "3",
        "4",
        "--method",
        "two-row-matchings",
    ]);
    assert!(r.code == 2 && r.stderr.contains("not 3×4"), "{}", r.stderr);
    let r = wellposed(&[
        "survo",
        "enumerate",
        "3",
        "3",
        "--method",
        "complement-pairs",
    ]);
    assert!(r.code == 2 && r.stderr.contains("not 3×3"), "{}", r.stderr);
    // Shards, merged, give the whole answer; a missing shard is an error, not a wrong sum.
    let mut files = Vec::new();
    for k in 0..3 {
        let r = wellposed(&[
            "survo",
            "enumerate",
            "3",
            "3",
            "--json",
            "--shard",
            &format!("{k}/3"),
        ]);
        files.push(temp_file(&format!("shard{k}.json"), &r.stdout));
    }
    let merged = wellposed(&["survo", "merge", "--json", &files[0], &files[1], &files[2]]).json();
    assert_eq!(merged["S"], 38);
    let r = wellposed(&["survo", "merge", &files[0], &files[2]]);
    assert!(
        r.code == 2 && r.stderr.contains("missing: [1]"),
        "{}",
        r.stderr
    );
    // The lattice picture: four outcomes that add up, the unique ones agreeing with S(3,4).
    let svg = temp_file("lattice.svg", "");
    let p = wellposed(&["survo", "picture", "3", "4", "-o", &svg, "--json"]).json();
    let parts = ["none_by_conditions", "unique", "several", "none_by_search"]
        .map(|k| p[k].as_u64().unwrap());
    assert_eq!(
        parts.iter().sum::<u64>(),
        p["row_margins"].as_u64().unwrap() * p["col_margins"].as_u64().unwrap()
    );
    assert_eq!(p["unique"], e["S"]);
    assert_eq!(p["none_by_conditions"], e["pruned"]);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let bad = temp_file(
        "sv.txt",
        "family survo\nsize 2 2\nrows 4 6\ncols 3 7\ngrid\n1 1\n. .\n",
    );
    let r = wellposed(&["solve", &bad]);
    assert!(
        r.stderr.contains(":6: `grid`: the value 1 is given twice"),
        "{}",
        r.stderr
    );
}

/// `survo enumerate --list` writes a Survo list that `survo check` re-decides whole and
/// `solve` reads one line of; the 3×4 list (complements included, found from their twins)
/// is all uniquely solvable, and a line that is not is named.
#[test]
fn survo_lists_read_back() {
    let r = wellposed(&["survo", "enumerate", "3", "4", "--list"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().filter(|l| l.contains('|')).collect();
    assert_eq!(lines.len(), 583, "Mustonen's S(3,4)");
    let list = temp_file("s34.list", &(lines.join("\n") + "\n"));
    let c = wellposed(&["survo", "check", &list, "--json"]).json();
    assert_eq!(
        (c["puzzles"].as_u64(), c["unique"].as_bool()),
        (Some(583), Some(true))
    );
    // One line is a puzzle for `solve`, whose one table is the listed one.
    let last = lines[582];
    let one = temp_file("one.list", &format!("# the last of S(3,4)\n{last}\n"));
    let s = wellposed(&["solve", &one, "--json"]).json();
    assert_eq!(s["status"], "unique");
    let table: Vec<u64> = s["solution"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()))
        .collect();
    let listed: Vec<u64> = last
        .rsplit('|')
        .next()
        .unwrap()
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(table, listed);
    let r = wellposed(&["solve", &list]);
    assert!(
        r.code == 2 && r.stderr.contains("a Survo list of 583 puzzles"),
        "{}",
        r.stderr
    );
    // A table whose margins have 286 tables, appended: `check` names its line.
    let bad = temp_file(
        "bad.list",
        &format!(
            "{}\n3 4 | 18 31 29 | 21 16 22 19 | 5 3 9 1 12 2 7 10 4 11 6 8\n",
            lines.join("\n")
        ),
    );
    let r = wellposed(&["survo", "check", &bad]);
    assert!(
        r.code == 2
            && r.stderr
                .contains("bad.list:584: the puzzle has another table"),
        "{}",
        r.stderr
    );
}

/// Killing an enumeration at random moments and resuming from its checkpoint ends with the
/// same answer as an uninterrupted run, by every method (3×5 searches margin pairs, 5×3 half
/// of them, 2×9 expands column margins into matchings), and a checkpoint of one method is
/// refused by another.
#[test]
fn survo_enumeration_survives_being_killed() {
    let dir = test_dir();
    // Kills come between the pauses' bounds (ms) after each start: within the shortest whole
    // run's time on this machine (5×3 by complements 0.5 s, 3×5 by margin pairs 1.1 s).
    for (m, n, method, published, pauses, seed) in [
        ("3", "5", "margin-pairs", 5337, (150, 400), 0x51ab_c0de),
        ("5", "3", "complement-pairs", 5337, (50, 200), 0x53_c0de),
        ("2", "9", "two-row-matchings", 154587, (150, 400), 0x2_9ab),
    ] {
        let ckpt = dir.join(format!("s{m}{n}.ckpt"));
        let _ = std::fs::remove_file(&ckpt);
        let args = [
            "survo",
            "enumerate",
            m,
            n,
            "--threads",
            "1",
            "--json",
            "--method",
            method,
            "--checkpoint",
            ckpt.to_str().unwrap(),
        ];
        let kills = kill_at_random_moments(&args, &ckpt, 5, pauses, seed);
        assert!(kills > 0, "the {m}×{n} run must actually be interrupted");
        let finished = wellposed(&args).json();
        assert_eq!(finished["S"], published, "{m}×{n}");
        assert_eq!(finished["method"], method);
        let fresh = wellposed(&["survo", "enumerate", m, n, "--json", "--method", method]).json();
        assert_eq!(finished["S"], fresh["S"]);
        assert_eq!(finished["searched"], fresh["searched"]);
    }
    // A checkpoint written by a margin-pair scan is not resumed by another method: its unit
    // numbers mean other work. Older builds scanned 2×n that way (now by matchings), and 3×5
    // was scanned that way before the complement scan became its default.
    for (m, n) in [("2", "7"), ("3", "5")] {
        let old = dir.join(format!("old{m}{n}.ckpt"));
        std::fs::write(
            &old,
            format!(
                r#"{{"m":{m},"n":{n},"shard":[0,1],"done":[0],"unique":3,"searched":9,"pruned":1}}"#
            ),
        )
        .unwrap();
        let r = wellposed(&[
            "survo",
            "enumerate",
            m,
            n,
            "--checkpoint",
            old.to_str().unwrap(),
        ]);
        assert!(
            r.code == 2 && r.stderr.contains("by MarginPairs, not of this run"),
            "{m}×{n}: {}",
            r.stderr
        );
    }
}

#[test]
fn generated_lights_out_boards_are_solvable() {
    for (size, seed) in [("5", "2"), ("4", "7"), ("6", "1")] {
        let r = wellposed(&[
            "generate",
            "lights-out",
            "--size",
            size,
            "--seed",
            seed,
            "--json",
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let j = r.json();
        let f = temp_file(
            &format!("lo-{size}-{seed}.txt"),
            j["puzzle"].as_str().unwrap(),
        );
        // Solvable by the SAT path too, with the count GF(2) gave.
        let c = wellposed(&["count", "--json", "--method", "sat", &f]).json();
        assert_eq!(c["count"].to_string(), j["solutions"].as_str().unwrap());
    }
}

#[test]
fn generated_survo_puzzles_solve_uniquely_from_their_text() {
    let r = wellposed(&[
        "generate", "survo", "--size", "4", "--height", "3", "--seed", "5", "--json",
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    let f = temp_file("generated-survo.txt", j["puzzle"].as_str().unwrap());
    let s = wellposed(&["solve", "--json", "--method", "sat", &f]).json();
    assert_eq!(s["status"], "unique");
    assert_eq!(s["solution"], j["solution"]);
}

#[test]
fn absurd_sizes_are_refused_up_front() {
    // Each would need terabytes or ages: a one-line refusal (exit 2), never an allocation
    // failure or a kill.
    for args in [
        &["survo", "enumerate", "100", "100"][..],
        &["generate", "binary", "--size", "1000000"],
        &[
            "generate",
            "binary",
            "--size",
            "8",
            "--height",
            "1000000000",
        ],
        &["generate", "nonogram", "--size", "100000"],
        &["generate", "map", "--size", "100000"],
        &["generate", "zebra", "--size", "1000000"],
        &["generate", "battleships", "--size", "1000000"],
        &["generate", "survo", "--size", "1000"],
        &["generate", "lights-out", "--size", "1000000"],
        &["submarines", "reckon", "1000", "1000"],
        &["lights-out", "nullity", "1000000000000"],
        &["binary", "count-grids", "1000000"],
        &[
            "neighbour-sum",
            "analyze",
            "1000000",
            "1000000",
            "--stencil",
            "nine",
        ],
    ] {
        let r = wellposed(args);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.trim().lines().count(), 1, "{args:?}: {}", r.stderr);
    }
}

/// A Map game ID works as the argument itself or as a file's only line; `grade --max` takes the
/// map rules by name: this Normal map stalls on propagation and is solved with colour pairs.
#[test]
fn map_game_ids_solve_and_grade_by_rule_name() {
    let id = "8x8n10:aadbbegagebaabbbabeadakaocaaabaaacaacdaab,302e21";
    let r = wellposed(&["solve", "--json", id]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.json()["status"], "unique");
    let f = temp_file("tatham-map.txt", &format!("# from sgt-map\n{id}\n"));
    let from_file = wellposed(&["solve", "--json", &f]).json();
    assert_eq!(from_file["solution"], r.json()["solution"]);
    let stalled = wellposed(&["grade", "--json", "--max", "propagation", id]).json();
    assert_eq!(stalled["solved"], false);
    let solved = wellposed(&["grade", "--json", "--max", "colour-pair", id]).json();
    assert_eq!(solved["solved"], true);
    assert_eq!(solved["level"], 3);
    let bad = wellposed(&["grade", "--max", "kempe", id]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("colour-pair, forcing-chain"),
        "{}",
        bad.stderr
    );
    let made = wellposed(&[
        "generate",
        "map",
        "--size",
        "20",
        "--height",
        "15",
        "--regions",
        "30",
        "--difficulty",
        "normal",
        "--json",
    ])
    .json();
    let f = temp_file("normal-map.txt", made["puzzle"].as_str().unwrap());
    let graded = wellposed(&["grade", "--json", &f]).json();
    assert_eq!(
        (graded["solved"].as_bool(), graded["level"].as_u64()),
        (Some(true), Some(3))
    );
    let refused = wellposed(&["generate", "zebra", "--size", "4", "--difficulty", "hard"]);
    assert_eq!(refused.code, 2);
    assert!(
        refused
            .stderr
            .contains("expected one of propagation, probe, search"),
        "{}",
        refused.stderr
    );
    let broken = wellposed(&[
        "solve",
        "8x8n11:aadbbegagebaabbbabeadakaocaaabaaacaacdaab,302e21",
    ]);
    assert_eq!(broken.code, 2);
    assert!(
        broken.stderr.contains("draws 10 regions"),
        "{}",
        broken.stderr
    );
}

/// `generate --difficulty` for the families graded by the shared deduction engine: the puzzle
/// printed grades at the rule asked, the JSON names the seed that made it (which makes the same
/// puzzle without `--difficulty`), and an unknown rule is refused with the family's rule names.
#[test]
fn generated_puzzles_grade_at_the_difficulty_asked() {
    // Each generator takes its own parameters only (zebra has no height).
    for (family, shape, want, level) in [
        ("zebra", &["--size", "4"][..], "propagation", Some(1)),
        ("survo", &["--size", "4", "--height", "3"], "probe", Some(9)),
        (
            "nonogram",
            &["--size", "8", "--height", "3"],
            "propagation",
            Some(1),
        ),
    ] {
        let args = [&["generate", family][..], shape].concat();
        let made = wellposed(&[&args[..], &["--difficulty", want, "--json"]].concat());
        assert_eq!(made.code, 0, "{family}: {}", made.stderr);
        let j = made.json();
        assert_eq!(j["difficulty"], want);
        let f = temp_file(
            &format!("graded-{family}.txt"),
            j["puzzle"].as_str().unwrap(),
        );
        let g = wellposed(&["grade", "--json", &f]).json();
        assert_eq!(g["solved"], true, "{family}");
        assert_eq!(g["level"].as_u64(), level, "{family}");
        let seed = j["seed"].as_u64().unwrap().to_string();
        let again = wellposed(&[&args[..], &["--seed", &seed, "--json"]].concat()).json();
        assert_eq!(again["puzzle"], j["puzzle"], "{family}");
    }
    let bad = wellposed(&[
        "generate",
        "nonogram",
        "--size",
        "5",
        "--difficulty",
        "hard",
    ]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr
            .contains("propagation, line-solving, probe, search"),
        "{}",
        bad.stderr
    );
    let none = wellposed(&[
        "generate",
        "lights-out",
        "--size",
        "3",
        "--difficulty",
        "probe",
    ]);
    assert_eq!(none.code, 2);
}

/// A count stopped by --timeout says so and gives the lower bound it had reached (2^40
/// solutions counted one by one cannot finish in a second).
#[test]
fn a_count_stopped_by_the_timeout_gives_a_lower_bound() {
    let mut cnf = String::from("p cnf 40 20\n");
    for v in (1..40).step_by(2) {
        cnf.push_str(&format!("{v} {} -{v} 0\n", v + 1));
    }
    let f = temp_file("free40.cnf", &cnf);
    let r = wellposed(&[
        "--json",
        "--timeout",
        "1",
        "count",
        "--method",
        "blocking",
        &f,
    ]);
    assert_eq!(r.code, 3, "{}", r.stderr);
    let j = r.json();
    assert_eq!(
        (j["status"].as_str(), j["complete"].as_bool()),
        (Some("unknown"), Some(false))
    );
    assert!(j["count_at_least"].as_u64().unwrap() > 0, "{j}");
    let text = wellposed(&["--timeout", "1", "count", "--method", "blocking", &f]).stdout;
    assert!(text.contains("at least"), "{text}");
}

/// A memory budget everywhere: clues whose encoding would not fit are refused with one line
/// naming the file (and the line, where the parser can tell from the sizes alone) and the
/// limit, at once — never a machine out of memory.
#[test]
fn encodings_past_the_memory_budget_are_refused_with_the_limit() {
    // A binary grid 20,000 wide: about 125 GiB of totalizer clauses, refused by the parser.
    let w = 20_000;
    let row = ".".repeat(w);
    let wide = temp_file(
        "wide.txt",
        &format!("family binary\nsize {w} 2\nrules no-distinct\ngrid\n{row}\n{row}\n"),
    );
    let r = wellposed(&["solve", &wide]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("wide.txt:2:"), "{}", r.stderr);
    assert!(
        r.stderr.contains("more than the 4 GiB accepted"),
        "{}",
        r.stderr
    );
    // Submarines 400×400 with sums of 100: within the parser's limits, past a 64 MiB budget.
    let sums = vec!["100"; 400].join(" ");
    let big = temp_file(
        "big.txt",
        &format!("family submarines\nrows {sums}\ncols {sums}\n"),
    );
    let started = std::time::Instant::now();
    let r = wellposed(&["solve", "--max-memory", "64M", &big]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("big.txt"), "{}", r.stderr);
    assert!(r.stderr.contains("memory budget of 64 MiB"), "{}", r.stderr);
    assert!(started.elapsed().as_secs() < 20);
    let r = wellposed(&["solve", "--max-memory", "lots", &big]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("512M or 8G"), "{}", r.stderr);
}

/// Knuth's example of colour controls (DLX2's documentation): the option of secondary items
/// only is ignored as his programs ignore it, and dancing links and SAT find its one solution.
#[test]
fn knuths_colour_example_is_read_as_his_programs_read_it() {
    let f = temp_file(
        "knuth-colours.dlx",
        "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n",
    );
    assert_eq!(count_of(&[&f]), (1, true));
    assert_eq!(count_of(&["--method", "sat", &f]), (1, true));
    let s = wellposed(&["solve", "--json", &f]).json();
    assert_eq!(s["status"], "unique");
    let mut lines: Vec<String> = s["solution"]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap().to_string())
        .collect();
    lines.sort();
    assert_eq!(lines, ["A C X:1 Y:1", "B X:1"]);
}

/// Knuth's DLX3 multiplicities (`lo:hi|item`, `n|item`): his documented example has its one
/// solution by dancing links and by SAT, a problem with a published count (OEIS A001499: 2,040
/// 5×5 0-1 matrices with line sums 2) is counted alike by the multiplicity search and the CNF
/// translation, and `export --format dlx` writes the bounds back.
#[test]
fn knuths_multiplicities_are_solved_counted_and_exported() {
    let example = instance("encodings/raw/knuth-dlx3-example.dlx");
    for method in ["dlx", "sat"] {
        let r = wellposed(&["solve", "--method", method, &example]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let mut lines: Vec<&str> = r.stdout.lines().skip(1).collect();
        lines.sort();
        assert_eq!(lines, ["A C X:1 Y:1", "B X:1", "C Y:1"], "{method}");
    }
    let sums = instance("encodings/raw/line-sums-2-5x5.dlx");
    for method in ["dlx", "sat"] {
        assert_eq!(
            count_of(&["--method", method, &sums]),
            (2040, true),
            "{method}"
        );
    }
    let out = wellposed(&["export", "--format", "dlx", &sums]).stdout;
    assert!(out.contains("2|r0 2|r1"), "{out}");
    let again = temp_file("sums-again.dlx", &out);
    assert_eq!(count_of(&[&again]), (2040, true));
    // Knuth's programs refuse a zero upper bound and a lower bound above the upper one.
    for bad in [
        "A 0|B\nA B\n",
        "A 3:2|B\nA B\n",
        "A | 2|X\nA X\n",
        "A x|B\nA B\n",
    ] {
        let f = temp_file("bad-bounds.dlx", bad);
        let r = wellposed(&["solve", &f]);
        assert_eq!(r.code, 2, "{bad:?}: {}", r.stdout);
        assert!(r.stderr.contains(":1:"), "{bad:?}: {}", r.stderr);
    }
}

/// Family-built exact covers stay within --max-memory too: past it the builder stops storing
/// options and the command refuses with one line naming the budget.
#[test]
fn exact_covers_past_the_memory_budget_are_refused() {
    for f in [
        "encodings/edges/witch-3x3.txt",
        "encodings/latin/unique-4x4.txt",
    ] {
        let r = wellposed(&["count", "--max-memory", "2K", &instance(f)]);
        assert_eq!(r.code, 2, "{f}");
        assert!(
            r.stderr.contains("memory budget of 2 KiB"),
            "{f}: {}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 1, "{f}: {}", r.stderr);
    }
}

/// `wellposed svg`: the puzzle as given, drawn as the workbench shows it (the family's
/// `svg_puzzle`): printed, written with `-o`, named in the JSON; refused in one line for a
/// family with no picture.
#[test]
fn svg_draws_the_puzzle_as_given() {
    let url = "https://puzz.link/p?yinyang/5/5/016612300";
    let r = wellposed(&["svg", url]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.starts_with("<svg") && r.stdout.trim_end().ends_with("</svg>"));
    let out = temp_file("puzzle.svg", "");
    let j = wellposed(&["svg", url, "-o", &out, "--json"]).json();
    assert_eq!(
        (j["family"].as_str(), j["svg"].as_str()),
        (Some("yinyang"), Some(out.as_str()))
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap().trim_end(),
        r.stdout.trim_end()
    );
    let r = wellposed(&[
        "svg",
        "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h",
    ]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
    assert!(
        r.stderr.contains("no drawing of `nonogram`"),
        "{}",
        r.stderr
    );
}
