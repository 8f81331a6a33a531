//! `wellposed serve` under load and bad input, on the loopback interface: answers agree with
//! the command line, a bad puzzle gets the command line's message, oversized bodies are
//! refused, a request past its time bound answers `unknown`, and concurrent requests are all
//! answered (analysed or told the server is busy) with the server still working after.

use crate::common::*;

#[test]
fn the_page_and_its_answers_agree_with_the_command_line() {
    let server = Server::start(&[]);
    let (code, page) = http(&server.addr, "GET", "/", None);
    assert_eq!(code, 200);
    assert!(page.contains("<title>wellposed"));
    for file in [
        "encodings/binary/two-solutions-6x6.txt",
        "encodings/binary/unique-10x10.txt",
        "encodings/minesweeper/frontier-8x8.txt",
        "encodings/survo/open-3x4-176.txt",
        "encodings/submarines/none.txt",
    ] {
        let path = instance(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let (code, a) = server.analyze(&text);
        assert_eq!(code, 200, "{file}");
        let cli = wellposed(&["solve", "--json", &path]).json();
        assert_eq!(a["status"], cli["status"], "{file}");
        if a["status"] == "multiple" {
            assert!(!a["differ"].as_array().unwrap().is_empty(), "{file}");
            // Each proposal applied is unique by the command line too.
            for p in a["repair"]["proposals"].as_array().unwrap() {
                let f = temp_file("proposal.txt", p["text"].as_str().unwrap());
                assert_eq!(
                    wellposed(&["solve", "--json", &f]).json()["status"],
                    "unique"
                );
            }
        }
    }
    // A puzz.link URL pasted (pzprjs's own test URL), and written back.
    let url = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";
    let (_, a) = server.analyze(url);
    assert_eq!(
        (a["status"].as_str(), a["url"].as_str()),
        (Some("unique"), Some(url))
    );
    // The loop and region genres' puzz.link URLs (pzprjs's test URLs) pasted: the command
    // line's answer, written back, the puzzle and each solution drawn as the family's SVG.
    for url in [
        "https://puzz.link/p?slither/5/5/cbcbcddad",
        "https://puzz.link/p?mashu/6/6/1063000i3000",
        "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
        "https://puzz.link/p?heyawake/6/6/lll155007rs12222j",
        "https://puzz.link/p?lits/4/4/9q02jg",
    ] {
        let (code, a) = server.analyze(url);
        assert_eq!(code, 200, "{url}");
        let cli = wellposed(&["solve", "--json", url]).json();
        assert_eq!(a["status"], cli["status"], "{url}");
        assert_eq!(a["url"], url);
        assert!(
            a["svg"].as_str().is_some_and(|s| s.starts_with("<svg")),
            "{url}: {a}"
        );
        for s in a["solutions"].as_array().unwrap() {
            assert!(
                s["svg"].as_str().is_some_and(|s| s.starts_with("<svg")),
                "{url}"
            );
        }
    }
    // Every family's example (the page's opening and its `example` button) is analysed, its
    // puzzle drawn where the family draws one.
    let (_, list) = http(&server.addr, "GET", "/api/families", None);
    let list: serde_json::Value = serde_json::from_str(&list).unwrap();
    for f in list["families"].as_array().unwrap() {
        let Some(example) = f["example"].as_str() else {
            continue;
        };
        let body = serde_json::json!({"text": example, "family": f["name"]}).to_string();
        let (code, a) = http(&server.addr, "POST", "/api/analyze", Some(&body));
        let a: serde_json::Value = serde_json::from_str(&a).unwrap();
        assert_eq!(code, 200, "{f}");
        assert_ne!(a["status"], "error", "{f}: {a}");
        if let Some(svg) = a["svg"].as_str() {
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"), "{f}");
        }
    }
    // A loop with two solutions: the differing edges are marked in the pictures, and no cell
    // of the clue grid (a loop's text is not laid out as its cells).
    let (_, a) = server.analyze("https://puzz.link/p?slither/3/3/32dj");
    assert_eq!(a["status"], "multiple");
    assert_eq!(a["grid_differ"], serde_json::json!([]));
    for s in a["solutions"].as_array().unwrap() {
        assert!(s["svg"]
            .as_str()
            .unwrap()
            .contains("<line class=\"differ\""));
    }
    // A game ID pasted, and a click on the grid (an open cell becomes 0).
    let (_, a) = server.analyze("8x8u:aadDAckJdBCabAq");
    assert_eq!(a["status"], "unique");
    let grid = &a["grid"];
    let mut cells: Vec<String> = serde_json::from_value(grid["cells"].clone()).unwrap();
    let open = cells.iter().position(|c| c == ".").unwrap();
    cells[open] = "0".into();
    let body = serde_json::json!({"text": a["text"], "cells": cells}).to_string();
    let (code, b) = http(&server.addr, "POST", "/api/analyze", Some(&body));
    let b: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(code, 200);
    let f = temp_file("clicked.txt", b["text"].as_str().unwrap());
    assert_eq!(
        b["status"],
        wellposed(&["solve", "--json", &f]).json()["status"]
    );
}

#[test]
fn bad_input_oversized_bodies_and_time_bounds() {
    let server = Server::start(&["--time-bound", "1", "--jobs", "2"]);
    // The command line's one-line message, with the page's source name.
    let bad = "family binary\nsize 3 4\ngrid\n";
    let (code, a) = server.analyze(bad);
    assert_eq!(code, 200);
    assert_eq!(a["status"], "error");
    let f = temp_file("bad.txt", bad);
    let cli = wellposed(&["solve", &f]);
    assert_eq!(cli.code, 2);
    let cli_message = cli.stderr.trim().split_once(&f).unwrap().1.to_string();
    let page_message = a["error"]
        .as_str()
        .unwrap()
        .strip_prefix("puzzle")
        .unwrap()
        .to_string();
    assert_eq!(page_message, cli_message);
    // Not JSON at all.
    let (code, _) = http(&server.addr, "POST", "/api/analyze", Some("{not json"));
    assert!((400..500).contains(&code), "{code}");
    // Oversized: 300 KiB.
    let big = serde_json::json!({ "text": "x".repeat(300 << 10) }).to_string();
    let (code, _) = http(&server.addr, "POST", "/api/analyze", Some(&big));
    assert_eq!(code, 413);
    // Past the time bound: 13 pigeons in 12 holes, which no CDCL solver refutes in a second.
    let hard = pigeonholes(13, 12, false);
    let started = std::time::Instant::now();
    let body = serde_json::json!({"text": hard, "family": "cnf"}).to_string();
    let (code, a) = http(&server.addr, "POST", "/api/analyze", Some(&body));
    assert_eq!(code, 200);
    assert_eq!(a_status(&a), "unknown");
    assert!(started.elapsed().as_secs_f64() < 5.0);
    // One model at once, then the pigeons: the answer says a solution was found.
    let one_then_hard = pigeonholes(13, 12, true);
    let body = serde_json::json!({"text": one_then_hard, "family": "cnf"}).to_string();
    let (code, a) = http(&server.addr, "POST", "/api/analyze", Some(&body));
    assert_eq!(code, 200);
    let a: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(
        (a["status"].as_str(), a["solutions_found"].as_u64()),
        (Some("unknown"), Some(1)),
        "{a}"
    );
    assert!(
        a["note"].as_str().unwrap().contains("a solution was found"),
        "{a}"
    );
    // The server still answers.
    let (_, a) = server.analyze("8x8u:aadDAckJdBCabAq");
    assert_eq!(a["status"], "unique");
}

/// The pigeonhole formula: `p` pigeons each in one of `h` holes, no two in one hole (DIMACS).
/// With `escape`, one more variable is added to every clause and, when true, forces every
/// other variable false: one model found at once, and a second only by refuting the pigeons.
fn pigeonholes(p: usize, h: usize, escape: bool) -> String {
    let var = |i: usize, j: usize| i * h + j + 1;
    let a = p * h + 1;
    let tail = if escape {
        format!("{a} 0")
    } else {
        "0".to_string()
    };
    let mut clauses: Vec<String> = (0..p)
        .map(|i| {
            (0..h)
                .map(|j| format!("{} ", var(i, j)))
                .collect::<String>()
                + &tail
        })
        .collect();
    for j in 0..h {
        for x in 0..p {
            for y in x + 1..p {
                clauses.push(format!("-{} -{} {tail}", var(x, j), var(y, j)));
            }
        }
    }
    if escape {
        clauses.extend((1..a).map(|v| format!("-{a} -{v} 0")));
    }
    format!(
        "p cnf {} {}\n{}\n",
        p * h + usize::from(escape),
        clauses.len(),
        clauses.join("\n")
    )
}

fn a_status(body: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    v["status"].as_str().unwrap_or("").to_string()
}

#[test]
fn concurrent_requests_are_all_answered() {
    let server = Server::start(&["--jobs", "2"]);
    let text = std::fs::read_to_string(instance("encodings/binary/two-solutions-6x6.txt")).unwrap();
    let answers: Vec<(u16, String)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..24).map(|_| s.spawn(|| server.analyze(&text))).collect();
        handles
            .into_iter()
            .map(|h| {
                let (code, v) = h.join().unwrap();
                (code, v["status"].as_str().unwrap_or("").to_string())
            })
            .collect()
    });
    for (code, status) in &answers {
        assert!(
            (*code == 200 && status == "multiple") || (*code == 503 && status == "busy"),
            "{code} {status}"
        );
    }
    assert!(answers.iter().filter(|a| a.0 == 200).count() >= 2);
    let (code, a) = server.analyze(&text);
    assert_eq!((code, a["status"].as_str().unwrap()), (200, "multiple"));
}
