//! Submarines by mathematics, without search.
//!
//! - Existence: the Gale–Ryser theorem. With the column sums sorted decreasingly, a 0-1 matrix
//!   exists iff the totals agree and every prefix of the columns sums to at most the same
//!   prefix of the conjugate of the row sums.
//! - Construction: Ryser's greedy — each column puts its ones in the rows with the largest
//!   remaining sums.
//! - Uniqueness: a solution is unique iff its bipartite digraph (row→column on a 1, column→row
//!   on a 0) has no directed cycle; flipping such an alternating cycle gives a second solution.
//! - Counting clue sets: which margin pairs are solvable, and which have exactly one solution
//!   (those where the sorted column sums equal the conjugate of the row sums), for all m×n.

use crate::Matrix;
use num_bigint::BigUint;
use serde::Serialize;

/// Conjugate partition: `conj[k-1]` = how many of `sums` are at least k, for k = 1..=len.
fn conjugate(sums: &[u32], len: usize) -> Vec<u32> {
    (1..=len as u32)
        .map(|k| sums.iter().filter(|&&s| s >= k).count() as u32)
        .collect()
}

/// The Gale–Ryser test: is there an m×n 0-1 matrix with these row and column sums?
pub fn gale_ryser(rows: &[u32], cols: &[u32]) -> bool {
    let (m, n) = (rows.len(), cols.len());
    if rows.iter().any(|&r| r as usize > n) || cols.iter().any(|&c| c as usize > m) {
        return false;
    }
    if rows.iter().map(|&r| u64::from(r)).sum::<u64>()
        != cols.iter().map(|&c| u64::from(c)).sum::<u64>()
    {
        return false;
    }
    let mut sorted = cols.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let conj = conjugate(rows, n);
    let (mut lhs, mut rhs) = (0u64, 0u64);
    sorted.iter().zip(&conj).all(|(&c, &r)| {
        lhs += u64::from(c);
        rhs += u64::from(r);
        lhs <= rhs
    })
}

/// Ryser's construction: a matrix with these sums, or `None` when there is none.
pub fn construct(rows: &[u32], cols: &[u32]) -> Option<Matrix> {
    let (m, n) = (rows.len(), cols.len());
    let mut left: Vec<u32> = rows.to_vec();
    let mut a = Matrix::zeros(m, n);
    let mut order: Vec<usize> = (0..m).collect();
    for (j, &c) in cols.iter().enumerate() {
        // Rows by remaining sum, largest first (stable: ties by index).
        order.sort_by(|&x, &y| left[y].cmp(&left[x]).then(x.cmp(&y)));
        for &i in order.iter().take(c as usize) {
            if left[i] == 0 {
                return None;
            }
            left[i] -= 1;
            a.0[i][j] = 1;
        }
        if c as usize > m {
            return None;
        }
    }
    left.iter().all(|&l| l == 0).then_some(a)
}

/// A directed cycle in the matrix's bipartite digraph, as the cells it passes through in
/// order (alternately a 1-cell and a 0-cell), or `None` when the matrix is the only one with
/// its sums.
pub fn alternating_cycle(a: &Matrix) -> Option<Vec<(usize, usize)>> {
    let m = a.0.len();
    let n = a.0.first().map_or(0, |r| r.len());
    // Nodes 0..m are rows, m..m+n columns.
    let succ = |u: usize, k: usize| -> Option<usize> {
        if u < m {
            (a.0[u][k] == 1).then_some(m + k) // row u → column k on a 1
        } else {
            (a.0[k][u - m] == 0).then_some(k) // column → row k on a 0
        }
    };
    let degree = |u: usize| if u < m { n } else { m };
    let mut state = vec![0u8; m + n]; // 0 new, 1 on the stack, 2 done
    for start in 0..m + n {
        if state[start] != 0 {
            continue;
        }
        // Iterative DFS: (node, next neighbour index to try).
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        state[start] = 1;
        while let Some(&mut (u, ref mut k)) = stack.last_mut() {
            if *k == degree(u) {
                state[u] = 2;
                stack.pop();
                continue;
            }
            let kk = *k;
            *k += 1;
            let Some(v) = succ(u, kk) else { continue };
            match state[v] {
                0 => {
                    state[v] = 1;
                    stack.push((v, 0));
                }
                1 => {
                    // The cycle is the stack from v to u, closed by u → v.
                    let from = stack.iter().position(|&(w, _)| w == v).expect("on stack");
                    let mut nodes: Vec<usize> = stack[from..].iter().map(|&(w, _)| w).collect();
                    nodes.push(v);
                    let cells = nodes
                        .windows(2)
                        .map(|w| {
                            if w[0] < m {
                                (w[0], w[1] - m)
                            } else {
                                (w[1], w[0] - m)
                            }
                        })
                        .collect();
                    return Some(cells);
                }
                _ => {}
            }
        }
    }
    None
}

