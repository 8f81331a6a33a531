//! `wellposed grade` and `wellposed hint` for every family: by the shared deduction engine
//! over the puzzle's CNF (propagation, the family's own rules, then probing), or by the
//! family's own techniques where it grades in them (its registry entry says so).

use crate::args::Input;
use crate::Report;
use anyhow::Result;
use serde_json::json;
use std::path::Path;
use wellposed_engine::deduce::{Deducer, FamilyRule, Rule};
use wellposed_engine::grading::no_step;
use wellposed_engine::{CnfEncoding, Puzzle};

/// The puzzle's CNF to deduce over, its family, and the family's own rules.
type Prepared = (CnfEncoding, String, Vec<Box<dyn FamilyRule>>);

/// See [`Prepared`].
fn prepared(p: &dyn Puzzle, file: &Path) -> Result<Prepared> {
    let (enc, rules) = wellposed_engine::grading::deduction_input(p).map_err(|_| {
        anyhow::anyhow!(
            "{}: `{}` has no encoding to deduce over",
            file.display(),
            p.family()
        )
    })?;
    Ok((enc, p.family().to_string(), rules))
}

/// The family's own grading and hints, when its registry entry has them.
fn own(p: &dyn Puzzle) -> Option<wellposed_engine::OwnDeduction> {
    wellposed_families::family(p.family())?.own_deduction
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

pub fn grade(input: &Input, max: &str) -> Result<Report> {
    let file = input.file.as_path();
    let p = crate::load(input)?.puzzle;
    if let Some(own) = own(p.as_ref()) {
        return (own.grade)(p.as_ref(), max, file);
    }
    let (enc, family, rules) = prepared(p.as_ref(), file)?;
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

pub fn hint(input: &Input) -> Result<Report> {
    let file = input.file.as_path();
    let p = crate::load(input)?.puzzle;
    if let Some(own) = own(p.as_ref()) {
        return (own.hint)(p.as_ref(), file);
    }
    let (enc, family, rules) = prepared(p.as_ref(), file)?;
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
