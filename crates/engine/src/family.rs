//! The family interface. A family reads like its rules: it parses its clues, encodes them,
//! decodes an answer into its own solution type, and checks a solution by the puzzle's rules
//! alone, never by the encoding.

use crate::{Answer, Encoding, EncodingKind, EngineError, ParseError};
use serde::Serialize;
use wellposed_sat::Choices;

pub trait Family: Sized + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    /// The name in the `family NAME` line.
    const NAME: &'static str;
    /// One line on what the puzzle is, for the family list and `--help`.
    const SUMMARY: &'static str;
    /// File extensions read as this family whatever the text looks like (`non` for nonograms).
    const EXTENSIONS: &'static [&'static str] = &[];
    /// Small instances in each format the family reads (its document, game IDs, plain files):
    /// the registry's tests round-trip and fuzz them, beside the bundled instances.
    const EXAMPLES: &'static [&'static str] = &[];
    /// The puzz.link (pzprjs) genre keys whose URLs this family reads (`slither`, `mashu`):
    /// the loader names them when a URL of another genre comes in.
    const PUZZLINK: &'static [&'static str] = &[];
    /// The letters of pzprjs's flag part (`slither/f/…`) that the family's
    /// [`Family::from_puzzlink`] reads (in [`crate::puzzlink::Url::flags`]); a URL with any
    /// other letter there is refused by [`crate::puzzlink::read`], naming it.
    const PUZZLINK_FLAGS: &'static str = "";
    type Solution: Serialize + Send + Sync + 'static;

    /// Reads the family's text: its `family NAME` document, and the other formats it accepts
    /// (a game ID in a file, a plain grid). Errors name `source` and a line.
    fn parse(text: &str, source: &str) -> Result<Self, ParseError>;

    /// The instance written back as text that [`Family::parse`] reads to an equal instance:
    /// the `family NAME` document (raw formats: their own text).
    fn to_text(&self) -> String;

    /// Whether text without a `family` line is in one of this family's other formats, which
    /// [`Family::parse`] reads. Where two families' shapes could overlap, the registry asks in
    /// its order.
    /// The default: a puzz.link URL of one of [`Family::PUZZLINK`]'s genres alone in the text.
    fn recognises(text: &str) -> bool {
        crate::lone_line(text).is_some_and(|(_, l)| crate::puzzlink::of_genres(l, Self::PUZZLINK))
    }

    /// Whether a command-line argument that names no file has the shape of this family's game
    /// ID (Simon Tatham's collection). The default: a puzz.link URL of one of
    /// [`Family::PUZZLINK`]'s genres.
    fn looks_like_game_id(arg: &str) -> bool {
        crate::puzzlink::of_genres(arg, Self::PUZZLINK)
    }

    /// Reads a game ID given on the command line (`line` is its line in `source`). The
    /// default reads a puzz.link URL by [`Family::from_puzzlink`].
    fn parse_game_id(id: &str, source: &str, line: usize) -> Result<Self, ParseError> {
        if Self::PUZZLINK.is_empty() {
            return Err(ParseError {
                source: source.to_string(),
                line,
                message: format!("the {} family has no game IDs", Self::NAME),
            });
        }
        crate::puzzlink::read(id, source, line)
    }

    /// Reads a puzz.link URL of one of [`Family::PUZZLINK`]'s genres, already split; `Err`
    /// says what is wrong with it (the caller names the source and line). A family that lists
    /// genre keys implements this, and [`Family::url`] for the way back; the URL defaults of
    /// `recognises`, `looks_like_game_id` and `parse_game_id` then need no code of its own, and
    /// its [`Family::parse`] reads a URL alone in a file with [`crate::puzzlink::in_text`].
    fn from_puzzlink(url: &crate::puzzlink::Url) -> Result<Self, String> {
        let _ = url;
        Err(format!("the {} family reads no puzz.link URLs", Self::NAME))
    }

    /// The instance as a game ID, for families that have them.
    fn game_id(&self) -> Option<String> {
        None
    }

    /// The instance as a puzz.link URL (see [`crate::puzzlink`]), for families that share a
    /// genre with puzz.link and instances its encoding can say.
    fn url(&self) -> Option<String> {
        None
    }

    /// The encodings this instance offers, the preferred one first.
    fn encodings(&self) -> Vec<EncodingKind>;

    /// The instance as `kind`, `None` when it has no such encoding. A CNF follows `choices`
    /// where the family leaves at-most-one and counting constraints open (build it with
    /// `Cnf::with_choices(choices)`).
    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding>;

    fn decode(&self, answer: &Answer) -> Self::Solution;

    /// Checks a solution by the puzzle's own rules: `Err` says which rule is broken.
    fn verify(&self, solution: &Self::Solution) -> Result<(), String>;

    fn render(&self, solution: &Self::Solution) -> String;

    /// The family's own mathematics, where it answers exactly without an encoding (exact
    /// linear algebra, say): up to `want` solutions and the number of them. It may stop
    /// counting once it has seen `stop` solutions (then `complete` is false). `None` when the
    /// family has none for this instance; `Err` names why it cannot answer. A family that
    /// has one says how `--method auto` uses it in [`Family::native_role`].
    fn native(&self, want: u64, stop: u64) -> Option<Result<Native<Self::Solution>, String>> {
        let _ = (want, stop);
        None
    }

    /// A bounded try of the family's own method that `--method auto` makes before the
    /// encoding, for families whose native search is fast on easy instances and slow on hard
    /// ones (where CDCL wins). Asked only when [`Family::native_role`] is
    /// [`NativeRole::TriesFirst`]: for a question of at most two solutions with
    /// [`Effort::Brief`], then (if it gave up) a brief CDCL try, then with [`Effort::Full`];
    /// for a count, or where the solver cannot be bounded for a brief try (only CaDiCaL can),
    /// with [`Effort::Full`] alone. Past the last try the
    /// encoding answers. The default: [`Tried::Hopeless`], no such search.
    fn native_first(
        &self,
        want: u64,
        stop: u64,
        effort: Effort,
    ) -> Tried<Result<Native<Self::Solution>, String>> {
        let _ = (want, stop, effort);
        Tried::Hopeless
    }

    /// A smaller question with the same answer to "none, one, or several?" (the question of
    /// [`crate::uniqueness`]): a puzzle of this family whose solutions are some of this one's
    /// (dominated ones left out, say a path with a detour), such that this puzzle has a
    /// solution exactly when the reduced one has, and when the reduced one has exactly one, S,
    /// this one has a second exactly when [`Family::another_solution`] finds one beside S.
    /// Asked only by [`crate::uniqueness`]; counts and listings never take it. The default:
    /// none.
    fn reduced_for_uniqueness(&self) -> Option<Self> {
        None
    }

    /// A solution other than `s` (the one solution of [`Family::reduced_for_uniqueness`]), or
    /// `None` when there is none: see there.
    fn another_solution(&self, s: &Self::Solution) -> Option<Self::Solution> {
        let _ = s;
        None
    }

    /// A partial answer drawn like a solution: `known[k]` is the value of the k-th answer
    /// variable when it is settled (the backbone). `None` when the family has no such picture.
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        let _ = known;
        None
    }

    /// A drawing of a solution as an SVG document, for families that have one. Write one
    /// drawing element per line (as every family does): the workbench marks where two
    /// solutions differ by comparing the two drawings line by line, with no knowledge of the
    /// family (`wellposed_serve::mark_svg_differences`).
    fn svg(&self, solution: &Self::Solution) -> Option<String> {
        let _ = solution;
        None
    }

    /// The puzzle as given, before any answer (its grid and clues), drawn as [`Family::svg`]
    /// draws a solution: the workbench shows it beside the grid it edits. `None` where the
    /// family has no picture; families whose solution marks cells or edges "on" draw the
    /// solution with none on.
    fn svg_puzzle(&self) -> Option<String> {
        None
    }

    /// The CNF that `grade` and `hint` deduce over: the encoding itself unless the family's
    /// encoding carries conclusions of its own solver (which would hide the deduction path).
    fn deduction_encoding(&self) -> Option<Encoding> {
        self.encode(
            EncodingKind::Cnf,
            Choices::default().settled(wellposed_sat::Purpose::Solving),
        )
    }

    /// The solution the puzzle's file says it intends (a nonogram's `goal`), as values of its
    /// CNF encoding's answer variables in order, for [`crate::uniqueness_of_intended`].
    fn intended(&self) -> Option<Vec<bool>> {
        None
    }

    /// The family's own deduction rules over its CNF encoding's variables (see
    /// [`crate::deduce::FamilyRule`]), used by `grade` and `hint` besides propagation and
    /// probing.
    fn deduction_rules(&self) -> Vec<Box<dyn crate::deduce::FamilyRule>> {
        Vec::new()
    }

    /// An answer variable's value in words, for hints: `name is true` unless the family has
    /// its own words (binary's `… is 1`).
    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {value}")
    }

    /// The clues a setter may take away, in the family's words and the file's order, for
    /// `repair` (see [`crate::repair`]). Empty when the family has none.
    fn clues(&self) -> Vec<String> {
        Vec::new()
    }

    /// The puzzle without the clues `drop` (indices into [`Family::clues`]); `None` when the
    /// family takes no part in `repair`.
    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        let _ = drop;
        None
    }

    /// The clues `solution` would give if added to this puzzle, in the family's words (an open
    /// cell's value): what `repair` may propose.
    fn clues_from(&self, solution: &Self::Solution) -> Vec<String> {
        let _ = solution;
        Vec::new()
    }

    /// The puzzle with the clues `picks` (indices into [`Family::clues_from`]) of `solution`
    /// added.
    fn with_clues_from(&self, solution: &Self::Solution, picks: &[usize]) -> Option<Self> {
        let _ = (solution, picks);
        None
    }

    /// The puzzle as a grid a setter edits by clicking (the page of `wellposed serve`): each
    /// cell's symbol, and the symbols a click goes through. `None` when the family has no
    /// grid to click (its text is edited instead).
    fn edit_grid(&self) -> Option<EditGrid> {
        None
    }

    /// The puzzle with its grid's cells set to `cells` (row-major symbols, as
    /// [`Family::edit_grid`] gives them); `Err` says what is wrong with them.
    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let _ = cells;
        Err(format!("the {} family has no grid to edit", Self::NAME))
    }

    /// How `--method auto` uses the family's own mathematics: not at all (the default: a
    /// family without [`Family::native`]), first where it answers, or as bounded tries before
    /// the encoding. A family that overrides `native` or `native_first` says so here, so that
    /// the plan names only the steps that can answer.
    fn native_role(&self) -> NativeRole {
        NativeRole::None
    }
}

