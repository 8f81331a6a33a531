//! The model counter on public instances with published counts (`encodings/raw/counting`,
//! whose ANSWERS.md names the source of each count): the count printed equals the published
//! one with learning (the default) and without it, with the clause heuristic (the default picks
//! it or the tree decomposition's order by the formula), and with the VSADS heuristic where that is
//! quick (track 1's 017, 035 and 059 take it from 6 s to minutes; the default heuristic counts
//! them in about a second). Projected instances (`c p show`) count the projection.

mod common;
use common::*;

/// (file, published count) from ANSWERS.md's table.
fn published() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(instance("encodings/raw/counting/ANSWERS.md")).unwrap();
    text.lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            (cells.len() > 3 && cells[1].ends_with(".cnf"))
                .then(|| (cells[1].to_string(), cells[2].to_string()))
        })
        .collect()
}

#[test]
fn the_counter_gives_every_published_count() {
    let table = published();
    assert_eq!(
        table.len(),
        18,
        "every bundled instance has its published count"
    );
    for (file, count) in &table {
        let path = instance(&format!("encodings/raw/counting/{file}"));
        let slow_with_vsads = ["017", "035", "059"]
            .iter()
            .any(|n| file.contains(&format!("track1_{n}")));
        for extra in [
            &[][..],
            &["--no-learning"],
            &["--counter-heuristic", "vsads"],
        ] {
            if extra.len() == 2 && slow_with_vsads {
                continue;
            }
            let mut args = vec!["count", &path, "--method", "counter", "--json"];
            args.extend_from_slice(extra);
            let r = wellposed(&args);
            assert_eq!(r.code, 0, "{file} {extra:?}: {}", r.stderr);
            let j = r.json();
            assert_eq!(
                j["count"].to_string().trim_matches('"'),
                count,
                "{file} {extra:?}"
            );
            assert_eq!(j["complete"], true, "{file}");
        }
    }
}
