//! `wellposed repair`: what to change so that a puzzle has exactly one solution (see
//! [`wellposed_engine::repair`]). Every proposal is written as text, read back by the family's
//! parser and asked again: what the user gets is what was proved.

use crate::args::Input;
use crate::Report;
use anyhow::{bail, Result};
use serde_json::json;
use std::path::Path;
use wellposed_engine::repair::{repair, Keep, Outcome, Repair};
use wellposed_engine::{uniqueness, Options, Uniqueness};

/// What `repair` was asked.
pub struct Asked<'a> {
    pub keep: Option<u64>,
    pub proposals: usize,
    pub bounds: wellposed_engine::repair::Bounds,
    pub output: Option<&'a Path>,
}

pub fn run(input: &Input, asked: &Asked, opts: &Options) -> Result<Report> {
    let p = crate::load(input)?.puzzle;
    let file = input.file.display().to_string();
    let keep = asked.keep.map_or(Keep::Intended, Keep::Nth);
    let r = repair(p.as_ref(), keep, asked.proposals.max(1), asked.bounds, opts)
        .map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
    let family = wellposed_families::family(p.family()).expect("loaded through the registry");
    // Each proposal read back from its text and asked again.
    for (k, proposal) in r.proposals.iter().enumerate() {
        let text = proposal.puzzle.to_text();
        let again = (family.parse)(&text, "the proposal")?;
        let u = uniqueness(again.as_ref(), opts)?;
        let holds = match &r.outcome {
            Outcome::Multiple { .. } | Outcome::Unique { .. } => matches!(u, Uniqueness::Unique(_)),
            Outcome::Unsolvable { .. } => !matches!(u, Uniqueness::None),
        };
        if !holds {
            bail!("internal error: repair proposal {} does not hold when read back; please report this", k + 1);
        }
    }
    if let (Some(path), Some(first)) = (asked.output, r.proposals.first()) {
        wellposed_engine::write_atomically(path, first.puzzle.to_text().as_bytes())?;
    }
    Ok(report(&file, &r, asked.output))
}

fn report(file: &str, r: &Repair, output: Option<&Path>) -> Report {
    let how = if r.minimum {
        "smallest possible"
    } else {
        "not proved smallest"
    };
    let listed = |clues: &[String]| {
        if clues.is_empty() {
            "nothing".to_string()
        } else {
            clues.join(", ")
        }
    };
    let mut lines = Vec::new();
    let (status, extra) = match &r.outcome {
        Outcome::Multiple { kept, others } => {
            let n = r.proposals.first().map_or(0, |p| p.clues.len());
            lines.push(format!(
                "multiple: {} other solution(s) met; {n} clue(s) of the kept solution make it unique ({how})",
                others
            ));
            for (k, p) in r.proposals.iter().enumerate() {
                lines.push(format!("proposal {}: add {}", k + 1, listed(&p.clues)));
            }
            lines.push(format!("kept solution:\n{}", kept.text.trim_end()));
            (
                "multiple",
                json!({ "kept": kept.json, "others_met": others }),
            )
        }
        Outcome::Unsolvable { core } => {
            lines.push(format!(
                "none: these clues cannot all hold (a minimal core): {}",
                listed(core)
            ));
            match r.proposals.first() {
                Some(p) => lines.push(format!(
                    "remove {} to make it solvable ({how})",
                    listed(&p.clues)
                )),
                None => lines.push(
                    "no clue is at fault: the puzzle has no solution even without clues".into(),
                ),
            }
            ("none", json!({ "core": core }))
        }
        Outcome::Unique {
            solution,
            redundant,
        } => {
            lines.push(format!(
                "unique; redundant clues (each can go alone): {}",
                listed(redundant)
            ));
            if let Some(p) = r.proposals.first() {
                lines.push(format!(
                    "a minimal clue set: remove {} (every remaining clue is needed)",
                    listed(&p.clues)
                ));
            }
            (
                "unique",
                json!({ "solution": solution.json, "redundant": redundant }),
            )
        }
    };
    if let Some(p) = r.proposals.first() {
        match output {
            Some(path) => lines.push(format!("written to {}", path.display())),
            None => lines.push(format!(
                "the changed puzzle:\n{}",
                p.puzzle.to_text().trim_end()
            )),
        }
    }
    let proposals: Vec<serde_json::Value> = r
        .proposals
        .iter()
        .map(|p| json!({ "clues": p.clues, "puzzle": p.puzzle.to_text() }))
        .collect();
    let mut j = json!({
        "file": file,
        "status": status,
        "proposals": proposals,
        "minimum": r.minimum,
        "checks": r.checks,
    });
    if let (Some(o), serde_json::Value::Object(e)) = (j.as_object_mut(), extra) {
        o.extend(e);
    }
    Report {
        text: lines.join("\n"),
        json: j,
    }
}
