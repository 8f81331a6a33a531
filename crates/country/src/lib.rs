//! Country Road (カントリーロード): a grid divided into rooms, some with a number. Draw one
//! closed loop through the centres of the cells (between orthogonal neighbours, no branches,
//! no crossings) that enters every room exactly once; a room's number is how many of its cells
//! the loop visits (a `?` says nothing); two cells the loop leaves out may not be orthogonally
//! adjacent across a room border.
//!
//! The CNF has a variable per segment between neighbouring cells (the answer variables: the
//! horizontal ones row by row, then the vertical ones), the engine's single-cycle constraint
//! over the cells ([`wellposed_engine::connectivity::single_cycle`], which gives each cell's
//! "visited" literal), and:
//! - every room: exactly two of the segments across its border are on the loop (when the
//!   board has more than one room). This is "entered exactly once": the loop's cells inside a
//!   room fall into stretches of the loop, each of which leaves the room at both ends, so the
//!   loop crosses the border twice per stretch; two crossings is one stretch, and a room with
//!   none would be left out (or hold the whole loop, and every other room be left out);
//! - every number: exactly that many visited cells in its room;
//! - every pair of neighbours across a room border: one of them is visited.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/country.js).
//! let p = wellposed_country::Country::parse("https://puzz.link/p?country/5/5/amda0uf02h12h", "example")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), "https://puzz.link/p?country/5/5/amda0uf02h12h");
//! ```

mod draw;
mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{grid_pairs, is_single_loop, single_cycle};
use wellposed_engine::repair::places;
pub use wellposed_engine::rooms::{self, Rooms};
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

use wellposed_engine::rooms::numbers;
/// A room's clue: none, `?`, or a number (the engine's room-number code).
pub use wellposed_engine::rooms::numbers::RoomClue as Clue;

/// The clues: the rooms and each room's clue (in room order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Country {
    pub rooms: Rooms,
    pub clues: Vec<Clue>,
}

/// A loop: `horizontal[r][c]` joins cell (r, c) to (r, c+1) (rows × (cols−1)), `vertical[r][c]`
/// joins (r, c) to (r+1, c) ((rows−1) × cols).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Road {
    pub horizontal: Vec<Vec<bool>>,
    pub vertical: Vec<Vec<bool>>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Country>().generator(generate::GENERATOR);

impl Country {
    pub fn rows(&self) -> usize {
        self.rooms.rows
    }

    pub fn cols(&self) -> usize {
        self.rooms.cols
    }

