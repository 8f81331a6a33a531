//! Linear algebra over GF(2) on bit-packed rows: elimination, solutions, null space, and the
//! minimum-weight solution by walking the null space in Gray-code order.

/// A vector over GF(2), 64 coordinates per word.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    pub fn zeros(len: usize) -> Bits {
        Bits {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn get(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }
    pub fn set(&mut self, i: usize, v: bool) {
        if v {
            self.words[i / 64] |= 1 << (i % 64);
        } else {
            self.words[i / 64] &= !(1 << (i % 64));
        }
    }
    pub fn flip(&mut self, i: usize) {
        self.words[i / 64] ^= 1 << (i % 64);
    }
    pub fn xor_with(&mut self, other: &Bits) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a ^= b;
        }
    }
    pub fn count_ones(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    pub fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len).filter(|&i| self.get(i))
    }
    pub fn to_bools(&self) -> Vec<bool> {
        (0..self.len).map(|i| self.get(i)).collect()
    }
    pub fn from_bools(b: &[bool]) -> Bits {
        let mut v = Bits::zeros(b.len());
        for (i, &x) in b.iter().enumerate() {
            v.set(i, x);
        }
        v
    }
}

/// The answer to A x = b over GF(2).
#[derive(Clone, Debug)]
pub struct Solution {
    pub rank: usize,
    /// One solution (free variables 0), or `None` when the system is inconsistent.
    pub particular: Option<Bits>,
    /// A basis of the null space of A: adding any combination to a solution gives another.
    pub null_basis: Vec<Bits>,
}

/// Solves A x = b, with A given by its rows (each a vector over the `vars` unknowns).
pub fn solve(rows: &[Bits], rhs: &[bool], vars: usize) -> Solution {
    // Augment each row with its right-hand side as coordinate `vars`.
    let mut a: Vec<Bits> = rows
        .iter()
        .zip(rhs)
        .map(|(r, &b)| {
            let mut x = Bits::zeros(vars + 1);
            for (w, src) in x.words.iter_mut().zip(&r.words) {
                *w = *src;
            }
            x.set(vars, b);
            x
        })
        .collect();
    let mut pivot_cols = Vec::new();
    let mut row = 0;
    for col in 0..vars {
        let Some(p) = (row..a.len()).find(|&r| a[r].get(col)) else {
            continue;
        };
        a.swap(row, p);
        let pivot = a[row].clone();
        for (r, other) in a.iter_mut().enumerate() {
            if r != row && other.get(col) {
                other.xor_with(&pivot);
            }
        }
        pivot_cols.push(col);
        row += 1;
        if row == a.len() {
            break;
        }
    }
    let rank = pivot_cols.len();
    let consistent = a[rank..].iter().all(|r| !r.get(vars));
    let particular = consistent.then(|| {
        let mut x = Bits::zeros(vars);
        for (r, &c) in pivot_cols.iter().enumerate() {
            x.set(c, a[r].get(vars));
        }
        x
    });
    let mut is_pivot = vec![false; vars];
    for &c in &pivot_cols {
        is_pivot[c] = true;
    }
    let null_basis = (0..vars)
        .filter(|&f| !is_pivot[f])
        .map(|f| {
            let mut v = Bits::zeros(vars);
            v.set(f, true);
            for (r, &c) in pivot_cols.iter().enumerate() {
                if a[r].get(f) {
                    v.set(c, true);
                }
            }
            v
        })
        .collect();
    Solution {
        rank,
        particular,
        null_basis,
    }
}

/// The solution with the fewest ones among `particular + span(basis)`, by visiting all
/// 2^k combinations in Gray-code order (one XOR per step). `None` when k > `max_dim`.
pub fn min_weight(particular: &Bits, basis: &[Bits], max_dim: usize) -> Option<Bits> {
    if basis.len() > max_dim {
        return None;
    }
    let mut cur = particular.clone();
    let mut best = cur.clone();
    let mut best_w = cur.count_ones();
    for i in 1u64..1 << basis.len() {
        cur.xor_with(&basis[i.trailing_zeros() as usize]);
        let w = cur.count_ones();
        if w < best_w {
            best_w = w;
            best = cur.clone();
        }
    }
    Some(best)
}

/// A polynomial over GF(2), bit k = coefficient of x^k.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Poly(Bits);