/// How `--method auto` uses a family's own mathematics ([`Family::native_role`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NativeRole {
    /// The family has none: the encoding answers and `--method native` is refused.
    None,
    /// [`Family::native`] answers first wherever it has a method for the instance.
    Answers,
    /// [`Family::native`] exists as an independent check (`--method native`) but is slow on
    /// hard instances: `--method auto` makes the bounded tries of [`Family::native_first`]
    /// before the encoding.
    TriesFirst,
}

/// A puzzle's grid as the setter's page shows it: `rows` × `cols` cells, each one of
/// `symbols` (`.` for an open cell). A click moves a cell to the next symbol.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EditGrid {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<String>,
    pub symbols: Vec<String>,
}

impl EditGrid {
    /// Checks `cells` against the grid's shape and symbols: the shared part of
    /// [`Family::edited`].
    pub fn check(&self, cells: &[String]) -> Result<(), String> {
        if cells.len() != self.rows * self.cols {
            return Err(format!(
                "expected {} cells ({} × {}), found {}",
                self.rows * self.cols,
                self.rows,
                self.cols,
                cells.len()
            ));
        }
        match cells.iter().position(|c| !self.symbols.contains(c)) {
            Some(k) => Err(format!(
                "row {} col {}: expected one of {}, found `{}`",
                k / self.cols + 1,
                k % self.cols + 1,
                self.symbols.join(" "),
                cells[k]
            )),
            None => Ok(()),
        }
    }
}

