//! Edge matching: square pieces with a label on each edge are placed on a ROWS×COLS board, each
//! piece once, turned any number of quarter turns (never flipped), so that touching edges
//! match: labels that sum to S (`complement`, as in the 3×3 "witch" puzzles, S = 9), or equal
//! labels (`equal`, as in Eternity II, where `0` is the border label that faces the frame and
//! only the frame).
//!
//! Exact cover with colours: one option per (piece, position, turn) that fits the frame; its
//! primary items are the position and the piece; each internal edge of the board is a secondary
//! item, and the option colours it with the label as seen from the top or left piece (for
//! `complement`, the piece below or to the right colours it S − its label). Options agree on an
//! edge's colour exactly when the labels match, so the covers are the solutions (Knuth's
//! Algorithm C). The engine translates the same problem to CNF for `--method sat`.

pub mod commands;
pub mod formats;

use serde::Serialize;
use wellposed_engine::sat::Choices;
use wellposed_engine::{Answer, Encoding, EncodingKind, Family, ParseError};
use wellposed_xc::Problem;

/// The largest board accepted (positions).
pub const MAX_CELLS: usize = 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Matching {
    /// Touching labels sum to S.
    Complement(i64),
    /// Touching labels are equal; 0 faces the frame and nothing else.
    Equal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edges {
    pub rows: usize,
    pub cols: usize,
    pub matching: Matching,
    /// Each piece's labels clockwise from the top: top, right, bottom, left.
    pub pieces: Vec<[i64; 4]>,
}

/// A placement: (piece, clockwise quarter turns) per position, row-major; pieces from 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Per row: `piece/turns` with pieces numbered from 1 as in the file.
    pub rows: Vec<String>,
    #[serde(skip)]
    pub placed: Vec<(usize, usize)>,
}

/// The label a piece turned `turns` quarter turns clockwise shows on side `side` (0 top, 1
/// right, 2 bottom, 3 left).
pub fn label(piece: &[i64; 4], turns: usize, side: usize) -> i64 {
    piece[(side + 4 - turns % 4) % 4]
}

/// The labels a piece turned `turns` quarter turns clockwise shows, top, right, bottom, left.
pub fn turned(piece: &[i64; 4], turns: usize) -> [i64; 4] {
    [0, 1, 2, 3].map(|side| label(piece, turns, side))
}

impl Edges {
    /// Whether side `side` of position (r, c) faces the frame.
    fn on_frame(&self, r: usize, c: usize, side: usize) -> bool {
        match side {
            0 => r == 0,
            1 => c + 1 == self.cols,
            2 => r + 1 == self.rows,
            _ => c == 0,
        }
    }

    /// Whether a piece turned so may stand at (r, c) as far as the frame is concerned.
    fn fits_frame(&self, piece: &[i64; 4], turns: usize, r: usize, c: usize) -> bool {
        match self.matching {
            Matching::Complement(_) => true,
            Matching::Equal => {
                (0..4).all(|s| (label(piece, turns, s) == 0) == self.on_frame(r, c, s))
            }
        }
    }

    /// Every (piece, position, turns) the frame allows, in the order of the problem's options.
    /// A piece that looks the same after a quarter or half turn is still tried in every turn:
    /// its placements count as different solutions, as in the published counts.
    pub fn placements(&self) -> Vec<(usize, usize, usize)> {
        let mut out = Vec::new();
        for (i, piece) in self.pieces.iter().enumerate() {
            for at in 0..self.rows * self.cols {
                for turns in 0..4 {
                    if self.fits_frame(piece, turns, at / self.cols, at % self.cols) {
                        out.push((i, at, turns));
                    }
                }
            }
        }
        out
    }

    /// The exact cover with colours, one option per entry of [`Edges::placements`].
    pub fn problem(&self) -> Problem {
        self.problem_within(u64::MAX)
    }

