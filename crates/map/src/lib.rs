//! Map colouring: give every region one of k colours so that regions sharing a border differ;
//! some regions may have their colour given.
//!
//! Variables: one per (region, colour), true when the region has that colour: the answer.
//! Constraints: exactly one colour per region; for every border and colour, not both sides;
//! a given colour is a unit clause. Colours are named (1..k), so no symmetry is factored out:
//! two colourings that differ by a permutation of colours are two solutions.

pub mod commands;
pub mod generate;
mod rules;
pub mod tatham;

pub use rules::{ColourPairs, ForcingChains};

use serde::Serialize;
use std::collections::BTreeSet;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, CnfEncoding, Document, Encoding, EncodingKind, Family, ParseError};
use wellposed_sat::{AmoEncoding, Cnf, Lit, Var};

/// Limits that refuse absurd inputs up front.
pub const MAX_REGIONS: usize = 10_000;
pub const MAX_COLOURS: usize = 64;
pub const MAX_CELLS: usize = 1_000_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Region names, in order of first appearance.
    pub regions: Vec<String>,
    /// Borders (a < b), each once.
    pub borders: Vec<(usize, usize)>,
    pub colours: usize,
    /// (region, colour 0-based).
    pub givens: Vec<(usize, usize)>,
    /// The grid the regions were drawn on (region index per cell; `None` for `.`), if any.
    pub grid: Option<(usize, Vec<Option<usize>>)>,
}

/// A colouring: each region's colour (1-based), and the grid drawn with them when there is one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Colouring {
    pub colours: Vec<(String, usize)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<Vec<String>>,
    #[serde(skip)]
    pub colour: Vec<usize>,
}

impl Map {
    pub(crate) fn var(&self, region: usize, colour: usize) -> Var {
        Var((region * self.colours + colour) as u32)
    }

    /// The CNF encoding with the default choices (see [`Self::cnf_with`]).
    pub fn cnf(&self) -> CnfEncoding {
        self.cnf_with(Choices::default().settled(wellposed_engine::sat::Purpose::Solving))
    }

    /// The CNF encoding, building at-most-one and counting constraints as `choices` say.
    pub fn cnf_with(&self, choices: Choices) -> CnfEncoding {
        let (n, k) = (self.regions.len(), self.colours);
        let mut cnf = Cnf::with_choices(choices);
        let answer = cnf.new_vars(n * k);
        for r in 0..n {
            let lits: Vec<Lit> = (0..k).map(|c| self.var(r, c).positive()).collect();
            cnf.exactly_one(&lits, AmoEncoding::Auto);
        }
        for &(a, b) in &self.borders {
            for c in 0..k {
                cnf.add_clause(&[self.var(a, c).negative(), self.var(b, c).negative()]);
            }
        }
        for &(r, c) in &self.givens {
            cnf.add_clause(&[self.var(r, c).positive()]);
        }
        let names = (0..n * k)
            .map(|v| format!("{} colour {}", self.regions[v / k], v % k + 1))
            .collect();
        CnfEncoding::new(cnf, answer, names)
    }

    /// Checks a colouring by the rules alone.
    pub fn check(&self, colour: &[usize]) -> Result<(), String> {
        if colour.len() != self.regions.len() {
            return Err(format!("expected {} regions", self.regions.len()));
        }
        if let Some(r) = (0..colour.len()).find(|&r| colour[r] >= self.colours) {
            return Err(format!("region {} has no colour", self.regions[r]));
        }
        if let Some(&(a, b)) = self.borders.iter().find(|&&(a, b)| colour[a] == colour[b]) {
            return Err(format!(
                "{} and {} share a border and colour {}",
                self.regions[a],
                self.regions[b],
                colour[a] + 1
            ));
        }
        if let Some(&(r, c)) = self.givens.iter().find(|&&(r, c)| colour[r] != c) {
            return Err(format!("{} is given colour {}", self.regions[r], c + 1));
        }
        Ok(())
    }

    pub fn colouring(&self, colour: Vec<usize>) -> Colouring {
        let grid = self.grid.as_ref().map(|(w, cells)| {
            cells
                .chunks((*w).max(1))
                .map(|row| {
                    row.iter()
                        .map(|c| match c {
                            Some(r) => colour_char(colour[*r]),
                            None => '.',
                        })
                        .collect()
                })
                .collect()
        });
        Colouring {
            colours: self
                .regions
                .iter()
                .zip(&colour)
                .map(|(r, &c)| (r.clone(), c + 1))
                .collect(),
            grid,
            colour,
        }
    }
}

