//! Random problems for the tests of every solver in this crate (dancing links, the
//! multiplicity search, memoised counting), from one generator so that each is tested on the
//! same kind of input.

use crate::Problem;

/// A xorshift stream (nonzero seed).
pub struct Rng(pub u64);

impl Rng {
    /// A number below `k`.
    pub fn below(&mut self, k: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % k
    }
}

/// The shape of the random problems: item and option counts drawn from `from..from + spread`,
/// each further item joining an option with probability `1 / join`, and a secondary item
/// coloured (one of `colours`) with probability 1/2.
pub struct Shape {
    pub primary: (usize, usize),
    pub secondary: (usize, usize),
    pub options: (usize, usize),
    pub join: u64,
    pub colours: usize,
}

/// A random problem: every option has a primary item (so none is ignored), and items join
/// options at random.
pub fn random_problem(rng: &mut Rng, shape: &Shape) -> Problem {
    let draw =
        |rng: &mut Rng, (from, spread): (usize, usize)| from + rng.below(spread as u64) as usize;
    let np = draw(rng, shape.primary);
    let ns = draw(rng, shape.secondary);
    let prim: Vec<String> = (0..np).map(|i| format!("p{i}")).collect();
    let sec: Vec<String> = (0..ns).map(|i| format!("s{i}")).collect();
    let mut p = Problem::new(&prim, &sec).expect("distinct names");
    let colours: Vec<u32> = (0..shape.colours)
        .map(|k| p.colour(&format!("c{k}")))
        .collect();
    for _ in 0..draw(rng, shape.options) {
        let mut items = vec![(rng.below(np as u64) as usize, None)];
        for i in 0..np + ns {
            if items.iter().any(|&(j, _)| j == i) || rng.below(shape.join) != 0 {
                continue;
            }
            let c = (i >= np && !colours.is_empty() && rng.below(2) == 0)
                .then(|| colours[rng.below(colours.len() as u64) as usize]);
            items.push((i, c));
        }
        p.add_option(&items).expect("a well-formed option");
    }
    p
}
