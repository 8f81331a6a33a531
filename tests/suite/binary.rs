//! Binary puzzles through the command line: game IDs, grid counts, generation and grading.

use crate::common::*;

#[test]
fn game_ids_solve_on_the_command_line_and_in_files() {
    // shared/data/binary/ANSWERS.md: unique under the distinct rules.
    let r = wellposed(&["solve", "--json", "8x8u:aadDAckJdBCabAq"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let j = r.json();
    assert_eq!(j["status"], "unique");
    // The solution comes back as a game ID with every cell given, which solves to itself.
    let id = j["solution"]["game_id"].as_str().unwrap().to_string();
    let again = wellposed(&["solve", "--json", &id]).json();
    assert_eq!(again["solution"]["rows"], j["solution"]["rows"]);
    let f = instance("encodings/binary/tatham-8x8u.txt");
    assert_eq!(
        wellposed(&["solve", "--json", &f]).json()["status"],
        "unique"
    );
    // The same clues without the `u` rule: 18 solutions, by the row solver and by SAT.
    assert_eq!(count_of(&["8x8:aadDAckJdBCabAq"]), (18, true));
    assert_eq!(
        count_of(&["--method", "sat", "8x8:aadDAckJdBCabAq"]),
        (18, true)
    );
}

#[test]
fn bundled_examples_have_their_answers() {
    let two = instance("encodings/binary/two-solutions-6x6.txt");
    let j = wellposed(&["solve", "--json", &two]).json();
    assert_eq!(j["status"], "multiple");
    assert_ne!(j["solution"]["rows"], j["second_solution"]["rows"]);
    assert_eq!(count_of(&["--method", "sat", &two]), (2, true));
    let ten = instance("encodings/binary/unique-10x10.txt");
    assert_eq!(
        wellposed(&["solve", "--json", "--method", "sat", &ten]).json()["status"],
        "unique"
    );
    // The export projects onto the 100 cells (the `c p show` lines together).
    let r = wellposed(&["export", "--format", "dimacs", &ten]);
    let shown: Vec<u32> = r
        .stdout
        .lines()
        .filter_map(|l| l.strip_prefix("c p show "))
        .flat_map(|l| l.split_whitespace().map(|t| t.parse::<u32>().unwrap()))
        .filter(|&v| v != 0)
        .collect();
    assert_eq!(shown, (1..=100).collect::<Vec<u32>>());
}

#[test]
fn count_grids_prints_exact_counts() {
    // OEIS A253316 and the no-distinct count of the issue.
    for (rules, want) in [("distinct", "4111116"), ("no-distinct", "12413918")] {
        let r = wellposed(&["binary", "count-grids", "8", "--rules", rules, "--json"]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        let j = r.json();
        assert_eq!(j["count"].to_string(), want);
        assert_eq!(j["n"], 8);
        assert_eq!(j["rules"], rules);
        let method = if rules == "distinct" { "seam" } else { "dp" };
        assert_eq!(j["method"], method);
    }
    // Meeting in the middle (whole table and seam units) and the plain search agree where
    // all are quick.
    for n in ["2", "4", "6"] {
        let count = |method: &str| {
            let r = wellposed(&["binary", "count-grids", n, "--method", method, "--json"]);
            assert_eq!(r.code, 0, "{}", r.stderr);
            r.json()["count"].clone()
        };
        assert_eq!(count("mitm"), count("search"), "{n}×{n}");
        assert_eq!(count("seam"), count("search"), "{n}×{n}");
    }
    // 12×12 halves number in the billions: refused up front, not an out-of-memory kill.
    let bad = wellposed(&["binary", "count-grids", "12", "--method", "mitm"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("fit in memory"), "{}", bad.stderr);
    let j = wellposed(&[
        "binary",
        "count-grids",
        "6",
        "--rules",
        "no-distinct",
        "--method",
        "search",
        "--json",
    ])
    .json();
    assert_eq!(j["count"], 11222);
    let bad = wellposed(&["binary", "count-grids", "7"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("even"), "{}", bad.stderr);
    let bad = wellposed(&["binary", "count-grids", "14", "--rules", "no-distinct"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("up to 12"), "{}", bad.stderr);
}

#[test]
fn generated_puzzles_are_unique_minimal_and_reproducible() {
    let run = |seed: &str| {
        wellposed(&[
            "generate", "binary", "--size", "8", "--seed", seed, "--json",
        ])
    };
    let a = run("11");
    assert_eq!(a.code, 0, "{}", a.stderr);
    let j = a.json();
    assert_eq!(run("11").json()["game_id"], j["game_id"]);
    // Checked here again through the engine: unique by SAT, and no clue can go.
    let id = j["game_id"].as_str().unwrap();
    assert_eq!(count_of(&["--method", "sat", id]), (1, true));
    let text = j["puzzle"].as_str().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let grid_at = lines.iter().position(|l| *l == "grid").unwrap();
    for r in 0..8 {
        for c in 0..8 {
            if lines[grid_at + 1 + r].as_bytes()[c] == b'.' {
                continue;
            }
            let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            l[grid_at + 1 + r].replace_range(c..c + 1, ".");
            let f = temp_file(&format!("gen-{r}-{c}.txt"), &l.join("\n"));
            let (n, _) = count_of(&["--limit", "2", &f]);
            assert_eq!(n, 2, "the clue at {r},{c} could be removed");
        }
    }
    // Graded generation: deduction up to `counts` solves it.
    let g = wellposed(&[
        "generate",
        "binary",
        "--size",
        "6",
        "--difficulty",
        "counts",
        "--json",
    ])
    .json();
    assert_eq!(g["grade"]["solved"], true);
    assert!(g["grade"]["level"].as_u64().unwrap() <= 2);
}

#[test]
fn grade_reports_techniques_or_the_stall() {
    let j = wellposed(&["grade", "--json", "8x8u:aadDAckJdBCabAq"]).json();
    assert_eq!(j["solved"], true);
    assert!(j["level"].as_u64().is_some());
    // Without probing, a puzzle with two solutions stalls with empty cells left.
    let two = instance("encodings/binary/two-solutions-6x6.txt");
    let j = wellposed(&["grade", "--json", &two]).json();
    assert_eq!(j["solved"], false);
    assert!(j["open"].as_u64().unwrap() > 0);
    let bad = wellposed(&["grade", "--max", "magic", &two]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("pairs, gaps"), "{}", bad.stderr);
}

#[test]
fn bad_game_ids_are_one_line_errors() {
    for (arg, says) in [
        ("8x8:aa1", "letters"),
        ("7x8:a", "even"),
        ("4x4:zz", "runs past"),
    ] {
        let r = wellposed(&["solve", arg]);
        assert_eq!(r.code, 2, "{arg}");
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(r.stderr.contains(says), "{}", r.stderr);
    }
}

/// Killing a grid count at random moments and resuming from its checkpoint ends with the same
/// count (8×10 under the distinct rules: 7.5 s on one thread uninterrupted).
#[test]
fn count_grids_survives_being_killed() {
    let ck = temp_file("grids-8x10.ckpt", "");
    std::fs::remove_file(&ck).unwrap();
    let count = [
        "binary",
        "count-grids",
        "8",
        "--height",
        "10",
        "--method",
        "search",
        "--json",
    ];
    let args = [&count[..], &["--threads", "1", "--checkpoint", &ck]].concat();
    let kills = kill_at_random_moments(&args, std::path::Path::new(&ck), 5, (300, 1500), 0x8a10);
    assert!(kills > 0, "the run must actually be interrupted");
    let finished = wellposed(&args).json();
    // An uninterrupted run (on every core, without a checkpoint) is what it must match.
    let fresh = wellposed(&count).json();
    assert!(
        finished["count"].as_u64().is_some_and(|n| n > 0),
        "{finished}"
    );
    assert_eq!(finished["count"], fresh["count"]);
}

#[test]
fn count_grids_resumes_from_a_checkpoint() {
    let ck = temp_file("grids-8.ckpt", "");
    std::fs::remove_file(&ck).unwrap();
    let args = ["binary", "count-grids", "8", "--json", "--checkpoint", &ck];
    let first = wellposed(&args);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert_eq!(first.json()["count"], 4111116);
    // As if the run had been killed halfway: drop every other finished task.
    let mut c: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&ck).unwrap()).unwrap();
    let done = c["done"].as_object_mut().unwrap();
    let total = done.len();
    let keys: Vec<String> = done.keys().cloned().collect();
    for k in keys.iter().step_by(2) {
        done.remove(k);
    }
    assert!(total > 100 && done.len() < total);
    // A resumed run searches only what is missing and gives the same answer.
    std::fs::write(&ck, serde_json::to_vec(&c).unwrap()).unwrap();
    assert_eq!(wellposed(&args).json()["count"], 4111116);
    // The recorded counts are read, not recomputed: one altered by hand shows in the total.
    let mut c: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&ck).unwrap()).unwrap();
    let (k, v) = c["done"]
        .as_object()
        .unwrap()
        .iter()
        .next()
        .map(|(k, v)| (k.clone(), v.clone()))
        .unwrap();
    let bumped = v.as_str().unwrap().parse::<u64>().unwrap() + 1;
    c["done"][&k] = serde_json::json!(bumped.to_string());
    std::fs::write(&ck, serde_json::to_vec(&c).unwrap()).unwrap();
    assert_eq!(wellposed(&args).json()["count"], 4111117);
    // A checkpoint of another shape, or of another method, is refused.
    let bad = wellposed(&["binary", "count-grids", "6", "--checkpoint", &ck]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("checkpoint is for 8×8"),
        "{}",
        bad.stderr
    );
    let bad = wellposed(&[
        "binary",
        "count-grids",
        "8",
        "--method",
        "search",
        "--checkpoint",
        &ck,
    ]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("by seam"), "{}", bad.stderr);
}

/// The second decomposition (units fixing only the row below a seam off the middle), run in
/// two shares and merged, gives the count of the first; its checkpoints do not mix with the
/// first's.
#[test]
fn row_units_in_shares_merge_to_the_seam_count() {
    let count = ["binary", "count-grids", "8", "--height", "10"];
    let whole = wellposed(&[&count[..], &["--json"]].concat()).json();
    assert_eq!(whole["method"], "seam");
    let rows = [&count[..], &["--method", "seam-row", "--split", "4"]].concat();
    let mut parts = Vec::new();
    for k in 0..2 {
        let ck = temp_file(&format!("row-units-share-{k}.ckpt"), "");
        std::fs::remove_file(&ck).unwrap();
        let share = format!("{k}/2");
        let mine = [
            &rows[..],
            &["--shard", &share, "--checkpoint", &ck, "--json"],
        ]
        .concat();
        let r = wellposed(&mine);
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert_eq!(r.json()["method"], "seam-row");
        parts.push(ck);
    }
    let merged = wellposed(&["binary", "merge-grids", "--json", &parts[0], &parts[1]]);
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    let m = merged.json();
    assert_eq!(m["count"], whole["count"]);
    assert_eq!(m["method"], "seam-row");
    assert_eq!(m["units"]["complete"], true);
    // A checkpoint of the pair units is not a share of the row units.
    let pairs = temp_file("pair-units-share.ckpt", "");
    std::fs::remove_file(&pairs).unwrap();
    let split = [
        &count[..],
        &["--split", "4", "--shard", "1/2", "--checkpoint", &pairs],
    ]
    .concat();
    assert_eq!(wellposed(&split).code, 0);
    let mixed = wellposed(&["binary", "merge-grids", &parts[0], &pairs]);
    assert_eq!(mixed.code, 2);
    assert!(mixed.stderr.contains("by seam-row"), "{}", mixed.stderr);
}

/// A count run in shares on several machines: each share's checkpoint holds its units, and
/// `merge-grids` sums them into the count of one run — refusing a share twice or one missing.
#[test]
fn count_grids_in_shares_merges_to_the_whole() {
    let count = ["binary", "count-grids", "8", "--height", "10"];
    let whole = wellposed(&[&count[..], &["--json"]].concat()).json();
    let mut parts = Vec::new();
    for k in 0..3 {
        let ck = temp_file(&format!("grids-share-{k}.ckpt"), "");
        std::fs::remove_file(&ck).unwrap();
        let share = format!("{k}/3");
        let mine = [&count[..], &["--shard", &share]].concat();
        let r = wellposed(&[&mine[..], &["--checkpoint", &ck, "--json"]].concat());
        assert_eq!(r.code, 0, "{}", r.stderr);
        let j = r.json();
        assert_eq!(j["units"]["complete"], false, "{j}");
        assert!(wellposed(&mine).stdout.contains("a PART of the count"));
        parts.push(ck);
    }
    let mut merge = vec!["binary", "merge-grids", "--json"];
    merge.extend(parts.iter().map(String::as_str));
    let merged = wellposed(&merge);
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    let m = merged.json();
    assert_eq!(m["count"], whole["count"]);
    assert_eq!(m["units"]["complete"], true);
    assert_eq!(m["units"]["of"], whole["units"]["of"]);
    // One share given twice: its units would be counted twice.
    let twice = wellposed(&["binary", "merge-grids", &parts[0], &parts[1], &parts[1]]);
    assert_eq!(twice.code, 2);
    assert!(twice.stderr.contains("is in both"), "{}", twice.stderr);
    // One share missing: the sum is reported as a part, not as the count.
    let short = wellposed(&["binary", "merge-grids", "--json", &parts[0], &parts[2]]).json();
    assert_eq!(short["units"]["complete"], false);
    let bad = wellposed(&[
        "binary",
        "merge-grids",
        &instance("encodings/binary/unique-10x10.txt"),
    ]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.stderr.contains("not a count-grids checkpoint"),
        "{}",
        bad.stderr
    );
}

/// `hint` on a binary puzzle speaks in its own techniques: the first round is the easiest one
/// (pairs here), and every cell it fills holds that value in the unique solution.
#[test]
fn hints_name_the_binary_technique_and_agree_with_the_solution() {
    let f = instance("encodings/binary/unique-10x10.txt");
    let rows = wellposed(&["solve", "--json", &f]).json()["solution"]["rows"].clone();
    let h = wellposed(&["hint", "--json", &f]).json();
    assert_eq!(h["rule"], "pairs");
    assert_eq!(h["level"], 1);
    let cells = h["settles"].as_array().unwrap();
    assert!(!cells.is_empty());
    for c in cells {
        // `cell row R col C`, from 1.
        let name = c["var"].as_str().unwrap();
        let words: Vec<&str> = name.split(' ').collect();
        let (r, col): (usize, usize) = (words[2].parse().unwrap(), words[4].parse().unwrap());
        let value = u64::from(c["value"].as_bool().unwrap());
        assert_eq!(rows[r - 1][col - 1], value, "{c}");
    }
    let text = wellposed(&["hint", &f]).stdout;
    assert!(text.contains("two equal neighbours"), "{text}");
    assert!(text.contains(" is 1") || text.contains(" is 0"), "{text}");
}
