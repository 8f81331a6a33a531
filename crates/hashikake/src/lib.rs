//! Hashiwokakero (Nikoli's 橋をかけろ, "bridges"): a grid with islands, each carrying a number
//! from 1 to 8 (or none given, pzprjs's `?`). Join the islands with bridges: a bridge runs
//! straight along a row or column between two islands, through empty cells only; at most two
//! bridges join a pair; bridges never cross each other (nor an island); the bridges at an
//! island add up to its number; and all the islands form one connected group.
//!
//! The CNF: for each pair of islands that see each other along a row or column (nothing
//! between them), a *link*, and two literals in order encoding, `one` (at least one bridge)
//! and `two` (two bridges), with `two → one`: the answer variables, link after link. An
//! island's number is the count of its links' literals (`one` and `two` of each: the engine's
//! cardinality encoding). Two links whose segments cross are not both used (`¬one ∨ ¬one`).
//! Connectivity is the engine's `connected` constraint over the islands (always present),
//! joined by an edge for each link that is there when its `one` is true
//! ([`wellposed_engine::connectivity`]).
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test puzzle (test/script/hashikake.js).
//! let p = wellposed_hashikake::Hashi::parse("https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3", "example")
//!     .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! ```

mod format;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::connectivity::{connected, Edge};
use wellposed_engine::repair::places;
use wellposed_engine::sat::{Choices, Cnf, Lit, Var};
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};

/// The most cells a puzzle may have.
pub const MAX_CELLS: usize = 10_000;

/// The largest island number: four directions, two bridges each.
pub const MAX_NUMBER: u32 = 8;

/// A cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Cell {
    Empty,
    /// An island whose number is not given (pzprjs's `?`): any count of bridges.
    Unknown,
    /// An island with its number, 1 to [`MAX_NUMBER`].
    Number(u32),
}

impl Cell {
    pub fn is_island(self) -> bool {
        self != Cell::Empty
    }
}

/// The puzzle: `rows` × `cols` cells, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hashi {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Cell>,
}

/// Two islands that see each other along a row (`across`) or a column, `a` before `b`: where
/// bridges may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub a: usize,
    pub b: usize,
    pub across: bool,
}

/// A drawing of bridges on the grid, as a player draws them (and pzprjs stores them): the
/// number of bridges, 0 to 2, over the border right of each cell (`right[r][c]`, between
/// cells (r, c) and (r, c + 1)) and below it (`down[r][c]`). A bridge over several cells is
/// drawn on every border it crosses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bridges {
    pub right: Vec<Vec<u8>>,
    pub down: Vec<Vec<u8>>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Hashi>().generator(generate::GENERATOR);

