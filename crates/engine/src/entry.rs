//! A family as every front end sees it: one value, [`FamilyEntry`], that holds all a front end
//! may ask of the family — its name, how to read its text, its game IDs and plain formats, its
//! generator with the parameters and difficulty names it takes, and its own subcommands — so
//! that a front end holds no per-family code (the shape of Simon Tatham's `game` structure).
//! Each family crate defines its entry as a constant (`pub const FAMILY: FamilyEntry`), and the
//! registry (`wellposed-families`) lists the entries once; every consumer iterates that list.

use crate::{Family, Options, ParseError, Puzzle};
use std::io::Write;

/// What a command produced: human text and the JSON object (`--json`).
#[derive(Clone, Debug)]
pub struct Report {
    pub text: String,
    pub json: serde_json::Value,
}

/// What a family's own command gets besides its arguments: the solver options (backend,
/// bounds, encoding choices, progress handle) and where to stream lines that must not wait for
/// the end (solutions of a long enumeration).
pub struct Context<'a> {
    pub options: &'a Options,
    /// `--json` was given: streamed lines are JSON objects.
    pub json: bool,
    /// Writes one streamed line (standard output in the command line).
    pub stream: &'a (dyn Fn(&str) -> std::io::Result<()> + Sync),
}

impl Context<'_> {
    /// Worker threads for `threads` as given (0: all cores).
    pub fn threads(threads: usize) -> usize {
        match threads {
            0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
            t => t,
        }
    }
}

/// A family's subcommands (`wellposed NAME …`): what they are about, the typed subcommands
/// (a `clap::Subcommand`'s `augment_subcommands`, built by the family), and what runs a
/// parsed one. The front end makes the `NAME` command around them ([`Commands::command`]).
#[derive(Clone, Copy)]
pub struct Commands {
    pub about: &'static str,
    pub subcommands: fn(clap::Command) -> clap::Command,
    pub run: fn(&clap::ArgMatches, &Context) -> anyhow::Result<Report>,
}

impl Commands {
    /// The `name` command holding the family's subcommands (one of them required).
    pub fn command(&self, name: &'static str) -> clap::Command {
        (self.subcommands)(clap::Command::new(name).subcommand_required(true)).about(self.about)
    }
}

/// How a generator meets `--difficulty`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// It takes none (the puzzles are not graded by deduction).
    None,
    /// It takes the names in the list itself and chooses clues for the level asked.
    Own(&'static [&'static str]),
    /// The front end grades what it makes with the shared deduction engine (see
    /// [`crate::generate::graded`]) and draws again until the hardest rule is the one asked.
    Graded,
}

/// What one seed made: the puzzle's text (which the family's `parse` reads back), the human
/// report (comment lines, then the puzzle) and the JSON object, which holds at least `seed`
/// and `puzzle`.
#[derive(Clone, Debug)]
pub struct Made {
    pub puzzle: String,
    pub text: String,
    pub json: serde_json::Value,
}

/// What the generator is asked for.
pub struct Request<'a> {
    pub seed: u64,
    /// `--difficulty`, when the generator takes it as [`Difficulty::Own`].
    pub difficulty: Option<&'a str>,
    pub options: &'a Options,
}

/// A family's generator: its parameters as a clap command (typed, with defaults that make a
/// well-posed puzzle), the difficulties it takes, and what makes one puzzle from one seed.
#[derive(Clone, Copy)]
pub struct Generator {
    pub args: fn() -> clap::Command,
    pub difficulty: Difficulty,
    pub make: fn(&clap::ArgMatches, &Request) -> anyhow::Result<Made>,
}

/// How an entry reads a text (text, source) into a puzzle.
pub type ParseFn = fn(&str, &str) -> Result<Box<dyn Puzzle>, ParseError>;
/// How an entry reads a game ID (id, source, line) into a puzzle.
pub type ParseIdFn = fn(&str, &str, usize) -> Result<Box<dyn Puzzle>, ParseError>;

/// One registered family (see the module text). Built with [`FamilyEntry::of`] from the
/// [`Family`] implementation, then [`FamilyEntry::generator`] and [`FamilyEntry::commands`].
#[derive(Clone, Copy)]
pub struct FamilyEntry {
    pub name: &'static str,
    pub summary: &'static str,
    /// File extensions read as this family.
    pub extensions: &'static [&'static str],
    /// See [`Family::EXAMPLES`].
    pub examples: &'static [&'static str],
    /// See [`Family::PUZZLINK`].
    pub puzzlink: &'static [&'static str],
    pub parse: ParseFn,
    /// Whether text without a `family` line is this family's (see [`Family::recognises`]).
    pub recognises: fn(&str) -> bool,
    pub looks_like_game_id: fn(&str) -> bool,
    pub parse_game_id: ParseIdFn,
    pub generator: Option<Generator>,
    pub commands: Option<Commands>,
}

fn parse_boxed<F: Family>(text: &str, source: &str) -> Result<Box<dyn Puzzle>, ParseError> {
    Ok(Box::new(F::parse(text, source)?))
}

fn parse_id_boxed<F: Family>(
    id: &str,
    source: &str,
    line: usize,
) -> Result<Box<dyn Puzzle>, ParseError> {
    Ok(Box::new(F::parse_game_id(id, source, line)?))
}

