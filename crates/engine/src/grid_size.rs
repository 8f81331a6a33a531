//! The size of a generated rectangular board, one definition for every grid generator:
//! `--cols C` (also `--size C` and `--width C`) and `--rows R` (also `--height R`), so that
//! `wellposed generate GENRE --rows 5 --cols 6` means the same board in every genre and the
//! older spellings (`--size 8`, `--size 8 --height 6`, `--rows 7 --cols 9`) keep working.
//!
//! One side given alone makes a square board: the rows default to the columns, and the columns
//! to the rows when only `--rows` is given (so `--size 8`, `--cols 8` and `--rows 8` are all
//! 8×8, as `--rows 14` was for norinori and shikaku before they shared this definition). With
//! neither, the board is the genre's default, square as well.
//!
//! A generator flattens [`GridSize`] into its clap Args and gives its default number of columns
//! where it builds its command ([`GridSize::command`]), so that `--help` shows it. Each genre
//! still checks the size itself and names the size it refuses.
//!
//! The generators whose size is not a rectangle of cells keep their own flags: survo (the M×N
//! of a Survo table), zebra (the number of items), sudoku and starbattle (square by their
//! rules, with boxes or regions to match), battleships (a square board) and minesweeper (its
//! levels).

use clap::parser::ValueSource;
use clap::{value_parser, Arg, ArgMatches, Command};

/// `--cols C` (aliases `--size`, `--width`) and `--rows R` (alias `--height`); one given alone
/// is both. Flatten it into a generator's Args (`#[command(flatten)]`) and build the command
/// with [`GridSize::command`] (or [`GridSize::with_default`]); without a default `--cols` or
/// `--rows` is required.
///
/// ```
/// use clap::{Args, FromArgMatches};
/// use wellposed_engine::GridSize;
///
/// #[derive(Args)]
/// struct GenerateArgs {
///     #[command(flatten)]
///     size: GridSize,
/// }
///
/// // What `Generator::args` holds: 7×7 unless asked otherwise.
/// let command = || GridSize::command::<GenerateArgs>("g", 7);
/// let size = |args: &[&str]| {
///     let m = command().try_get_matches_from(args).unwrap();
///     GenerateArgs::from_arg_matches(&m).unwrap().size.rows_cols()
/// };
/// assert_eq!(size(&["g"]), (7, 7));
/// assert_eq!(size(&["g", "--rows", "5", "--cols", "6"]), (5, 6));
/// assert_eq!(size(&["g", "--size", "6", "--height", "5"]), (5, 6));
/// assert_eq!(size(&["g", "--width", "6", "--rows", "5"]), (5, 6));
/// assert_eq!(size(&["g", "--cols", "6"]), (6, 6));
/// assert_eq!(size(&["g", "--rows", "5"]), (5, 5));
/// assert!(command().render_help().to_string().contains("[default: 7]"));
/// command().debug_assert();
/// // Without a default, one side is required.
/// let bare = GenerateArgs::augment_args(clap::Command::new("g"));
/// assert!(bare.try_get_matches_from(["g"]).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridSize {
    rows: usize,
    cols: usize,
}

impl GridSize {
    /// The command `name` of the generator's Args `A` (which flatten a [`GridSize`]), with
    /// `cols` as the default number of columns: what a generator's `args` function returns.
    pub fn command<A: clap::Args>(name: &'static str, cols: usize) -> Command {
        Self::with_default(A::augment_args(Command::new(name)), cols)
    }

    /// `command` (a generator's command holding the flattened [`GridSize`]) with `cols` as the
    /// default number of columns (and so of rows), shown in its help.
    pub fn with_default(command: Command, cols: usize) -> Command {
        // The default stands in for a missing --cols, so neither side is required any more.
        command.mut_arg("cols", |a| {
            a.default_value(cols.to_string())
                .required_unless_present(clap::builder::Resettable::Reset)
        })
    }

    /// `(rows, cols)`.
    pub fn rows_cols(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }
}

impl clap::Args for GridSize {
    fn augment_args(command: Command) -> Command {
        command
            .arg(
                Arg::new("cols")
                    .long("cols")
                    .visible_aliases(["size", "width"])
                    .value_name("C")
                    .value_parser(value_parser!(usize))
                    .required_unless_present("rows")
                    .help("Columns (and rows, unless --rows is given)"),
            )
            .arg(
                Arg::new("rows")
                    .long("rows")
                    .visible_alias("height")
                    .value_name("R")
                    .value_parser(value_parser!(usize))
                    .help("Rows (and columns, unless --cols is given)"),
            )
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

impl clap::FromArgMatches for GridSize {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let rows = m.get_one::<usize>("rows").copied();
        // The columns the user gave, not the genre's default standing in for them.
        let cols = m.get_one::<usize>("cols").copied();
        let cols_given = m
            .value_source("cols")
            .is_some_and(|s| s != ValueSource::DefaultValue);
        match (rows, cols) {
            (Some(r), Some(c)) if cols_given => Ok(GridSize { rows: r, cols: c }),
            (Some(r), _) => Ok(GridSize { rows: r, cols: r }),
            (None, Some(c)) => Ok(GridSize { rows: c, cols: c }),
            (None, None) => Err(clap::Error::raw(
                clap::error::ErrorKind::MissingRequiredArgument,
                "the board's size: --cols C or --rows R is required\n",
            )),
        }
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}
