//! A bounded fuzz smoke run: every parser, fed thousands of mutations of real inputs, returns
//! a value or an error naming a line — never a panic. Whatever parses is also encoded and
//! asked for uniqueness when it is small, so the engine sees odd inputs too.

mod common;
use common::*;
use wellposed_engine::{uniqueness, EncodingKind, FamilyEntry, Options};
use wellposed_families::FAMILIES;

use wellposed_engine::Xorshift as Rng;

/// `WELLPOSED_FUZZ_SCALE=k` multiplies every round count and `WELLPOSED_FUZZ_SEED=s` changes
/// the mutations: `scripts/fuzz.sh` runs long fuzzing that way; the test command runs scale 1.
fn scale() -> usize {
    std::env::var("WELLPOSED_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// `WELLPOSED_FUZZ_INPUTS=n`: about `n` inputs per family, per raw format and for the proof
/// checker, whatever the scale (`scripts/fuzz.sh` asks for 10^6).
fn inputs() -> Option<usize> {
    std::env::var("WELLPOSED_FUZZ_INPUTS")
        .ok()
        .and_then(|s| s.parse().ok())
}

fn fuzz_rng(base: u64) -> Rng {
    let seed: u64 = std::env::var("WELLPOSED_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Rng((base ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1)
}

/// An index below `k`.
fn pick(rng: &mut Rng, k: usize) -> usize {
    rng.below(k as u64) as usize
}

const PIECES: &[&str] = &[
    "0",
    "1",
    "-1",
    "99999999999999999999",
    "4294967296",
    "-",
    "|",
    ":",
    "#",
    "\n",
    " ",
    "\t",
    "p cnf",
    "c p show",
    "family",
    "rows",
    "cols",
    "size",
    "x",
    "\u{00e9}",
    "\r\n",
    "%",
    "c ind",
    "0 0",
    "a:b",
    "18446744073709551616",
];

/// Numbers at the edges of what parsers hold: zero, one, the limits of 8-, 16-, 32- and 64-bit
/// integers and one past them, and past any integer type.
const EXTREMES: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "255",
    "256",
    "65535",
    "65536",
    "1000000",
    "2147483647",
    "2147483648",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
];

/// A valid-looking instance with extreme numbers: the text keeps its grammar (every line,
/// keyword and separator in place) and one to three of its numbers become extreme ones, so the
/// parser's size and range checks are reached rather than its syntax errors.
fn extreme(rng: &mut Rng, text: &str) -> String {
    let mut spans = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            spans.push(start..i);
        } else {
            i += 1;
        }
    }
    if spans.is_empty() {
        return text.to_string();
    }
    let mut chosen: Vec<std::ops::Range<usize>> = (0..1 + pick(rng, 3))
        .map(|_| spans[pick(rng, spans.len())].clone())
        .collect();
    chosen.sort_by_key(|r| std::cmp::Reverse(r.start));
    chosen.dedup();
    let mut out = text.to_string();
    for r in chosen {
        out.replace_range(r, EXTREMES[pick(rng, EXTREMES.len())]);
    }
    out
}

/// One input: a random mutation (three in four) or a valid-looking instance with extreme
/// numbers.
fn fuzz_input(rng: &mut Rng, text: &str) -> String {
    if pick(rng, 4) == 0 {
        extreme(rng, text)
    } else {
        mutate(rng, text)
    }
}

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut s: Vec<char> = text.chars().collect();
    for _ in 0..1 + pick(rng, 4) {
        let at = pick(rng, s.len() + 1);
        match pick(rng, 5) {
            0 if !s.is_empty() => {
                let end = (at + 1 + pick(rng, 8)).min(s.len());
                s.drain(at.min(end)..end);
            }
            1 => {
                let piece = PIECES[pick(rng, PIECES.len())];
                for (k, c) in piece.chars().enumerate() {
                    s.insert(at + k, c);
                }
            }
            2 if !s.is_empty() => {
                let i = pick(rng, s.len());
                s[i] = char::from(b" 0123456789-|:#xp\n"[pick(rng, 18)]);
            }
            3 => {
                // Duplicate a line.
                let lines: Vec<&str> = text.lines().collect();
                let line = lines[pick(rng, lines.len())];
                s.extend(format!("\n{line}\n").chars());
            }
            _ => s.truncate(at),
        }
    }
    s.into_iter().collect()
}

/// The encoding choices of the fuzz run: the default encodings within a small memory budget.
fn choices() -> wellposed_engine::sat::Choices {
    wellposed_engine::sat::Choices {
        max_bytes: FUZZ_ENCODING_BUDGET,
        ..Default::default()
    }
}

