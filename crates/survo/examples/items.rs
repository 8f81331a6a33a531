//! Times chosen units of a margin-pair scan on one thread, for work on the solver and on
//! splitting: `cargo run --release --example items 4 6 16140 12044` (the items of the
//! complement method's row-margin list, as in a unit result's `work`), or, with row margins
//! cut into pieces, `… items 3 8 701:1 r701` (row margin 701 by its first column sum, and
//! all its items: `rI` names every item of row margin I; items are numbered as [`items`]
//! numbers them, and `a..b` names a range).
use wellposed_survo::enumerate::{items, scan, Method, Split, Tally};
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |s: &str| -> usize { s.parse().expect("numbers: M N [I:D…] ITEM…") };
    let (m, n) = (number(&args[0]), number(&args[1]));
    let method = Method::of(m, n);
    let mut split = Split::new();
    let (mut chosen, mut whole) = (Vec::new(), Vec::new());
    for a in &args[2..] {
        if let Some(r) = a.strip_prefix('r') {
            whole.push(number(r));
        } else if let Some((i, d)) = a.split_once(':') {
            split.insert(number(i), number(d));
        } else if let Some((a, b)) = a.split_once("..") {
            chosen.extend(number(a)..number(b));
        } else {
            chosen.push(number(a));
        }
    }
    let list = items(m, n, method, &split);
    chosen.extend((0..list.len()).filter(|&k| whole.contains(&list[k].row_margin)));
    let t = scan(
        method,
        m,
        n,
        &split,
        1,
        (0, 1),
        &|k| !chosen.contains(&k),
        &|k, t: &Tally, _| {
            println!(
                "item {k} (row margin {} {:?}): unique {} searched {} moved {} pruned {} cpu {:.3} s",
                list[k].row_margin,
                list[k].prefix,
                t.unique,
                t.searched,
                t.moved,
                t.pruned,
                t.cpu_micros as f64 / 1e6
            )
        },
        false,
    );
    println!(
        "total: unique {} searched {} moved {} pruned {} cpu {:.2} s",
        t.unique,
        t.searched,
        t.moved,
        t.pruned,
        t.cpu_micros as f64 / 1e6
    );
}
