//! `wellposed export`: the puzzle's encoding as DIMACS CNF or Knuth's `.dlx`.

use crate::args::Input;
use crate::Report;
use anyhow::{Context, Result};
use serde_json::json;
use std::path::Path;
use wellposed_engine::{EncodingKind, Options};

/// The formats `export` writes.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    Dimacs,
    Dlx,
}

pub fn export(
    input: &Input,
    format: Format,
    opts: &Options,
    output: Option<&Path>,
) -> Result<Report> {
    let loaded = crate::load(input)?;
    let kind = match format {
        Format::Dimacs => EncodingKind::Cnf,
        Format::Dlx => EncodingKind::ExactCover,
    };
    let mut buf = Vec::new();
    wellposed_engine::export(loaded.puzzle.as_ref(), kind, opts, &mut buf)?;
    match output {
        None => {
            let text = String::from_utf8(buf).context("export produced invalid UTF-8")?;
            let text = text.trim_end().to_string();
            Ok(Report {
                json: json!({"format": format_name(format), "text": text}),
                text,
            })
        }
        Some(path) => {
            wellposed_engine::write_atomically(path, &buf)?;
            Ok(Report {
                text: format!("wrote {} ({} bytes)", path.display(), buf.len()),
                json: json!({"format": format_name(format), "output": path.display().to_string(), "bytes": buf.len()}),
            })
        }
    }
}

fn format_name(f: Format) -> &'static str {
    match f {
        Format::Dimacs => "dimacs",
        Format::Dlx => "dlx",
    }
}
