//! The cost of the value-placement method (issue 71) from random column margins: each is
//! decided with all its row margins on one thread, its CPU seconds measured; the whole run is
//! the number of column margins walked (C ≥ C̄) times the mean, with a 95% interval.
//!
//! cargo run --release --example check_sample -p wellposed-survo -- 4 6 20 1   (m n count seed)
//! Prints one line per column margin, then the estimate.

use wellposed_survo::check::{columns, complement, walk_margins, Worker};

fn cpu() -> f64 {
    // SAFETY: clock_gettime only writes the struct it is given.
    let mut t: libc::timespec = unsafe { std::mem::zeroed() };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (m, n, count, seed): (usize, usize, usize, u64) = (
        a[0].parse().unwrap(),
        a[1].parse().unwrap(),
        a[2].parse().unwrap(),
        a[3].parse().unwrap(),
    );
    let mut walked = Vec::new();
    walk_margins(n, m, &[], &[], &mut |c| {
        if c >= complement(c, m).as_slice() {
            walked.push(c.to_vec());
        }
    });
    let total = walked.len();
    // splitmix64: a uniform pick per column margin.
    let mut state = seed;
    let mut below = |k: usize| {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % k as u64) as usize
    };
    let mut costs = Vec::new();
    let mut w = Worker::default();
    // SURVO_PAIR_WEIGHT: the largest weight of the weighted pair condition (measurements).
    w.weight = std::env::var("SURVO_PAIR_WEIGHT")
        .ok()
        .map(|v| v.parse().unwrap());
    for _ in 0..count {
        let c = &walked[below(total)];
        let stats = w.stats;
        let rejected = w.flow_rejected;
        let weighed = w.weights_rejected;
        let started = cpu();
        let (t, _) = columns(m, n, &mut |f| f(c), &mut w, false);
        let took = cpu() - started;
        let by: Vec<u64> = (0..6).map(|i| w.stats[i] - stats[i]).collect();
        println!(
            "{c:?} unique {} searched {} moved {} pruned {} (weights {} flow {}) cpu {took:.3} \
             searches-by-outcome-0/1/2+ {:?} nodes {:?}",
            t.unique,
            t.searched,
            t.moved,
            t.pruned,
            w.weights_rejected - weighed,
            w.flow_rejected - rejected,
            &by[..3],
            &by[3..]
        );
        costs.push(took);
    }
    let k = costs.len() as f64;
    let mean = costs.iter().sum::<f64>() / k;
    let sd = (costs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0)).sqrt();
    let half = 1.96 * sd / k.sqrt();
    let h = |x: f64| x * total as f64 / 3600.0;
    println!(
        "{m}x{n}: {total} column margins walked; mean {mean:.3} CPU s (sd {sd:.3}) over {k}: \
         {:.1} core-hours (95% {:.1}–{:.1})",
        h(mean),
        h((mean - half).max(0.0)),
        h(mean + half)
    );
}
