//! What the measuring examples `check_sample` and `check_sides` share: their arguments
//! (`m n count seed`) and a uniform pick among the column margins a run walks.

use wellposed_survo::check::{complement, walk_margins};

/// The arguments `m n count seed` and the column margins of an m×n run: those walked, one of
/// each margin and its complement (C ≥ C̄), as the run decides them.
pub struct Sample {
    pub m: usize,
    pub n: usize,
    pub count: usize,
    pub walked: Vec<Vec<u32>>,
    state: u64,
}

impl Sample {
    /// Reads `m n count seed` from the command line (a measuring tool: a bad argument ends it
    /// with the usage line).
    pub fn from_args(usage: &str) -> Sample {
        let a: Vec<u64> = std::env::args()
            .skip(1)
            .map(|x| x.parse().unwrap_or_else(|_| panic!("usage: {usage}")))
            .collect();
        let [m, n, count, seed] = a[..] else {
            panic!("usage: {usage}")
        };
        let (m, n) = (m as usize, n as usize);
        let mut walked = Vec::new();
        walk_margins(n, m, &[], &[], &mut |c| {
            if c >= complement(c, m).as_slice() {
                walked.push(c.to_vec());
            }
        });
        Sample {
            m,
            n,
            count: count as usize,
            walked,
            state: seed,
        }
    }

    /// A column margin picked uniformly (splitmix64).
    pub fn pick(&mut self) -> Vec<u32> {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.walked[((z ^ (z >> 31)) % self.walked.len() as u64) as usize].clone()
    }
}
