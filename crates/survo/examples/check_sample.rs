//! The cost of the value-placement method (issue 71) from random column margins: each is
//! decided with all its row margins on one thread, its CPU seconds measured; the whole run is
//! the number of column margins walked (C ≥ C̄) times the mean, with a 95% interval.
//!
//! cargo run --release --example check_sample -p wellposed-survo -- 4 6 20 1   (m n count seed)
//! Prints one line per column margin, then the estimate.

use wellposed_survo::check::{columns, Decider, Worker};

fn cpu() -> f64 {
    // SAFETY: clock_gettime only writes the struct it is given.
    let mut t: libc::timespec = unsafe { std::mem::zeroed() };
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

mod sample;

fn main() {
    let mut sample = sample::Sample::from_args("check_sample M N COUNT SEED");
    let (m, n) = (sample.m, sample.n);
    let total = sample.walked.len();
    let mut costs = Vec::new();
    let mut w = Worker::default();
    // SURVO_PAIR_WEIGHT: the largest weight of the weighted pair condition (measurements).
    w.weight = std::env::var("SURVO_PAIR_WEIGHT")
        .ok()
        .map(|v| v.parse().unwrap());
    // SURVO_DECIDER=placement: the value-placement race instead of the crossing decider.
    if std::env::var("SURVO_DECIDER").as_deref() == Ok("placement") {
        w.decider = Decider::Placement;
    }
    for _ in 0..sample.count {
        let c = &sample.pick();
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