/// Colour c (0-based) as a digit or letter in drawings.
fn colour_char(c: usize) -> char {
    char::from_digit((c + 1) as u32, 36).unwrap_or('?')
}

/// The map as `family map` text: the grid of labels when it has one, then the borders the grid
/// does not show, in an order that names the regions in the order they have (the format
/// numbers regions by first appearance), then the givens.
pub fn to_text(m: &Map) -> String {
    // A grid whose names are not one character each (read from a game ID) is written as that
    // game ID: the `regions` block holds one character a cell.
    if m.regions.iter().any(|r| r.chars().count() != 1) && m.grid.is_some() {
        if let Some(id) = tatham::game_id(m) {
            return format!("{id}\n");
        }
    }
    let mut s = format!("family map\ncolours {}\n", m.colours);
    let mut named = vec![false; m.regions.len()];
    let mut shown = BTreeSet::new();
    if let Some((w, cells)) = &m.grid {
        s.push_str("regions\n");
        let w = (*w).max(1);
        for row in cells.chunks(w) {
            let line: String = row
                .iter()
                .map(|c| c.map_or(".".to_string(), |r| m.regions[r].clone()))
                .collect();
            s.push_str(&line);
            s.push('\n');
        }
        for (k, c) in cells.iter().enumerate() {
            let Some(a) = *c else { continue };
            named[a] = true;
            for next in [k + w, k + 1] {
                let beside = next == k + w || (k + 1) % w != 0;
                if let Some(Some(b)) = cells.get(next).filter(|_| beside) {
                    if a != *b {
                        shown.insert((a.min(*b), a.max(*b)));
                    }
                }
            }
        }
    }
    let rest: Vec<(usize, usize)> = m
        .borders
        .iter()
        .copied()
        .filter(|b| !shown.contains(b))
        .collect();
    let mut lines = Vec::new();
    let mut written = BTreeSet::new();
    // Each region not yet named is named by a border to a named one, else by its border to
    // the next region (which then comes second, as it should).
    for k in 0..m.regions.len() {
        if named[k] {
            continue;
        }
        let to_named = rest
            .iter()
            .find(|&&(a, b)| (a == k && named[b]) || (b == k && named[a]));
        let pair = to_named.or_else(|| rest.iter().find(|&&(a, b)| a == k && b == k + 1));
        let Some(&(a, b)) = pair else { continue };
        let other = if a == k { b } else { a };
        lines.push((k, other));
        written.insert((a, b));
        named[k] = true;
        named[other] = true;
    }
    lines.extend(rest.iter().copied().filter(|b| !written.contains(b)));
    if !lines.is_empty() {
        s.push_str("borders\n");
        for (a, b) in lines {
            s.push_str(&format!("{} {}\n", m.regions[a], m.regions[b]));
        }
    }
    if !m.givens.is_empty() {
        s.push_str("givens\n");
        for &(r, c) in &m.givens {
            s.push_str(&format!("{} {}\n", m.regions[r], c + 1));
        }
    }
    s
}

