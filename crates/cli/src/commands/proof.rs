//! `wellposed check-proof`: a textual DRAT proof checked by wellposed's own checker.

use crate::Report;
use anyhow::{Context, Result};
use serde_json::json;
use std::path::Path;
use std::time::Instant;

pub fn check_proof(cnf: &Path, proof: &Path) -> Result<Report> {
    let text = wellposed_engine::read_text(cnf)?;
    let (formula, _) = wellposed_engine::sat::dimacs::parse(&text)
        .map_err(|e| anyhow::anyhow!("{}:{}: {}", cnf.display(), e.line, e.message))?;
    let clauses: Vec<Vec<i64>> = formula
        .clauses()
        .iter()
        .map(|c| c.iter().map(|l| l.dimacs()).collect())
        .collect();
    let file =
        std::fs::File::open(proof).with_context(|| format!("cannot read {}", proof.display()))?;
    let started = Instant::now();
    let checked = wellposed_engine::drat::check(&clauses, std::io::BufReader::new(file))
        .map_err(|e| anyhow::anyhow!("{}: {e}", proof.display()))?;
    let secs = started.elapsed().as_secs_f64();
    Ok(Report {
        text: format!(
            "proof checked: {} is unsatisfiable ({} lemmas, {} deletions, {secs:.2} s)",
            cnf.display(),
            checked.lemmas,
            checked.deletions
        ),
        json: json!({"cnf": cnf.display().to_string(), "proof": proof.display().to_string(),
                     "verified": true, "lemmas": checked.lemmas,
                     "deletions": checked.deletions, "seconds": secs}),
    })
}
