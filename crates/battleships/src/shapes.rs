//! Ships of any polyomino shape: pzprjs's `battleship` fleets of bent pieces (`//t` the
//! tetrominoes, `//p` the pentominoes, or custom pieces). A ship is one of the fleet's shapes in
//! any rotation or reflection (pzprjs compares a ship with the fleet's pieces by a canonical
//! form taken over all eight), four-connected, and it touches no other ship, not even at a
//! corner. A cell's piece is read off its four neighbours as for straight ships (pzprjs's
//! numbers 1–6), plus the four corners of a bend (7–10).

use std::collections::BTreeSet;

/// The most cell entries (cells and the water around them, over every placement of every bent
/// shape) a puzzle may need: the placements are listed before anything is encoded.
pub const MAX_PLACEMENT_CELLS: usize = 5_000_000;

/// A ship's shape: `h` rows of `w` cells, row-major, true = part of the ship. Kept in the
/// orientation given, so that a URL is written back as it was read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub w: usize,
    pub h: usize,
    pub cells: Vec<bool>,
}

/// Cells as (row, column) offsets, sorted, the least row and column 0.
pub type Offsets = Vec<(usize, usize)>;

fn normalised(cells: impl Iterator<Item = (isize, isize)>) -> Offsets {
    let v: Vec<(isize, isize)> = cells.collect();
    let r0 = v.iter().map(|p| p.0).min().unwrap_or(0);
    let c0 = v.iter().map(|p| p.1).min().unwrap_or(0);
    let mut out: Offsets = v
        .iter()
        .map(|&(r, c)| ((r - r0) as usize, (c - c0) as usize))
        .collect();
    out.sort_unstable();
    out
}

impl Shape {
    /// The straight ship of `len` cells, lying down.
    pub fn straight_ship(len: usize) -> Shape {
        Shape {
            w: len,
            h: 1,
            cells: vec![true; len],
        }
    }

    pub fn size(&self) -> usize {
        self.cells.iter().filter(|&&x| x).count()
    }

    /// Its cells as offsets.
    pub fn offsets(&self) -> Offsets {
        (0..self.cells.len())
            .filter(|&k| self.cells[k])
            .map(|k| (k / self.w, k % self.w))
            .collect()
    }

    /// Its distinct rotations and reflections (up to eight).
    pub fn orientations(&self) -> Vec<Offsets> {
        let cells = self.offsets();
        let mut seen = BTreeSet::new();
        for t in 0..8 {
            let moved = cells.iter().map(|&(r, c)| {
                let (r, c) = (r as isize, c as isize);
                let (r, c) = if t & 1 == 1 { (c, r) } else { (r, c) };
                let r = if t & 2 == 2 { -r } else { r };
                let c = if t & 4 == 4 { -c } else { c };
                (r, c)
            });
            seen.insert(normalised(moved));
        }
        seen.into_iter().collect()
    }

    /// The same for every shape that is this one turned or flipped.
    pub fn canonical(&self) -> Offsets {
        self.orientations().into_iter().next().unwrap_or_default()
    }

    /// Its length when it is a straight ship (one row or one column, all of it ship).
    pub fn straight(&self) -> Option<usize> {
        ((self.w == 1 || self.h == 1) && self.cells.iter().all(|&x| x)).then_some(self.cells.len())
    }