pub fn parse(text: &str, source: &str) -> Result<Map, ParseError> {
    if let Some((line, id)) = wellposed_engine::lone_line(text) {
        if tatham::looks_like_game_id(id) {
            return tatham::parse_game_id(id, source, line);
        }
    }
    let doc = Document::read_family(
        text,
        source,
        "map",
        &["colours", "regions", "borders", "givens"],
        &["regions", "borders", "givens"],
    )?;
    let colours = match doc.get("colours") {
        None => 4,
        Some(e) => {
            let v: Vec<usize> = doc.numbers(e, "a number of colours")?;
            match v[..] {
                [k] if (1..=MAX_COLOURS).contains(&k) => k,
                _ => {
                    return Err(doc.error(
                        e.line,
                        format!("`colours`: expected one number from 1 to {MAX_COLOURS}"),
                    ))
                }
            }
        }
    };
    let mut regions: Vec<String> = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut intern = |name: &str, regions: &mut Vec<String>| -> usize {
        *index.entry(name.to_string()).or_insert_with(|| {
            regions.push(name.to_string());
            regions.len() - 1
        })
    };
    let mut borders = BTreeSet::new();
    let mut grid = None;
    if let Some(e) = doc.get("regions") {
        // One character a cell; `.` is no region (sea).
        let rows: Vec<(usize, Vec<char>)> = e
            .body
            .iter()
            .map(|(no, toks)| (*no, toks.concat().chars().collect()))
            .collect();
        let Some(width) = rows.first().map(|(_, r)| r.len()) else {
            return Err(doc.error(e.line, "`regions`: expected the grid's lines below it"));
        };
        if width.saturating_mul(rows.len()) > MAX_CELLS {
            return Err(doc.error(e.line, format!("`regions`: more than {MAX_CELLS} cells")));
        }
        let mut cells = Vec::with_capacity(width * rows.len());
        for (no, row) in &rows {
            if row.len() != width {
                return Err(doc.error(
                    *no,
                    format!("`regions`: expected {width} cells, found {}", row.len()),
                ));
            }
            for &ch in row {
                cells.push((ch != '.').then(|| intern(&ch.to_string(), &mut regions)));
            }
        }
        let h = rows.len();
        for r in 0..h {
            for c in 0..width {
                let here = cells[r * width + c];
                for (rr, cc) in [(r + 1, c), (r, c + 1)] {
                    if rr < h && cc < width {
                        if let (Some(a), Some(b)) = (here, cells[rr * width + cc]) {
                            if a != b {
                                borders.insert((a.min(b), a.max(b)));
                            }
                        }
                    }
                }
            }
        }
        grid = Some((width, cells));
    }
    if let Some(e) = doc.get("borders") {
        for (no, toks) in &e.body {
            let [a, b] = &toks[..] else {
                return Err(doc.error(*no, "`borders`: expected two region names"));
            };
            if a == b {
                return Err(doc.error(*no, format!("`borders`: `{a}` cannot border itself")));
            }
            let (a, b) = (intern(a, &mut regions), intern(b, &mut regions));
            borders.insert((a.min(b), a.max(b)));
        }
    }
    if regions.is_empty() {
        return Err(doc.error(
            doc.family_line,
            "expected `regions` (a grid of labels) or `borders` (pairs of regions)",
        ));
    }
    if regions.len() > MAX_REGIONS {
        return Err(doc.error(doc.family_line, format!("more than {MAX_REGIONS} regions")));
    }
    let mut givens = Vec::new();
    if let Some(e) = doc.get("givens") {
        for (no, toks) in &e.body {
            let parsed = match &toks[..] {
                [r, c] => match (regions.iter().position(|x| x == r), c.parse::<usize>()) {
                    (Some(r), Ok(c)) if (1..=colours).contains(&c) => Ok((r, c - 1)),
                    (None, _) => Err(format!("`givens`: no region `{r}`")),
                    _ => Err(format!(
                        "`givens`: expected a colour from 1 to {colours}, found `{c}`"
                    )),
                },
                _ => Err("`givens`: expected `REGION COLOUR`".to_string()),
            };
            givens.push(parsed.map_err(|m| doc.error(*no, m))?);
        }
    }
    Ok(Map {
        regions,
        borders: borders.into_iter().collect(),
        colours,
        givens,
        grid,
    })
}

/// The Kempe-chain rule, for well-posed maps. Swapping two colours a and b on a Kempe chain (a
/// connected set of regions coloured a or b, maximal) gives another proper colouring, which
/// keeps the givens unless the chain holds a given. So in a unique solution every chain holds a
/// given. Take a maximal connected set M of regions that can only be a or b, with no given in
/// it: its chain can only grow through a neighbour that can still be a or b; when there is
/// exactly one such neighbour x, x must be a or b, and loses every other colour.
///
/// Monotone: as possibilities shrink, M can only grow through x (any other neighbour that
/// joined M would have been a second way out), so the removal stays proposed until x can only
/// be a or b, when it is applied.
pub struct KempeChains {
    regions: usize,
    colours: usize,
    neighbours: Vec<Vec<usize>>,
    given: Vec<bool>,
}

impl KempeChains {
    pub fn new(m: &Map) -> KempeChains {
        let neighbours = rules::neighbours(m);
        let mut given = vec![false; m.regions.len()];
        for &(r, _) in &m.givens {
            given[r] = true;
        }
        KempeChains {
            regions: m.regions.len(),
            colours: m.colours,
            neighbours,
            given,
        }
    }

    fn var(&self, region: usize, colour: usize) -> Var {
        Var((region * self.colours + colour) as u32)
    }
}

impl wellposed_engine::deduce::FamilyRule for KempeChains {
    fn rule(&self) -> wellposed_engine::deduce::Rule {
        wellposed_engine::deduce::Rule::Family("kempe-chain", 5)
    }

