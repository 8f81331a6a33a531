//! Agreement with the cspuz solver (`../shared/peers/cspuz/run_solver`), the setters' tool for
//! puzz.link genres, on the real puzzles each family collected: `encodings/*/puzzlink.tsv`,
//! one URL a line with where it came from. Both must say the same of each puzzle — no answer,
//! a unique answer, or several.
//!
//! The test command keeps a sample (the first [`SAMPLE`] URLs of each corpus, so the suite stays
//! short as genres are added); `WELLPOSED_CSPUZ_ALL=1` runs every URL, as
//! `scripts/agree-cspuz.sh` does (with generated puzzles too). Where the peer is absent the
//! test says so and checks nothing.

use crate::common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// URLs per corpus in the test command's run.
const SAMPLE: usize = 3;

/// One corpus line: the URL and where it came from.
struct Entry {
    file: PathBuf,
    line: usize,
    url: String,
}

/// Every `encodings/*/puzzlink.tsv`, in name order.
fn corpora() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("encodings"))
        .unwrap()
        .map(|e| e.unwrap().path().join("puzzlink.tsv"))
        .filter(|p| p.exists())
        .collect();
    files.sort();
    files
}

fn entries(file: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(k, l)| {
            let (url, source) = l.split_once('\t').unwrap_or((l, ""));
            assert!(
                !source.trim().is_empty(),
                "{}:{}: every URL names where it came from",
                file.display(),
                k + 1
            );
            Entry {
                file: file.to_path_buf(),
                line: k + 1,
                url: url.trim().to_string(),
            }
        })
        .collect()
}

fn peer() -> Option<PathBuf> {
    let p = root().join("../shared/peers/cspuz/run_solver");
    p.exists().then_some(p)
}

/// The peer's word, as our status names it.
fn peer_status(peer: &Path, url: &str) -> String {
    let out = Command::new(peer).arg(url).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    match text.trim().strip_prefix("Answer Status: ") {
        Some("Unique") => "unique".into(),
        Some("Not unique") => "multiple".into(),
        Some("No Answer") => "none".into(),
        _ => format!(
            "peer error: {}{}",
            text.trim(),
            String::from_utf8_lossy(&out.stderr).trim()
        ),
    }
}

#[test]
fn every_collected_puzzle_has_the_peer_s_status() {
    let Some(peer) = peer() else {
        eprintln!("skipped: the cspuz peer is not at ../shared/peers/cspuz/run_solver");
        return;
    };
    let all = std::env::var("WELLPOSED_CSPUZ_ALL").is_ok_and(|v| v == "1");
    let mut checked = 0;
    let mut differ = Vec::new();
    for file in corpora() {
        let list = entries(&file);
        let take = if all { list.len() } else { SAMPLE };
        for e in list.into_iter().take(take) {
            // The peer first: where it cannot read the URL (a genre key it lacks, as
            // Numberlink) there is nothing to compare, and ours need not run.
            let theirs = peer_status(&peer, &e.url);
            if theirs.starts_with("peer error") {
                eprintln!("{}:{}: {theirs}", e.file.display(), e.line);
                continue;
            }
            let r = wellposed(&["solve", "--json", &e.url]);
            let ours = match r.code {
                0 => r.json()["status"].as_str().unwrap_or("?").to_string(),
                _ => format!("error: {}", r.stderr.trim()),
            };
            checked += 1;
            if ours != theirs {
                differ.push(format!(
                    "{}:{}: {} — ours {ours}, cspuz {theirs}",
                    e.file.display(),
                    e.line,
                    e.url
                ));
            }
        }
    }
    eprintln!("{checked} puzzles compared with cspuz");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn every_corpus_url_reads_and_writes_back_as_the_same_puzzle() {
    for file in corpora() {
        for e in entries(&file).into_iter().take(SAMPLE) {
            let a = wellposed(&["export", &e.url, "--format", "text"]);
            assert_eq!(a.code, 0, "{}:{}: {}", e.file.display(), e.line, a.stderr);
            let url = wellposed(&["export", &e.url, "--format", "url"]);
            assert_eq!(
                url.code,
                0,
                "{}:{}: {}",
                e.file.display(),
                e.line,
                url.stderr
            );
            let b = wellposed(&["export", url.stdout.trim(), "--format", "text"]);
            assert_eq!(a.stdout, b.stdout, "{}:{}", e.file.display(), e.line);
        }
    }
}