/// The matrix with an alternating cycle's cells flipped: same sums, different matrix.
pub fn flip(a: &Matrix, cycle: &[(usize, usize)]) -> Matrix {
    let mut b = a.clone();
    for &(i, j) in cycle {
        b.0[i][j] ^= 1;
    }
    b
}

/// The answer by mathematics alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum Analysis {
    None,
    Unique { solution: Matrix },
    Multiple { solution: Matrix, second: Matrix },
}

pub fn analyze(rows: &[u32], cols: &[u32]) -> Analysis {
    if !gale_ryser(rows, cols) {
        return Analysis::None;
    }
    let a = construct(rows, cols).expect("Ryser's construction succeeds when Gale–Ryser holds");
    match alternating_cycle(&a) {
        None => Analysis::Unique { solution: a },
        Some(cycle) => Analysis::Multiple {
            second: flip(&a, &cycle),
            solution: a,
        },
    }
}

/// How many clue vectors an m×n board has, how many are solvable, and how many have exactly
/// one solution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reckoning {
    pub m: usize,
    pub n: usize,
    /// All pairs (rows in 0..=n each, columns in 0..=m each): (n+1)^m (m+1)^n.
    #[serde(serialize_with = "wellposed_engine::big")]
    pub clue_sets: BigUint,
    #[serde(serialize_with = "wellposed_engine::big")]
    pub solvable: BigUint,
    #[serde(serialize_with = "wellposed_engine::big")]
    pub unique: BigUint,
}

/// The work `reckon` accepts (roughly an hour on one core).
const REFUSE_STEPS: f64 = 1e13;

/// Counts clue sets by sorted row sums: for each multiset of row sums, the column-sum vectors
/// that pass Gale–Ryser are counted by dynamic programming over their values (largest first),
/// each weighted by its number of orderings. Cost about C(m+n, m) · m · n² · mn steps, not 2^(mn).
pub fn reckon(m: usize, n: usize) -> Result<Reckoning, String> {
    if m == 0 || n == 0 {
        return Err("the board needs at least one row and one column".into());
    }
    if m + n > 120 {
        return Err(format!(
            "a {m}×{n} board is beyond this method (m + n at most 120)"
        ));
    }
    let binom = binomials(m + n);
    // Refuse up front what would run for hours: about 2·10^9 of these steps take a second.
    let steps = binom[m + n][m] as f64 * (m + 1) as f64 * (n * n) as f64 * (m * n) as f64;
    if steps > REFUSE_STEPS {
        return Err(format!(
            "a {m}×{n} board needs about {steps:.1e} steps, beyond the {REFUSE_STEPS:.0e} this command accepts"
        ));
    }
    let mut solvable = BigUint::default();
    let mut unique = BigUint::default();
    let mut rows = vec![0u32; m];
    // Non-increasing row sums r[0] ≥ … ≥ r[m-1], values 0..=n.
    // Start from the largest multiset (all n) and step down to all zeros.
    rows.fill(n as u32);
    let mut done = false;
    while !done {
        let row_perms = orderings(&rows, &binom)?;
        let conj = conjugate(&rows, n);
        // Unique: the column sums are an ordering of the conjugate.
        unique += BigUint::from(row_perms) * BigUint::from(orderings(&conj, &binom)?);
        solvable += BigUint::from(row_perms) * columns_passing(&conj, m, n, &binom)?;
        done = !next_multiset(&mut rows);
    }
    let clue_sets =
        BigUint::from(n as u64 + 1).pow(m as u32) * BigUint::from(m as u64 + 1).pow(n as u32);
    Ok(Reckoning {
        m,
        n,
        clue_sets,
        solvable,
        unique,
    })
}