impl FamilyEntry {
    /// The entry of family `F`, without generator or commands.
    pub const fn of<F: Family>() -> FamilyEntry {
        FamilyEntry {
            name: F::NAME,
            summary: F::SUMMARY,
            extensions: F::EXTENSIONS,
            examples: F::EXAMPLES,
            puzzlink: F::PUZZLINK,
            parse: parse_boxed::<F>,
            recognises: F::recognises,
            looks_like_game_id: F::looks_like_game_id,
            parse_game_id: parse_id_boxed::<F>,
            generator: None,
            commands: None,
        }
    }

    pub const fn generator(mut self, g: Generator) -> FamilyEntry {
        self.generator = Some(g);
        self
    }

    pub const fn commands(mut self, c: Commands) -> FamilyEntry {
        self.commands = Some(c);
        self
    }
}

/// The largest input file read (1 GiB): larger ones are refused before reading.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// Reads a text file, refusing files over [`MAX_FILE_BYTES`] and naming the line of the first
/// byte that is not UTF-8.
pub fn read_text(path: &std::path::Path) -> anyhow::Result<String> {
    use anyhow::Context as _;
    let meta =
        std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    if meta.len() > MAX_FILE_BYTES {
        anyhow::bail!(
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

/// An instance of family `F` from a file, or from a game ID when the argument names no file
/// and has the shape of one: what a family's own commands read. A file that names another
/// family is refused.
pub fn read_instance<F: Family>(path: &std::path::Path) -> anyhow::Result<F> {
    if let Some(id) = path
        .to_str()
        .filter(|s| !path.exists() && F::looks_like_game_id(s))
    {
        return Ok(F::parse_game_id(id, "game ID", 1)?);
    }
    let text = read_text(path)?;
    let source = path.display().to_string();
    match crate::family_of(&text) {
        Some(name) if name != F::NAME => {
            anyhow::bail!(
                "{source}: expected a {} puzzle, found `family {name}`",
                F::NAME
            )
        }
        _ => Ok(F::parse(&text, &source)?),
    }
}

/// A `--shard K/N` argument: run only the units ≡ K mod N (one machine's share of a long
/// count). Shared by every family that splits its work that way.
///
/// ```
/// assert_eq!(wellposed_engine::parse_shard("1/4").unwrap(), (1, 4));
/// assert!(wellposed_engine::parse_shard("4/4").is_err());
/// ```
pub fn parse_shard(s: &str) -> anyhow::Result<(usize, usize)> {
    use anyhow::Context as _;
    let (k, of) = s.split_once('/').context("--shard takes K/N, e.g. 0/4")?;
    let (k, of): (usize, usize) = (
        k.trim().parse().context("--shard K/N: K")?,
        of.trim().parse().context("--shard K/N: N")?,
    );
    if of == 0 || k >= of {
        anyhow::bail!("--shard K/N needs 0 <= K < N");
    }
    Ok((k, of))
}

/// Writes the file through a synced temporary beside it and a rename, so a killed run leaves
/// the old file or the new one, never a truncated one. (Used for every file wellposed writes.)
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    use anyhow::Context as _;
    let name = path
        .file_name()
        .with_context(|| format!("{} is not a file name", path.display()))?;
    let tmp = path.with_file_name(format!(
        ".{}.tmp{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        anyhow::bail!("cannot write {}: {e}", path.display());
    }
    Ok(())
}

/// Saves a long run's progress as JSON, atomically, at most once per `every` (and whenever
/// asked with [`Checkpointer::save`]). Work threads cannot stop on a write error, so the first
/// one is kept and returned by [`Checkpointer::finish`]. Without a path it does nothing.
pub struct Checkpointer<'a> {
    path: Option<&'a std::path::Path>,
    every: std::time::Duration,
    last: std::sync::Mutex<std::time::Instant>,
    error: std::sync::Mutex<Option<anyhow::Error>>,
}

impl<'a> Checkpointer<'a> {
    pub fn new(path: Option<&'a std::path::Path>, every: std::time::Duration) -> Checkpointer<'a> {
        Checkpointer {
            path,
            every,
            last: std::sync::Mutex::new(std::time::Instant::now()),
            error: std::sync::Mutex::new(None),
        }
    }

    /// Saves now.
    pub fn save<T: serde::Serialize>(&self, state: &T) {
        let Some(path) = self.path else { return };
        if let Err(e) = serde_json::to_vec(state)
            .map_err(anyhow::Error::from)
            .and_then(|b| write_atomically(path, &b))
        {
            self.error
                .lock()
                .expect("no panics while saving")
                .get_or_insert(e);
        }
    }

    /// Saves if the last save is at least `every` ago.
    pub fn save_if_due<T: serde::Serialize>(&self, state: &T) {
        let mut last = self.last.lock().expect("no panics while saving");
        if last.elapsed() >= self.every {
            self.save(state);
            *last = std::time::Instant::now();
        }
    }

    /// The first write error, if any.
    pub fn finish(self) -> anyhow::Result<()> {
        match self.error.into_inner().expect("no panics while saving") {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