    /// [`Edges::problem`] within a memory budget (see [`Problem::within`]).
    pub fn problem_within(&self, max_bytes: u64) -> Problem {
        let units: Vec<(String, u32)> = (0..self.pieces.len())
            .map(|i| (format!("piece{}", i + 1), 1))
            .collect();
        let options: Vec<(usize, usize, [i64; 4])> = self
            .placements()
            .into_iter()
            .map(|(i, at, turns)| (i, at, turned(&self.pieces[i], turns)))
            .collect();
        self.cover(&units, &options, max_bytes)
    }

    /// The pieces grouped by *type* — the same labels up to turning — with, per type, its
    /// labels as first listed and its pieces.
    pub fn piece_types(&self) -> Vec<([i64; 4], Vec<usize>)> {
        let mut types: Vec<([i64; 4], Vec<usize>)> = Vec::new();
        for (i, piece) in self.pieces.iter().enumerate() {
            match types
                .iter_mut()
                .find(|(t, _)| (0..4).any(|k| turned(t, k) == *piece))
            {
                Some((_, members)) => members.push(i),
                None => types.push((*piece, vec![i])),
            }
        }
        types
    }

    /// The *patterns* of the solutions as an exact cover with multiplicities (Knuth's DLX3): a
    /// pattern is what a solved board shows — the four labels at every position, as turned —
    /// without saying which of several identical pieces lies where or which of the turns of a
    /// symmetric piece was used. Items: the positions; each piece type, covered as many times
    /// as it has pieces; the internal edges, coloured as in [`Edges::problem`]. One option per
    /// (type, position, distinct turned labels) that fits the frame.
    ///
    /// Every pattern is shown by exactly [`Edges::pattern_factor`] solutions (see there), so the
    /// number of solutions is the number of patterns times that factor.
    pub fn pattern_problem(&self) -> Problem {
        let types = self.piece_types();
        let units: Vec<(String, u32)> = types
            .iter()
            .enumerate()
            .map(|(k, (_, members))| (format!("type{}", k + 1), members.len() as u32))
            .collect();
        let mut options = Vec::new();
        for (k, (labels, _)) in types.iter().enumerate() {
            for at in 0..self.rows * self.cols {
                let mut seen: Vec<[i64; 4]> = Vec::new();
                for turns in 0..4 {
                    let shown = turned(labels, turns);
                    if seen.contains(&shown)
                        || !self.fits_frame(labels, turns, at / self.cols, at % self.cols)
                    {
                        continue;
                    }
                    seen.push(shown);
                    options.push((k, at, shown));
                }
            }
        }
        self.cover(&units, &options, u64::MAX)
    }

    /// How many solutions show one pattern: the product over piece types of m! (the m
    /// identical pieces of a type may lie on the type's m positions in any order) times the
    /// product over pieces of the turns that leave the piece looking the same (1, 2 or 4: any
    /// of them shows the same labels). Each solution shows one pattern, and given a pattern
    /// these choices are independent and each gives a different solution, so the factor is the
    /// same for every pattern.
    pub fn pattern_factor(&self) -> num_bigint::BigUint {
        let mut f = num_bigint::BigUint::from(1u32);
        for (_, members) in self.piece_types() {
            for k in 2..=members.len() {
                f *= k as u64;
            }
        }
        for piece in &self.pieces {
            f *= (0..4).filter(|&k| turned(piece, k) == *piece).count() as u64;
        }
        f
    }

