//! Property-based fuzzing of every parser with proptest: byte-level edits of real inputs (of
//! every family, fed to every parser, so a Survo file also reaches the nonogram parser) and
//! arbitrary text. The property: a parser returns a puzzle or a one-line error that names the
//! file and a line — never a panic — and a parsed puzzle of modest size encodes. On a failure
//! proptest shrinks the edits to a smallest failing input and prints it.
//! `WELLPOSED_FUZZ_SCALE=k` multiplies the cases (as for tests/fuzz_parsers.rs).

mod common;
use common::{bundled, instance, limit_address_space, FUZZ_ADDRESS_SPACE, FUZZ_ENCODING_BUDGET};
use proptest::prelude::*;
use wellposed_engine::{Encoding, FamilyEntry};
use wellposed_families::FAMILIES;

/// The bundled instances of every registered family (paths, for the command lines).
fn seed_files() -> Vec<String> {
    FAMILIES
        .iter()
        .flat_map(|f| bundled(f))
        .filter(|(_, text)| text.len() < 20_000)
        .map(|(path, _)| path)
        .collect()
}

/// Every registered family's bundled instances and examples.
fn seeds() -> Vec<String> {
    let mut all: Vec<String> = seed_files()
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("bundled instance"))
        .collect();
    all.extend(
        FAMILIES
            .iter()
            .flat_map(|f| f.examples.iter().map(|e| e.to_string())),
    );
    all
}

fn cases() -> u32 {
    let scale: u32 = std::env::var("WELLPOSED_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    2000 * scale.max(1)
}

/// One edit at a relative position: delete a run, insert bytes, overwrite a byte, truncate.
#[derive(Clone, Debug)]
enum Edit {
    Delete(prop::sample::Index, u8),
    Insert(prop::sample::Index, Vec<u8>),
    Overwrite(prop::sample::Index, u8),
    Truncate(prop::sample::Index),
}

/// Bytes that matter to the formats (digits, separators, signs, line ends), plus any byte.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => prop::sample::select(b"0123456789 \n\t-|:.,/#xpcdu*?".to_vec()),
        1 => any::<u8>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<prop::sample::Index>(), 1u8..12).prop_map(|(i, n)| Edit::Delete(i, n)),
        (
            any::<prop::sample::Index>(),
            prop::collection::vec(interesting_byte(), 1..6)
        )
            .prop_map(|(i, b)| Edit::Insert(i, b)),
        (any::<prop::sample::Index>(), interesting_byte()).prop_map(|(i, b)| Edit::Overwrite(i, b)),
        any::<prop::sample::Index>().prop_map(Edit::Truncate),
    ]
}

