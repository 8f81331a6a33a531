//! Benchmark driver. `gen DIR` writes the raw instances; `dlx FILE…` times this project's
//! dancing links (one thread and all threads) against the dlx-rs crate on the same problems
//! and prints a table of seconds and ratios measured in the same run. `count [MAX_N]` counts
//! n-queens (8..MAX_N) three ways: the projected model counter and blocking clauses on the
//! CNF, and dancing links on the exact cover, in the same run.

mod instances;

use std::time::Instant;
use wellposed_xc::{count, count_parallel, parse_dlx, Problem};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("gen") if args.len() == 2 => gen(&args[1]),
        Some("dlx") if args.len() >= 2 => bench_dlx(&args[1..]),
        Some("count") => bench_count(args.get(1).and_then(|s| s.parse().ok()).unwrap_or(13)),
        Some("gen-memo") if args.len() == 2 => gen_memo(&args[1]),
        Some("memo") if args.len() >= 2 => bench_memo(&args[1..]),
        _ => {
            eprintln!(
                "usage: wellposed-bench gen DIR | wellposed-bench dlx FILE.dlx… | wellposed-bench count [MAX_N] | wellposed-bench gen-memo DIR | wellposed-bench memo FILE.dlx…"
            );
            std::process::exit(2);
        }
    }
}

fn gen(dir: &str) {
    let files = [
        ("queens8.cnf", instances::queens_cnf(8)),
        ("queens10.cnf", instances::queens_cnf(10)),
        ("pigeonhole-6-5.cnf", instances::pigeonhole_cnf(6, 5)),
        ("pigeonhole-9-8.cnf", instances::pigeonhole_cnf(9, 8)),
        ("queens8.dlx", instances::queens_dlx(8)),
        ("queens12.dlx", instances::queens_dlx(12)),
        ("pentomino-5x12.dlx", instances::pentomino_dlx(5, 12)),
        ("pentomino-6x10.dlx", instances::pentomino_dlx(6, 10)),
        ("pentomino-3x20.dlx", instances::pentomino_dlx(3, 20)),
    ];
    for (name, text) in files {
        let path = format!("{dir}/{name}");
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
        println!("wrote {path}");
    }
}

/// dlx-rs needs items numbered from 1, no colours, and at least one primary item per option;
/// our parser already guarantees the last, and the benchmark files have no colours.
fn dlx_rs_count(p: &Problem) -> u64 {
    let n2 = p.num_items() - p.num_primary();
    let mut s = dlx_rs::Solver::new_optional(p.num_primary(), n2);
    for (k, opt) in p.options().iter().enumerate() {
        assert!(
            opt.iter().all(|&(_, c)| c.is_none()),
            "dlx-rs has no colours"
        );
        let items: Vec<usize> = opt.iter().map(|&(i, _)| i + 1).collect();
        s.add_option(k, &items);
    }
    let mut n = 0;
    for _ in s {
        n += 1;
    }
    n
}

fn time<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = Instant::now();
    let v = f();
    (v, t.elapsed().as_secs_f64())
}

fn bench_dlx(files: &[String]) {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("| instance | solutions | dlx-rs 1.3 (s) | wellposed 1 thread (s) | wellposed {threads} threads (s) | 1-thread speed-up | {threads}-thread speed-up |");
    println!("|---|---|---|---|---|---|---|");
    for f in files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let p = parse_dlx(&text).unwrap_or_else(|e| panic!("{f}: {e}"));
        let (base, t_base) = time(|| dlx_rs_count(&p));
        let (one, t_one) = time(|| count(&p, None));
        let (all, t_all) = time(|| count_parallel(&p, threads, None, &Default::default()));
        assert_eq!(one.count, base, "{f}: counts disagree");
        assert_eq!(all.count, base, "{f}: counts disagree");
        let name = std::path::Path::new(f)
            .file_name()
            .unwrap()
            .to_string_lossy();
        println!(
            "| {name} | {base} | {t_base:.3} | {t_one:.3} | {t_all:.3} | {:.2}× | {:.2}× |",
            t_base / t_one,
            t_base / t_all
        );
    }
}

/// Blocking-clause counting (one varisat call per solution) is left out above this size: it
/// takes minutes there and the trend is clear by then.
const BLOCKING_MAX_N: usize = 11;