    /// The segments: segment k joins the cells `pairs()[k]` (the engine's grid order, which is
    /// the answer variables' order).
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        grid_pairs(self.rows(), self.cols())
    }

    /// The cell in words.
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols() + 1, k % self.cols() + 1)
    }

    /// Segment `(a, b)` in words.
    pub fn seg_name(&self, (a, b): (usize, usize)) -> String {
        let dir = if b == a + 1 { "right" } else { "down" };
        format!("the line from {} {dir}", self.cell_name(a))
    }

    fn room_name(&self, i: usize) -> String {
        format!("the room at {}", self.cell_name(self.rooms.cells[i][0]))
    }

    /// Each room's exits: the indices of the segments that cross its border.
    pub fn exits(&self) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new(); self.rooms.cells.len()];
        for (k, &(a, b)) in self.pairs().iter().enumerate() {
            if self.rooms.border(a, b) {
                out[self.rooms.of[a]].push(k);
                out[self.rooms.of[b]].push(k);
            }
        }
        out
    }

    /// The CNF (see the crate's documentation), without the rooms' exits and borders unless
    /// `with_rooms` and without the numbers unless `with_numbers`, and each cell's "visited"
    /// literal.
    pub fn cnf(
        &self,
        choices: Choices,
        with_rooms: bool,
        with_numbers: bool,
    ) -> (CnfEncoding, Vec<Lit>) {
        let n = self.rows() * self.cols();
        let pairs = self.pairs();
        let mut cnf = Cnf::with_choices(choices);
        let answer = cnf.new_vars(pairs.len());
        let edges: Vec<(usize, usize, Lit)> = pairs
            .iter()
            .zip(&answer)
            .map(|(&(a, b), v)| (a, b, v.positive()))
            .collect();
        let (cycle, used) = single_cycle(&mut cnf, n, &edges, true);
        if with_rooms && self.rooms.cells.len() > 1 {
            for exits in self.exits() {
                let lits: Vec<Lit> = exits.iter().map(|&k| answer[k].positive()).collect();
                cnf.exactly_k(&lits, 2);
            }
        }
        for &(a, b) in &pairs {
            if with_rooms && self.rooms.border(a, b) {
                cnf.add_clause(&[used[a], used[b]]);
            }
        }
        if with_numbers {
            for (room, clue) in self.rooms.cells.iter().zip(&self.clues) {
                if let Clue::Number(k) = *clue {
                    let lits: Vec<Lit> = room.iter().map(|&c| used[c]).collect();
                    cnf.exactly_k(&lits, u64::from(k));
                }
            }
        }
        let names = pairs.iter().map(|&p| self.seg_name(p)).collect();
        let enc = CnfEncoding {
            cnf,
            answer,
            names,
            lazy: vec![cycle],
        };
        (enc, used)
    }

    /// What grading deduces over: the loop alone, and each cell's visited literal.
    pub fn deduction_cnf(&self) -> (CnfEncoding, Vec<Lit>) {
        let choices = Choices::default().settled(wellposed_engine::sat::Purpose::Solving);
        self.cnf(choices, false, false)
    }

    /// The loop whose segment k is `on(k)`.
    pub fn road_of(&self, on: impl Fn(usize) -> bool) -> Road {
        let (rows, cols) = (self.rows(), self.cols());
        let h = rows * (cols - 1);
        Road {
            horizontal: (0..rows)
                .map(|r| (0..cols - 1).map(|c| on(r * (cols - 1) + c)).collect())
                .collect(),
            vertical: (0..rows - 1)
                .map(|r| (0..cols).map(|c| on(h + r * cols + c)).collect())
                .collect(),
        }
    }

    /// Which cells the loop visits.
    pub fn visited(&self, road: &Road) -> Vec<bool> {
        let mut out = vec![false; self.rows() * self.cols()];
        for ((a, b), on) in self.pairs().into_iter().zip(road.segments()) {
            if on {
                out[a] = true;
                out[b] = true;
            }
        }
        out
    }

    /// How many of room `i`'s cells `visited` holds.
    pub fn visited_in(&self, visited: &[bool], i: usize) -> u32 {
        self.rooms.cells[i].iter().filter(|&&k| visited[k]).count() as u32
    }

    /// The rooms with a clue (a number or `?`), in order.
    pub fn clued(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.clues.len()).filter(|&i| self.clues[i] != Clue::None)
    }

    fn unclued(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.clues.len()).filter(|&i| self.clues[i] == Clue::None)
    }

    /// The loop's cells in the order it goes round (from its first cell), when `road` is one
    /// loop.
    fn tour(&self, road: &Road) -> Vec<usize> {
        let n = self.rows() * self.cols();
        let mut adj = vec![Vec::new(); n];
        for ((a, b), on) in self.pairs().into_iter().zip(road.segments()) {
            if on {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        let Some(start) = (0..n).find(|&k| !adj[k].is_empty()) else {
            return Vec::new();
        };
        let (mut prev, mut at) = (usize::MAX, start);
        let mut out = Vec::new();
        loop {
            out.push(at);
            let next = adj[at].iter().copied().find(|&j| j != prev);
            match next {
                Some(j) if j != start && out.len() <= n => {
                    prev = at;
                    at = j;
                }
                _ => return out,
            }
        }
    }
}

impl Road {
    /// The segments in the answer variables' order (horizontal row by row, then vertical).
    pub fn segments(&self) -> Vec<bool> {
        self.horizontal
            .iter()
            .chain(&self.vertical)
            .flatten()
            .copied()
            .collect()
    }
}

impl Family for Country {
    const NAME: &'static str = "country";
    const PUZZLINK: &'static [&'static str] = &["country"];
    const SUMMARY: &'static str =
        "Country Road: one loop entering every room once, room numbers count its cells, no two unvisited cells side by side across a border";
    const EXAMPLES: &'static [&'static str] = &[
        "family country\nsize 3 3\nrooms\n0 0 1\n0 0 1\n2 2 2\nnumbers\n. . 2\n. . .\n. . .\n",
        "https://puzz.link/p?country/5/5/amda0uf02h12h",
    ];
    type Solution = Road;

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        format::parse(text, source)
    }

    fn to_text(&self) -> String {
        format::to_text(self)
    }

    fn from_puzzlink(url: &wellposed_engine::puzzlink::Url) -> Result<Self, String> {
        format::from_url(url)
    }

    fn url(&self) -> Option<String> {
        Some(format::url(self))
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf(choices, true, true).0))
    }

    fn decode(&self, answer: &Answer) -> Road {
        self.road_of(|k| answer.value(Var(k as u32)))
    }

    /// The rules alone, in pzprjs's order of checks (src/variety/country.js): a branch or a
    /// crossing, a room entered twice, a room's number, a room left out, two unvisited cells
    /// across a border, a dead end, more than one loop; last, the rule as it is said: going
    /// round the loop, each room's cells come in one stretch.
    fn verify(&self, road: &Road) -> Result<(), String> {
        let n = self.rows() * self.cols();
        let pairs = self.pairs();
        let on = road.segments();
        let mut degree = vec![0usize; n];
        for (&(a, b), &x) in pairs.iter().zip(&on) {
            if x {
                degree[a] += 1;
                degree[b] += 1;
            }
        }
        if let Some(k) = (0..n).find(|&k| degree[k] > 2) {
            let what = if degree[k] == 3 {
                "branches"
            } else {
                "crosses itself"
            };
            return Err(format!("the loop {what} at {}", self.cell_name(k)));
        }
        let rooms = self.rooms.cells.len();
        let mut crossings = vec![0usize; rooms];
        for (&(a, b), &x) in pairs.iter().zip(&on) {
            if x && self.rooms.border(a, b) {
                crossings[self.rooms.of[a]] += 1;
                crossings[self.rooms.of[b]] += 1;
            }
        }
        if let Some(i) = (0..rooms).find(|&i| crossings[i] > 2) {
            return Err(format!(
                "the loop enters {} more than once",
                self.room_name(i)
            ));
        }
        let visited = self.visited(road);
        for (i, clue) in self.clues.iter().enumerate() {
            if let Clue::Number(want) = *clue {
                let found = self.visited_in(&visited, i);
                if found != want {
                    return Err(format!(
                        "{} says {want}, the loop visits {found} of its cells",
                        self.room_name(i)
                    ));
                }
            }
        }
        if let Some(i) = (0..rooms).find(|&i| self.visited_in(&visited, i) == 0) {
            return Err(format!("the loop does not visit {}", self.room_name(i)));
        }
        if let Some(&(a, b)) = pairs
            .iter()
            .find(|&&(a, b)| self.rooms.border(a, b) && !visited[a] && !visited[b])
        {
            return Err(format!(
                "{} and {} are side by side across a room border, neither on the loop",
                self.cell_name(a),
                self.cell_name(b)
            ));
        }
        if let Some(k) = (0..n).find(|&k| degree[k] == 1) {
            return Err(format!("the line ends at {}", self.cell_name(k)));
        }
        if !is_single_loop(n, &pairs, &on) {
            return Err("the lines are not one closed loop".into());
        }
        // Going round: the number of stretches (changes of room, cyclically) is the number of
        // rooms exactly when no room comes back.
        let tour = self.tour(road);
        let changes = (0..tour.len())
            .filter(|&j| self.rooms.of[tour[j]] != self.rooms.of[tour[(j + 1) % tour.len()]])
            .count();
        if changes.max(1) != rooms {
            return Err("the loop enters some room more than once".into());
        }
        Ok(())
    }

    fn render(&self, road: &Road) -> String {
        let on = road.segments();
        draw::text(self, |k| Some(on[k]))
    }

    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        Some(draw::text(self, |k| known.get(k).copied().flatten()))
    }

    fn svg(&self, road: &Road) -> Option<String> {
        Some(draw::svg(self, road))
    }

    /// The puzzle as given: the rooms and numbers with no road drawn.
    fn svg_puzzle(&self) -> Option<String> {
        Some(draw::svg(self, &self.road_of(|_| false)))
    }

    /// The loop alone: the rooms' rules are the family's deduction rules (see [`rules`]).
    fn deduction_encoding(&self) -> Option<Encoding> {
        Some(Encoding::Cnf(self.deduction_cnf().0))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self, &self.deduction_cnf().1)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "on the loop" } else { "off" })
    }

    /// The clues are the rooms' numbers (and `?`s).
    fn clues(&self) -> Vec<String> {
        let symbol = |i: usize| format::symbol(self.clues[i]);
        places::named(self.clued(), |i| self.room_name(i), symbol)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.clued(), drop, |p, i| p.clues[i] = Clue::None)
    }

    /// What a loop could add: the count of every room without a number.
    fn clues_from(&self, road: &Road) -> Vec<String> {
        let visited = self.visited(road);
        let count = |i: usize| self.visited_in(&visited, i);
        places::named(self.unclued(), |i| self.room_name(i), count)
    }

    fn with_clues_from(&self, road: &Road, picks: &[usize]) -> Option<Self> {
        let visited = self.visited(road);
        places::changed(self, self.unclued(), picks, |p, i| {
            p.clues[i] = Clue::Number(self.visited_in(&visited, i));
        })
    }

    /// Each room's clue in its first cell; a number put in any cell of a room is that room's.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(numbers::edit_grid(
            &self.rooms,
            &self.clues,
            (self.rows(), self.cols()),
        ))
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let clues = numbers::edited(&self.rooms, cells, MAX_CELLS)
            .map_err(|i| format!("{} has two numbers", self.room_name(i)))?;
        Ok(Country {
            clues,
            ..self.clone()
        })
    }
}