    fn propose(
        &self,
        state: &wellposed_engine::deduce::State,
    ) -> Vec<wellposed_engine::deduce::Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    /// One chain (its one exit region's colours) a step.
    fn propose_steps(
        &self,
        state: &wellposed_engine::deduce::State,
    ) -> Vec<Vec<wellposed_engine::deduce::Removal>> {
        use wellposed_engine::deduce::{possible, Removal};
        let (n, k) = (self.regions, self.colours);
        let can: Vec<Vec<bool>> = (0..n)
            .map(|r| {
                (0..k)
                    .map(|c| possible(state, self.var(r, c), true))
                    .collect()
            })
            .collect();
        let mut out = Vec::new();
        for a in 0..k {
            for b in a + 1..k {
                let only_ab = |r: usize| {
                    can[r]
                        .iter()
                        .enumerate()
                        .all(|(c, &p)| !p || c == a || c == b)
                        && (can[r][a] || can[r][b])
                };
                let mut seen = vec![false; n];
                for start in 0..n {
                    if seen[start] || !only_ab(start) {
                        continue;
                    }
                    // The maximal connected set M of a-or-b-only regions around `start`.
                    let mut m = vec![start];
                    seen[start] = true;
                    let mut i = 0;
                    while i < m.len() {
                        for &nb in &self.neighbours[m[i]] {
                            if !seen[nb] && only_ab(nb) {
                                seen[nb] = true;
                                m.push(nb);
                            }
                        }
                        i += 1;
                    }
                    if m.iter().any(|&r| self.given[r]) {
                        continue;
                    }
                    let mut exits: Vec<usize> = m
                        .iter()
                        .flat_map(|&r| self.neighbours[r].iter().copied())
                        .filter(|&x| !only_ab(x) && (can[x][a] || can[x][b]))
                        .collect();
                    exits.sort_unstable();
                    exits.dedup();
                    if let [x] = exits[..] {
                        let group: Vec<Removal> = (0..k)
                            .filter(|&c| c != a && c != b && can[x][c])
                            .map(|c| Removal::by(self.rule(), self.var(x, c), true))
                            .collect();
                        if !group.is_empty() {
                            out.push(group);
                        }
                    }
                }
            }
        }
        out
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Map>().generator(commands::GENERATOR);

impl Map {
    /// The regions not given a colour, in order.
    fn open_regions(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.regions.len()).filter(|r| !self.givens.iter().any(|g| g.0 == *r))
    }
}

impl Family for Map {
    const NAME: &'static str = "map";
    const EXAMPLES: &'static [&'static str] = &[
        "8x8n10:aadbbegagebaabbbabeadakaocaaabaaacaacdaab,302e21\n",
        "family map\ncolours 3\nborders\nhub r1\nr2 r3\nr1 r2\nhub r3\ngivens\nhub 1\n",
    ];
    type Solution = Colouring;

    /// Maps drawn on a grid: each cell shows its region's given colour (`.` none; `#` a cell
    /// in no region); a click on any cell of a region sets that region's colour.
    fn edit_grid(&self) -> Option<wellposed_engine::EditGrid> {
        let (w, cells) = self.grid.as_ref()?;
        let given = |r: usize| self.givens.iter().find(|g| g.0 == r).map(|g| g.1);
        Some(wellposed_engine::EditGrid {
            rows: cells.len() / (*w).max(1),
            cols: *w,
            cells: cells
                .iter()
                .map(|c| match c {
                    None => "#".to_string(),
                    Some(r) => given(*r).map_or(".".to_string(), |k| (k + 1).to_string()),
                })
                .collect(),
            symbols: std::iter::once(".".to_string())
                .chain((1..=self.colours).map(|k| k.to_string()))
                .chain(std::iter::once("#".to_string()))
                .collect(),
        })
    }

    fn edited(&self, cells: &[String]) -> Result<Self, String> {
        let before = Family::edit_grid(self).ok_or("this map has no grid to edit")?;
        before.check(cells)?;
        let (_, grid) = self.grid.as_ref().expect("a grid");
        let mut m = self.clone();
        for (k, region) in grid.iter().enumerate() {
            let Some(r) = *region else { continue };
            if cells[k] == before.cells[k] || cells[k] == "#" {
                continue;
            }
            // The changed cell decides its region's colour.
            m.givens.retain(|g| g.0 != r);
            if let Ok(c) = cells[k].parse::<usize>() {
                m.givens.push((r, c - 1));
            }
        }
        m.givens.sort_unstable();
        Ok(m)
    }

