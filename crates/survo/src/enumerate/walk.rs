//! The margins of one side, walked as a tree of decreasing parts (optionally capped), and
//! counted without walking.

/// One side's margins of a table of `parts` lines of `size` cells: strictly decreasing
/// sequences of `parts` sums of `size`-subsets of 1..=parts·size, totalling the sum of them all.
pub fn margins(parts: usize, size: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    each_margin(parts, size, &[], parts, &[], &mut |m| out.push(m.to_vec()));
    out
}

/// Visits, in the order of [`margins`], the first `depth` parts of those margins that begin
/// with `prefix` (every distinct beginning once when `depth` < `parts`; whole margins when
/// `depth` = `parts`). Each part is bounded so that the parts left can still make up the rest
/// of the total, so a beginning visited has completions as far as sums go; `caps[l]`, where
/// given, bounds the sum of the first l parts (a whole branch goes at once), the prefix's
/// own parts included.
pub fn each_margin(
    parts: usize,
    size: usize,
    prefix: &[u32],
    depth: usize,
    caps: &[u64],
    visit: &mut dyn FnMut(&[u32]),
) {
    let top = parts * size;
    let total = tri(top as u64);
    let lo = (size * (size + 1) / 2) as u64;
    let hi = ((top - size + 1)..=top).sum::<usize>() as u64;
    struct Walk<'a> {
        parts: usize,
        depth: usize,
        lo: u64,
        total: u64,
        caps: &'a [u64],
        visit: &'a mut dyn FnMut(&[u32]),
    }
    fn go(w: &mut Walk, max: u64, left: u64, cur: &mut Vec<u32>) {
        if cur.len() == w.depth {
            if w.depth < w.parts || left == 0 {
                (w.visit)(cur);
            }
            return;
        }
        let k = w.parts - cur.len();
        let lo = w.lo;
        // The first parts may sum to at most the cap of their number.
        let max = match w.caps.get(cur.len() + 1) {
            Some(&cap) => match cap.checked_sub(w.total - left) {
                Some(room) => max.min(room),
                None => return,
            },
            None => max,
        };
        // The k parts left are distinct, each at least lo: the next is at least lo + k − 1
        // and at most `max`, and the rest must be able to make up the remainder.
        for v in (lo + k as u64 - 1..=max.min(left)).rev() {
            let rest = left - v;
            let kk = k as u64 - 1;
            let rest_min = kk * lo + kk * kk.saturating_sub(1) / 2;
            let rest_max = if kk == 0 {
                0
            } else {
                kk * (v - 1) - kk * (kk - 1) / 2
            };
            if rest < rest_min || rest > rest_max {
                continue;
            }
            cur.push(v as u32);
            go(w, v - 1, rest, cur);
            cur.pop();
        }
    }
    let used: u64 = prefix.iter().map(|&p| u64::from(p)).sum();
    let (Some(left), true) = (total.checked_sub(used), depth >= prefix.len()) else {
        return;
    };
    let mut sum = 0;
    for (l, &p) in prefix.iter().enumerate() {
        sum += u64::from(p);
        if caps.get(l + 1).is_some_and(|&cap| sum > cap) {
            return;
        }
    }
    let max = prefix
        .last()
        .map_or(hi, |&p| u64::from(p).saturating_sub(1));
    let mut walk = Walk {
        parts,
        depth,
        lo,
        total,
        caps,
        visit,
    };
    go(&mut walk, max, left, &mut prefix.to_vec());
}

/// How many margins of `parts` lines of `size` cells begin with `prefix`, counted without
/// walking them: the strictly decreasing sequences of the parts left, each at least the
/// least line sum and below the prefix's last part, that make up the rest of the total (the
/// bounds [`each_margin`] walks within). With an empty prefix, [`margin_count`].
pub fn margins_beginning(parts: usize, size: usize, prefix: &[u32]) -> u64 {
    let top = (parts * size) as u64;
    let (lo, hi) = (tri(size as u64), top_sum(size as u64, top));
    let used: u64 = prefix.iter().map(|&p| u64::from(p)).sum();
    let (Some(left), Some(k)) = (tri(top).checked_sub(used), parts.checked_sub(prefix.len()))
    else {
        return 0;
    };
    let max = prefix
        .last()
        .map_or(hi, |&p| u64::from(p).saturating_sub(1));
    let left = left as usize;
    // ways[j · (left + 1) + s]: sets of j distinct values among those taken so far that sum
    // to s (a set is its decreasing sequence). Saturating: a count past u64 is no margin
    // count a scan can walk anyway.
    let mut ways = vec![0u64; (k + 1) * (left + 1)];
    ways[0] = 1;
    for v in lo..=max.min(left as u64) {
        let v = v as usize;
        for j in (1..=k).rev() {
            for s in (v..=left).rev() {
                let add = ways[(j - 1) * (left + 1) + s - v];
                let at = &mut ways[j * (left + 1) + s];
                *at = at.saturating_add(add);
            }
        }
    }
    ways[k * (left + 1) + left]
}

pub(crate) fn tri(t: u64) -> u64 {
    t * (t + 1) / 2
}

/// The sum of the largest `t` values of 1..=top.
pub(crate) fn top_sum(t: u64, top: u64) -> u64 {
    tri(top) - tri(top - t)
}
