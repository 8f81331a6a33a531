//! Grids divided into rooms, as Heyawake, LITS and other room genres have them: the rooms are the orthogonally
//! connected pieces of cells that no border separates. puzz.link writes the borders in pzprjs's
//! border code: the vertical borders (between cells (r, c) and (r, c+1)), row by row, then the
//! horizontal ones (between (r, c) and (r+1, c)), five to a base-32 character (`0`–`9`,
//! `a`–`v`), the first border in the character's highest bit, the last character padded with
//! zero bits. The rooms are numbered in the order of their first cell, row-major (pzprjs's order
//! for the room numbers that follow the borders in Heyawake's URL).

use crate::number_grid::Grid;
use crate::{Document, ParseError};

/// Rooms with one number each: the clue, its `numbers` grid and URL body.
pub mod numbers;

/// A grid divided into rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rooms {
    pub rows: usize,
    pub cols: usize,
    /// Each cell's room, row-major.
    pub of: Vec<usize>,
    /// Each room's cells, row-major.
    pub cells: Vec<Vec<usize>>,
}

impl Rooms {
    /// The rooms of a labelling: cells with the same label that touch orthogonally are in one
    /// room (a label used in two separate places makes two rooms).
    pub fn from_labels<T: PartialEq>(rows: usize, cols: usize, label: &[T]) -> Rooms {
        let n = rows * cols;
        let mut of = vec![usize::MAX; n];
        let mut cells = Vec::new();
        for start in 0..n {
            if of[start] != usize::MAX {
                continue;
            }
            let id = cells.len();
            of[start] = id;
            let mut part = vec![start];
            let mut head = 0;
            while head < part.len() {
                let v = part[head];
                head += 1;
                for w in neighbours(rows, cols, v) {
                    if of[w] == usize::MAX && label[w] == label[v] {
                        of[w] = id;
                        part.push(w);
                    }
                }
            }
            part.sort_unstable();
            cells.push(part);
        }
        Rooms {
            rows,
            cols,
            of,
            cells,
        }
    }

    /// Whether a border separates cells `a` and `b` (neighbours).
    pub fn border(&self, a: usize, b: usize) -> bool {
        self.of[a] != self.of[b]
    }

    /// How many characters the border code of a `rows` × `cols` grid takes.
    pub fn code_len(rows: usize, cols: usize) -> usize {
        (rows * cols.saturating_sub(1)).div_ceil(5) + (rows.saturating_sub(1) * cols).div_ceil(5)
    }

