//! Star Battle: place stars so that every row, every column and every region holds exactly k
//! of them, and no two stars touch, not even diagonally.
//!
//! Variables: one per cell, true when it holds a star (the answer). Constraints: exactly k in
//! every row, column and region (the engine's cardinality encodings); for every two cells that
//! touch (side or corner), not both.
//!
//! The regions are the whole puzzle: there are no givens, so the family names no clues for
//! `repair` (its clue methods are the defaults, which name none). A setter changes a Star
//! Battle by redrawing regions, which the workbench's grid does.
//!
//! ```
//! use wellposed_engine::{uniqueness, Family, Options};
//! // pzprjs's own test URL for the genre (test/script/starbattle.js).
//! let p = wellposed_starbattle::StarBattle::parse(
//!     "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou",
//!     "doc",
//! )
//! .unwrap();
//! assert_eq!(uniqueness(&p, &Options::default()).unwrap().status(), "unique");
//! assert_eq!(p.url().unwrap(), "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou");
//! ```

pub mod formats;
pub mod generate;
pub mod rules;
#[cfg(test)]
mod tests;

use serde::Serialize;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, CnfEncoding, Encoding, EncodingKind, Family, ParseError};
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};

/// The most cells accepted.
pub const MAX_CELLS: usize = 10_000;

/// The one-character names regions get when the puzzle does not name them (a URL): A–Z, a–z,
/// 0–9.
pub const NAMES: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The clues: the board's regions and the number of stars k.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StarBattle {
    pub rows: usize,
    pub cols: usize,
    /// Stars in every row, column and region.
    pub stars: usize,
    /// Per cell, its region (numbered in order of first appearance, row-major).
    pub region: Vec<usize>,
    /// Per region, its one-character name.
    pub names: Vec<char>,
}

/// A solution: where the stars are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stars {
    /// The board drawn: `*` a star, `.` another cell.
    pub grid: Vec<String>,
    #[serde(skip)]
    pub star: Vec<bool>,
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<StarBattle>().generator(generate::GENERATOR);

impl StarBattle {
    /// A board from each cell's region name: regions are numbered in order of first
    /// appearance, so equal boards compare equal.
    pub fn from_names(rows: usize, cols: usize, cells: &[char], stars: usize) -> StarBattle {
        let mut names: Vec<char> = Vec::new();
        let mut index = std::collections::HashMap::new();
        let region = cells
            .iter()
            .map(|&ch| {
                *index.entry(ch).or_insert_with(|| {
                    names.push(ch);
                    names.len() - 1
                })
            })
            .collect();
        StarBattle {
            rows,
            cols,
            stars,
            region,
            names,
        }
    }

    /// A board from each cell's region number (any numbering), the regions named from
    /// [`NAMES`] in order of first appearance; `None` past 62 regions.
    pub fn from_regions(
        rows: usize,
        cols: usize,
        region: &[usize],
        stars: usize,
    ) -> Option<StarBattle> {
        let mut seen: Vec<usize> = Vec::new();
        let mut cells = Vec::with_capacity(region.len());
        for &r in region {
            let k = match seen.iter().position(|&s| s == r) {
                Some(k) => k,
                None => {
                    seen.push(r);
                    seen.len() - 1
                }
            };
            cells.push(NAMES.chars().nth(k)?);
        }
        Some(StarBattle::from_names(rows, cols, &cells, stars))
    }

    pub fn regions(&self) -> usize {
        self.names.len()
    }

    /// The cells of every row, every column and every region: the units that hold k stars.
    pub fn units(&self) -> Vec<Vec<usize>> {
        let (m, n) = (self.rows, self.cols);
        let mut units: Vec<Vec<usize>> = (0..m).map(|r| (r * n..(r + 1) * n).collect()).collect();
        units.extend((0..n).map(|c| (0..m).map(|r| r * n + c).collect()));
        let mut by_region = vec![Vec::new(); self.regions()];
        for (k, &r) in self.region.iter().enumerate() {
            by_region[r].push(k);
        }
        units.extend(by_region);
        units
    }

    /// The name of unit u of [`StarBattle::units`], for messages.
    pub fn unit_name(&self, u: usize) -> String {
        if u < self.rows {
            format!("row {}", u + 1)
        } else if u < self.rows + self.cols {
            format!("column {}", u - self.rows + 1)
        } else {
            format!("region {}", self.names[u - self.rows - self.cols])
        }
    }

    /// The cells touching cell k, sides and corners.
    pub fn touching(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = ((k / self.cols) as isize, (k % self.cols) as isize);
        (-1isize..=1)
            .flat_map(move |dr| (-1isize..=1).map(move |dc| (r + dr, c + dc)))
            .filter(move |&(rr, cc)| {
                (rr, cc) != (r, c)
                    && rr >= 0
                    && cc >= 0
                    && (rr as usize) < self.rows
                    && (cc as usize) < self.cols
            })
            .map(|(rr, cc)| rr as usize * self.cols + cc as usize)
    }