/// What a family's own mathematics found.
pub struct Native<S> {
    /// At most the number asked for.
    pub solutions: Vec<S>,
    /// How many solutions were counted (at most the `stop` asked, when `complete` is false).
    pub count: crate::SolutionCount,
    /// True when `count` is all of them; false when counting stopped at the `stop` asked for.
    pub complete: bool,
}

/// How far `--method auto` lets a family's own search go before an encoding answers
/// ([`Family::native_first`]). Between the two tries the engine gives CDCL a brief try: some
/// puzzles that take the family's search hundreds of nodes take CDCL a few hundred conflicts,
/// and the brief native try keeps the encoding's cost off the puzzles the family's search
/// settles at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    /// A first look, cheap beside building the encoding.
    Brief,
    /// As far as the family's search beats the encoding on the instances measured.
    Full,
}

/// What a bounded try of a family's own search came to ([`Family::native_first`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tried<T> {
    Answered(T),
    /// It gave up within the effort asked; a greater effort might answer.
    GaveUp,
    /// No effort would answer (or the family has no such search): the encoding should.
    Hopeless,
}

/// A solution that passed the family's rule check, ready to print: its text and JSON, the
/// family's own solution value, and the raw answer when an encoding found it (`None` when the
/// family's mathematics did).
#[derive(Clone)]
pub struct Solved {
    pub text: String,
    pub json: serde_json::Value,
    pub answer: Option<Answer>,
    solution: std::sync::Arc<dyn std::any::Any + Send + Sync>,
}

