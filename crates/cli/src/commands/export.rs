//! `wellposed export`: the puzzle's encoding as DIMACS CNF or Knuth's `.dlx`, or the puzzle
//! itself as a puzz.link URL or its `family` text.

use crate::args::Input;
use crate::Report;
use anyhow::{Context, Result};
use serde_json::json;
use std::path::Path;
use wellposed_engine::{EncodingKind, Options};

/// The formats `export` writes.
#[derive(Clone, Copy)]
pub enum Format {
    Dimacs,
    Dlx,
    /// The puzzle as a puzz.link URL (the families that have one: from the registry).
    Url,
    /// The puzzle as its family's text (what `solve` reads back).
    Text,
}

impl clap::ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &[Format::Dimacs, Format::Dlx, Format::Url, Format::Text]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        use clap::builder::PossibleValue;
        Some(match self {
            Format::Dimacs => PossibleValue::new("dimacs"),
            Format::Dlx => PossibleValue::new("dlx"),
            Format::Url => PossibleValue::new("url").help(format!(
                "The puzzle as a puzz.link URL ({})",
                super::url_families()
            )),
            Format::Text => PossibleValue::new("text")
                .help("The puzzle as its family's text (what `solve` reads back)"),
        })
    }
}

pub fn export(
    input: &Input,
    format: Format,
    opts: &Options,
    output: Option<&Path>,
) -> Result<Report> {
    let loaded = crate::load(input)?;
    let p = loaded.puzzle.as_ref();
    let mut buf = Vec::new();
    match format {
        Format::Dimacs => wellposed_engine::export(p, EncodingKind::Cnf, opts, &mut buf)?,
        Format::Dlx => wellposed_engine::export(p, EncodingKind::ExactCover, opts, &mut buf)?,
        Format::Url => {
            let url = p.url().ok_or_else(|| {
                anyhow::anyhow!(
                    "{}: this {} puzzle has no puzz.link URL (its family has none, or the URL cannot say all of it)",
                    input.file.display(),
                    p.family()
                )
            })?;
            buf.extend_from_slice(format!("{url}\n").as_bytes());
        }
        Format::Text => buf.extend_from_slice(p.to_text().as_bytes()),
    }
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
        Format::Url => "url",
        Format::Text => "text",
    }
}
