//! Simon Tatham's Map game IDs, `WxHnN:EDGES,CLUES` (parameters may also carry `dX`, the
//! difficulty the generator aimed at; it does not change the puzzle).
//!
//! EDGES walks every boundary between two side-adjacent cells: first the w·(h−1) boundaries
//! below cells, row by row (boundary y·w + x lies between (x, y) and (x, y+1)), then the
//! (w−1)·h boundaries right of cells, column by column (boundary w·(h−1) + x·h + y lies
//! between (x, y) and (x+1, y)). The walk starts one step early, on a notional boundary that is
//! not a region border, and alternates runs of non-borders and borders: a letter `a`..`y` is a
//! run of 1..25 and switches to the other kind, `z` is a run of 25 that does not switch.
//! Cells joined by non-borders form the regions, numbered by their first cell in reading order;
//! there must be N of them.
//!
//! CLUES gives the regions in that order: a digit `0`..`3` is a region's colour, a letter
//! `a`..`z` skips 1..26 regions. The game has four colours; colour d is our colour d + 1.
//! Regions are named `1`..`N`.

use crate::{Map, MAX_CELLS, MAX_REGIONS};
use std::collections::BTreeSet;
use wellposed_engine::ParseError;

/// Whether a line is shaped like a Map game ID (`WxHnN…:letters,clues`).
pub fn looks_like_game_id(s: &str) -> bool {
    let Some((params, desc)) = s.trim().split_once(':') else {
        return false;
    };
    let Some((edges, clues)) = desc.split_once(',') else {
        return false;
    };
    let digits_then = |t: &str| t.starts_with(|c: char| c.is_ascii_digit());
    digits_then(params)
        && params.contains('n')
        && params
            .chars()
            .all(|c| c.is_ascii_digit() || "xndehu".contains(c))
        && !edges.is_empty()
        && edges.chars().all(|c| c.is_ascii_lowercase())
        && clues
            .chars()
            .all(|c| c.is_ascii_lowercase() || ('0'..='3').contains(&c))
}

/// The numbers of `WxHnN` (H defaults to W; N to W·H/8, as the game does).
fn parameters(params: &str) -> Result<(usize, usize, usize), String> {
    let expected = || format!("expected `WxHnN` before `:`, found `{params}`");
    // A leading number and what follows it.
    let number = |t: &str| -> Result<(usize, usize), String> {
        let len = t.chars().take_while(|c| c.is_ascii_digit()).count();
        if len == 0 {
            return Err(expected());
        }
        let v = t[..len]
            .parse::<usize>()
            .map_err(|_| format!("`{}` is too large", &t[..len]))?;
        Ok((v, len))
    };
    let (w, len) = number(params)?;
    let rest = &params[len..];
    let (h, rest) = match rest.strip_prefix('x') {
        Some(r) => {
            let (h, len) = number(r)?;
            (h, &r[len..])
        }
        None => (w, rest),
    };
    if w < 2 || h < 2 {
        return Err(format!("a map needs at least 2×2 cells, found {w}×{h}"));
    }
    if w.saturating_mul(h) > MAX_CELLS {
        return Err(format!(
            "a {w}×{h} map is larger than the {MAX_CELLS} cells accepted"
        ));
    }
    let (n, rest) = match rest.strip_prefix('n') {
        Some(r) => {
            let (n, len) = number(r)?;
            (n, &r[len..])
        }
        None => (w * h / 8, rest),
    };
    match rest {
        "" | "de" | "dn" | "dh" | "du" => {}
        _ => return Err(expected()),
    }
    if n == 0 || n > w * h || n > MAX_REGIONS {
        return Err(format!(
            "{n} regions do not fit: expected 1 to {} for {w}×{h}",
            (w * h).min(MAX_REGIONS)
        ));
    }
    Ok((w, h, n))
}

