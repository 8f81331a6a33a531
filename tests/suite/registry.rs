//! Tests that iterate the family registry, so that every registered family — and any family
//! added later — is held to the same promises: its bundled instances and examples are read and
//! written back to an equal instance, what its generator makes is read back by `solve` and
//! proved unique, and the JSON field names of the answers stay as they are.

use crate::common::*;
use wellposed_families::{parse_text, FAMILIES};

/// Every family has something to test with: a bundled instance or an example, and every
/// puzzle family a folder of bundled instances documenting its format.
#[test]
fn every_family_has_instances_and_a_documented_format() {
    for f in FAMILIES {
        assert!(
            !bundled(f).is_empty() || !f.examples.is_empty(),
            "{}: no bundled instance and no example",
            f.name
        );
        if !["cnf", "dlx"].contains(&f.name) {
            let readme = root().join("encodings").join(f.name).join("README.md");
            assert!(readme.exists(), "{}: no {}", f.name, readme.display());
        }
    }
    let mut names: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), FAMILIES.len(), "a name registered twice");
}

/// Each text read by `family`'s parser, written back with `to_text`, reads back to an equal
/// instance, and writing that one gives the same text again.
fn round_trip(family: &wellposed_engine::FamilyEntry, what: &str, text: &str) {
    let p = (family.parse)(text, what).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.family(), family.name, "{what}");
    let written = p.to_text();
    let back = (family.parse)(&written, "written")
        .unwrap_or_else(|e| panic!("{what}: its own text is refused: {e}\n{written}"));
    assert!(
        p.same_as(back.as_ref()),
        "{what}: not equal after\n{written}"
    );
    assert_eq!(
        back.to_text(),
        written,
        "{what}: the text is not a fixed point"
    );
    // The registry reads the written text as this family too (by its `family` line).
    if !["cnf", "dlx"].contains(&family.name) {
        let by_registry = parse_text(&written, "written").unwrap();
        assert!(p.same_as(by_registry.as_ref()), "{what}");
    }
    // A game ID, where the family has them, reads back to the same ID (it holds the clues,
    // not what a file may add, such as a nonogram's goal).
    if let Some(id) = p.game_id() {
        let from_id = (family.parse_game_id)(&id, "id", 1).unwrap();
        assert_eq!(from_id.game_id().as_deref(), Some(id.as_str()), "{what}");
    }
}

#[test]
fn bundled_instances_and_examples_round_trip_through_their_text() {
    let mut checked = 0;
    for f in FAMILIES {
        for (path, text) in bundled(f) {
            round_trip(f, &path, &text);
            checked += 1;
        }
        for (k, text) in f.examples.iter().enumerate() {
            round_trip(f, &format!("{} example {}", f.name, k + 1), text);
            checked += 1;
        }
    }
    assert!(checked >= 50, "{checked} instances");
}

/// The examples given in other formats (game IDs, plain files) are recognised as their own
/// family by the registry, whatever comes first in its order.
#[test]
fn the_registry_recognises_each_family_s_examples_as_that_family() {
    for f in FAMILIES
        .iter()
        .filter(|f| !["cnf", "dlx"].contains(&f.name))
    {
        for text in f.examples {
            let p = parse_text(text, "example").unwrap_or_else(|e| panic!("{}: {e}", f.name));
            assert_eq!(p.family(), f.name, "{text:?}");
            let line = text.trim();
            if !line.contains('\n') && (f.looks_like_game_id)(line) {
                let by_id = wellposed_families::game_id_family(line).unwrap();
                assert_eq!(by_id.name, f.name, "{line}");
            }
        }
    }
}

/// What each generator makes with its default parameters is a file `solve` reads back and
/// proves unique — by the text `generate` prints as well as by the JSON's `puzzle`.
#[test]
fn generated_puzzles_are_read_back_by_solve_and_unique() {
    let mut generators = 0;
    for f in FAMILIES.iter().filter(|f| f.generator.is_some()) {
        generators += 1;
        let made = wellposed(&["generate", f.name, "--json", "--backend", "cadical"]);
        assert_eq!(made.code, 0, "{}: {}", f.name, made.stderr);
        let j = made.json();
        for key in ["seed", "puzzle", "seconds", "uniqueness_seconds"] {
            assert!(j.get(key).is_some(), "{}: no `{key}` in {j}", f.name);
        }
        let puzzle = temp_file(
            &format!("made-{}.txt", f.name),
            j["puzzle"].as_str().unwrap(),
        );
        let text = wellposed(&["generate", f.name, "--backend", "cadical"]);
        assert_eq!(text.code, 0, "{}", text.stderr);
        let printed = temp_file(&format!("printed-{}.txt", f.name), &text.stdout);
        for file in [&puzzle, &printed] {
            let solved = wellposed(&["solve", file, "--json", "--backend", "cadical"]);
            assert_eq!(solved.code, 0, "{}: {}", f.name, solved.stderr);
            let s = solved.json();
            assert_eq!(s["family"], f.name, "{file}");
            assert_eq!(s["status"], "unique", "{}: {file}", f.name);
        }
    }
    assert!(generators >= 8, "{generators} generators");
}

