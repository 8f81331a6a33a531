//! From a file to a puzzle: `.cnf` and `.dlx` are raw inputs; everything else names its
//! family on its first line.

use anyhow::{bail, Context, Result};
use std::path::Path;
use wellposed_battleships::Battleships;
use wellposed_binary::{unruly, Binary};
use wellposed_edges::Edges;
use wellposed_engine::{family_of, lone_line, Family, ParseError, Puzzle, RawCnf, RawDlx};
use wellposed_lights_out::LightsOut;
use wellposed_map::{tatham, Map};
use wellposed_minesweeper::{formats as mines, Board as Minesweeper};
use wellposed_neighbour_sum::NeighbourSum;
use wellposed_nonogram::{formats as pattern, Nonogram};
use wellposed_submarines::Submarines;
use wellposed_survo::Survo;
use wellposed_zebra::Zebra;

/// Files larger than this are refused before reading.
const MAX_FILE_BYTES: u64 = 1 << 30;

/// The families this binary knows, by the name in their `family` line.
const FAMILIES: &[&str] = &[
    "submarines",
    "lights-out",
    "neighbour-sum",
    "survo",
    "binary",
    "nonogram",
    "minesweeper",
    "battleships",
    "zebra",
    "map",
    "edges",
];

pub struct Loaded {
    pub puzzle: Box<dyn Puzzle>,
    /// Raw DIMACS input: `solve` answers in SAT-competition style.
    pub raw_cnf: bool,
}

pub fn read(path: &Path) -> Result<String> {
    let meta =
        std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    if meta.len() > MAX_FILE_BYTES {
        bail!(
            "{}: {} bytes is more than the {MAX_FILE_BYTES} accepted",
            path.display(),
            meta.len()
        );
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        anyhow::anyhow!("{}:{line}: expected UTF-8 text", path.display())
    })
}

/// A path that names no file but has the shape of a game ID (`looks`) is read as one: Unruly
/// (`8x8u:aadDA…`), Pattern (`5x5:1/2/…`), Mines (`9x9:4,4,00400…`) or Map (`8x8n10:jbb…,13…`).
fn id_argument(path: &Path, looks: fn(&str) -> bool) -> Option<&str> {
    let s = path.to_str()?;
    (!path.exists() && looks(s)).then_some(s)
}

/// A Minesweeper board from a file or a Mines game ID, for `minesweeper analyze`.
pub fn load_minesweeper(path: &Path) -> Result<Minesweeper> {
    if let Some(id) = id_argument(path, mines::looks_like_game_id) {
        return Ok(mines::parse_game_id(id, "game ID", 1)?);
    }
    let text = read(path)?;
    let source = path.display().to_string();
    match family_of(&text) {
        Some("minesweeper") | None => Ok(Minesweeper::parse(&text, &source)?),
        Some(other) => bail!("{source}: expected a Minesweeper board, found `family {other}`"),
    }
}

/// Whether a path names a binary puzzle (an Unruly ID, or a file of `family binary`), whose
/// grading has its own named techniques.
pub fn is_binary(path: &Path) -> Result<bool> {
    if id_argument(path, pattern::looks_like_game_id).is_some()
        || id_argument(path, mines::looks_like_game_id).is_some()
        || id_argument(path, tatham::looks_like_game_id).is_some()
    {
        return Ok(false);
    }
    if id_argument(path, unruly::looks_like_game_id).is_some() {
        return Ok(true);
    }
    let text = read(path)?;
    Ok(match family_of(&text) {
        Some(f) => f == "binary",
        None => {
            let other_id = text.lines().any(|l| {
                pattern::looks_like_game_id(l)
                    || mines::looks_like_game_id(l)
                    || tatham::looks_like_game_id(l)
            });
            unruly::find_game_id(&text).is_some() && !other_id && !plain_pieces(&text)
        }
    })
}

/// A binary puzzle from a file or a game ID, for commands only binary puzzles have.
pub fn load_binary(path: &Path) -> Result<Binary> {
    if let Some(id) = id_argument(path, unruly::looks_like_game_id) {
        return Ok(unruly::parse(id, "game ID", 1)?);
    }
    let text = read(path)?;
    let source = path.display().to_string();
    match family_of(&text) {
        Some("binary") | None => Ok(Binary::parse(&text, &source)?),
        Some(other) => {
            bail!("{source}: deduction rules exist for binary puzzles only so far, not `{other}`")
        }
    }
}