/// Union-find over cells, by path halving.
fn root(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

pub fn parse_game_id(id: &str, source: &str, line: usize) -> Result<Map, ParseError> {
    let err = |message: String| ParseError {
        source: source.to_string(),
        line,
        message: format!("Map game ID: {message}"),
    };
    if id.contains('#') {
        return Err(err(
            "a random seed (`#…`) needs Tatham's generator; give the game ID (`WxHnN:…`)".into(),
        ));
    }
    let (params, desc) = id
        .trim()
        .split_once(':')
        .ok_or_else(|| err("expected `WxHnN:EDGES,CLUES`".into()))?;
    let (w, h, n) = parameters(params).map_err(err)?;
    let (edges, clues) = desc
        .split_once(',')
        .ok_or_else(|| err("expected a comma between the edge list and the clues".into()))?;

    // The boundaries, and the cells each one separates.
    let below = w * (h - 1);
    let boundaries = below + (w - 1) * h;
    let cells_of = |b: usize| -> (usize, usize) {
        if b < below {
            (b, b + w)
        } else {
            let (x, y) = ((b - below) / h, (b - below) % h);
            (y * w + x, y * w + x + 1)
        }
    };
    let mut parent: Vec<usize> = (0..w * h).collect();
    // Position −1 is the notional non-border the walk starts on.
    let mut pos: isize = -1;
    let mut border = false;
    for (k, ch) in edges.chars().enumerate() {
        if !ch.is_ascii_lowercase() {
            return Err(err(format!(
                "unexpected `{ch}` at character {} of the edge list; expected a letter a-z",
                k + 1
            )));
        }
        let run = if ch == 'z' {
            25
        } else {
            ch as isize - 'a' as isize + 1
        };
        if pos + run > boundaries as isize {
            return Err(err(format!(
                "the edge list runs past the {boundaries} boundaries of a {w}×{h} grid"
            )));
        }
        if !border {
            for b in pos.max(0)..pos + run {
                let (a, c) = cells_of(b as usize);
                let (ra, rc) = (root(&mut parent, a), root(&mut parent, c));
                parent[ra] = rc;
            }
        }
        pos += run;
        if ch != 'z' {
            border = !border;
        }
    }
    if pos != boundaries as isize {
        return Err(err(format!(
            "the edge list covers {} of the {boundaries} boundaries of a {w}×{h} grid",
            pos.max(0)
        )));
    }
    // Regions numbered by their first cell in reading order.
    let mut number = vec![usize::MAX; w * h];
    let mut cells = Vec::with_capacity(w * h);
    let mut regions = 0;
    for c in 0..w * h {
        let r = root(&mut parent, c);
        if number[r] == usize::MAX {
            number[r] = regions;
            regions += 1;
        }
        cells.push(Some(number[r]));
    }
    if regions != n {
        return Err(err(format!(
            "the edge list draws {regions} regions, the parameters say {n}"
        )));
    }
    let mut givens = Vec::new();
    let mut region = 0;
    for ch in clues.chars() {
        match ch {
            '0'..='3' => {
                if region < n {
                    givens.push((region, ch as usize - '0' as usize));
                }
                region += 1;
            }
            'a'..='z' => region += ch as usize - 'a' as usize + 1,
            _ => {
                return Err(err(format!(
                    "unexpected `{ch}` in the clues; expected a colour 0-3 or a letter a-z"
                )))
            }
        }
    }
    if region != n {
        return Err(err(format!(
            "the clues cover {region} regions, the map has {n}"
        )));
    }
    let mut borders = BTreeSet::new();
    for b in 0..boundaries {
        let (a, c) = cells_of(b);
        let (ra, rc) = (cells[a].unwrap_or(0), cells[c].unwrap_or(0));
        if ra != rc {
            borders.insert((ra.min(rc), ra.max(rc)));
        }
    }
    Ok(Map {
        regions: (1..=n).map(|k| k.to_string()).collect(),
        borders: borders.into_iter().collect(),
        colours: 4,
        givens,
        grid: Some((w, cells)),
    })
}

/// The map as a game ID, when it is one Tatham's Map could give: a grid of at least 2×2
/// without sea, four colours, regions named `1`..`N` by their first cell in reading order,
/// the borders the grid draws and no others. Checked by reading the ID back: `None` when it
/// would not give this very map.
pub fn game_id(m: &Map) -> Option<String> {
    let (w, cells) = m.grid.as_ref()?;
    let w = *w;
    let h = cells.len() / w.max(1);
    if w < 2 || h < 2 || m.colours != 4 {
        return None;
    }
    let cell: Vec<usize> = cells.iter().copied().collect::<Option<_>>()?;
    let below = w * (h - 1);
    let boundaries = below + (w - 1) * h;
    let border = |b: usize| {
        let (a, c) = if b < below {
            (b, b + w)
        } else {
            let (x, y) = ((b - below) / h, (b - below) % h);
            (y * w + x, y * w + x + 1)
        };
        cell[a] != cell[c]
    };
    // Runs of non-borders and borders, starting with the notional non-border.
    let mut edges = String::new();
    let mut write = |mut run: usize| {
        while run > 25 {
            edges.push('z');
            run -= 25;
        }
        edges.push(char::from(b'a' + (run - 1) as u8));
    };
    let (mut kind, mut run) = (false, 1);
    for b in 0..boundaries {
        if border(b) == kind {
            run += 1;
        } else {
            write(run);
            (kind, run) = (!kind, 1);
        }
    }
    write(run);
    let mut colour = vec![None; m.regions.len()];
    for &(r, c) in &m.givens {
        colour[r] = Some(c);
    }
    let mut clues = String::new();
    let mut skip = 0;
    for c in &colour {
        match c {
            Some(c) => {
                while skip > 0 {
                    let k = skip.min(26);
                    clues.push(char::from(b'a' + (k - 1) as u8));
                    skip -= k;
                }
                clues.push(char::from(b'0' + *c as u8));
            }
            None => skip += 1,
        }
    }
    while skip > 0 {
        let k = skip.min(26);
        clues.push(char::from(b'a' + (k - 1) as u8));
        skip -= k;
    }
    let id = format!("{w}x{h}n{}:{edges},{clues}", m.regions.len());
    (parse_game_id(&id, "id", 1).ok().as_ref() == Some(m)).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_made_id_draws_its_regions() {
        // 2×2, four regions: every one of the 4 boundaries is a border. The walk: the notional
        // non-border (run 1, `a`), then 4 borders (`d`).
        let m = parse_game_id("2x2n4:ad,0abc", "t", 1).unwrap_err();
        assert!(m.message.contains("clues cover"), "{m}");
        let m = parse_game_id("2x2n4:ad,0a1a", "t", 1).unwrap();
        assert_eq!(
            m.grid.as_ref().unwrap().1,
            vec![Some(0), Some(1), Some(2), Some(3)]
        );
        assert_eq!(m.borders, vec![(0, 1), (0, 2), (1, 3), (2, 3)]);
        assert_eq!(m.givens, vec![(0, 0), (2, 1)]);
        // One region: the notional step and all four boundaries are non-borders (run 5).
        let m = parse_game_id("2x2n1:e,a", "t", 1).unwrap();
        assert!(m.borders.is_empty());
        // Two regions split left | right: below-boundaries (2) are non-borders, then the two
        // right-boundaries are borders: `c` (1 + 2) then `b`.
        let m = parse_game_id("2x2n2:cb,b", "t", 1).unwrap();
        assert_eq!(
            m.grid.as_ref().unwrap().1,
            vec![Some(0), Some(1), Some(0), Some(1)]
        );
    }

    #[test]
    fn game_ids_are_written_back() {
        for id in [
            "2x2n4:ad,0a1a",
            "2x2n1:e,a",
            "2x2n2:cb,b",
            "8x8n10:aadbbegagebaabbbabeadakaocaaabaaacaacdaab,302e21",
        ] {
            let m = parse_game_id(id, "t", 1).unwrap();
            let again = game_id(&m).unwrap();
            assert_eq!(parse_game_id(&again, "t", 1).unwrap(), m, "{id} -> {again}");
        }
    }

    #[test]
    fn bad_ids_are_refused_with_a_reason() {
        for (id, says) in [
            ("2x2n4:ad", "comma"),
            ("2x2n4:a9,0a1a", "unexpected `9`"),
            ("2x2n4:adb,0a1a", "runs past"),
            ("2x2n4:ac,0a1a", "covers 3 of the 4"),
            ("2x2n3:ad,0a1", "draws 4 regions"),
            ("1x2n2:ab,aa", "at least 2×2"),
            ("2x2n9:ad,0a1a", "do not fit"),
            ("20x15n30dn#123", "random seed"),
            ("99999999x99999999n5:a,a", "larger than"),
            ("2x2n4:ad,0a5a", "unexpected `5`"),
        ] {
            let e = parse_game_id(id, "t", 3).unwrap_err();
            assert!(e.to_string().starts_with("t:3: "), "{e}");
            assert!(e.message.contains(says), "{id}: {e}");
        }
    }
}