impl std::fmt::Debug for Solved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solved")
            .field("text", &self.text)
            .field("answer", &self.answer)
            .finish_non_exhaustive()
    }
}

impl Solved {
    /// The family's own solution value (`F::Solution` of the family that made it).
    pub fn solution<T: 'static>(&self) -> Option<&T> {
        self.solution.downcast_ref()
    }
}

/// The object-safe face of a family instance, which the engine and the CLI work with.
pub trait Puzzle: Send + Sync {
    fn family(&self) -> &str;
    /// See [`Family::to_text`].
    fn to_text(&self) -> String;
    /// See [`Family::game_id`].
    fn game_id(&self) -> Option<String>;
    /// See [`Family::url`].
    fn url(&self) -> Option<String>;
    /// Whether `other` is an equal instance of the same family.
    fn same_as(&self, other: &dyn Puzzle) -> bool;
    /// The instance itself, for [`Puzzle::same_as`] and for a family's own commands.
    fn as_any(&self) -> &dyn std::any::Any;
    fn encodings(&self) -> Vec<EncodingKind>;
    /// See [`Family::encode`].
    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding>;
    /// Decodes and verifies; a solution that breaks the rules is an internal error.
    fn solved(&self, answer: Answer) -> Result<Solved, EngineError>;
    /// The family's own mathematics (see [`Family::native`]), solutions verified.
    fn native(&self, want: u64, stop: u64) -> Option<Result<Native<Solved>, EngineError>>;
    /// See [`Family::native_first`].
    fn native_first(
        &self,
        want: u64,
        stop: u64,
        effort: Effort,
    ) -> Tried<Result<Native<Solved>, EngineError>>;
    /// See [`Family::native_role`].
    fn native_role(&self) -> NativeRole;
    /// See [`Family::reduced_for_uniqueness`].
    fn reduced_for_uniqueness(&self) -> Option<Box<dyn Puzzle>>;
    /// See [`Family::another_solution`]: `None` when there is none (or `solved` is of
    /// another family), else the other solution checked by the family's rules.
    fn another_solution(&self, solved: &Solved) -> Option<Result<Solved, EngineError>>;
    /// See [`Family::render_partial`].
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String>;
    /// See [`Family::deduction_rules`].
    fn deduction_rules(&self) -> Vec<Box<dyn crate::deduce::FamilyRule>>;
    /// See [`Family::deduction_encoding`].
    fn deduction_encoding(&self) -> Option<Encoding>;
    /// The drawing of a solution (see [`Family::svg`]).
    fn svg(&self, solved: &Solved) -> Option<String>;
    /// See [`Family::svg_puzzle`].
    fn svg_puzzle(&self) -> Option<String>;
    /// See [`Family::intended`].
    fn intended(&self) -> Option<Vec<bool>>;
    /// See [`Family::answer_text`].
    fn answer_text(&self, name: &str, value: bool) -> String;
    /// See [`Family::clues`].
    fn clues(&self) -> Vec<String>;
    /// See [`Family::without_clues`].
    fn without_clues(&self, drop: &[usize]) -> Option<Box<dyn Puzzle>>;
    /// See [`Family::clues_from`]; empty for a solution of another family.
    fn clues_from(&self, solved: &Solved) -> Vec<String>;
    /// See [`Family::with_clues_from`].
    fn with_clues_from(&self, solved: &Solved, picks: &[usize]) -> Option<Box<dyn Puzzle>>;
    /// Whether a solution (of this puzzle or another of its family) keeps this puzzle's rules,
    /// by the family's own check.
    fn admits(&self, solved: &Solved) -> bool;
    /// See [`Family::edit_grid`].
    fn edit_grid(&self) -> Option<EditGrid>;
    /// See [`Family::edited`].
    fn edited(&self, cells: &[String]) -> Result<Box<dyn Puzzle>, String>;
}

impl<F: Family> Puzzle for F {
    fn family(&self) -> &str {
        F::NAME
    }

    fn to_text(&self) -> String {
        Family::to_text(self)
    }

    fn game_id(&self) -> Option<String> {
        Family::game_id(self)
    }

    fn url(&self) -> Option<String> {
        Family::url(self)
    }

