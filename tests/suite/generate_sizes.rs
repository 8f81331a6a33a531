//! Every grid generator takes its board's size the same way (the engine's `GridSize`): `--rows
//! R --cols C`, with `--size`/`--width` for `--cols` and `--height` for `--rows`, one side alone
//! making a square board. Checked through the registry on every generator whose command has a
//! `cols` argument, by the shape of the puzzle it makes (its `edit_grid`).

use crate::common::wellposed;
use wellposed_engine::{EditGrid, FamilyEntry};
use wellposed_families::FAMILIES;

/// The generators with a board size: those whose command has a `cols` argument.
fn grid_generators() -> Vec<&'static FamilyEntry> {
    FAMILIES
        .iter()
        .copied()
        .filter(|f| {
            f.generator.is_some_and(|g| {
                (g.args)()
                    .get_arguments()
                    .any(|a| a.get_id().as_str() == "cols")
            })
        })
        .collect()
}

/// What `generate NAME ARGS --seed 1` prints.
fn generate(f: &FamilyEntry, args: &[&str]) -> String {
    let all = [&["generate", f.name], args, &["--seed", "1"]].concat();
    let r = wellposed(&all);
    assert_eq!(r.code, 0, "{all:?}: {}", r.stderr);
    r.stdout
}

/// The rows and columns of the workbench grid of the puzzle `generate NAME ARGS --seed 1`
/// makes (its JSON's `puzzle`, read by the family's parser).
fn grid_of(f: &FamilyEntry, args: &[&str]) -> (usize, usize) {
    let all = [&["generate", f.name], args, &["--seed", "1", "--json"]].concat();
    let r = wellposed(&all);
    assert_eq!(r.code, 0, "{all:?}: {}", r.stderr);
    let text = r.json()["puzzle"].as_str().unwrap().to_string();
    let p = (f.parse)(&text, "generated").unwrap_or_else(|e| panic!("{}: {e}", f.name));
    let EditGrid { rows, cols, .. } = p
        .edit_grid()
        .unwrap_or_else(|| panic!("{}: no edit grid", f.name));
    (rows, cols)
}

/// The edit grid of an R×C board: the board itself, except kakuro's, which adds its clue row
/// and clue column (R and C count the cells inside them, as puz.link does).
fn expected_grid(family: &str, rows: usize, cols: usize) -> (usize, usize) {
    match family {
        "kakuro" => (rows + 1, cols + 1),
        _ => (rows, cols),
    }
}

/// The R×C board each genre is asked for: 5×6 (so that rows and columns cannot be swapped
/// unseen), inside every grid genre's sizes (the smallest any takes is 2×2) and made well under
/// a second — except binary's, whose sides are even by its rules (each row and column holds as
/// many 0s as 1s): 4×6. The square board is C×C.
fn board(family: &str) -> (usize, usize) {
    match family {
        "binary" => (4, 6),
        _ => (5, 6),
    }
}

#[test]
fn every_grid_generator_takes_rows_and_cols_under_every_name() {
    let generators = grid_generators();
    // The 22 rectangular genres at least (more as genres are added).
    assert!(
        generators.len() >= 22,
        "{} grid generators",
        generators.len()
    );
    for f in generators {
        let (rows, cols) = board(f.name);
        let (r, c) = (rows.to_string(), cols.to_string());
        assert_eq!(
            grid_of(f, &["--rows", &r, "--cols", &c]),
            expected_grid(f.name, rows, cols),
            "{}",
            f.name
        );
        // The other names mean the same board, made from the same seed.
        let text = generate(f, &["--cols", &c, "--rows", &r]);
        for width in ["--size", "--width"] {
            let other = generate(f, &[width, &c, "--height", &r]);
            assert_eq!(other, text, "{}: {width} {c} --height {r}", f.name);
        }
        // One side alone is a square board.
        for alone in [["--cols", &c], ["--rows", &c], ["--size", &c]] {
            let square = grid_of(f, &alone);
            assert_eq!(
                square,
                expected_grid(f.name, cols, cols),
                "{}: {alone:?}",
                f.name
            );
        }
    }
}