    /// An exact cover over the positions, the given units (a piece or a piece type, with how
    /// many times it is used) and the internal edges; one option per (unit, position, labels
    /// as shown there, top/right/bottom/left).
    fn cover(
        &self,
        units: &[(String, u32)],
        options: &[(usize, usize, [i64; 4])],
        max_bytes: u64,
    ) -> Problem {
        let (h, w) = (self.rows, self.cols);
        let mut primary: Vec<String> = Vec::new();
        for r in 0..h {
            for c in 0..w {
                primary.push(format!("p{}_{}", r + 1, c + 1));
            }
        }
        primary.extend(units.iter().map(|(name, _)| name.clone()));
        let mut secondary = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if c + 1 < w {
                    secondary.push(format!("h{}_{}", r + 1, c + 1));
                }
                if r + 1 < h {
                    secondary.push(format!("v{}_{}", r + 1, c + 1));
                }
            }
        }
        let mut p = Problem::new(&primary, &secondary)
            .expect("distinct item names")
            .within(max_bytes);
        for (k, (_, copies)) in units.iter().enumerate() {
            p.set_bounds(h * w + k, *copies, *copies)
                .expect("a unit is used at least once");
        }
        for &(unit, at, shown) in options {
            let (r, c) = (at / w, at % w);
            let mut items = vec![(r * w + c, None), (h * w + unit, None)];
            // (side, edge item, seen from the top/left piece?)
            let sides = [
                (
                    1,
                    (c + 1 < w).then(|| format!("h{}_{}", r + 1, c + 1)),
                    true,
                ),
                (
                    2,
                    (r + 1 < h).then(|| format!("v{}_{}", r + 1, c + 1)),
                    true,
                ),
                (3, (c > 0).then(|| format!("h{}_{}", r + 1, c)), false),
                (0, (r > 0).then(|| format!("v{}_{}", r, c + 1)), false),
            ];
            for (side, item, first) in sides {
                let Some(item) = item else { continue };
                let l = shown[side];
                let colour = match self.matching {
                    Matching::Complement(s) if !first => s - l,
                    _ => l,
                };
                let colour = p.colour(&colour.to_string());
                items.push((p.item(&item).expect("item"), Some(colour)));
            }
            p.add_option(&items).expect("a well-formed option");
        }
        p
    }

    /// Checks a placement by the rules: every position filled by a different piece, touching
    /// edges matching, and (for `equal`) border labels exactly on the frame.
    pub fn check(&self, placed: &[(usize, usize)]) -> Result<(), String> {
        let (h, w) = (self.rows, self.cols);
        if placed.len() != h * w {
            return Err(format!("expected {} placed pieces", h * w));
        }
        let mut used = vec![false; self.pieces.len()];
        for &(i, _) in placed {
            if i >= used.len() || std::mem::replace(&mut used[i], true) {
                return Err(format!("piece {} is missing or used twice", i + 1));
            }
        }
        let side = |k: usize, s: usize| label(&self.pieces[placed[k].0], placed[k].1, s);
        let matches = |a: i64, b: i64| match self.matching {
            Matching::Complement(s) => a + b == s,
            Matching::Equal => a == b && a != 0,
        };
        for r in 0..h {
            for c in 0..w {
                let k = r * w + c;
                if c + 1 < w && !matches(side(k, 1), side(k + 1, 3)) {
                    return Err(format!(
                        "row {} cols {}–{} do not match",
                        r + 1,
                        c + 1,
                        c + 2
                    ));
                }
                if r + 1 < h && !matches(side(k, 2), side(k + w, 0)) {
                    return Err(format!(
                        "col {} rows {}–{} do not match",
                        c + 1,
                        r + 1,
                        r + 2
                    ));
                }
                if self.matching == Matching::Equal {
                    for s in 0..4 {
                        if self.on_frame(r, c, s) && side(k, s) != 0 {
                            return Err(format!(
                                "row {} col {}: a frame side is not 0",
                                r + 1,
                                c + 1
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The placement turned with the whole board: a quarter turn clockwise on a square
    /// board, a half turn on any (`quarters` = 1 or 2). Position (r, c) goes to (c, n−1−r) or
    /// (h−1−r, w−1−c), and every piece turns with it.
    pub fn turn_board(&self, placed: &[(usize, usize)], quarters: usize) -> Vec<(usize, usize)> {
        let (h, w) = (self.rows, self.cols);
        let mut out = vec![(usize::MAX, 0); h * w];
        for (at, &(i, t)) in placed.iter().enumerate() {
            let (r, c) = (at / w, at % w);
            let to = if quarters == 1 {
                c * w + (h - 1 - r)
            } else {
                (h - 1 - r) * w + (w - 1 - c)
            };
            out[to] = (i, (t + quarters) % 4);
        }
        out
    }

    /// The least of a placement's turns with the board: solutions that are turns of each other
    /// share it.
    pub fn up_to_rotation(&self, placed: &[(usize, usize)]) -> Vec<(usize, usize)> {
        let quarter = self.rows == self.cols;
        let mut best = placed.to_vec();
        let mut current = placed.to_vec();
        for _ in 0..if quarter { 3 } else { 1 } {
            current = self.turn_board(&current, if quarter { 1 } else { 2 });
            best = best.min(current.clone());
        }
        best
    }

    pub fn board(&self, placed: Vec<(usize, usize)>) -> Board {
        let rows = placed
            .chunks(self.cols.max(1))
            .map(|row| {
                row.iter()
                    .map(|&(i, t)| format!("{}/{}", i + 1, t))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Board { rows, placed }
    }
}

/// This family as the registry and every front end see it.
pub const FAMILY: wellposed_engine::FamilyEntry =
    wellposed_engine::FamilyEntry::of::<Edges>().commands(commands::COMMANDS);

impl Family for Edges {
    const NAME: &'static str = "edges";
    const EXAMPLES: &'static [&'static str] = &["0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n"];
    type Solution = Board;
    const SUMMARY: &'static str = "edge matching (Eternity II): square pieces whose edges match";

    fn to_text(&self) -> String {
        formats::to_text(self)
    }

    /// The plain piece files: four labels a line (a first line `ROWS COLS` allowed).
    fn recognises(text: &str) -> bool {
        formats::plain_pieces(text)
    }

    fn parse(text: &str, source: &str) -> Result<Self, ParseError> {
        formats::parse_any(text, source)
    }

    fn encodings(&self) -> Vec<EncodingKind> {
        vec![EncodingKind::ExactCover]
    }

    fn encode(&self, kind: EncodingKind, choices: Choices) -> Option<Encoding> {
        (kind == EncodingKind::ExactCover)
            .then(|| Encoding::ExactCover(self.problem_within(choices.max_bytes)))
    }

    fn decode(&self, answer: &Answer) -> Board {
        let meaning = self.placements();
        let mut placed = vec![(usize::MAX, 0); self.rows * self.cols];
        for &o in answer.options() {
            if let Some(&(i, at, turns)) = meaning.get(o) {
                placed[at] = (i, turns);
            }
        }
        self.board(placed)
    }

    fn verify(&self, s: &Board) -> Result<(), String> {
        self.check(&s.placed)
    }

    fn render(&self, s: &Board) -> String {
        s.rows.join("\n")
    }

    /// Each piece as four triangles coloured by their labels, its number in the middle.
    fn svg(&self, s: &Board) -> Option<String> {
        let size = 60.0;
        let (w, h) = (self.cols as f64 * size, self.rows as f64 * size);
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"-2 -2 {} {}\">\n",
            w + 4.0, h + 4.0, w + 4.0, h + 4.0
        );
        for (at, &(i, turns)) in s.placed.iter().enumerate() {
            let piece = self.pieces.get(i)?;
            let (x, y) = (
                (at % self.cols) as f64 * size,
                (at / self.cols) as f64 * size,
            );
            let (cx, cy) = (x + size / 2.0, y + size / 2.0);
            let corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)];
            for side in 0..4 {
                let (a, b) = (corners[side], corners[(side + 1) % 4]);
                let l = label(piece, turns, side);
                out.push_str(&format!(
                    "<polygon points=\"{},{} {},{} {},{}\" fill=\"{}\" stroke=\"#333\" stroke-width=\"0.5\"><title>{l}</title></polygon>\n",
                    a.0, a.1, b.0, b.1, cx, cy, wellposed_engine::palette(l)
                ));
            }
            out.push_str(&format!(
                "<text x=\"{cx}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">{}</text>\n",
                cy + 4.0,
                i + 1
            ));
        }
        out.push_str("</svg>\n");
        Some(out)
    }
}