    fn same_as(&self, other: &dyn Puzzle) -> bool {
        other.as_any().downcast_ref::<F>() == Some(self)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        Family::encodings(self)
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        Family::encode(self, kind, choices)
    }

    fn solved(&self, answer: Answer) -> Result<Solved, EngineError> {
        let solution = self.decode(&answer);
        checked(self, solution, Some(answer))
    }

    fn native_role(&self) -> NativeRole {
        Family::native_role(self)
    }

    fn reduced_for_uniqueness(&self) -> Option<Box<dyn Puzzle>> {
        Family::reduced_for_uniqueness(self).map(|q| Box::new(q) as Box<dyn Puzzle>)
    }

    fn another_solution(&self, solved: &Solved) -> Option<Result<Solved, EngineError>> {
        let s = solved.solution::<F::Solution>()?;
        Family::another_solution(self, s).map(|t| checked(self, t, None))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Family::render_partial(self, known)
    }

    fn deduction_rules(&self) -> Vec<Box<dyn crate::deduce::FamilyRule>> {
        Family::deduction_rules(self)
    }

    fn deduction_encoding(&self) -> Option<Encoding> {
        Family::deduction_encoding(self)
    }

    fn svg(&self, solved: &Solved) -> Option<String> {
        Family::svg(self, solved.solution::<F::Solution>()?)
    }

    fn svg_puzzle(&self) -> Option<String> {
        Family::svg_puzzle(self)
    }

    fn intended(&self) -> Option<Vec<bool>> {
        Family::intended(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        Family::answer_text(self, name, value)
    }

    fn clues(&self) -> Vec<String> {
        Family::clues(self)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Box<dyn Puzzle>> {
        Family::without_clues(self, drop).map(|q| Box::new(q) as Box<dyn Puzzle>)
    }

    fn clues_from(&self, solved: &Solved) -> Vec<String> {
        solved
            .solution::<F::Solution>()
            .map(|s| Family::clues_from(self, s))
            .unwrap_or_default()
    }

    fn with_clues_from(&self, solved: &Solved, picks: &[usize]) -> Option<Box<dyn Puzzle>> {
        let s = solved.solution::<F::Solution>()?;
        Family::with_clues_from(self, s, picks).map(|q| Box::new(q) as Box<dyn Puzzle>)
    }

    fn admits(&self, solved: &Solved) -> bool {
        solved
            .solution::<F::Solution>()
            .is_some_and(|s| self.verify(s).is_ok())
    }

    fn edit_grid(&self) -> Option<EditGrid> {
        Family::edit_grid(self)
    }

    fn edited(&self, cells: &[String]) -> Result<Box<dyn Puzzle>, String> {
        Family::edited(self, cells).map(|q| Box::new(q) as Box<dyn Puzzle>)
    }

    fn native(&self, want: u64, stop: u64) -> Option<Result<Native<Solved>, EngineError>> {
        Some(checked_native(self, Family::native(self, want, stop)?))
    }

    fn native_first(
        &self,
        want: u64,
        stop: u64,
        effort: Effort,
    ) -> Tried<Result<Native<Solved>, EngineError>> {
        match Family::native_first(self, want, stop, effort) {
            Tried::Answered(found) => Tried::Answered(checked_native(self, found)),
            Tried::GaveUp => Tried::GaveUp,
            Tried::Hopeless => Tried::Hopeless,
        }
    }
}

/// A native answer with every solution checked by the family's rules.
fn checked_native<F: Family>(
    f: &F,
    found: Result<Native<F::Solution>, String>,
) -> Result<Native<Solved>, EngineError> {
    let found = match found {
        Ok(found) => found,
        Err(reason) => {
            return Err(EngineError::Native {
                family: F::NAME.to_string(),
                reason,
            })
        }
    };
    let solutions: Result<Vec<Solved>, EngineError> = found
        .solutions
        .into_iter()
        .map(|s| checked(f, s, None))
        .collect();
    solutions.map(|solutions| Native {
        solutions,
        count: found.count,
        complete: found.complete,
    })
}

/// Checks a solution by the family's rules before anything prints it.
fn checked<F: Family>(
    f: &F,
    solution: F::Solution,
    answer: Option<Answer>,
) -> Result<Solved, EngineError> {
    f.verify(&solution)
        .map_err(|reason| EngineError::Unverified {
            family: F::NAME.to_string(),
            reason,
        })?;
    Ok(Solved {
        text: f.render(&solution),
        json: serde_json::to_value(&solution).unwrap_or(serde_json::Value::Null),
        answer,
        solution: std::sync::Arc::new(solution),
    })
}