    /// Reads the border code at the start of `body`; returns the rooms and the rest.
    pub fn from_code(rows: usize, cols: usize, body: &str) -> Result<(Rooms, &str), String> {
        let len = Rooms::code_len(rows, cols);
        let code = body.get(..len).ok_or_else(|| {
            format!(
                "expected {len} characters of room borders, found {}",
                body.len()
            )
        })?;
        let mut bits = Vec::with_capacity(len * 5);
        for (i, ch) in code.chars().enumerate() {
            let v = ch
                .to_digit(32)
                .filter(|_| !ch.is_ascii_uppercase())
                .ok_or_else(|| {
                    format!("unexpected `{ch}` at character {} of the room borders (expected 0-9 or a-v)", i + 1)
                })?;
            bits.extend((0..5).rev().map(|k| v >> k & 1 == 1));
        }
        let vertical = rows * cols.saturating_sub(1);
        let vbits = &bits[..vertical];
        let hbits = &bits[vertical.div_ceil(5) * 5..];
        // Union the cells no border separates.
        let n = rows * cols;
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(parent: &mut [usize], v: usize) -> usize {
            let mut r = v;
            while parent[r] != r {
                r = parent[r];
            }
            parent[v] = r;
            r
        }
        let mut join = |a: usize, b: usize| {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            parent[ra.max(rb)] = ra.min(rb);
        };
        for r in 0..rows {
            for c in 0..cols.saturating_sub(1) {
                if !vbits[r * (cols - 1) + c] {
                    join(r * cols + c, r * cols + c + 1);
                }
            }
        }
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols {
                if !hbits[r * cols + c] {
                    join(r * cols + c, (r + 1) * cols + c);
                }
            }
        }
        let roots: Vec<usize> = (0..n).map(|v| find(&mut parent, v)).collect();
        Ok((Rooms::from_labels(rows, cols, &roots), &body[len..]))
    }

    /// The border code (see the module's documentation).
    pub fn code(&self) -> String {
        let (rows, cols) = (self.rows, self.cols);
        let mut out = String::new();
        let mut push = |bits: &[bool]| {
            for chunk in bits.chunks(5) {
                let v = (0..5).fold(0u32, |v, k| v << 1 | u32::from(chunk.get(k) == Some(&true)));
                out.push(char::from_digit(v, 32).expect("five bits"));
            }
        };
        let vertical: Vec<bool> = (0..rows)
            .flat_map(|r| (0..cols.saturating_sub(1)).map(move |c| (r, c)))
            .map(|(r, c)| self.border(r * cols + c, r * cols + c + 1))
            .collect();
        push(&vertical);
        let horizontal: Vec<bool> = (0..rows.saturating_sub(1))
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| self.border(r * cols + c, (r + 1) * cols + c))
            .collect();
        push(&horizontal);
        out
    }

    /// Reads a `rooms` grid of labels (any tokens, written apart) from a document entry.
    pub fn read(doc: &Document, rows: usize, cols: usize, key: &str) -> Result<Rooms, ParseError> {
        let entry = doc.require(key, "followed by ROWS rows of room labels")?;
        let labels = Grid::apart("a room label").called("room labels").read(
            doc,
            entry,
            (rows, cols),
            |t| Some(t.to_string()),
        )?;
        Ok(Rooms::from_labels(rows, cols, &labels))
    }

    /// The rooms as a grid of labels (each room its number), for the text format.
    pub fn write(&self) -> String {
        Grid::apart("").write(&self.of, self.cols, |room| room.to_string())
    }

    /// SVG lines for the room borders and the outer frame, on cells of `size` pixels.
    pub fn svg_borders(&self, size: f64) -> String {
        let (rows, cols) = (self.rows, self.cols);
        let mut out = String::new();
        let line = |out: &mut String, x1: f64, y1: f64, x2: f64, y2: f64, w: f64, colour: &str| {
            out.push_str(&format!(
                "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"{colour}\" stroke-width=\"{w}\" stroke-linecap=\"square\"/>\n"
            ));
        };
        for r in 0..rows {
            for c in 0..cols {
                let k = r * cols + c;
                let (x, y) = (c as f64 * size, r as f64 * size);
                if c + 1 < cols {
                    let thick = self.border(k, k + 1);
                    line(
                        &mut out,
                        x + size,
                        y,
                        x + size,
                        y + size,
                        if thick { 3.0 } else { 1.0 },
                        if thick { "black" } else { "#999" },
                    );
                }
                if r + 1 < rows {
                    let thick = self.border(k, k + cols);
                    line(
                        &mut out,
                        x,
                        y + size,
                        x + size,
                        y + size,
                        if thick { 3.0 } else { 1.0 },
                        if thick { "black" } else { "#999" },
                    );
                }
            }
        }
        out.push_str(&format!(
            "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"black\" stroke-width=\"3\"/>\n",
            cols as f64 * size,
            rows as f64 * size
        ));
        out
    }
}

/// The orthogonal neighbours of cell `k` of a `rows` × `cols` grid.
pub fn neighbours(rows: usize, cols: usize, k: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (k / cols, k % cols);
    [
        (r > 0).then(|| k - cols),
        (r + 1 < rows).then(|| k + cols),
        (c > 0).then(|| k - 1),
        (c + 1 < cols).then(|| k + 1),
    ]
    .into_iter()
    .flatten()
}

/// The orthogonally connected components of the cells where `inside` holds.
pub fn components(rows: usize, cols: usize, inside: &[bool]) -> Vec<Vec<usize>> {
    let labels: Vec<usize> = inside.iter().map(|&x| usize::from(x)).collect();
    Rooms::from_labels(rows, cols, &labels)
        .cells
        .into_iter()
        .filter(|p| inside[p[0]])
        .collect()
}

/// A random division of a `rows` × `cols` grid into rectangles of at most `most` cells
/// (each rectangle split in two, across its longer side at a random place, until small
/// enough; some stop early at random).
pub fn random_rectangles(
    rows: usize,
    cols: usize,
    most: usize,
    rng: &mut crate::Xorshift,
) -> Rooms {
    let mut label = vec![0usize; rows * cols];
    let mut next = 0;
    let mut stack = vec![(0, 0, rows, cols)];
    while let Some((r0, c0, h, w)) = stack.pop() {
        let area = h * w;
        if area <= most && (area <= 2 || rng.below(3) == 0) || (h == 1 && w == 1) {
            for r in r0..r0 + h {
                for c in c0..c0 + w {
                    label[r * cols + c] = next;
                }
            }
            next += 1;
            continue;
        }
        if h >= w {
            let cut = 1 + rng.below(h as u64 - 1) as usize;
            stack.push((r0, c0, cut, w));
            stack.push((r0 + cut, c0, h - cut, w));
        } else {
            let cut = 1 + rng.below(w as u64 - 1) as usize;
            stack.push((r0, c0, h, cut));
            stack.push((r0, c0 + cut, h, w - cut));
        }
    }
    Rooms::from_labels(rows, cols, &label)
}

