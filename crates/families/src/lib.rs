//! The registry: every puzzle family wellposed knows, listed once in [`FAMILIES`], and reading
//! any puzzle — a file, a game ID, a text — by asking the registered families. Every consumer
//! iterates the list (the loader, `generate`, the family subcommands, the fuzz and round-trip
//! tests), so adding a family is its crate, its line below, and its dependency line in this
//! crate's manifest (see `encodings/ADDING-A-FAMILY.md`).
//!
//! ```
//! let p = wellposed_families::parse_text("family submarines\nrows 1 1\ncols 1 1\n", "doc")
//!     .unwrap();
//! assert_eq!(p.family(), "submarines");
//! assert_eq!(wellposed_families::family("submarines").unwrap().name, "submarines");
//! ```

use anyhow::{bail, Result};
use std::path::Path;
use wellposed_engine::{family_of, FamilyEntry, ParseError, Puzzle, RawCnf, RawDlx};

/// Raw DIMACS CNF (`.cnf`): answered in SAT-competition style.
pub const RAW_CNF: FamilyEntry = FamilyEntry::of::<RawCnf>();
/// Knuth's exact-cover format (`.dlx`).
pub const RAW_DLX: FamilyEntry = FamilyEntry::of::<RawDlx>();

/// Every family, once. Game IDs and texts without a `family` line are offered to the families
/// in this order, so where two shapes could overlap the stricter one comes first (a Mines ID,
/// a Pattern ID and a Map ID before Unruly's looser `WxH…:letters`).
pub const FAMILIES: &[&FamilyEntry] = &[
    &wellposed_submarines::FAMILY,
    &wellposed_lights_out::FAMILY,
    &wellposed_neighbour_sum::FAMILY,
    &wellposed_survo::FAMILY,
    &wellposed_minesweeper::FAMILY,
    &wellposed_nonogram::FAMILY,
    &wellposed_map::FAMILY,
    &wellposed_binary::FAMILY,
    &wellposed_battleships::FAMILY,
    &wellposed_zebra::FAMILY,
    &wellposed_edges::FAMILY,
    &wellposed_slitherlink::FAMILY,
    &wellposed_masyu::FAMILY,
    &wellposed_numlin::FAMILY,
    &wellposed_nurikabe::FAMILY,
    &wellposed_heyawake::FAMILY,
    &wellposed_country::FAMILY,
    &wellposed_lits::FAMILY,
    &wellposed_norinori::FAMILY,
    &wellposed_yinyang::FAMILY,
    &wellposed_hitori::FAMILY,
    &wellposed_kurodoko::FAMILY,
    &wellposed_hashikake::FAMILY,
    &wellposed_latin::FAMILY,
    &wellposed_akari::FAMILY,
    &wellposed_kakuro::FAMILY,
    &wellposed_fillomino::FAMILY,
    &wellposed_starbattle::FAMILY,
    &wellposed_sudoku::FAMILY,
    &wellposed_tents::FAMILY,
    &wellposed_shikaku::FAMILY,
    &wellposed_yajilin::FAMILY,
    &RAW_CNF,
    &RAW_DLX,
];

/// The family of that name.
pub fn family(name: &str) -> Option<&'static FamilyEntry> {
    FAMILIES.iter().copied().find(|f| f.name == name)
}

/// The puzzle families' names (the raw formats left out), for messages.
pub fn puzzle_names() -> Vec<&'static str> {
    FAMILIES
        .iter()
        .filter(|f| f.name != RAW_CNF.name && f.name != RAW_DLX.name)
        .map(|f| f.name)
        .collect()
}

/// The puzz.link genre keys the registered families read, each with its family where the two
/// names differ (`lightup (akari)`), for messages.
pub fn puzzlink_genres() -> Vec<String> {
    FAMILIES
        .iter()
        .flat_map(|f| {
            f.puzzlink.iter().map(move |&key| match key == f.name {
                true => key.to_string(),
                false => format!("{key} ({})", f.name),
            })
        })
        .collect()
}

/// The family whose game ID `arg` looks like, if any (first in registry order).
pub fn game_id_family(arg: &str) -> Option<&'static FamilyEntry> {
    FAMILIES
        .iter()
        .copied()
        .find(|f| (f.looks_like_game_id)(arg))
}