impl Hashi {
    /// The cell in words.
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// The islands, in row-major order.
    pub fn islands(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&k| self.cells[k].is_island())
    }

    /// Every link: for each island, the next island to its right and the next one below, when
    /// only empty cells lie between. In the order of `a`, the one across first.
    pub fn links(&self) -> Vec<Link> {
        let mut out = Vec::new();
        for a in self.islands() {
            let (r, c) = (a / self.cols, a % self.cols);
            if let Some(b) =
                (r * self.cols + c + 1..(r + 1) * self.cols).find(|&j| self.cells[j].is_island())
            {
                out.push(Link { a, b, across: true });
            }
            if let Some(b) = (r + 1..self.rows)
                .map(|i| i * self.cols + c)
                .find(|&j| self.cells[j].is_island())
            {
                out.push(Link {
                    a,
                    b,
                    across: false,
                });
            }
        }
        out
    }

    /// The empty cells a link's bridges pass over.
    pub fn between(&self, l: &Link) -> Vec<usize> {
        let step = if l.across { 1 } else { self.cols };
        (l.a + step..l.b).step_by(step).collect()
    }

    /// The pairs of links (indices into `links`, across first) whose bridges would cross: an
    /// empty cell both pass over. Links along one row never share a cell, so each empty cell
    /// gives at most one pair.
    pub fn crossings(&self, links: &[Link]) -> Vec<(usize, usize)> {
        let n = self.cells.len();
        let mut across = vec![None; n];
        let mut out = Vec::new();
        for (i, l) in links.iter().enumerate().filter(|(_, l)| l.across) {
            for k in self.between(l) {
                across[k] = Some(i);
            }
        }
        for (j, l) in links.iter().enumerate().filter(|(_, l)| !l.across) {
            for k in self.between(l) {
                if let Some(i) = across[k] {
                    out.push((i, j));
                }
            }
        }
        out
    }

    /// A link in words.
    pub fn link_name(&self, l: &Link) -> String {
        format!("{} – {}", self.cell_name(l.a), self.cell_name(l.b))
    }

    /// The variable "link `i` has at least one bridge" (`second`: "has two").
    pub fn var(i: usize, second: bool) -> Var {
        Var((2 * i + usize::from(second)) as u32)
    }

    /// The CNF (see the crate's documentation).
    pub fn cnf(&self, choices: Choices) -> CnfEncoding {
        let mut cnf = Cnf::with_choices(choices);
        let links = self.links();
        let answer = cnf.new_vars(2 * links.len());
        let one = |i: usize| Hashi::var(i, false).positive();
        let two = |i: usize| Hashi::var(i, true).positive();
        let mut at: Vec<Vec<Lit>> = vec![Vec::new(); self.cells.len()];
        for (i, l) in links.iter().enumerate() {
            cnf.add_clause(&[!two(i), one(i)]);
            for end in [l.a, l.b] {
                at[end].push(one(i));
                at[end].push(two(i));
            }
        }
        for k in self.islands() {
            if let Cell::Number(x) = self.cells[k] {
                cnf.exactly_k(&at[k], u64::from(x));
            }
        }
        for (i, j) in self.crossings(&links) {
            cnf.add_clause(&[!one(i), !one(j)]);
        }
        let islands: Vec<usize> = self.islands().collect();
        let mut vertex = vec![usize::MAX; self.cells.len()];
        for (v, &k) in islands.iter().enumerate() {
            vertex[k] = v;
        }
        if islands.len() > 1 {
            let t = cnf.true_lit();
            let edges = links
                .iter()
                .enumerate()
                .map(|(i, l)| Edge::when(vertex[l.a], vertex[l.b], one(i)))
                .collect();
            let open = connected(&mut cnf, vec![t; islands.len()], edges, false);
            let names = self.names(&links);
            return CnfEncoding {
                cnf,
                answer,
                names,
                lazy: vec![open],
            };
        }
        let names = self.names(&links);
        CnfEncoding::new(cnf, answer, names)
    }

    fn names(&self, links: &[Link]) -> Vec<String> {
        links
            .iter()
            .flat_map(|l| {
                let name = self.link_name(l);
                [
                    format!("a bridge {name}"),
                    format!("a second bridge {name}"),
                ]
            })
            .collect()
    }

    /// The drawing of `counts[i]` bridges on each link.
    pub fn bridges_of(&self, links: &[Link], counts: &[u8]) -> Bridges {
        let mut b = Bridges {
            right: vec![vec![0; self.cols]; self.rows],
            down: vec![vec![0; self.cols]; self.rows],
        };
        for (l, &x) in links.iter().zip(counts) {
            let step = if l.across { 1 } else { self.cols };
            let mut k = l.a;
            while k < l.b {
                let (r, c) = (k / self.cols, k % self.cols);
                if l.across {
                    b.right[r][c] = x;
                } else {
                    b.down[r][c] = x;
                }
                k += step;
            }
        }
        b
    }

    /// The bridges each link carries in a drawing (read on the border next to its first
    /// island).
    pub fn counts_of(&self, links: &[Link], s: &Bridges) -> Vec<u8> {
        links
            .iter()
            .map(|l| {
                let (r, c) = (l.a / self.cols, l.a % self.cols);
                if l.across {
                    s.right[r][c]
                } else {
                    s.down[r][c]
                }
            })
            .collect()
    }

    /// The bridges at cell `k` in a drawing of this board's shape.
    pub fn bridges_at(&self, s: &Bridges, k: usize) -> u32 {
        let (r, c) = (k / self.cols, k % self.cols);
        let mut sum = u32::from(s.right[r][c]) + u32::from(s.down[r][c]);
        if c > 0 {
            sum += u32::from(s.right[r][c - 1]);
        }
        if r > 0 {
            sum += u32::from(s.down[r - 1][c]);
        }
        sum
    }

    /// The islands' numbers a drawing gives.
    fn numbers_from(&self, s: &Bridges) -> impl Iterator<Item = (usize, u32)> + '_ {
        let s = s.clone();
        self.islands().map(move |k| (k, self.bridges_at(&s, k)))
    }

    /// The islands without a number, in order.
    fn unknown(&self) -> impl Iterator<Item = usize> + '_ {
        self.islands().filter(|&k| self.cells[k] == Cell::Unknown)
    }

    /// The islands with a number, in order.
    fn numbered(&self) -> impl Iterator<Item = usize> + '_ {
        self.islands().filter(|&k| self.cells[k] != Cell::Unknown)
    }
}

