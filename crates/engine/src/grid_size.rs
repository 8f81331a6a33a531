//! The size of a generated rectangular board, one definition for every grid generator:
//! `--cols C` (also `--size C` and `--width C`) and `--rows R` (also `--height R`; default: the
//! columns), so that `wellposed generate GENRE --rows 5 --cols 6` means the same board in every
//! genre and the older spellings (`--size 8`, `--size 8 --height 6`) keep working.
//!
//! A generator flattens [`GridSize`] into its clap Args and gives its default number of columns
//! where it builds its command ([`GridSize::command`]), so that `--help` shows it; the default
//! board is square. Each genre still checks the size itself and names the size it
//! refuses.
//!
//! The generators whose size is not a rectangle of cells keep their own flags: survo (the M×N
//! of a Survo table), zebra (the number of items), sudoku and starbattle (square by their
//! rules, with boxes or regions to match), battleships (a square board) and minesweeper (its
//! levels).

/// `--cols C` (aliases `--size`, `--width`) and `--rows R` (alias `--height`), rows defaulting
/// to the columns. Flatten it into a generator's Args (`#[command(flatten)]`) and build the
/// command with [`GridSize::command`] (or [`GridSize::with_default`]); without a default
/// `--cols` is required.
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
/// assert_eq!(size(&["g", "--cols", "6"]), (6, 6));
/// assert_eq!(size(&["g", "--rows", "5", "--cols", "6"]), (5, 6));
/// assert_eq!(size(&["g", "--size", "6", "--height", "5"]), (5, 6));
/// assert_eq!(size(&["g", "--width", "6", "--rows", "5"]), (5, 6));
/// assert_eq!(size(&["g", "--rows", "5"]), (5, 7));
/// assert!(command().render_help().to_string().contains("[default: 7]"));
/// ```
#[derive(clap::Args, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridSize {
    /// Columns (and rows, unless --rows is given).
    #[arg(long = "cols", visible_aliases = ["size", "width"], value_name = "C")]
    cols: usize,
    /// Rows (default: the columns).
    #[arg(long = "rows", visible_alias = "height", value_name = "R")]
    rows: Option<usize>,
}

impl GridSize {
    /// The command `name` of the generator's Args `A` (which flatten a [`GridSize`]), with
    /// `cols` as the default number of columns: what a generator's `args` function returns.
    pub fn command<A: clap::Args>(name: &'static str, cols: usize) -> clap::Command {
        Self::with_default(A::augment_args(clap::Command::new(name)), cols)
    }

    /// `command` (a generator's command holding the flattened [`GridSize`]) with `cols` as the
    /// default number of columns, shown in its help.
    pub fn with_default(command: clap::Command, cols: usize) -> clap::Command {
        command.mut_arg("cols", |a| {
            a.required(false).default_value(cols.to_string())
        })
    }

    /// `(rows, cols)`: the rows default to the columns.
    pub fn rows_cols(&self) -> (usize, usize) {
        (self.rows.unwrap_or(self.cols), self.cols)
    }
}