pub fn load(path: &Path) -> Result<Loaded> {
    // Before Unruly's: a Pattern ID is digits, dots and slashes, which Unruly's never are.
    if let Some(id) = id_argument(path, mines::looks_like_game_id) {
        return Ok(Loaded {
            puzzle: Box::new(mines::parse_game_id(id, "game ID", 1)?),
            raw_cnf: false,
        });
    }
    if let Some(id) = id_argument(path, pattern::looks_like_game_id) {
        return Ok(Loaded {
            puzzle: Box::new(pattern::parse_game_id(id, "game ID", 1)?),
            raw_cnf: false,
        });
    }
    // Before Unruly's, whose shape (`WxH…:letters`) a Map ID also has.
    if let Some(id) = id_argument(path, tatham::looks_like_game_id) {
        return Ok(Loaded {
            puzzle: Box::new(tatham::parse_game_id(id, "game ID", 1)?),
            raw_cnf: false,
        });
    }
    if let Some(id) = id_argument(path, unruly::looks_like_game_id) {
        return Ok(Loaded {
            puzzle: Box::new(unruly::parse(id, "game ID", 1)?),
            raw_cnf: false,
        });
    }
    let text = read(path)?;
    let source = path.display().to_string();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let puzzle: Box<dyn Puzzle> = match ext {
        "cnf" => {
            return Ok(Loaded {
                puzzle: Box::new(RawCnf::parse(&text, &source)?),
                raw_cnf: true,
            });
        }
        "dlx" => Box::new(RawDlx::parse(&text, &source)?),
        "non" => Box::new(Nonogram::parse(&text, &source)?),
        // CSPLib problem 14 terms (Prolog).
        "pl" => Box::new(Battleships::parse(&text, &source)?),
        _ => parse_text(&text, &source)?,
    };
    Ok(Loaded {
        puzzle,
        raw_cnf: false,
    })
}

/// A puzzle from its text by the `family` line (or the shape of a plain format or game ID),
/// naming `source` in errors.
pub fn parse_text(text: &str, source: &str) -> Result<Box<dyn Puzzle>> {
    Ok(match family_of(text) {
        Some("submarines") => Box::new(Submarines::parse(text, source)?),
        Some("lights-out") => Box::new(LightsOut::parse(text, source)?),
        Some("neighbour-sum") => Box::new(NeighbourSum::parse(text, source)?),
        Some("survo") => Box::new(Survo::parse(text, source)?),
        Some("binary") => Box::new(Binary::parse(text, source)?),
        Some("nonogram") => Box::new(Nonogram::parse(text, source)?),
        Some("minesweeper") => Box::new(Minesweeper::parse(text, source)?),
        Some("battleships") => Box::new(Battleships::parse(text, source)?),
        Some("zebra") => Box::new(Zebra::parse(text, source)?),
        Some("map") => Box::new(Map::parse(text, source)?),
        Some("edges") => Box::new(Edges::parse(text, source)?),
        Some(other) => {
            let line = text.lines().position(|l| l.contains("family")).unwrap_or(0) + 1;
            return Err(ParseError {
                source: source.to_string(),
                line,
                message: format!(
                    "unknown family `{other}`; expected one of: {}",
                    FAMILIES.join(", ")
                ),
            }
            .into());
        }
        // Plain Eternity II pieces: four labels a line.
        None if plain_pieces(text) => Box::new(Edges::parse(text, source)?),
        // A plain Minesweeper grid: the numbers of rows and of columns, then the grid.
        None if plain_minesweeper(text) => Box::new(Minesweeper::parse(text, source)?),
        // A Pattern game ID in a file, or `.non` content under another extension.
        None if text
            .lines()
            .any(|l| pattern::looks_like_game_id(l) || l.trim_start().starts_with("width")) =>
        {
            Box::new(Nonogram::parse(text, source)?)
        }
        None if lone_line(text).is_some_and(|(_, l)| tatham::looks_like_game_id(l)) => {
            Box::new(Map::parse(text, source)?)
        }
        None if unruly::find_game_id(text).is_some() => Box::new(Binary::parse(text, source)?),
        None => {
            let line = text
                .lines()
                .position(|l| !l.split('#').next().unwrap_or("").trim().is_empty())
                .unwrap_or(0)
                + 1;
            return Err(ParseError {
                source: source.to_string(),
                line,
                message: "expected the first line `family NAME` (or a .cnf / .dlx file)".into(),
            }
            .into());
        }
    })
}

/// Whether text starts like the shared Minesweeper files: two lines holding one number each.
fn plain_minesweeper(text: &str) -> bool {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let number = |l: Option<&str>| l.is_some_and(|l| l.parse::<usize>().is_ok());
    number(lines.next()) && number(lines.next())
}

/// Whether text looks like a plain piece file: every line four integers (a first line of two,
/// the shape, allowed).
fn plain_pieces(text: &str) -> bool {
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|t| !t.is_empty())
        .collect();
    let ints = |t: &[&str]| t.iter().all(|x| x.parse::<i64>().is_ok());
    lines.len() > 1
        && lines
            .iter()
            .enumerate()
            .all(|(k, t)| ints(t) && (t.len() == 4 || (k == 0 && t.len() == 2)))
}