fn apply(seed: &str, edits: &[Edit]) -> String {
    let mut bytes = seed.as_bytes().to_vec();
    for e in edits {
        let at = |i: &prop::sample::Index, len: usize| i.index(len + 1);
        match e {
            Edit::Delete(i, n) => {
                let start = at(i, bytes.len()).min(bytes.len());
                let end = (start + usize::from(*n)).min(bytes.len());
                bytes.drain(start..end);
            }
            Edit::Insert(i, b) => {
                let start = at(i, bytes.len());
                bytes.splice(start..start, b.iter().copied());
            }
            Edit::Overwrite(i, b) => {
                if !bytes.is_empty() {
                    let k = i.index(bytes.len());
                    bytes[k] = *b;
                }
            }
            Edit::Truncate(i) => bytes.truncate(at(i, bytes.len())),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Parses with one family's parser and checks the property; the error text on failure.
fn parse_as(family: &FamilyEntry, text: &str) -> Result<(), String> {
    limit_address_space(FUZZ_ADDRESS_SPACE);
    match (family.parse)(text, "fuzz.txt") {
        Ok(p) => {
            // Encoding is part of accepting an input; keep it to sizes a test can afford
            // (absurd sizes are refused by the parsers and tested in tests/suite/cli.rs).
            for kind in p.encodings() {
                let choices = wellposed_engine::sat::Choices {
                    max_bytes: FUZZ_ENCODING_BUDGET,
                    ..Default::default()
                };
                if let Some(Encoding::Cnf(e)) = p.encode(kind, choices) {
                    // A formula past the budget is incomplete (its clauses dropped, only its
                    // variable counter still running) and the engine refuses it with an error
                    // naming the budget: what was built is bounded by the budget, however many
                    // variables were numbered (a 708×8 binary game ID numbers 2.09 M).
                    if !e.cnf.over_budget() && e.cnf.num_vars() > 2_000_000 {
                        return Err(format!("{}: {} variables", family.name, e.cnf.num_vars()));
                    }
                }
            }
            Ok(())
        }
        Err(e) => {
            let shown = e.to_string();
            if !shown.starts_with("fuzz.txt:") {
                return Err(format!(
                    "{}: error does not name the file: {shown}",
                    family.name
                ));
            }
            if e.message.is_empty() || shown.contains('\n') {
                return Err(format!("{}: not a one-line error: {shown:?}", family.name));
            }
            Ok(())
        }
    }
}

fn every_parser(text: &str) -> Result<(), String> {
    FAMILIES.iter().try_for_each(|f| parse_as(f, text))
}

/// The edited game ID the random test once met: within the cells a binary grid may have, but
/// its CNF (2.09 M variables under the distinct rule) is past the harness's budget, so the
/// engine refuses it; refused is an accepted outcome, not an oversized formula.
#[test]
fn a_game_id_past_the_encoding_budget_is_refused_not_flagged() {
    let text = "708x8u:aadDAckJdBCabAq";
    let binary = FAMILIES
        .iter()
        .find(|f| f.name == "binary")
        .expect("binary is registered");
    assert_eq!(parse_as(binary, text), Ok(()));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_parser_survives_edited_real_inputs(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 0..8),
    ) {
        let seeds = seeds();
        let text = apply(&seeds[which.index(seeds.len())], &edits);
        if let Err(e) = every_parser(&text) {
            return Err(TestCaseError::fail(format!("{e}\ninput: {text:?}")));
        }
    }

    #[test]
    fn every_parser_survives_arbitrary_text(text in "(?s).{0,300}") {
        if let Err(e) = every_parser(&text) {
            return Err(TestCaseError::fail(format!("{e}\ninput: {text:?}")));
        }
    }

    #[test]
    fn every_parser_survives_header_like_lines(
        lines in prop::collection::vec(
            prop_oneof![
                Just("family submarines".to_string()),
                Just("family survo".to_string()),
                Just("family nonogram".to_string()),
                Just("family battleships".to_string()),
                Just("grid".to_string()),
                Just("pieces".to_string()),
                Just("p cnf 3 2".to_string()),
                "(size|rows|cols|width|height|mines|colours|fleet|positions) [0-9 -]{0,12}",
                "[.0-9*xX#| ]{0,10}",
            ],
            0..12,
        ),
    ) {
        let text = lines.join("\n");
        if let Err(e) = every_parser(&text) {
            return Err(TestCaseError::fail(format!("{e}\ninput: {text:?}")));
        }
    }
}

/// Bundled instances each command answers in well under a second (the command lines below
/// run whole commands on them).
const QUICK_FILES: &[&str] = &[
    "encodings/submarines/unique-6x6.txt",
    "encodings/raw/queens8.dlx",
    "encodings/lights-out/random-flip-3x3.txt",
    "encodings/neighbour-sum/cross-3x4-digits.txt",
    "encodings/binary/two-solutions-6x6.txt",
    "encodings/nonogram/house-8x8.txt",
    "encodings/nonogram/house-8x8.non",
    "encodings/nonogram/tatham-5x5.txt",
    "encodings/minesweeper/frontier-8x8.txt",
    "encodings/battleships/csplib-113.txt",
    "encodings/battleships/csplib-113.pl",
    "encodings/zebra/life-1962.txt",
    "encodings/map/six-regions.txt",
    "encodings/edges/witch-3x3.txt",
    "encodings/survo/wikipedia-3x4.txt",
];

/// A command line for the binary: a subcommand, its file or numbers, and a few flags, each
/// drawn from values that are valid, odd, or absurd.
fn command_line() -> impl Strategy<Value = Vec<String>> {
    let file = prop::sample::select(
        QUICK_FILES
            .iter()
            .map(|f| instance(f))
            .chain(["/nonexistent/x.txt".to_string(), String::new()])
            .collect::<Vec<_>>(),
    );
    let number = prop_oneof![
        (0u64..7).prop_map(|n| n.to_string()),
        Just("-1".to_string()),
        Just("1000000".to_string()),
        Just("99999999999999999999".to_string()),
        Just("x".to_string()),
    ];
    let command = prop_oneof![
        file.clone().prop_map(|f| vec!["solve".into(), f]),
        file.clone().prop_map(|f| vec!["count".into(), f]),
        file.clone().prop_map(|f| vec!["enumerate".into(), f]),
        file.clone().prop_map(|f| vec!["grade".into(), f]),
        file.clone().prop_map(|f| vec!["hint".into(), f]),
        (file.clone(), file.clone()).prop_map(|(a, b)| vec!["check-proof".into(), a, b]),
        file.clone()
            .prop_map(|f| vec!["minesweeper".into(), "analyze".into(), f]),
        (number.clone(), number.clone()).prop_map(|(m, n)| vec![
            "survo".into(),
            "enumerate".into(),
            m,
            n
        ]),
        number
            .clone()
            .prop_map(|n| vec!["binary".into(), "count-grids".into(), n]),
        (prop::sample::select(GENERATED.to_vec()), number.clone()).prop_map(|(f, n)| vec![
            "generate".into(),
            f.into(),
            "--size".into(),
            n
        ]),
    ];
    let flag = prop_oneof![
        Just(vec!["--json".to_string()]),
        number.clone().prop_map(|n| vec!["--limit".into(), n]),
        number.clone().prop_map(|n| vec!["--seed".into(), n]),
        Just(vec!["--backend".into(), "cadical".into()]),
        number.prop_map(|n| vec!["--conflicts".into(), n]),
        Just(vec!["--certify".into()]),
        Just(vec!["--deduce".into()]),
        Just(vec!["--method".into(), "counter".into()]),
    ];
    (command, prop::collection::vec(flag, 0..3)).prop_map(|(mut c, flags)| {
        // Every run is bounded: nothing the generator draws may keep the test waiting.
        let mut line = vec!["--timeout".to_string(), "3".to_string()];
        line.append(&mut c);
        line.extend(flags.into_iter().flatten());
        line
    })
}

/// The families `generate` is drawn over, and one that does not exist.
const GENERATED: [&str; 10] = [
    "binary",
    "battleships",
    "lights-out",
    "map",
    "minesweeper",
    "nonogram",
    "survo",
    "zebra",
    "edges",
    "nothing",
];

/// The drawn command lines found `generate binary --size 5` panicking only when the draw
/// happened to meet it; every family and every small size is cheap enough to try each time.
#[test]
fn every_generator_answers_or_refuses_every_small_size() {
    for family in GENERATED {
        for size in ["0", "1", "2", "3", "4", "5", "6", "7", "-1", "1000000"] {
            let args = ["--timeout", "3", "generate", family, "--size", size];
            let run = common::wellposed(&args);
            assert!(
                [0, 2, 3].contains(&run.code),
                "exit {} for {:?}: {}",
                run.code,
                args,
                run.stderr
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: cases() / 20,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// The binary on drawn command lines: an answer (0), a refusal (2, our errors in one line),
    /// or a clean stop at the time limit (3) — never a panic or a signal.
    #[test]
    fn the_binary_answers_or_refuses_every_command_line(args in command_line()) {
        limit_address_space(FUZZ_ADDRESS_SPACE);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = common::wellposed(&args);
        prop_assert!(
            [0, 2, 3].contains(&run.code),
            "exit {} for {:?}: {}", run.code, args, run.stderr
        );
        if let Some(ours) = run.stderr.lines().find(|l| l.starts_with("wellposed: error")) {
            prop_assert_eq!(run.stderr.trim().lines().count(), 1, "{}", ours);
        }
    }
}