/// The solver options of the smoke run's checks: CaDiCaL, 20,000 conflicts a solve
/// (`WELLPOSED_FUZZ_CONFLICTS=n` changes the bound: the long runs of `scripts/fuzz.sh` spend
/// most of their time in bounded solves of mutated pigeonholes, which a smaller bound stops
/// just as cleanly).
fn bounded() -> Options {
    let conflicts = std::env::var("WELLPOSED_FUZZ_CONFLICTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_000);
    Options {
        choices: choices(),
        solver: wellposed_engine::SolverChoice::Cadical,
        // And 5 s a check: the conflict bound is per solve, and a puzzle with graph
        // constraints solves again after each round of cuts, so only a deadline bounds a
        // mutated board whose models keep breaking connectivity.
        limits: wellposed_engine::sat::Limits {
            deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(5)),
            conflicts: Some(conflicts),
        },
        ..Options::default()
    }
}

fn check(family: &FamilyEntry, rng: &mut Rng, seed: &str, rounds: usize) -> (usize, usize) {
    let (mut ok, mut rejected) = (0, 0);
    // `WELLPOSED_FUZZ_TRACE=FILE` writes each input there before it is tried: after a crash
    // (an abort on the address-space limit leaves no message) FILE holds the culprit.
    let trace = std::env::var_os("WELLPOSED_FUZZ_TRACE");
    for _ in 0..rounds {
        let text = fuzz_input(rng, seed);
        if let Some(path) = &trace {
            let _ = std::fs::write(path, format!("{}\n{text}", family.name));
        }
        match (family.parse)(&text, "fuzz.txt") {
            Ok(p) => {
                ok += 1;
                // Small enough to solve in a smoke run: a mutation can also make a legitimately
                // hard instance (an empty 10×60 binary grid), which only --timeout bounds.
                let small = p.encodings().iter().all(|&k| match p.encode(k, choices()) {
                    Some(wellposed_engine::Encoding::Cnf(e)) => {
                        e.cnf.num_vars() < 5000 && e.answer.len() <= 150 && !e.cnf.over_budget()
                    }
                    Some(wellposed_engine::Encoding::ExactCover(x)) => x.options().len() < 200,
                    None => k != EncodingKind::Cnf,
                });
                if small {
                    // CaDiCaL with a conflict bound: a mutation can make a small but hard
                    // formula (a pigeonhole in disguise), and a stopped check is a clean
                    // answer too; anything else must solve.
                    match uniqueness(p.as_ref(), &bounded()) {
                        Ok(_) => {}
                        Err(wellposed_engine::EngineError::Backend(
                            wellposed_engine::sat::BackendError::Stopped { .. },
                        ))
                        | Err(wellposed_engine::EngineError::OverBudget { .. }) => {}
                        Err(e) => panic!("a small parsed input does not solve: {e}"),
                    }
                }
            }
            Err(e) => {
                rejected += 1;
                assert!(
                    e.to_string().starts_with("fuzz.txt:"),
                    "names the file: {e}"
                );
                assert!(!e.message.is_empty());
            }
        }
    }
    (ok, rejected)
}

/// Every registered family's parser, on mutations of its bundled instances and examples
/// (every format it reads): both outcomes must occur, or the mutations are not exercising it.
/// The families are shared out among the cores (they took 39 s one after the other); each
/// has its own random stream, seeded from its name, so a family's inputs are the same
/// whichever families run beside it (`WELLPOSED_FUZZ_FAMILIES` reproduces a failure alone).
#[test]
fn parsers_never_panic_on_mutated_inputs() {
    limit_address_space(FUZZ_ADDRESS_SPACE);
    // `WELLPOSED_FUZZ_FAMILIES=a,b` fuzzes those families only (to chase a failure).
    let only = std::env::var("WELLPOSED_FUZZ_FAMILIES").ok();
    let chosen = |name: &str| {
        only.as_ref()
            .is_none_or(|o| o.split(',').any(|n| n == name))
    };
    let families: Vec<&FamilyEntry> = FAMILIES
        .iter()
        .copied()
        .filter(|f| chosen(f.name))
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                match families.get(k) {
                    Some(f) => fuzz_family(f),
                    None => break,
                }
            });
        }
    });
}

