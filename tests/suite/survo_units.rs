//! S(m,n) in work units on GNU parallel, as a cluster would run it: `scripts/survo-parallel.sh`
//! runs S(3,5) and S(4,4) as separate processes from a manifest and the merge equals the count
//! of one unsharded run (and Mustonen's published values, 5,337 and 5,327); the merge refuses
//! missing, repeated and mismatched units. `.ci/run` installs GNU parallel; on a machine
//! without it the parallel part says so and skips, except under CI, where that is a failure.

use crate::common::*;

fn parallel_available() -> bool {
    let found = std::process::Command::new("sh")
        .args(["-c", "command -v parallel"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install GNU parallel (see .ci/run)"
        );
        eprintln!("SKIPPED: GNU parallel is not installed");
    }
    found
}

fn fresh_dir(name: &str) -> String {
    let d = std::env::temp_dir().join(format!("wellposed-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d.display().to_string()
}

fn s_of(m: &str, n: &str) -> serde_json::Value {
    wellposed(&["survo", "enumerate", m, n, "--json"]).json()["S"].clone()
}

/// `scripts/survo-parallel.sh M N UNITS DIR` on two jobs: its merged result (the last line).
fn survo_parallel(m: &str, n: &str, units: &str, dir: &str) -> serde_json::Value {
    let out = std::process::Command::new(root().join("scripts/survo-parallel.sh"))
        .args([m, n, units, dir])
        .env("WELLPOSED", wellposed_exe())
        .env("JOBS", "2")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.lines().last().unwrap()).unwrap()
}

#[test]
fn units_on_gnu_parallel_merge_to_the_whole_count() {
    if !parallel_available() {
        return;
    }
    // Mustonen (2007), S(3,5) = 5337 and S(4,4) = 5327; and one unsharded run each.
    for (m, n, units, published) in [("3", "5", "4", 5337), ("4", "4", "3", 5327)] {
        let dir = fresh_dir(&format!("units-{m}x{n}"));
        let merged = survo_parallel(m, n, units, &dir);
        assert_eq!(merged["S"], published, "S({m},{n})");
        assert_eq!(merged["S"], s_of(m, n), "S({m},{n})");
        // Every unit names its build, the one executable that ran them all, and so does the
        // merge.
        let unit: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(format!("{dir}/unit-0.json")).unwrap())
                .unwrap();
        let build = unit["build"].as_str().unwrap();
        assert!(build.starts_with("fnv64:") && build.len() == 22, "{build}");
        assert_eq!(merged["build"], unit["build"]);
    }
}

