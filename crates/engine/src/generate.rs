//! The generators' common frame, the same for every family: one puzzle per seed SEED, SEED+1,
//! … (`count` of them, at least one), and for `--difficulty` under [`Difficulty::Graded`] the
//! grading by the shared deduction engine.

use crate::entry::{Difficulty, FamilyEntry, Made, Report, Request};
use crate::grading::{deduce_puzzle, hardest_name};
use crate::Options;
use serde_json::json;

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
        texts.push(with_url_line(text, &json));
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

/// The puzzle's text with its puzz.link URL (the generator's JSON `url`, where its genre has
/// one) as a comment line under the first comment line, so that a setter can share what was
/// just made without `export --format url`; the text still reads back as the puzzle.
fn with_url_line(text: String, json: &serde_json::Value) -> String {
    let Some(url) = json.get("url").and_then(|u| u.as_str()) else {
        return text;
    };
    match text.split_once('\n') {
        Some((first, rest)) if first.starts_with('#') => format!("{first}\n# {url}\n{rest}"),
        _ => text,
    }
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