    /// Why it cannot be a ship: no cell, a row or column of its box empty (pzprjs compares the
    /// ships on the board, cut to their box, with the pieces as given, so such a piece matches
    /// none), or cells not joined side by side.
    pub fn check(&self) -> Result<(), String> {
        let cells = self.offsets();
        if cells.is_empty() {
            return Err("has no cell".into());
        }
        let rows: BTreeSet<usize> = cells.iter().map(|p| p.0).collect();
        let cols: BTreeSet<usize> = cells.iter().map(|p| p.1).collect();
        if rows.len() != self.h || cols.len() != self.w {
            return Err("has an empty row or column".into());
        }
        let set: BTreeSet<(usize, usize)> = cells.iter().copied().collect();
        let mut seen = BTreeSet::from([cells[0]]);
        let mut stack = vec![cells[0]];
        while let Some((r, c)) = stack.pop() {
            let next = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for n in next {
                if set.contains(&n) && seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        if seen.len() != set.len() {
            return Err("is not in one piece (cells joined side by side)".into());
        }
        Ok(())
    }

    /// The text form: rows of `x` (ship) and `.`, joined by `/` (`xx/x.` an L of three).
    pub fn text(&self) -> String {
        self.cells
            .chunks(self.w.max(1))
            .map(|row| row.iter().map(|&x| if x { 'x' } else { '.' }).collect())
            .collect::<Vec<String>>()
            .join("/")
    }

    /// Reads [`Shape::text`]; `None` when the rows differ in width or hold other letters.
    pub fn from_text(s: &str) -> Option<Shape> {
        let rows: Vec<&str> = s.split('/').collect();
        let w = rows[0].chars().count();
        if w == 0 || rows.iter().any(|r| r.chars().count() != w) {
            return None;
        }
        let cells = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|ch| match ch {
                'x' | 'X' => Some(true),
                '.' => Some(false),
                _ => None,
            })
            .collect::<Option<Vec<bool>>>()?;
        Some(Shape {
            w,
            h: rows.len(),
            cells,
        })
    }

    /// pzprjs's piece code: the width and the height in base 36, then the cells row by row,
    /// five to a base-32 digit (the first cell the highest bit), trailing zero digits dropped.
    /// `None` when a side is 36 or more.
    pub fn code(&self) -> Option<String> {
        let mut out = String::new();
        out.push(char::from_digit(u32::try_from(self.w).ok()?, 36)?);
        out.push(char::from_digit(u32::try_from(self.h).ok()?, 36)?);
        let mut digits: Vec<char> = self
            .cells
            .chunks(5)
            .map(|group| {
                let v = (0..5).fold(0u32, |v, i| v << 1 | u32::from(group.get(i) == Some(&true)));
                char::from_digit(v, 32).expect("five bits")
            })
            .collect();
        while digits.last() == Some(&'0') {
            digits.pop();
        }
        out.extend(digits);
        Some(out)
    }

    /// Reads a pzprjs piece: [`Shape::code`], or `W:CELLS` in the clear (`2:1110`).
    pub fn from_code(p: &str) -> Result<Shape, String> {
        let bad = || format!("the piece `{p}` is not a piece code");
        let (w, bits): (usize, Vec<bool>) = match p.split_once(':') {
            Some((w, bits)) => {
                let w = w.parse::<usize>().map_err(|_| bad())?;
                let bits = bits
                    .chars()
                    .map(|c| match c {
                        '0' => Some(false),
                        '1' => Some(true),
                        _ => None,
                    })
                    .collect::<Option<_>>()
                    .ok_or_else(bad)?;
                (w, bits)
            }
            None => {
                let d: Vec<u32> = p
                    .chars()
                    .map(|c| c.to_digit(36))
                    .collect::<Option<_>>()
                    .ok_or_else(bad)?;
                let [w, h, ref digits @ ..] = d[..] else {
                    return Err(bad());
                };
                let area = (w * h) as usize;
                let mut bits = Vec::with_capacity(area + 5);
                for &b in digits {
                    if b >= 32 {
                        return Err(bad());
                    }
                    bits.extend((0..5).rev().map(|i| b >> i & 1 == 1));
                }
                bits.resize(area, false);
                (w as usize, bits)
            }
        };
        let h = bits.len().checked_div(w).unwrap_or(0);
        if w == 0 || h == 0 || w * h != bits.len() {
            return Err(bad());
        }
        Ok(Shape { w, h, cells: bits })
    }
}

/// pzprjs's number for a ship cell, from which of its four neighbours (up, down, left, right)
/// are ship: 5 a middle (ship on two opposite sides), 1 / 2 the top / bottom end of an upright
/// run, 3 / 4 the left / right end of a lying one, 6 a ship of one cell, and the corners of a
/// bend: 7 (goes on down and right, ┌), 8 (down and left, ┐), 9 (up and right, └), 10 (up and
/// left, ┘).
pub fn piece_number(up: bool, down: bool, left: bool, right: bool) -> u32 {
    match (up, down, left, right) {
        (true, true, _, _) | (_, _, true, true) => 5,
        (true, _, true, _) => 10,
        (true, _, _, true) => 9,
        (true, _, _, _) => 2,
        (_, true, true, _) => 8,
        (_, true, _, true) => 7,
        (_, true, _, _) => 1,
        (_, _, true, _) => 4,
        (_, _, _, true) => 3,
        _ => 6,
    }
}

/// The number (see [`piece_number`]) of each cell of `cells` (cell indices on a board `cols`
/// wide), in their order.
pub fn numbers_of(cells: &[usize], cols: usize) -> Vec<u32> {
    let set: BTreeSet<usize> = cells.iter().copied().collect();
    cells
        .iter()
        .map(|&k| {
            let (r, c) = (k / cols, k % cols);
            piece_number(
                r > 0 && set.contains(&(k - cols)),
                set.contains(&(k + cols)),
                c > 0 && set.contains(&(k - 1)),
                c + 1 < cols && set.contains(&(k + 1)),
            )
        })
        .collect()
}

/// Every placement of `shape` on a `rows`×`cols` board: its cells and the cells around it (the
/// eight neighbours of each cell, itself left out), as cell indices.
pub fn placements(shape: &Shape, rows: usize, cols: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    let mut out = Vec::new();
    for o in shape.orientations() {
        let oh = o.iter().map(|p| p.0).max().unwrap_or(0) + 1;
        let ow = o.iter().map(|p| p.1).max().unwrap_or(0) + 1;
        if oh > rows || ow > cols {
            continue;
        }
        for r0 in 0..=rows - oh {
            for c0 in 0..=cols - ow {
                let cells: Vec<usize> = o.iter().map(|&(r, c)| (r0 + r) * cols + c0 + c).collect();
                let inside: BTreeSet<usize> = cells.iter().copied().collect();
                let mut around = BTreeSet::new();
                for &(r, c) in &o {
                    let (r, c) = (r0 + r, c0 + c);
                    for rr in r.saturating_sub(1)..(r + 2).min(rows) {
                        for cc in c.saturating_sub(1)..(c + 2).min(cols) {
                            let k = rr * cols + cc;
                            if !inside.contains(&k) {
                                around.insert(k);
                            }
                        }
                    }
                }
                out.push((cells, around.into_iter().collect()));
            }
        }
    }
    out
}

/// An upper bound on the cell entries [`placements`] lists for `shape` (each placement: its
/// cells and at most eight neighbours each).
pub fn placement_cost(shape: &Shape, rows: usize, cols: usize) -> usize {
    let size = shape.size();
    shape
        .orientations()
        .iter()
        .map(|o| {
            let oh = o.iter().map(|p| p.0).max().unwrap_or(0) + 1;
            let ow = o.iter().map(|p| p.1).max().unwrap_or(0) + 1;
            let places = (rows + 1).saturating_sub(oh) * (cols + 1).saturating_sub(ow);
            places.saturating_mul(size * 9)
        })
        .fold(0usize, usize::saturating_add)
}

/// The fleets pzprjs names after `//` that are not straight ships: `t` the five tetrominoes,
/// `p` the twelve pentominoes, in pzprjs's order and orientation (its presets).
pub const NAMED_SHAPE_FLEETS: [(char, &[&str]); 2] = [
    ('t', &["14u", "23bg", "22u", "23f", "23eg"]),
    (
        'p',
        &[
            "337k", "15v", "24as", "24bo", "23fg", "337i", "23rg", "334u", "335s", "33bk", "24bk",
            "337o",
        ],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_read_and_write_back_and_the_named_fleets_are_what_they_say() {
        // The twelve pentominoes: twelve different shapes of five cells; the tetrominoes: five
        // of four (the free polyominoes, counted by turning and flipping: 12 and 5).
        for (key, want_size, n) in [('p', 5, 12), ('t', 4, 5)] {
            let codes = NAMED_SHAPE_FLEETS.iter().find(|f| f.0 == key).unwrap().1;
            let shapes: Vec<Shape> = codes.iter().map(|c| Shape::from_code(c).unwrap()).collect();
            let distinct: BTreeSet<Offsets> = shapes.iter().map(Shape::canonical).collect();
            assert_eq!(distinct.len(), n);
            for (s, code) in shapes.iter().zip(codes.iter()) {
                assert_eq!(s.size(), want_size, "{code}");
                assert_eq!(s.check(), Ok(()), "{code}");
                assert_eq!(s.code().as_deref(), Some(*code));
                assert_eq!(Shape::from_text(&s.text()).as_ref(), Some(s));
            }
        }
        assert_eq!(Shape::from_code("2:1110").unwrap().text(), "xx/x.");
        assert_eq!(Shape::straight_ship(3).code().as_deref(), Some("31s"));
        assert!(
            Shape::from_code("22g").unwrap().check().is_err(),
            "one cell in a 2×2 box"
        );
        assert!(
            Shape::from_code("3:101").unwrap().check().is_err(),
            "two cells apart"
        );
        assert!(Shape::from_code("13").unwrap().check().is_err(), "no cell");
        assert!(Shape::from_code("1").is_err());
        assert!(Shape::from_code("2:111").is_err());
    }

    #[test]
    fn orientations_are_the_distinct_turns_and_flips() {
        // Distinct orientations of the free pentominoes: F 8, I 2, L 8, N 8, P 8, T 4, U 4,
        // V 4, W 4, X 1, Y 8, Z 4 — 63 fixed pentominoes in all (OEIS A001168).
        let codes = NAMED_SHAPE_FLEETS[1].1;
        let fixed: usize = codes
            .iter()
            .map(|c| Shape::from_code(c).unwrap().orientations().len())
            .sum();
        assert_eq!(fixed, 63);
        // And the 19 fixed tetrominoes (A001168).
        let codes = NAMED_SHAPE_FLEETS[0].1;
        let fixed: usize = codes
            .iter()
            .map(|c| Shape::from_code(c).unwrap().orientations().len())
            .sum();
        assert_eq!(fixed, 19);
    }
}