/// The family that reads `path` whatever its text says, when that is known before reading it:
/// the one `--family` names, else the one that claims its extension (`.cnf`, `.dlx`, `.non`,
/// `.pl`). `None` for an unknown name, and for files whose text decides.
pub fn family_before_reading(
    path: &Path,
    family_name: Option<&str>,
) -> Option<&'static FamilyEntry> {
    match family_name {
        Some(name) => family(name),
        None => {
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            FAMILIES
                .iter()
                .copied()
                .find(|f| f.extensions.contains(&ext))
        }
    }
}

/// Reads a puzzle: a path that names no file but has the shape of a game ID is read as one;
/// otherwise the file is read by its extension (`.cnf`, `.dlx`, `.non`, `.pl`), else by its
/// text (see [`parse_text`]). With `family`, that family reads it whatever it looks like.
pub fn load(path: &Path, family_name: Option<&str>) -> Result<Box<dyn Puzzle>> {
    let chosen = match family_name {
        None => None,
        Some(name) => Some(family(name).ok_or_else(|| {
            anyhow::anyhow!(
                "no family `{name}`; expected one of {}",
                FAMILIES
                    .iter()
                    .map(|f| f.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })?),
    };
    if let Some(arg) = path.to_str().filter(|_| !path.exists()) {
        let by_id = match chosen {
            Some(f) => Some(f).filter(|f| (f.looks_like_game_id)(arg)),
            None => game_id_family(arg),
        };
        if let Some(f) = by_id {
            return Ok((f.parse_game_id)(arg, "game ID", 1)?);
        }
        if let Some(genre) = wellposed_engine::puzzlink::genre(arg) {
            // A genre some family reads, in a shape it does not (a flag or `v:` variant part
            // it does not take): say so rather than that the genre is unknown.
            if let Some(f) = FAMILIES.iter().find(|f| f.puzzlink.contains(&genre)) {
                bail!(
                    "cannot read {arg}: the {} family reads `{genre}` URLs as \
                     `{genre}/COLS/ROWS/BODY` (with the flags it knows), not with this URL's \
                     parts after the genre (a pzprjs flag or `v:` variant mark it does not read?)",
                    f.name
                );
            }
            bail!(
                "cannot read {arg}: the puzz.link genre `{genre}` is not one wellposed reads; it reads {}",
                puzzlink_genres().join(", ")
            );
        }
    }
    let text = wellposed_engine::read_text(path)?;
    let source = path.display().to_string();
    match chosen.or_else(|| family_before_reading(path, None)) {
        Some(f) => Ok((f.parse)(&text, &source)?),
        None => Ok(parse_text(&text, &source)?),
    }
}

/// A puzzle from its text: by its `family NAME` line, else by the first family that
/// recognises one of its other formats (a game ID, a plain grid); errors name `source`.
pub fn parse_text(text: &str, source: &str) -> Result<Box<dyn Puzzle>, ParseError> {
    match family_of(text) {
        Some(name) => match family(name) {
            Some(f) => (f.parse)(text, source),
            None => {
                let line = text.lines().position(|l| l.contains("family")).unwrap_or(0) + 1;
                Err(ParseError {
                    source: source.to_string(),
                    line,
                    message: format!(
                        "unknown family `{name}`; expected one of: {}",
                        puzzle_names().join(", ")
                    ),
                })
            }
        },
        None => match FAMILIES.iter().find(|f| (f.recognises)(text)) {
            Some(f) => (f.parse)(text, source),
            None => {
                let line = text
                    .lines()
                    .position(|l| !l.split('#').next().unwrap_or("").trim().is_empty())
                    .unwrap_or(0)
                    + 1;
                Err(ParseError {
                    source: source.to_string(),
                    line,
                    message: "expected the first line `family NAME` (or a .cnf / .dlx file)".into(),
                })
            }
        },
    }
}

/// Reads a file or game ID as the family `name` (refusing one of another family), for
/// commands that take one family's puzzles only.
pub fn load_as(path: &Path, name: &str) -> Result<Box<dyn Puzzle>> {
    let p = load(path, None)?;
    if p.family() != name {
        bail!(
            "{}: expected a {name} puzzle, found a {} puzzle",
            path.display(),
            p.family()
        );
    }
    Ok(p)
}
