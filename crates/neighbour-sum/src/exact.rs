//! Exact linear algebra over the rationals: reduced row echelon form, solutions and null
//! space; the determinant by Bareiss's fraction-free elimination; and, as an independent
//! check, the determinant modulo a prime by plain modular elimination.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

pub type Q = BigRational;

/// The answer to A x = b over Q.
#[derive(Clone, Debug)]
pub struct Linear {
    pub rank: usize,
    /// One solution (free variables 0), or `None` when inconsistent.
    pub particular: Option<Vec<Q>>,
    /// A null-space basis, one vector per free variable (that variable 1, the others 0).
    pub null_basis: Vec<Vec<Q>>,
    /// Pivot column of each nonzero row of the reduced form.
    pub pivots: Vec<usize>,
    /// The reduced rows (coefficients, then the right-hand side), one per pivot.
    pub reduced: Vec<Vec<Q>>,
}

pub fn solve(a: &[Vec<i64>], b: &[i64]) -> Linear {
    let vars = a.first().map_or(0, |r| r.len());
    let mut m: Vec<Vec<Q>> = a
        .iter()
        .zip(b)
        .map(|(row, &rhs)| {
            row.iter()
                .chain(std::iter::once(&rhs))
                .map(|&x| Q::from_integer(x.into()))
                .collect()
        })
        .collect();
    let mut pivots = Vec::new();
    let mut r = 0;
    for col in 0..vars {
        let Some(p) = (r..m.len()).find(|&i| !m[i][col].is_zero()) else {
            continue;
        };
        m.swap(r, p);
        let inv = m[r][col].recip();
        for x in m[r].iter_mut() {
            *x *= &inv;
        }
        let pivot_row = m[r].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i != r && !row[col].is_zero() {
                let f = row[col].clone();
                for (x, y) in row.iter_mut().zip(&pivot_row) {
                    if !y.is_zero() {
                        *x -= &f * y;
                    }
                }
            }
        }
        pivots.push(col);
        r += 1;
        if r == m.len() {
            break;
        }
    }
    let rank = pivots.len();
    let consistent = m[rank..].iter().all(|row| row[vars].is_zero());
    let particular = consistent.then(|| {
        let mut x = vec![Q::zero(); vars];
        for (i, &c) in pivots.iter().enumerate() {
            x[c] = m[i][vars].clone();
        }
        x
    });
    let mut is_pivot = vec![false; vars];
    for &c in &pivots {
        is_pivot[c] = true;
    }
    let null_basis = (0..vars)
        .filter(|&f| !is_pivot[f])
        .map(|f| {
            let mut v = vec![Q::zero(); vars];
            v[f] = Q::one();
            for (i, &c) in pivots.iter().enumerate() {
                v[c] = -m[i][f].clone();
            }
            v
        })
        .collect();
    m.truncate(rank);
    Linear {
        rank,
        particular,
        null_basis,
        pivots,
        reduced: m,
    }
}

/// The determinant by Bareiss's fraction-free elimination: every intermediate value is an
/// exact integer (a minor of the matrix).
pub fn determinant(a: &[Vec<i64>]) -> BigInt {
    let n = a.len();
    let mut m: Vec<Vec<BigInt>> = a
        .iter()
        .map(|r| r.iter().map(|&x| BigInt::from(x)).collect())
        .collect();
    let mut sign = BigInt::one();
    let mut prev = BigInt::one();
    for k in 0..n {
        let Some(p) = (k..n).find(|&i| !m[i][k].is_zero()) else {
            return BigInt::zero();
        };
        if p != k {
            m.swap(p, k);
            sign = -sign;
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let v = &m[i][j] * &m[k][k] - &m[i][k] * &m[k][j];
                m[i][j] = v / &prev; // exact by Sylvester's identity
            }
        }
        prev = m[k][k].clone();
    }
    if n == 0 {
        return BigInt::one();
    }
    sign * &m[n - 1][n - 1]
}

/// The determinant modulo a prime `p` (< 2^63), by Gaussian elimination in Z/p.
pub fn determinant_mod(a: &[Vec<i64>], p: u64) -> u64 {
    let n = a.len();
    let p128 = u128::from(p);
    let mut m: Vec<Vec<u64>> = a
        .iter()
        .map(|r| r.iter().map(|&x| x.rem_euclid(p as i64) as u64).collect())
        .collect();
    let mut det: u128 = 1;
    for k in 0..n {
        let Some(piv) = (k..n).find(|&i| m[i][k] != 0) else {
            return 0;
        };
        if piv != k {
            m.swap(piv, k);
            det = (p128 - det) % p128;
        }
        det = det * u128::from(m[k][k]) % p128;
        let inv = pow_mod(m[k][k], p - 2, p);
        for i in k + 1..n {
            if m[i][k] == 0 {
                continue;
            }
            let f = u128::from(m[i][k]) * u128::from(inv) % p128;
            let pivot_row = m[k].clone();
            for (x, &y) in m[i][k..].iter_mut().zip(&pivot_row[k..]) {
                let sub = f * u128::from(y) % p128;
                *x = ((u128::from(*x) + p128 - sub) % p128) as u64;
            }
        }
    }
    det as u64
}

fn pow_mod(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut r: u128 = 1;
    let mut b128 = u128::from(b) % u128::from(p);
    while e > 0 {
        if e & 1 == 1 {
            r = r * b128 % u128::from(p);
        }
        b128 = b128 * b128 % u128::from(p);
        e >>= 1;
    }
    b = r as u64;
    b
}

/// The vector scaled to coprime integers (sign: first nonzero entry positive).
pub fn primitive(v: &[Q]) -> Vec<BigInt> {
    let lcm = v.iter().fold(BigInt::one(), |l, x| l.lcm(x.denom()));
    let ints: Vec<BigInt> = v.iter().map(|x| x.numer() * (&lcm / x.denom())).collect();
    let g = ints.iter().fold(BigInt::zero(), |g, x| g.gcd(x));
    let mut out: Vec<BigInt> = if g.is_zero() {
        ints
    } else {
        ints.iter().map(|x| x / &g).collect()
    };
    if out
        .iter()
        .find(|x| !x.is_zero())
        .is_some_and(|x| x.is_negative())
    {
        out = out.into_iter().map(|x| -x).collect();
    }
    out
}

/// A · v computed exactly.
pub fn apply(a: &[Vec<i64>], v: &[BigInt]) -> Vec<BigInt> {
    a.iter()
        .map(|row| row.iter().zip(v).map(|(&c, x)| BigInt::from(c) * x).sum())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn determinants_agree_on_small_matrices() {
        let a = vec![vec![2, -1, 0], vec![-1, 2, -1], vec![0, -1, 2]];
        assert_eq!(determinant(&a), BigInt::from(4));
        assert_eq!(determinant_mod(&a, 1_000_000_007), 4);
        let singular = vec![vec![1, 2], vec![2, 4]];
        assert_eq!(determinant(&singular), BigInt::zero());
        assert_eq!(determinant_mod(&singular, 1_000_000_007), 0);
        let s = solve(&singular, &[3, 6]);
        assert_eq!(s.rank, 1);
        assert_eq!(
            primitive(&s.null_basis[0]),
            vec![BigInt::from(2), BigInt::from(-1)]
        );
        assert!(solve(&singular, &[3, 7]).particular.is_none());
        let neg = vec![vec![0, 1], vec![1, 0]];
        assert_eq!(determinant(&neg), BigInt::from(-1));
        assert_eq!(determinant_mod(&neg, 101), 100);
    }
}