impl Poly {
    fn with_capacity(deg: usize) -> Poly {
        Poly(Bits::zeros(deg + 2))
    }
    /// The degree, or `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        let w = self.0.words.iter().rposition(|&w| w != 0)?;
        Some(w * 64 + 63 - self.0.words[w].leading_zeros() as usize)
    }
    /// self ← self · x + other (degrees stay within capacity).
    fn times_x_plus(&mut self, other: &Poly) {
        let mut carry = 0u64;
        for (w, o) in self.0.words.iter_mut().zip(&other.0.words) {
            let next = *w >> 63;
            *w = (*w << 1 | carry) ^ o;
            carry = next;
        }
    }
    /// self ← self + other · x^shift.
    fn add_shifted(&mut self, other: &Poly, shift: usize) {
        let (ws, bs) = (shift / 64, shift % 64);
        for (i, &o) in other.0.words.iter().enumerate() {
            if o == 0 {
                continue;
            }
            if i + ws < self.0.words.len() {
                self.0.words[i + ws] ^= o << bs;
            }
            if bs > 0 && i + ws + 1 < self.0.words.len() {
                self.0.words[i + ws + 1] ^= o >> (64 - bs);
            }
        }
    }
}

/// The characteristic polynomial over GF(2) of the path graph on `n` vertices, evaluated at
/// x + c (c = 0 or 1): p_0 = 1, p_1 = x + c, p_k = (x + c) p_{k-1} + p_{k-2}.
pub fn path_poly(n: usize, c: bool) -> Poly {
    let mut prev = Poly::with_capacity(n); // p_{k-1}
    prev.0.set(0, true);
    if n == 0 {
        return prev;
    }
    let mut cur = Poly::with_capacity(n); // p_k
    cur.0.set(1, true);
    cur.0.set(0, c);
    for _ in 2..=n {
        // next = x·cur + c·cur + prev, computed in place in `prev`.
        let mut next = cur.clone();
        next.times_x_plus(&prev);
        if c {
            next.0.xor_with(&cur.0);
        }
        prev = std::mem::replace(&mut cur, next);
    }
    cur
}

/// Greatest common divisor of two polynomials over GF(2).
pub fn gcd(a: &Poly, b: &Poly) -> Poly {
    let (mut a, mut b) = (a.clone(), b.clone());
    loop {
        let Some(db) = b.degree() else { return a };
        // a ← a mod b
        while let Some(da) = a.degree() {
            if da < db {
                break;
            }
            a.add_shifted(&b, da - db);
        }
        std::mem::swap(&mut a, &mut b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_system() {
        // x0 + x1 = 1, x1 + x2 = 0: rank 2, one free variable.
        let rows = [
            Bits::from_bools(&[true, true, false]),
            Bits::from_bools(&[false, true, true]),
        ];
        let s = solve(&rows, &[true, false], 3);
        assert_eq!(s.rank, 2);
        assert_eq!(s.null_basis, vec![Bits::from_bools(&[true, true, true])]);
        let x = s.particular.unwrap();
        assert!(x.get(0) ^ x.get(1));
        assert!(!(x.get(1) ^ x.get(2)));
        let inconsistent = solve(
            &[Bits::from_bools(&[true]), Bits::from_bools(&[true])],
            &[true, false],
            1,
        );
        assert!(inconsistent.particular.is_none());
    }

    #[test]
    fn path_polynomials_by_hand() {
        // p_3 = x^3, p_4 = x^4 + x^2 + 1, p_5 = x^5 + x over GF(2).
        let ones = |p: &Poly| p.0.ones().collect::<Vec<_>>();
        assert_eq!(ones(&path_poly(3, false)), vec![3]);
        assert_eq!(ones(&path_poly(4, false)), vec![0, 2, 4]);
        assert_eq!(ones(&path_poly(5, false)), vec![1, 5]);
        // p_5(x + 1) = (x + 1)^5 + (x + 1) = x^5 + x^4 + x + 1 + x + 1 = x^5 + x^4.
        assert_eq!(ones(&path_poly(5, true)), vec![4, 5]);
        assert_eq!(
            gcd(&path_poly(5, false), &path_poly(5, true)).degree(),
            Some(2)
        );
    }
}
