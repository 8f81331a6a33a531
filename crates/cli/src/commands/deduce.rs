//! `wellposed grade` and `wellposed hint` for every family, by the shared deduction engine over
//! the puzzle's deduction encoding: propagation, the family's own rules, then probing.

use crate::args::Input;
use crate::Report;
use anyhow::Result;
use serde_json::json;
use std::path::Path;
use wellposed_engine::deduce::{Deducer, FamilyRule, Rule};
use wellposed_engine::grading::{no_step, Summary};
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
    let (enc, family, rules) = prepared(p.as_ref(), file)?;
    let max = rule(max, &rules)?;
    let d = Deducer::new(&enc).with_rules(rules).deduce(max);
    let text = wellposed_engine::grading::describe(&Summary::of(&d), enc.answer.len());
    let mut j = serde_json::to_value(&d)?;
    j["file"] = json!(file.display().to_string());
    j["family"] = json!(family);
    j["level"] = json!(d.hardest.map(|r| r.level()));
    Ok(Report { text, json: j })
}

pub fn hint(input: &Input) -> Result<Report> {
    let file = input.file.as_path();
    let p = crate::load(input)?.puzzle;
    let (enc, family, rules) = prepared(p.as_ref(), file)?;
    let why_of: Vec<(Rule, &'static str)> = rules.iter().map(|r| (r.rule(), r.why())).collect();
    let probes_use_rules = rules.iter().any(|r| r.in_probes());
    let d = Deducer::new(&enc).with_rules(rules).deduce(Rule::Probe);
    let step = match d.steps.first() {
        Some(step) if !d.contradiction => step,
        _ => {
            let open = format!("{} answers", d.open);
            return no_step(file, &family, (d.contradiction, d.solved), open, "rule");
        }
    };
    // The whole first round: everything its rule settles at once.
    let round: Vec<_> = d.steps.iter().filter(|s| s.round == step.round).collect();
    let why = match step.rule {
        Rule::Propagation => "one constraint of the puzzle leaves it no other choice",
        Rule::Probe if probes_use_rules => "the other value leads to a contradiction",
        Rule::Probe => "the other value leads to a contradiction by propagation alone",
        Rule::Family(..) => why_of
            .iter()
            .find(|(r, _)| *r == step.rule)
            .map_or("a rule of this kind of puzzle", |(_, w)| w),
    };
    let settled: Vec<String> = round
        .iter()
        .map(|s| p.answer_text(&s.var, s.value))
        .collect();
    Ok(Report {
        text: format!(
            "{}: {} — {} ({}, level {})",
            family,
            settled.join(", "),
            why,
            step.rule.name(),
            step.rule.level()
        ),
        json: json!({
            "file": file.display().to_string(), "family": family, "rule": step.rule,
            "level": step.rule.level(), "why": why, "var": step.var, "value": step.value,
            "settles": round.iter().map(|s| json!({"var": s.var, "value": s.value})).collect::<Vec<_>>(),
        }),
    })
}