/// The cells whose loss would split `required` cells apart: over the graph of the `passable`
/// cells of a grid, the articulation points with required cells on two sides (found by one
/// depth-first search, Hopcroft–Tarjan's low points, over the component of the first required
/// cell). A connected set that holds every required cell, within the passable cells, holds
/// each of these.
pub fn cut_cells(rows: usize, cols: usize, passable: &[bool], required: &[bool]) -> Vec<usize> {
    let n = rows * cols;
    let Some(root) = (0..n).find(|&k| required[k] && passable[k]) else {
        return Vec::new();
    };
    let total = (0..n).filter(|&k| required[k] && passable[k]).count();
    let mut disc = vec![usize::MAX; n];
    let mut low = vec![0usize; n];
    let mut below = vec![0usize; n]; // required cells in the subtree
    let mut out = Vec::new();
    let mut time = 0;
    // Stack of (cell, parent, next neighbour index).
    let nbrs =
        |k: usize| -> Vec<usize> { neighbours(rows, cols, k).filter(|&j| passable[j]).collect() };
    let mut stack: Vec<(usize, usize, Vec<usize>, usize)> = Vec::new();
    disc[root] = time;
    low[root] = time;
    time += 1;
    below[root] = usize::from(required[root]);
    stack.push((root, usize::MAX, nbrs(root), 0));
    let mut is_cut = vec![false; n];
    while let Some(top) = stack.last_mut() {
        let (v, parent) = (top.0, top.1);
        if top.3 < top.2.len() {
            let w = top.2[top.3];
            top.3 += 1;
            if disc[w] == usize::MAX {
                disc[w] = time;
                low[w] = time;
                time += 1;
                below[w] = usize::from(required[w]);
                let ws = nbrs(w);
                stack.push((w, v, ws, 0));
            } else if w != parent {
                low[v] = low[v].min(disc[w]);
            }
        } else {
            stack.pop();
            if parent != usize::MAX {
                low[parent] = low[parent].min(low[v]);
                below[parent] += below[v];
                // Removing the parent cuts v's subtree off from the rest.
                if low[v] >= disc[parent] {
                    let inside = below[v];
                    let outside = total - inside - usize::from(required[parent]);
                    if inside > 0 && outside > 0 {
                        is_cut[parent] = true;
                    }
                }
            }
        }
    }
    for (k, &c) in is_cut.iter().enumerate() {
        if c {
            out.push(k);
        }
    }
    out
}

/// Shades more cells, in random order, each while no two shaded cells are side by side and the
/// unshaded cells stay connected.
pub fn add_shading(rows: usize, cols: usize, shaded: &mut [bool], rng: &mut crate::Xorshift) {
    let n = rows * cols;
    let mut order: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut order);
    for k in order {
        if neighbours(rows, cols, k).any(|j| shaded[j]) {
            continue;
        }
        shaded[k] = true;
        let unshaded: Vec<bool> = shaded.iter().map(|&x| !x).collect();
        if components(rows, cols, &unshaded).len() > 1 {
            shaded[k] = false;
        }
    }
}

/// The `no-split` rule (level 3) of grids whose unshaded cells are connected (Heyawake,
/// Hitori, Kurodoko): a cell whose shading would cut the unshaded cells known so far apart
/// (every path between two of them through cells not known shaded passes through it) is
/// unshaded. Cell k's variable is `Var(k)`, true for shaded. Valid: the unshaded cells are
/// connected. Monotone: shading more cells only removes paths. One cut cell a step; probing
/// follows trial values up with it.
pub struct UnshadedNoSplit {
    pub rows: usize,
    pub cols: usize,
}

impl crate::deduce::FamilyRule for UnshadedNoSplit {
    fn rule(&self) -> crate::deduce::Rule {
        crate::deduce::Rule::Family("no-split", 3)
    }

    fn propose(&self, state: &crate::deduce::State) -> Vec<crate::deduce::Removal> {
        self.propose_steps(state).into_iter().flatten().collect()
    }

    fn propose_steps(&self, state: &crate::deduce::State) -> Vec<Vec<crate::deduce::Removal>> {
        use crate::deduce::{possible, Removal};
        let n = self.rows * self.cols;
        let var = |k: usize| wellposed_sat::Var(k as u32);
        let passable: Vec<bool> = (0..n).map(|k| possible(state, var(k), false)).collect();
        let required: Vec<bool> = (0..n).map(|k| !possible(state, var(k), true)).collect();
        cut_cells(self.rows, self.cols, &passable, &required)
            .into_iter()
            .filter(|&k| possible(state, var(k), true))
            .map(|k| vec![Removal::by(self.rule(), var(k), true)])
            .collect()
    }

    fn why(&self) -> &'static str {
        "shaded, this cell would cut the unshaded cells apart"
    }

    fn in_probes(&self) -> bool {
        true
    }
}