    /// The clues are the regions given a colour.
    fn clues(&self) -> Vec<String> {
        self.givens
            .iter()
            .map(|&(r, c)| format!("{} is colour {}", self.regions[r], c + 1))
            .collect()
    }

    fn without_clues(&self, drop: &[usize]) -> Option<Self> {
        let mut m = self.clone();
        m.givens = (0..self.givens.len())
            .filter(|i| !drop.contains(i))
            .map(|i| self.givens[i])
            .collect();
        Some(m)
    }

    fn clues_from(&self, s: &Colouring) -> Vec<String> {
        self.open_regions()
            .map(|r| format!("{} is colour {}", self.regions[r], s.colour[r] + 1))
            .collect()
    }

    fn with_clues_from(&self, s: &Colouring, picks: &[usize]) -> Option<Self> {
        let mut m = self.clone();
        for (i, r) in self.open_regions().enumerate() {
            if picks.contains(&i) {
                m.givens.push((r, s.colour[r]));
            }
        }
        m.givens.sort_unstable();
        Some(m)
    }

    const SUMMARY: &'static str = "map colouring (Tatham's Map): colour regions, neighbours differ";

    fn to_text(&self) -> String {
        to_text(self)
    }

    /// A Map game ID alone in a file.
    fn recognises(text: &str) -> bool {
        wellposed_engine::lone_line(text).is_some_and(|(_, l)| tatham::looks_like_game_id(l))
    }

    fn looks_like_game_id(arg: &str) -> bool {
        tatham::looks_like_game_id(arg)
    }

    fn game_id(&self) -> Option<String> {
        tatham::game_id(self)
    }

    fn parse_game_id(id: &str, source: &str, line: usize) -> Result<Self, ParseError> {
        tatham::parse_game_id(id, source, line)
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        parse(text, source)
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::Cnf]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::Cnf).then(|| Encoding::Cnf(self.cnf_with(choices)))
    }

    fn decode(&self, answer: &Answer) -> Colouring {
        let colour = (0..self.regions.len())
            .map(|r| {
                (0..self.colours)
                    .find(|&c| answer.value(self.var(r, c)))
                    .unwrap_or(usize::MAX)
            })
            .collect();
        self.colouring(colour)
    }

    fn verify(&self, s: &Colouring) -> Result<(), String> {
        self.check(&s.colour)
    }

    fn deduction_rules(&self) -> Vec<Box<dyn wellposed_engine::deduce::FamilyRule>> {
        vec![
            Box::new(ColourPairs::new(self)),
            Box::new(ForcingChains::new(self)),
            Box::new(KempeChains::new(self)),
        ]
    }

    /// Maps drawn on a grid: each cell in its region's colour, thick lines between regions.
    fn svg(&self, s: &Colouring) -> Option<String> {
        let (w, cells) = self.grid.as_ref()?;
        let w = *w;
        let h = cells.len() / w.max(1);
        let size = 30.0;
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"-2 -2 {} {}\">\n",
            w as f64 * size + 4.0,
            h as f64 * size + 4.0,
            w as f64 * size + 4.0,
            h as f64 * size + 4.0
        );
        let region = |r: usize, c: usize| cells[r * w + c];
        for r in 0..h {
            for c in 0..w {
                let fill = match region(r, c) {
                    Some(k) => wellposed_engine::palette(s.colour[k] as i64 + 1),
                    None => "white".to_string(),
                };
                out.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\"/>\n",
                    c as f64 * size,
                    r as f64 * size
                ));
            }
        }
        // Region borders: between cells of different regions, and around the map.
        let line = |x1: f64, y1: f64, x2: f64, y2: f64| {
            format!("<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"black\" stroke-width=\"2\"/>\n")
        };
        for r in 0..h {
            for c in 0..w {
                let (x, y) = (c as f64 * size, r as f64 * size);
                if c + 1 == w || region(r, c) != region(r, c + 1) {
                    out.push_str(&line(x + size, y, x + size, y + size));
                }
                if r + 1 == h || region(r, c) != region(r + 1, c) {
                    out.push_str(&line(x, y + size, x + size, y + size));
                }
                if c == 0 {
                    out.push_str(&line(x, y, x, y + size));
                }
                if r == 0 {
                    out.push_str(&line(x, y, x + size, y));
                }
            }
        }
        out.push_str("</svg>\n");
        Some(out)
    }

    fn render(&self, s: &Colouring) -> String {
        match &s.grid {
            Some(rows) => rows.join("\n"),
            None => s
                .colours
                .iter()
                .map(|(r, c)| format!("{r} {c}"))
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}