/// The top-level JSON field names of the answers, which scripts read: they change only on
/// purpose, here.
#[test]
fn json_field_names_are_stable() {
    let keys = |args: &[&str]| -> Vec<String> {
        let r = wellposed(args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        let mut k: Vec<String> = r.json().as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    let unique = instance("encodings/submarines/unique-6x6.txt");
    let two = instance("encodings/submarines/two-solutions.txt");
    assert_eq!(
        keys(&["solve", "--json", &unique]),
        ["certified", "family", "file", "plan", "solution", "status"]
    );
    assert_eq!(
        keys(&["solve", "--json", &two]),
        [
            "certified",
            "family",
            "file",
            "plan",
            "second_solution",
            "solution",
            "status"
        ]
    );
    assert_eq!(
        keys(&["count", "--json", &two]),
        [
            "certified",
            "complete",
            "count",
            "family",
            "file",
            "method",
            "plan"
        ]
    );
    assert_eq!(
        keys(&["solve", "--json", "--deduce", &two]),
        [
            "backbone_solves",
            "certified",
            "family",
            "file",
            "fixed",
            "fixed_count",
            "open_count",
            "plan",
            "second_solution",
            "solution",
            "status"
        ]
    );
    assert_eq!(
        keys(&["grade", "--json", &unique]),
        [
            "contradiction",
            "family",
            "file",
            "hardest",
            "level",
            "open",
            "rounds",
            "solved",
            "steps",
            "used"
        ]
    );
}

/// The plan in `--json` says what answers and why, in the order tried, as the options chose:
/// a count left to us tries the family's mathematics, then blocking clauses handing over to the
/// race; `--method counter` is the counter alone; `--method sat` skips the family's mathematics.
#[test]
fn the_plan_names_the_methods_that_answer() {
    let two = instance("encodings/submarines/two-solutions.txt");
    let methods = |args: &[&str]| -> Vec<String> {
        let r = wellposed(args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        let plan = &r.json()["plan"];
        plan["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .map(|s| {
                assert!(s["why"].as_str().is_some_and(|w| !w.is_empty()), "{s}");
                s["method"].as_str().unwrap().to_string()
            })
            .collect()
    };
    // Submarines has no mathematics of its own: the plan names no native step.
    assert_eq!(methods(&["count", "--json", &two]), ["blocking-then-race"]);
    // Lights Out answers by its own linear algebra first; a nonogram's own search makes
    // bounded tries around a brief CDCL try before the encoding.
    let lights = instance("encodings/lights-out/torus-3x3.txt");
    assert_eq!(methods(&["solve", "--json", &lights])[0], "native");
    let nonogram = instance("encodings/nonogram/tatham-5x5.txt");
    assert_eq!(
        methods(&["solve", "--json", &nonogram])[..3],
        ["native-try", "brief-cdcl", "native-try"]
    );
    assert_eq!(
        methods(&["count", "--json", "--method", "counter", &two]),
        ["counter"]
    );
    assert_eq!(
        methods(&["solve", "--json", "--method", "sat", &two]),
        ["blocking"]
    );
}

/// `wellposed families` lists the registry in its order, as scripts read it (`--json`).
#[test]
fn the_families_command_lists_the_registry() {
    let j = wellposed(&["families", "--json"]).json();
    let names: Vec<&str> = j["families"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    let registry: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
    assert_eq!(names, registry);
    let generates = j["families"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["generate"] == true)
        .count();
    assert_eq!(
        generates,
        FAMILIES.iter().filter(|f| f.generator.is_some()).count()
    );
}

/// The setter's grid (`wellposed serve`): every bundled instance that has one comes back
/// unchanged from its own cells, the grid's shape and symbols are checked, and one click (the
/// first cell moved to the next symbol) gives a puzzle whose text reads back to it.
#[test]
fn edit_grids_are_faithful() {
    let mut families = std::collections::BTreeSet::new();
    for f in FAMILIES {
        for (path, text) in bundled(f) {
            let p = (f.parse)(&text, &path).unwrap();
            let Some(g) = p.edit_grid() else { continue };
            families.insert(f.name);
            assert_eq!(g.cells.len(), g.rows * g.cols, "{path}");
            let same = p.edited(&g.cells).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert!(
                same.same_as(p.as_ref()),
                "{path}: a no-op edit changed the puzzle"
            );
            assert!(p.edited(&g.cells[1..]).is_err(), "{path}: a short grid");
            let mut bad = g.cells.clone();
            bad[0] = "¿".into();
            assert!(p.edited(&bad).is_err(), "{path}: an unknown symbol");
            let mut click = g.cells.clone();
            let at = g.symbols.iter().position(|s| *s == click[0]).unwrap();
            click[0] = g.symbols[(at + 1) % g.symbols.len()].clone();
            let q = p.edited(&click).unwrap_or_else(|e| panic!("{path}: {e}"));
            let back = (f.parse)(&q.to_text(), &path).unwrap();
            assert!(
                back.same_as(q.as_ref()),
                "{path}: the edited text reads back"
            );
        }
    }
    // Every family a setter shares by puzz.link URL has a grid to click (no hand list here:
    // a new family is covered by its registry line), and so do the older grid families.
    for f in wellposed_families::FAMILIES
        .iter()
        .filter(|f| !f.puzzlink.is_empty())
    {
        assert!(families.contains(f.name), "{}: no edit grid", f.name);
    }
    for name in [
        "binary",
        "latin",
        "lights-out",
        "map",
        "submarines",
        "survo",
    ] {
        assert!(families.contains(name), "{name}: no edit grid");
    }
}

/// A picture as the workbench needs it (`wellposed_serve::mark_svg_differences` compares two
/// pictures line by line): an SVG document, one drawing element on each line.
fn assert_one_element_a_line(what: &str, svg: &str) {
    assert!(
        svg.starts_with("<svg") && svg.ends_with("</svg>\n"),
        "{what}: not an SVG document"
    );
    for line in svg.lines().filter(|l| !l.trim().is_empty()) {
        let t = line.trim();
        let opened = t
            .match_indices('<')
            .filter(|&(i, _)| !t[i + 1..].starts_with('/'));
        assert!(
            t.starts_with('<') && t.ends_with('>') && opened.count() <= 1,
            "{what}: not one element on the line `{line}`"
        );
    }
}

/// Wherever a puzz.link genre's family draws a solution, it draws the puzzle alone too
/// (`svg_puzzle`, shown beside the workbench's grid), both with one element a line: checked
/// on each such family's examples (solved for the solution's picture) and bundled instances,
/// with no hand list. (Of the older families, `edges` and `map` draw solutions only.)
#[test]
fn families_that_draw_a_solution_draw_the_puzzle() {
    use wellposed_engine::{uniqueness, Options, Uniqueness};
    let mut drawn = std::collections::BTreeSet::new();
    for f in FAMILIES.iter().filter(|f| !f.puzzlink.is_empty()) {
        for (k, text) in f.examples.iter().enumerate() {
            let what = format!("{} example {}", f.name, k + 1);
            let p = (f.parse)(text, &what).unwrap();
            let puzzle = p.svg_puzzle();
            if let Some(svg) = &puzzle {
                assert_one_element_a_line(&what, svg);
            }
            let solved = match uniqueness(p.as_ref(), &Options::default()) {
                Ok(Uniqueness::Unique(a) | Uniqueness::Multiple(a, _)) => a,
                _ => continue,
            };
            if let Some(svg) = p.svg(&solved) {
                assert_one_element_a_line(&format!("{what}, solved"), &svg);
                assert!(puzzle.is_some(), "{what}: a solution drawn, not the puzzle");
                drawn.insert(f.name);
            }
        }
        for (path, text) in bundled(f) {
            let p = (f.parse)(&text, &path).unwrap();
            if drawn.contains(f.name) {
                let svg = p.svg_puzzle();
                assert!(svg.is_some(), "{path}: the puzzle not drawn");
                assert_one_element_a_line(&path, &svg.unwrap_or_default());
            }
        }
    }
    // The families of the puzz.link genres (issues 67–69) draw pictures: at least these many.
    assert!(
        drawn.len() >= 20,
        "{} families draw: {drawn:?}",
        drawn.len()
    );
}