/// One family's part of [`parsers_never_panic_on_mutated_inputs`].
fn fuzz_family(f: &FamilyEntry) {
    // A fixed stream per family, from its name.
    let mut rng = fuzz_rng(0xf00d_cafe_1234_5678 ^ wellposed_engine::fnv1a64(f.name.as_bytes()));
    let seeds: Vec<String> = bundled(f)
        .into_iter()
        .map(|(_, text)| text)
        .chain(f.examples.iter().map(|e| e.to_string()))
        // Mutating the large covers (pentominoes) costs time and finds nothing new.
        .filter(|t| t.len() < 20_000)
        .collect();
    // Fewer rounds for Battleships: most mutated boards still parse and each is solved.
    let budget = if f.name == "battleships" { 1600 } else { 5000 };
    let rounds = match inputs() {
        Some(n) => n.div_ceil(seeds.len().max(1)),
        None => (budget / seeds.len().max(1)).max(300) * scale(),
    };
    let start = std::time::Instant::now();
    let (mut ok, mut rejected) = (0, 0);
    for seed in &seeds {
        let (o, r) = check(f, &mut rng, seed, rounds);
        ok += o;
        rejected += r;
    }
    eprintln!(
        "fuzz: {}: {} inputs ({ok} parsed, {rejected} refused) in {:.0} s",
        f.name,
        ok + rejected,
        start.elapsed().as_secs_f64()
    );
    assert!(
        ok > 50 && rejected > 50,
        "{}: {ok} parsed, {rejected} rejected",
        f.name
    );
}

/// The proof checker's parser on mutated proofs, and its soundness: against a satisfiable
/// formula no mutation of a proof may check; against the unsatisfiable one the valid proof
/// checks and mutations either check or are refused with a line number.
#[test]
fn the_proof_checker_never_panics_and_never_refutes_a_satisfiable_formula() {
    limit_address_space(FUZZ_ADDRESS_SPACE);
    let mut rng = fuzz_rng(0xd4a7);
    let p = |i: i64, h: i64| 2 * i + h + 1;
    let mut php: Vec<Vec<i64>> = (0..3).map(|i| vec![p(i, 0), p(i, 1)]).collect();
    for h in 0..2 {
        for a in 0..3 {
            for b in a + 1..3 {
                php.push(vec![-p(a, h), -p(b, h)]);
            }
        }
    }
    let proof = "c pigeons\n-1 0\nd 1 2 0\n-2 0\n0\n";
    wellposed_drat::check(&php, proof.as_bytes()).unwrap();
    let satisfiable = &php[1..]; // the first pigeon may stay out
    let (mut passed, mut refused) = (0, 0);
    let start = std::time::Instant::now();
    for _ in 0..inputs().unwrap_or(3000 * scale()) {
        let text = fuzz_input(&mut rng, proof);
        assert!(
            wellposed_drat::check(satisfiable, text.as_bytes()).is_err(),
            "{text:?}"
        );
        match wellposed_drat::check(&php, text.as_bytes()) {
            Ok(_) => passed += 1,
            Err(wellposed_drat::DratError::Io(e)) => panic!("{e}"),
            Err(e) => {
                assert!(
                    e.to_string().contains("line") || e.to_string().contains("empty"),
                    "{e}"
                );
                refused += 1;
            }
        }
    }
    eprintln!(
        "fuzz: drat: {} inputs ({passed} checked, {refused} refused) in {:.0} s",
        passed + refused,
        start.elapsed().as_secs_f64()
    );
    assert!(
        passed > 50 && refused > 50,
        "{passed} passed, {refused} refused"
    );
}

#[test]
fn the_binary_exits_cleanly_on_mutated_files() {
    limit_address_space(FUZZ_ADDRESS_SPACE);
    let mut rng = fuzz_rng(77);
    let seed = "family submarines\nrows 2 1 3\ncols 1 2 3\n";
    for k in 0..40 {
        let f = temp_file(&format!("fz{k}.txt"), &mutate(&mut rng, seed));
        let r = wellposed(&["solve", &f]);
        assert!(
            r.code == 0 || r.code == 2,
            "exit {} on {f}: {}",
            r.code,
            r.stderr
        );
        if r.code == 2 {
            assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
        }
    }
}

/// The harness's own address space is capped (Linux: read back from /proc), so a blow-up in a
/// parser or an encoder fails the run instead of the machine.
#[test]
fn the_harness_runs_in_a_bounded_address_space() {
    limit_address_space(FUZZ_ADDRESS_SPACE);
    let Ok(limits) = std::fs::read_to_string("/proc/self/limits") else {
        eprintln!("skipped: no /proc/self/limits here");
        return;
    };
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))
        .expect("an address-space line");
    let soft: u64 = line.split_whitespace().nth(3).unwrap().parse().unwrap();
    assert_eq!(soft, FUZZ_ADDRESS_SPACE, "{line}");
}
