//! `wellposed grade` and `wellposed hint` for every family, by the shared deduction engine over
//! the puzzle's CNF (propagation, then probing).

use anyhow::{bail, Result};
use serde_json::json;
use std::path::Path;
use wellposed_engine::deduce::{Deducer, FamilyRule, Rule};
use wellposed_engine::{CnfEncoding, Encoding, EncodingKind};

use crate::{load, Report};

/// The puzzle's CNF, its family, and the family's own rules.
type Prepared = (CnfEncoding, String, Vec<Box<dyn FamilyRule>>);

fn cnf(file: &Path) -> Result<Prepared> {
    let loaded = load::load(file)?;
    prepared(loaded.puzzle.as_ref(), &file.display().to_string())
}

/// What deduction (every rule, up to probing) makes of a puzzle, and the names of the rules it
/// could use, easiest first: how generators grade what they make.
pub fn deduce_puzzle(
    p: &dyn wellposed_engine::Puzzle,
) -> Result<(wellposed_engine::deduce::Deduction, Vec<&'static str>)> {
    let (enc, _, rules) = prepared(p, p.family())?;
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

fn prepared(p: &dyn wellposed_engine::Puzzle, shown: &str) -> Result<Prepared> {
    let rules = p.deduction_rules();
    let family = p.family().to_string();
    let enc = match p.deduction_encoding() {
        Some(Encoding::Cnf(e)) => e,
        _ => match p.encode(EncodingKind::ExactCover, Default::default()) {
            Some(Encoding::ExactCover(x)) => wellposed_engine::exact_cover_to_cnf(&x),
            _ => bail!("{shown}: `{family}` has no encoding to deduce over"),
        },
    };
    Ok((enc, family, rules))
}

/// `--max`: propagation, probe, or one of the family's own rules by name.
fn rule(s: &str, family: &[Box<dyn FamilyRule>]) -> Result<Rule> {
    match s {
        "propagation" => Ok(Rule::Propagation),
        "probe" => Ok(Rule::Probe),
        other => family
            .iter()
            .map(|r| r.rule())
            .find(|r| r.name() == other)
            .ok_or_else(|| {
                let names: Vec<&str> = std::iter::once("propagation")
                    .chain(family.iter().map(|r| r.rule().name()))
                    .chain(std::iter::once("probe"))
                    .collect();
                anyhow::anyhow!(
                    "--max: expected one of {}, found `{other}`",
                    names.join(", ")
                )
            }),
    }
}

pub fn grade(file: &Path, max: &str) -> Result<Report> {
    let (enc, family, rules) = cnf(file)?;
    let max = rule(max, &rules)?;
    let d = Deducer::new(&enc).with_rules(rules).deduce(max);
    let text = if d.contradiction {
        "deduction: contradiction (the clues have no solution)".to_string()
    } else if d.solved {
        match d.hardest {
            None => "deduction: nothing to deduce (every answer is given)".to_string(),
            Some(r) => format!(
                "deduction: solved; hardest rule {} (level {}), {} answers settled",
                r.name(),
                r.level(),
                d.steps.len()
            ),
        }
    } else {
        format!(
            "deduction: stalled with {} of {} answers open (search needed); hardest rule used {}",
            d.open,
            enc.answer.len(),
            d.hardest.map_or("none", |r| r.name())
        )
    };
    let mut j = serde_json::to_value(&d)?;
    j["file"] = json!(file.display().to_string());
    j["family"] = json!(family);
    j["level"] = json!(d.hardest.map(|r| r.level()));
    Ok(Report { text, json: j })
}

/// The hint when deduction has no step to give: an error for contradicting clues, else
/// "nothing left" or "a guess is needed" with how many `open` (answers, cells) remain. `key`
/// is the JSON field that names the step's rule (`rule`, or binary's `technique`).
pub fn no_step(
    file: &Path,
    family: &str,
    (contradiction, solved): (bool, bool),
    open: String,
    key: &str,
) -> Result<Report> {
    if contradiction {
        bail!(
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

pub fn hint(file: &Path) -> Result<Report> {
    let (enc, family, rules) = cnf(file)?;
    let d = Deducer::new(&enc).with_rules(rules).deduce(Rule::Probe);
    let step = match d.steps.first() {
        Some(step) if !d.contradiction => step,
        _ => {
            let open = format!("{} answers", d.open);
            return no_step(file, &family, (d.contradiction, d.solved), open, "rule");
        }
    };
    let why = match step.rule {
        Rule::Propagation => "one constraint of the puzzle leaves it no other choice",
        Rule::Probe => "the other value leads to a contradiction by propagation alone",
        Rule::Family(..) => "a rule of this kind of puzzle",
    };
    Ok(Report {
        text: format!(
            "{}: {} is {} — {} ({}, level {})",
            family,
            step.var,
            step.value,
            why,
            step.rule.name(),
            step.rule.level()
        ),
        json: json!({
            "file": file.display().to_string(), "family": family, "rule": step.rule,
            "level": step.rule.level(), "var": step.var, "value": step.value,
        }),
    })
}