    /// `row R col C` (from 1).
    pub fn cell_name(&self, k: usize) -> String {
        format!("row {} col {}", k / self.cols + 1, k % self.cols + 1)
    }

    /// The CNF encoding, building cardinality constraints as `choices` say.
    pub fn cnf_with(&self, choices: Choices) -> CnfEncoding {
        let n = self.rows * self.cols;
        let mut cnf = Cnf::with_choices(choices);
        let answer = cnf.new_vars(n);
        let lit = |k: usize| answer[k].positive();
        for unit in self.units() {
            let lits: Vec<Lit> = unit.iter().map(|&k| lit(k)).collect();
            if self.stars == 1 {
                cnf.exactly_one(&lits, AmoEncoding::Auto);
            } else {
                cnf.exactly_k(&lits, self.stars as u64);
            }
        }
        for k in 0..n {
            for j in self.touching(k).filter(|&j| j > k) {
                cnf.add_clause(&[!lit(k), !lit(j)]);
            }
        }
        let names = (0..n).map(|k| self.cell_name(k)).collect();
        CnfEncoding::new(cnf, answer, names)
    }

    /// Checks a placement of stars by the rules alone.
    pub fn check(&self, star: &[bool]) -> Result<(), String> {
        if star.len() != self.rows * self.cols {
            return Err(format!("expected {} cells", self.rows * self.cols));
        }
        for (u, unit) in self.units().iter().enumerate() {
            let found = unit.iter().filter(|&&k| star[k]).count();
            if found != self.stars {
                return Err(format!(
                    "{} holds {found} stars, not {}",
                    self.unit_name(u),
                    self.stars
                ));
            }
        }
        for k in (0..star.len()).filter(|&k| star[k]) {
            if let Some(j) = self.touching(k).find(|&j| star[j]) {
                return Err(format!(
                    "the stars at {} and {} touch",
                    self.cell_name(k),
                    self.cell_name(j)
                ));
            }
        }
        Ok(())
    }

    pub fn stars_of(&self, star: Vec<bool>) -> Stars {
        let grid = star
            .chunks(self.cols.max(1))
            .map(|row| row.iter().map(|&s| if s { '*' } else { '.' }).collect())
            .collect();
        Stars { grid, star }
    }
}

impl Family for StarBattle {
    const NAME: &'static str = "starbattle";
    const PUZZLINK: &'static [&'static str] = &["starbattle"];
    const SUMMARY: &'static str =
        "Star Battle: k stars in every row, column and region, no two touching";
    const EXAMPLES: &'static [&'static str] = &[
        "family starbattle\nstars 1\nregions\nAAABB\nAAABB\nAAAAC\nDDCCC\nDDECC\n",
        "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou\n",
    ];
    type Solution = Stars;

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        formats::parse(text, source)
    }

    fn to_text(&self) -> String {
        formats::to_text(self)
    }

    /// A puzz.link URL alone in a file.
    fn from_puzzlink(url: &wellposed_engine::puzzlink::Url) -> Result<Self, String> {
        formats::from_url(url)
    }

    fn url(&self) -> Option<String> {
        formats::url(self)
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf_with(choices)))
    }

    fn decode(&self, answer: &Answer) -> Stars {
        let star = (0..self.rows * self.cols)
            .map(|k| answer.value(Var(k as u32)))
            .collect();
        self.stars_of(star)
    }

    fn verify(&self, s: &Stars) -> Result<(), String> {
        self.check(&s.star)
    }

    fn render(&self, s: &Stars) -> String {
        s.grid.join("\n")
    }

    /// `*` a star, `x` no star, `?` not settled.
    fn render_partial(&self, known: &[Option<bool>]) -> Option<String> {
        let cells = &known[..known.len().min(self.rows * self.cols)];
        Some(wellposed_engine::draw_partial(
            cells,
            self.cols,
            ['*', 'x', '?'],
        ))
    }

    fn svg(&self, s: &Stars) -> Option<String> {
        Some(formats::svg(self, s))
    }

    /// The puzzle as given: the regions with no star placed.
    fn svg_puzzle(&self) -> Option<String> {
        Some(formats::svg(
            self,
            &self.stars_of(vec![false; self.rows * self.cols]),
        ))
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        rules::rules(self)
    }

    fn answer_text(&self, name: &str, value: bool) -> String {
        if value {
            format!("{name} holds a star")
        } else {
            format!("{name} holds no star")
        }
    }

    /// Each cell shows its region's name; a click moves it to the next region.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        Some(wellposed_engine::EditGrid {
            rows: self.rows,
            cols: self.cols,
            cells: self
                .region
                .iter()
                .map(|&r| self.names[r].to_string())
                .collect(),
            symbols: self.names.iter().map(|c| c.to_string()).collect(),
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let grid = Family::edit_grid(self).expect("a board has a grid");
        grid.check(cells)?;
        let names: Vec<char> = cells
            .iter()
            .map(|s| s.chars().next().expect("a region name"))
            .collect();
        Ok(StarBattle::from_names(
            self.rows, self.cols, &names, self.stars,
        ))
    }
}
