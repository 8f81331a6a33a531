//! The generators' common frame, the same for every family: one puzzle per seed SEED, SEED+1,
//! … (`count` of them, at least one), and for `--difficulty` under [`Difficulty::Graded`] the
//! grading by the shared deduction engine.

use crate::deduce::{Deducer, Deduction, Rule};
use crate::entry::{Difficulty, FamilyEntry, Made, Report, Request};
use crate::{exact_cover_to_cnf, Encoding, EncodingKind, EngineError, Options, Puzzle};
use serde_json::json;

/// What deduction (every rule, up to probing) makes of a puzzle, and the names of the rules it
/// could use, easiest first, then `search`: how generators grade what they make, and what
/// `grade` and `hint` run.
pub fn deduce_puzzle(p: &dyn Puzzle) -> Result<(Deduction, Vec<&'static str>), EngineError> {
    let (enc, rules) = deduction_input(p)?;
    let mut names: Vec<&'static str> = std::iter::once(Rule::Propagation)
        .chain(rules.iter().map(|r| r.rule()))
        .chain(std::iter::once(Rule::Probe))
        .map(|r| r.name())
        .collect();
    names.push("search");
    Ok((
        Deducer::new(&enc).with_rules(rules).deduce(Rule::Probe),
        names,
    ))
}

/// The CNF a puzzle is deduced over (its deduction encoding, or its exact cover translated)
/// and the family's own rules.
pub fn deduction_input(
    p: &dyn Puzzle,
) -> Result<(crate::CnfEncoding, Vec<Box<dyn crate::deduce::FamilyRule>>), EngineError> {
    let rules = p.deduction_rules();
    let enc = match p.deduction_encoding() {
        Some(Encoding::Cnf(e)) => {
            crate::within_budget(p.family(), &e.cnf)?;
            e
        }
        _ => match p.encode(EncodingKind::ExactCover, Default::default()) {
            Some(Encoding::ExactCover(x)) => exact_cover_to_cnf(&x),
            _ => {
                return Err(EngineError::NoEncoding {
                    family: p.family().to_string(),
                    kind: EncodingKind::Cnf,
                })
            }
        },
    };
    Ok((enc, rules))
}

/// The name of the hardest rule a deduction needed: `search` when it stalls, `none` when
/// there was nothing to deduce.
pub fn hardest_name(d: &Deduction) -> &'static str {
    match (d.solved, d.hardest) {
        (false, _) => "search",
        (true, Some(r)) => r.name(),
        (true, None) => "none",
    }
}

/// How many seeds a graded generator tries for one puzzle before giving up.
pub const GRADED_ATTEMPTS: u64 = 200;

/// Runs a family's generator: `count` puzzles (at least one) from seeds SEED, SEED+1, …; the
/// texts joined by blank lines, the JSON one object or a list. Each JSON object gets the time
/// it took and the part of it spent proving uniqueness (from `opts.progress`).
///
/// With `difficulty` and a [`Difficulty::Graded`] generator, each puzzle is made from seed s,
/// then s + 2^32, s + 2·2^32, … until the shared deduction engine's hardest rule on it is the
/// one asked (`search`: deduction stalls). The JSON names the seed that made it, so the same
/// puzzle comes back from that seed without `--difficulty`.
pub fn generate(
    family: &FamilyEntry,
    args: &clap::ArgMatches,
    (seed, count): (u64, u64),
    difficulty: Option<&str>,
    opts: &Options,
) -> anyhow::Result<Report> {
    let Some(g) = family.generator else {
        anyhow::bail!("the {} family has no generator", family.name);
    };
    let graded = match (g.difficulty, difficulty) {
        (_, None) => None,
        (Difficulty::None, Some(_)) => {
            anyhow::bail!(
                "generate {}: this generator takes no --difficulty",
                family.name
            )
        }
        (Difficulty::Own(names), Some(d)) if !names.contains(&d) => anyhow::bail!(
            "difficulty: expected one of {}, found `{d}`",
            names.join(", ")
        ),
        (Difficulty::Own(_), Some(_)) => None,
        (Difficulty::Graded, Some(d)) => Some(d),
    };
    let own = match g.difficulty {
        Difficulty::Own(_) => difficulty,
        _ => None,
    };
    let make = |s: u64| {
        (g.make)(
            args,
            &Request {
                seed: s,
                difficulty: own,
                options: opts,
            },
        )
    };
    let mut texts = Vec::new();
    let mut made = Vec::new();
    for k in 0..count.max(1) {
        let first = seed.wrapping_add(k);
        let (start, checks) = (std::time::Instant::now(), opts.progress.uniqueness_time());
        let Made { text, mut json, .. } = match graded {
            None => make(first)?,
            Some(want) => graded_one(family, first, want, &make)?,
        };
        if json.is_object() {
            json["seconds"] = json!(start.elapsed().as_secs_f64());
            json["uniqueness_seconds"] =
                json!((opts.progress.uniqueness_time() - checks).as_secs_f64());
        }
        texts.push(text);
        made.push(json);
    }
    Ok(Report {
        text: texts.join("\n\n"),
        json: if made.len() == 1 {
            made.remove(0)
        } else {
            serde_json::Value::Array(made)
        },
    })
}

/// One puzzle whose hardest rule is `want` (see [`generate`]).
fn graded_one(
    family: &FamilyEntry,
    first: u64,
    want: &str,
    make: &dyn Fn(u64) -> anyhow::Result<Made>,
) -> anyhow::Result<Made> {
    for attempt in 0..GRADED_ATTEMPTS {
        let s = first.wrapping_add(attempt << 32);
        let mut m = make(s)?;
        let p = (family.parse)(&m.puzzle, "generated puzzle")?;
        let (d, names) = deduce_puzzle(p.as_ref())?;
        if !names.contains(&want) {
            anyhow::bail!(
                "difficulty: expected one of {}, found `{want}`",
                names.join(", ")
            );
        }
        if hardest_name(&d) == want {
            m.json["difficulty"] = json!(want);
            m.json["attempts"] = json!(attempt + 1);
            m.text = format!("# difficulty {want}\n{}", m.text);
            return Ok(m);
        }
    }
    anyhow::bail!("no puzzle of difficulty `{want}` in {GRADED_ATTEMPTS} seeds from {first}")
}

/// The hint when deduction has no step to give: an error for contradicting clues, else
/// "nothing left" or "a guess is needed" with how many `open` (answers, cells) remain. `key`
/// is the JSON field that names the step's rule (`rule`, or binary's `technique`).
pub fn no_step(
    file: &std::path::Path,
    family: &str,
    (contradiction, solved): (bool, bool),
    open: String,
    key: &str,
) -> anyhow::Result<Report> {
    if contradiction {
        anyhow::bail!(
            "{}: the clues contradict each other: no hint",
            file.display()
        );
    }
    let text = if solved {
        "nothing left to deduce".to_string()
    } else {
        format!("no deduction applies: {open} open, a guess is needed")
    };
    let mut j = json!({"file": file.display().to_string(), "family": family});
    j[key] = serde_json::Value::Null;
    Ok(Report { text, json: j })
}