/// Column-sum vectors (length n, values 0..=m) with the same total as `conj` whose sorted
/// prefix sums never exceed those of `conj` (Gale–Ryser), counted with their orderings.
fn columns_passing(
    conj: &[u32],
    m: usize,
    n: usize,
    binom: &[Vec<u128>],
) -> Result<BigUint, String> {
    let total: usize = conj.iter().map(|&x| x as usize).sum();
    let mut bound = vec![0usize; n + 1];
    for k in 0..n {
        bound[k + 1] = bound[k] + conj[k] as usize;
    }
    // dp[k][s]: ways to have placed the k largest column sums with total s.
    let mut dp = vec![vec![0u128; total + 1]; n + 1];
    dp[0][0] = 1;
    for v in (0..=m).rev() {
        let mut next = vec![vec![0u128; total + 1]; n + 1];
        for (k, row) in dp.iter().enumerate() {
            for (s, &w) in row.iter().enumerate() {
                if w == 0 {
                    continue;
                }
                // t more columns of sum v, at positions k+1..=k+t.
                for t in 0..=n - k {
                    let s2 = s + t * v;
                    if s2 > total || (t > 0 && s2 > bound[k + t]) {
                        break;
                    }
                    let add = w.checked_mul(binom[n - k][t]).ok_or("count overflow")?;
                    next[k + t][s2] = next[k + t][s2].checked_add(add).ok_or("count overflow")?;
                }
            }
        }
        dp = next;
    }
    Ok(BigUint::from(dp[n][total]))
}

fn binomials(n: usize) -> Vec<Vec<u128>> {
    let mut b = vec![vec![0u128; n + 1]; n + 1];
    for i in 0..=n {
        b[i][0] = 1;
        for j in 1..=i {
            b[i][j] = b[i - 1][j - 1] + b[i - 1][j];
        }
    }
    b
}

/// The number of distinct orderings of a multiset: len! / Π multiplicity!.
fn orderings(values: &[u32], binom: &[Vec<u128>]) -> Result<u128, String> {
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    let mut left = values.len();
    let mut ways: u128 = 1;
    for run in sorted.chunk_by(|a, b| a == b) {
        ways = ways
            .checked_mul(binom[left][run.len()])
            .ok_or("count overflow")?;
        left -= run.len();
    }
    Ok(ways)
}

/// The next non-increasing vector in decreasing lexicographic order (values stay within the
/// starting maximum), or false after all zeros.
fn next_multiset(r: &mut [u32]) -> bool {
    // Find the last position that can be decreased; reset everything after it to that value.
    let Some(p) = r.iter().rposition(|&x| x > 0) else {
        return false;
    };
    r[p] -= 1;
    let v = r[p];
    for x in &mut r[p + 1..] {
        *x = v;
    }
    true
}

/// The poly-Bernoulli number B_m^(-n) = Σ_j (j!)² S(m+1, j+1) S(n+1, j+1): the number of
/// m×n lonesum matrices (Kaneko 1997; Brewbaker), i.e. of clue sets with exactly one solution.
pub fn poly_bernoulli(m: usize, n: usize) -> BigUint {
    let top = m.max(n) + 1;
    // Stirling numbers of the second kind S(i, k).
    let mut s = vec![vec![BigUint::default(); top + 1]; top + 1];
    s[0][0] = BigUint::from(1u32);
    for i in 1..=top {
        for k in 1..=i {
            s[i][k] = BigUint::from(k) * &s[i - 1][k] + &s[i - 1][k - 1];
        }
    }
    let mut fact = BigUint::from(1u32);
    let mut total = BigUint::default();
    for j in 0..=m.min(n) {
        if j > 0 {
            fact *= BigUint::from(j);
        }
        total += &fact * &fact * &s[m + 1][j + 1] * &s[n + 1][j + 1];
    }
    total
}

/// Reckoning by brute force over all 2^(mn) matrices: for tests on small boards.
pub fn reckon_brute_force(m: usize, n: usize) -> Reckoning {
    assert!(m * n <= 20, "brute force is for small boards");
    let mut seen: std::collections::HashMap<(Vec<u32>, Vec<u32>), u32> = Default::default();
    for mask in 0u64..1 << (m * n) {
        let a = Matrix(
            (0..m)
                .map(|i| (0..n).map(|j| (mask >> (i * n + j) & 1) as u8).collect())
                .collect(),
        );
        *seen.entry((a.row_sums(), a.col_sums())).or_default() += 1;
    }
    Reckoning {
        m,
        n,
        clue_sets: BigUint::from(n as u64 + 1).pow(m as u32)
            * BigUint::from(m as u64 + 1).pow(n as u32),
        solvable: BigUint::from(seen.len()),
        unique: BigUint::from(seen.values().filter(|&&c| c == 1).count()),
    }
}