fn bench_count(max_n: usize) {
    use wellposed_count::Counter;
    use wellposed_sat::{dimacs, Backend, Lit, VarisatBackend};
    println!("| n | solutions | counter (s) | how | search only (s) | its decisions | its cache hits | blocking (s) | dancing links 1 thread (s) | counter / dancing links |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for n in 8..=max_n {
        let (cnf, notes) = dimacs::parse(&instances::queens_cnf(n)).expect("generated CNF parses");
        let shown = notes.show.clone();
        let (counted, t_counter) = time(|| Counter::default().count(&cnf, shown.as_deref()));
        // The same counter without recognising the exact cover: what its own search costs.
        let search_only = Counter {
            exact_cover: false,
            ..Counter::default()
        };
        let (searched, t_search) = time(|| search_only.count(&cnf, shown.as_deref()));
        assert_eq!(
            counted.count, searched.count,
            "{n}-queens: counter's two ways"
        );
        let how = match counted.stats.dancing_links {
            true => "exact cover",
            false => "search",
        };
        let p = parse_dlx(&instances::queens_dlx(n)).expect("generated .dlx parses");
        let (dl, t_dlx) = time(|| count(&p, None));
        assert_eq!(
            counted.count,
            dl.count.into(),
            "{n}-queens: counter vs dancing links"
        );
        let blocking = if n <= BLOCKING_MAX_N {
            let (b, t) = time(|| {
                let mut solver = VarisatBackend::new();
                solver.add_cnf(&cnf);
                let mut k = 0u64;
                while solver.solve(&[]).expect("varisat") {
                    k += 1;
                    let block: Vec<Lit> = (0..cnf.num_vars())
                        .map(|v| wellposed_sat::Var(v).positive())
                        .filter(|&l| solver.lit_value(l))
                        .map(|l| !l)
                        .collect();
                    solver.add_clause(&block);
                }
                k
            });
            assert_eq!(b, dl.count, "{n}-queens: blocking vs dancing links");
            format!("{t:.3}")
        } else {
            "(not run)".into()
        };
        println!(
            "| {n} | {} | {t_counter:.3} | {how} | {t_search:.3} | {} | {} | {blocking} | {t_dlx:.3} | {:.2}× |",
            dl.count,
            searched.stats.decisions,
            searched.stats.cache_hits,
            t_counter / t_dlx
        );
    }
}

/// The domino boards of the memoisation benchmark.
fn gen_memo(dir: &str) {
    for (h, w) in [(8, 8), (6, 20), (10, 10), (12, 12)] {
        let path = format!("{dir}/domino-{h}x{w}.dlx");
        std::fs::write(&path, instances::domino_dlx(h, w))
            .unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
        println!("wrote {path}");
    }
}

/// Plain dancing links (one thread; dlx-rs beside it where the problem has no colours) against
/// memoised counting, on the same problems; plain runs past `PLAIN_MAX_SECONDS` are skipped for
/// the larger instances of a family (marked `—`).
fn bench_memo(files: &[String]) {
    println!("| instance | solutions | dlx-rs 1.3 (s) | dancing links 1 thread (s) | memoised (s) | remainders stored | found again | memoised / plain |");
    println!("|---|---|---|---|---|---|---|---|");
    let never = std::sync::atomic::AtomicBool::new(false);
    for f in files {
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let p = parse_dlx(&text).unwrap_or_else(|e| panic!("{f}: {e}"));
        let (m, t_memo) = time(|| wellposed_xc::memo::count(&p, 8 << 30, &never).expect("memo"));
        let name = std::path::Path::new(f)
            .file_name()
            .unwrap()
            .to_string_lossy();
        // Plain counts only where they finish in reasonable time (at most ~10^8 leaves).
        let plain = (m.count < 100_000_000).then(|| time(|| count(&p, None)));
        let coloured = p.options().iter().flatten().any(|&(_, c)| c.is_some());
        let rs = (plain.is_some() && !coloured).then(|| time(|| dlx_rs_count(&p)));
        if let Some((c, _)) = &plain {
            assert_eq!(u128::from(c.count), m.count, "{f}: counts disagree");
        }
        if let Some((c, _)) = &rs {
            assert_eq!(u128::from(*c), m.count, "{f}: dlx-rs disagrees");
        }
        let secs = |t: Option<f64>| t.map_or("—".to_string(), |t| format!("{t:.3}"));
        println!(
            "| {name} | {} | {} | {} | {t_memo:.3} | {} | {} | {} |",
            m.count,
            secs(rs.map(|(_, t)| t)),
            secs(plain.as_ref().map(|(_, t)| *t)),
            m.entries,
            m.hits,
            plain.map_or("—".to_string(), |(_, t)| format!("{:.2}×", t_memo / t)),
        );
    }
}
