//! `wellposed solve`: is there a solution, and is it the only one? With `--certify`, the
//! answer proved; with `--deduce`, the cells every solution agrees on.

use crate::args::Input;
use crate::Report;
use anyhow::{bail, Result};
use serde_json::json;
use std::path::Path;
use wellposed_engine::{Counting, Method, Options, Question, Uniqueness};

/// What `solve` was asked besides the file.
pub struct Asked<'a> {
    pub deduce: bool,
    pub svg: Option<&'a Path>,
    pub certify: bool,
    pub use_intended: bool,
}

/// Whether `--certify` must also compare: the proof is always made on the SAT path (blocking
/// clauses, varisat's DRAT), so an answer found another way (dancing links, the family's own
/// mathematics, the model counter) is answered that way first and then checked against it.
pub fn answered_elsewhere(opts: &Options) -> bool {
    !matches!(opts.method, Method::Auto | Method::Sat) || opts.counting != Counting::Auto
}

/// The certificate of a certified answer, in words and as JSON.
pub fn certificate(c: &wellposed_engine::Certified) -> (String, serde_json::Value) {
    match &c.proof {
        Some(p) => (
            format!(
                "certified: a DRAT proof that no further solution exists ({} lemmas, {} bytes) checked by the independent checker in {:.2} s",
                p.lemmas, p.bytes, p.seconds
            ),
            json!({"kind": "drat", "lemmas": p.lemmas, "deletions": p.deletions,
                   "bytes": p.bytes, "check_seconds": p.seconds}),
        ),
        None => (
            "certified: every solution reported was checked by the puzzle's rules (no claim that none is left)".to_string(),
            json!({"kind": "witnesses", "checked_solutions": c.count}),
        ),
    }
}

pub fn solve(input: &Input, opts: &Options, asked: Asked) -> Result<Report> {
    let Asked {
        deduce,
        svg,
        certify,
        use_intended,
    } = asked;
    let file = input.file.as_path();
    let loaded = crate::load(input)?;
    let p = loaded.puzzle.as_ref();
    let mut intended = false;
    let (u, certified) = if certify {
        let c = wellposed_engine::certified(p, opts, Some(2), 2)?;
        let mut cert = certificate(&c);
        let mut found = c.solutions.into_iter();
        let mut u = match (found.next(), found.next()) {
            (None, _) => Uniqueness::None,
            (Some(a), None) => Uniqueness::Unique(a),
            (Some(a), Some(b)) => Uniqueness::Multiple(a, b),
        };
        if answered_elsewhere(opts) {
            // The method asked for answers; the proof on the SAT path must agree with it.
            let asked = wellposed_engine::uniqueness(p, opts)?;
            let agree = match (&asked, &u) {
                (Uniqueness::None, Uniqueness::None) => true,
                (Uniqueness::Unique(a), Uniqueness::Unique(b)) => a.json == b.json,
                (Uniqueness::Multiple(..), Uniqueness::Multiple(..)) => true,
                _ => false,
            };
            if !agree {
                bail!(
                    "internal error: --method {} says {} but the certified SAT path says {}; please report this",
                    opts.method.name(),
                    asked.status(),
                    u.status()
                );
            }
            cert.0.push_str(&format!(
                "; the answer of --method {} agrees",
                opts.method.name()
            ));
            cert.1["checks_method"] = json!(opts.method.name());
            u = asked;
        }
        (u, Some(cert))
    } else if let Some(u) = use_intended
        .then(|| wellposed_engine::uniqueness_of_intended(p, opts))
        .transpose()?
        .flatten()
    {
        intended = true;
        (u, None)
    } else {
        (wellposed_engine::uniqueness(p, opts)?, None)
    };
    let mut json =
        json!({"file": file.display().to_string(), "family": p.family(), "status": u.status()});
    if intended {
        // The first solution is the file's own (checked by the rules), not one searched for.
        json["from_intended"] = json!(true);
    } else if certified.is_none() {
        // What answered (or tried to), and why: the engine's plan for the question.
        json["plan"] = json!(wellposed_engine::plan(p, opts, Question::Solve, Some(2)));
    }
    let text = if loaded.raw_cnf {
        // SAT-competition style for raw DIMACS input.
        match &u {
            Uniqueness::None => "s UNSATISFIABLE".to_string(),
            Uniqueness::Unique(s) | Uniqueness::Multiple(s, _) => {
                format!("s SATISFIABLE\n{}\nc uniqueness: {}", s.text, u.status())
            }
        }
    } else {
        match &u {
            Uniqueness::None => "status: none (no solution)".to_string(),
            Uniqueness::Unique(s) => format!("status: unique\n{}", s.text),
            Uniqueness::Multiple(a, b) => {
                format!(
                    "status: multiple\nsolution 1:\n{}\nsolution 2:\n{}",
                    a.text, b.text
                )
            }
        }
    };
    match &u {
        Uniqueness::None => json["solution"] = serde_json::Value::Null,
        Uniqueness::Unique(s) => json["solution"] = s.json.clone(),
        Uniqueness::Multiple(a, b) => {
            json["solution"] = a.json.clone();
            json["second_solution"] = b.json.clone();
        }
    }
    let mut text = text;
    if let Some((words, cert)) = certified {
        text.push_str(&format!(
            "\n{}{words}",
            if loaded.raw_cnf { "c " } else { "" }
        ));
        json["certified"] = json!(true);
        json["certificate"] = cert;
    } else {
        // Said plainly: without --certify nothing was proved.
        json["certified"] = json!(false);
    }
    if let Some(out) = svg {
        let (Uniqueness::Unique(first) | Uniqueness::Multiple(first, _)) = &u else {
            bail!("no solution to draw");
        };
        let Some(drawing) = p.svg(first) else {
            bail!("there is no drawing for `{}` puzzles (yet)", p.family());
        };
        wellposed_engine::write_atomically(out, drawing.as_bytes())?;
        text.push_str(&format!("\nwrote {}", out.display()));
        json["svg"] = json!(out.display().to_string());
    }
    if deduce && !matches!(u, Uniqueness::None) {
        let Some(b) = wellposed_engine::backbone(p, opts)? else {
            bail!("internal error: a solution was found, then the backbone search found none");
        };
        let fixed: Vec<serde_json::Value> = b
            .fixed
            .iter()
            .enumerate()
            .filter_map(|(k, f)| {
                f.map(|value| {
                    let name = b
                        .names
                        .get(k)
                        .cloned()
                        .unwrap_or_else(|| format!("x{}", k + 1));
                    json!({"var": name, "value": value})
                })
            })
            .collect();
        let settled = fixed.len();
        let all = b.fixed.len();
        json["fixed"] = serde_json::Value::Array(fixed);
        json["fixed_count"] = json!(settled);
        json["open_count"] = json!(all - settled);
        json["backbone_solves"] = json!(b.solves);
        let picture = p.render_partial(&b.fixed);
        if let Some(pic) = &picture {
            json["deduced"] = json!(pic);
        }
        text.push_str(&format!(
            "\ndeducible: {settled} of {all} answer variables have one value in every solution ({} SAT calls)",
            b.solves
        ));
        if let Some(pic) = picture {
            text.push('\n');
            text.push_str(&pic);
        }
    }
    Ok(Report { text, json })
}