impl Family for Hashi {
    const NAME: &'static str = "hashikake";
    /// pzprjs writes `hashi` (its URL name for the genre) and reads `hashikake` and the alias
    /// `bridges` too.
    const PUZZLINK: &'static [&'static str] = &["hashi", "hashikake", "bridges"];
    const SUMMARY: &'static str =
        "Hashiwokakero (bridges): join the islands by straight bridges, at most two a pair, none crossing, each number its bridges, all connected";
    const EXAMPLES: &'static [&'static str] = &[
        "family hashikake\nsize 3 3\nislands\n2 . 3\n. . .\n. . 1\n",
        "https://puzz.link/p?hashi/5/5/4g2i3h23k3g1g3g4g3",
    ];
    type Solution = Bridges;

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
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf(choices)))
    }

    fn decode(&self, answer: &Answer) -> Bridges {
        let links = self.links();
        let counts: Vec<u8> = (0..links.len())
            .map(|i| {
                u8::from(answer.value(Hashi::var(i, false)))
                    + u8::from(answer.value(Hashi::var(i, true)))
            })
            .collect();
        self.bridges_of(&links, &counts)
    }

    /// The rules alone, on the drawing: pzprjs's checks (test/script/hashikake.js) in its
    /// order where they overlap — bridges crossing, an island with too many, the islands in
    /// pieces, an island with too few — after the drawing's own sense (a bridge ends at an
    /// island, at most two). pzprjs's `brNoLine` (no bridge at all) is an editor's check, not
    /// a rule: a lone island without a number needs none.
    fn verify(&self, s: &Bridges) -> Result<(), String> {
        let (rows, cols) = (self.rows, self.cols);
        if s.right.len() != rows
            || s.down.len() != rows
            || s.right.iter().chain(&s.down).any(|row| row.len() != cols)
        {
            return Err(format!("the drawing is not of a {rows}×{cols} board"));
        }
        for r in 0..rows {
            if s.right[r][cols - 1] != 0 {
                return Err(format!("a bridge leaves the board at row {}", r + 1));
            }
        }
        if s.down[rows - 1].iter().any(|&x| x != 0) {
            return Err("a bridge leaves the board at the bottom".into());
        }
        if s.right.iter().chain(&s.down).flatten().any(|&x| x > 2) {
            return Err("more than two bridges side by side".into());
        }
        for k in 0..rows * cols {
            let (r, c) = (k / cols, k % cols);
            if self.cells[k].is_island() {
                continue;
            }
            let left = if c > 0 { s.right[r][c - 1] } else { 0 };
            let up = if r > 0 { s.down[r - 1][c] } else { 0 };
            let (right, down) = (s.right[r][c], s.down[r][c]);
            if left != right || up != down {
                return Err(format!(
                    "a bridge ends at {}, which is not an island",
                    self.cell_name(k)
                ));
            }
            if left > 0 && up > 0 {
                return Err(format!("bridges cross at {}", self.cell_name(k)));
            }
        }
        for (k, got) in self.numbers_from(s) {
            if let Cell::Number(x) = self.cells[k] {
                if got > x {
                    return Err(format!(
                        "{} says {x}, it has {got} bridges",
                        self.cell_name(k)
                    ));
                }
            }
        }
        // Cells joined by a bridge over the border between them: islands in one group are
        // joined through the empty cells their bridges pass over.
        let mut parent: Vec<usize> = (0..rows * cols).collect();
        fn root(parent: &mut [usize], mut k: usize) -> usize {
            while parent[k] != k {
                parent[k] = parent[parent[k]];
                k = parent[k];
            }
            k
        }
        for k in 0..rows * cols {
            let (r, c) = (k / cols, k % cols);
            for (x, j) in [(s.right[r][c], k + 1), (s.down[r][c], k + cols)] {
                if x > 0 {
                    let (a, b) = (root(&mut parent, k), root(&mut parent, j));
                    parent[a] = b;
                }
            }
        }
        let mut groups: Vec<usize> = self.islands().map(|k| root(&mut parent, k)).collect();
        groups.sort_unstable();
        groups.dedup();
        if groups.len() > 1 {
            return Err(format!("the islands form {} groups, not one", groups.len()));
        }
        for (k, got) in self.numbers_from(s) {
            if let Cell::Number(x) = self.cells[k] {
                if got < x {
                    return Err(format!(
                        "{} says {x}, it has {got} bridges",
                        self.cell_name(k)
                    ));
                }
            }
        }
        Ok(())
    }

    fn render(&self, s: &Bridges) -> String {
        format::text(self, s)
    }

    /// The bridges known to be built (a link whose second bridge is still open is drawn with
    /// one).
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        let links = self.links();
        let built = |v: usize| u8::from(known.get(v).copied().flatten() == Some(true));
        let counts: Vec<u8> = (0..links.len())
            .map(|i| built(2 * i) + built(2 * i + 1))
            .collect();
        Some(format::text(self, &self.bridges_of(&links, &counts)))
    }

    fn svg(&self, s: &Bridges) -> Option<String> {
        self.verify_shape(s).ok()?;
        Some(format::svg(self, s))
    }

    fn svg_puzzle(&self) -> Option<String> {
        let links = self.links();
        Some(format::svg(
            self,
            &self.bridges_of(&links, &vec![0; links.len()]),
        ))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        format!("{name} is {}", if value { "built" } else { "not built" })
    }

    /// The clues are the islands' numbers; an island without its number keeps its place (the
    /// islands are the board's framework, not clues).
    fn clues(&self) -> Vec<String> {
        let symbol = |k: usize| format::symbol(self.cells[k]);
        places::named(self.numbered(), |k| self.cell_name(k), symbol)
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        places::changed(self, self.numbered(), drop, |p, k| {
            p.cells[k] = Cell::Unknown
        })
    }

    /// What a drawing could add: the number of each island without one.
    fn clues_from(&self, s: &Bridges) -> Vec<String> {
        if self.verify_shape(s).is_err() {
            return Vec::new();
        }
        places::named(
            self.unknown(),
            |k| self.cell_name(k),
            |k| self.bridges_at(s, k),
        )
    }

    fn with_clues_from(&self, s: &Bridges, picks: &[usize]) -> Option<Self> {
        self.verify_shape(s).ok()?;
        places::changed(self, self.unknown(), picks, |p, k| {
            p.cells[k] = Cell::Number(self.bridges_at(s, k));
        })
    }

    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let mut symbols = vec![".".to_string(), "?".to_string()];
        symbols.extend((1..=MAX_NUMBER).map(|n| n.to_string()));
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(|&c| format::symbol(c)).collect(),
            symbols,
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        Family::edit_grid(self).expect("a grid").check(cells)?;
        let cells = cells
            .iter()
            .map(|s| format::cell_of(s).expect("checked: a symbol of the grid"))
            .collect();
        Ok(Hashi {
            cells,
            ..self.clone()
        })
    }
}

impl Hashi {
    /// Whether a drawing has this board's shape (a solution of another puzzle may not).
    fn verify_shape(&self, s: &Bridges) -> Result<(), ()> {
        let ok = s.right.len() == self.rows
            && s.down.len() == self.rows
            && s.right
                .iter()
                .chain(&s.down)
                .all(|row| row.len() == self.cols);
        if ok {
            Ok(())
        } else {
            Err(())
        }
    }
}
