//! `wellposed count` and `wellposed enumerate`: how many solutions, and each of them.

use crate::args::Input;
use crate::Report;
use anyhow::{bail, Result};
use serde_json::json;
use std::io::Write;
use wellposed_engine::{Options, Question, SolutionCount};

/// Streams solutions to stdout as they are found, so a run stopped by --timeout keeps them.
pub fn enumerate(input: &Input, opts: &Options, limit: Option<u64>, json: bool) -> Result<Report> {
    let loaded = crate::load(input)?;
    let mut n = 0u64;
    let mut failed = None;
    let complete = wellposed_engine::enumerate(loaded.puzzle.as_ref(), opts, limit, |s| {
        n += 1;
        let mut out = std::io::stdout().lock();
        let written = if json {
            writeln!(out, "{}", json!({"solution": s.json}))
        } else {
            writeln!(out, "solution {n}:\n{}\n", s.text)
        };
        match written.and_then(|_| out.flush()) {
            Ok(()) => std::ops::ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                std::ops::ControlFlow::Break(())
            }
        }
    })?;
    if let Some(e) = failed {
        bail!("cannot write the solutions: {e}");
    }
    let text = if complete {
        format!("{n} solutions, complete")
    } else {
        format!("{n} solutions listed; stopped by --limit, there may be more")
    };
    Ok(Report {
        text,
        json: json!({"count": n, "complete": complete}),
    })
}

pub fn count(input: &Input, opts: &Options, limit: Option<u64>, certify: bool) -> Result<Report> {
    let file = input.file.as_path();
    let loaded = crate::load(input)?;
    let (c, certified) = if certify {
        let c = wellposed_engine::certified(loaded.puzzle.as_ref(), opts, limit, 0)?;
        let mut cert = super::solve::certificate(&c);
        let mut counted = wellposed_engine::Counted {
            count: c.count.into(),
            complete: c.complete,
            method: wellposed_engine::CountMethod::Blocking,
        };
        if super::solve::answered_elsewhere(opts) {
            // The method asked for counts; the certified enumeration must reach the same number.
            let asked = wellposed_engine::count(loaded.puzzle.as_ref(), opts, limit)?;
            if asked.complete && counted.complete && asked.count != counted.count {
                bail!(
                    "internal error: {} counts {} but the certified SAT path counts {}; please report this",
                    asked.method,
                    asked.count,
                    counted.count
                );
            }
            cert.0
                .push_str(&format!("; the {} count agrees", asked.method));
            cert.1["checks_method"] = json!(asked.method);
            counted = asked.clone();
            counted.complete = asked.complete && c.complete;
        }
        (counted, Some(cert))
    } else {
        (
            wellposed_engine::count(loaded.puzzle.as_ref(), opts, limit)?,
            None,
        )
    };
    let mut text = if c.complete {
        format!("count: {} ({})", c.count, c.method)
    } else {
        format!(
            "count: at least {} (stopped by --limit; {})",
            c.count, c.method
        )
    };
    // An exact number of any size; infinitely many is `null` with `infinite: true`.
    let number = match &c.count {
        SolutionCount::Finite(n) => json!(serde_json::Number::from_string_unchecked(n.to_string())),
        SolutionCount::Infinite => serde_json::Value::Null,
    };
    let mut json = json!({"file": file.display().to_string(), "family": loaded.puzzle.family(),
                 "count": number, "complete": c.complete, "method": c.method});
    if c.count == SolutionCount::Infinite {
        json["infinite"] = json!(true);
    }
    if certified.is_none() {
        json["plan"] = json!(wellposed_engine::plan(
            loaded.puzzle.as_ref(),
            opts,
            Question::Count,
            limit
        ));
    }
    if let Some((words, cert)) = certified {
        text.push('\n');
        text.push_str(&words);
        // A count is certified when it is exact: the proof says no solution was missed.
        json["certified"] = json!(c.complete);
        json["certificate"] = cert;
    } else {
        json["certified"] = json!(false);
    }
    Ok(Report { text, json })
}