#[test]
fn the_merge_refuses_missing_repeated_and_mismatched_units() {
    let dir = fresh_dir("refusals");
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = format!("{dir}/manifest.json");
    let r = wellposed(&[
        "survo", "manifest", "3", "3", "--units", "3", "-o", &manifest,
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut files = Vec::new();
    for k in 0..3 {
        let r = wellposed(&[
            "survo",
            "enumerate",
            "3",
            "3",
            "--json",
            "--manifest",
            &manifest,
            "--unit",
            &k.to_string(),
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        // Each unit's result says what each of its units of work (row margins ≡ k mod 3)
        // counted and cost: the cost model's measurements.
        let j = r.json();
        let work = j["work"].as_array().unwrap();
        let items: Vec<u64> = work.iter().map(|w| w["item"].as_u64().unwrap()).collect();
        assert!(
            !items.is_empty() && items.iter().all(|i| i % 3 == k),
            "{items:?}"
        );
        assert!(items.windows(2).all(|p| p[0] < p[1]), "in order: {items:?}");
        let counted: u64 = work.iter().map(|w| w["unique"].as_u64().unwrap()).sum();
        assert_eq!(counted, j["S"].as_u64().unwrap());
        assert!(work
            .iter()
            .all(|w| w["cpu_seconds"].as_f64().unwrap() >= 0.0));
        let f = format!("{dir}/unit-{k}.json");
        std::fs::write(&f, &r.stdout).unwrap();
        files.push(f);
    }
    let merge = |fs: &[&str]| {
        let mut args = vec!["survo", "merge", "--json", "--manifest", &manifest];
        args.extend_from_slice(fs);
        wellposed(&args)
    };
    let all = merge(&[&files[0], &files[1], &files[2]]);
    assert_eq!(all.json()["S"], s_of("3", "3"));
    let missing = merge(&[&files[0], &files[2]]);
    assert!(
        missing.stderr.contains("missing: [1]"),
        "{}",
        missing.stderr
    );
    let twice = merge(&[&files[0], &files[1], &files[1], &files[2]]);
    assert!(
        twice.stderr.contains("unit 1 is there twice"),
        "{}",
        twice.stderr
    );
    // A unit from another program (version) or another size is refused by name.
    let other = format!("{dir}/other.json");
    let text = std::fs::read_to_string(&files[2]).unwrap();
    std::fs::write(&other, text.replace("wellposed 0.", "wellposed 9.")).unwrap();
    let r = merge(&[&files[0], &files[1], &other]);
    assert!(
        r.code == 2 && r.stderr.contains("other.json"),
        "{}",
        r.stderr
    );
    let small = wellposed(&["survo", "enumerate", "3", "2", "--json", "--shard", "2/3"]);
    let wrong = format!("{dir}/wrong-size.json");
    std::fs::write(&wrong, &small.stdout).unwrap();
    let r = merge(&[&files[0], &files[1], &wrong]);
    assert!(
        r.code == 2 && r.stderr.contains("wrong-size.json"),
        "{}",
        r.stderr
    );
    // A unit the manifest does not have, and a manifest of another size.
    let r = wellposed(&[
        "survo",
        "enumerate",
        "3",
        "3",
        "--manifest",
        &manifest,
        "--unit",
        "3",
    ]);
    assert!(
        r.code == 2 && r.stderr.contains("units 0 to 2"),
        "{}",
        r.stderr
    );
    let r = wellposed(&[
        "survo",
        "enumerate",
        "4",
        "3",
        "--manifest",
        &manifest,
        "--unit",
        "0",
    ]);
    assert!(r.code == 2 && r.stderr.contains("not 4×3"), "{}", r.stderr);
}

/// Row margins cut into pieces from measured costs: the units of an unsplit manifest of
/// S(3,5) record each row margin's CPU seconds; `survo manifest --split-above --costs` cuts
/// the dearest (those above half the dearest's cost) by their column margins' first sums;
/// GNU parallel runs the split manifest's units and the merge is Mustonen's S(3,5) = 5337
/// again. A unit of the unsplit manifest is refused by the split one, and a split deeper
/// than a column margin is refused by name.
#[test]
fn a_split_from_measured_costs_merges_to_the_whole_count() {
    let dir = fresh_dir("split-3x5");
    std::fs::create_dir_all(&dir).unwrap();
    let plain = format!("{dir}/plain.json");
    let r = wellposed(&["survo", "manifest", "3", "5", "--units", "2", "-o", &plain]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut costs = Vec::new();
    let mut dearest: f64 = 0.0;
    for k in ["0", "1"] {
        let r = wellposed(&[
            "survo",
            "enumerate",
            "3",
            "5",
            "--json",
            "--manifest",
            &plain,
            "--unit",
            k,
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        for w in r.json()["work"].as_array().unwrap() {
            dearest = dearest.max(w["cpu_seconds"].as_f64().unwrap());
        }
        let f = format!("{dir}/plain-{k}.json");
        std::fs::write(&f, &r.stdout).unwrap();
        costs.push(f);
    }
    assert!(dearest > 0.0, "the units record their row margins' costs");
    let manifest = format!("{dir}/manifest.json");
    let above = format!("{}", dearest / 2.0);
    let mut args = vec![
        "survo",
        "manifest",
        "3",
        "5",
        "--units",
        "3",
        "--split-above",
        &above,
        "-o",
        &manifest,
        "--costs",
    ];
    args.extend(costs.iter().map(String::as_str));
    let r = wellposed(&args);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let man: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    let split = man["split"].as_object().unwrap();
    assert!(!split.is_empty(), "the dearest row margin is cut");
    // Pieces add units of work: more than the 169 row margins of the complement method.
    assert!(man["work"].as_u64().unwrap() > 169, "{man}");
    // A result of the unsplit manifest is not a unit of this one.
    let r = wellposed(&[
        "survo",
        "merge",
        "--manifest",
        &manifest,
        &costs[0],
        &costs[1],
        &costs[1],
    ]);
    assert!(
        r.code == 2 && r.stderr.contains("another split"),
        "{}",
        r.stderr
    );
    if parallel_available() {
        let merged = survo_parallel("3", "5", "3", &dir);
        assert_eq!(merged["S"], 5337, "Mustonen (2007), S(3,5)");
        assert_eq!(merged["split"], man["split"]);
    }
    let r = wellposed(&[
        "survo", "manifest", "3", "5", "--units", "2", "--split", "3:5",
    ]);
    assert!(
        r.code == 2 && r.stderr.contains("expected 1 to 4"),
        "{}",
        r.stderr
    );
}
