//! `wellposed serve`: the setter's workbench, a local web page over the engine.
//!
//! One page (`page.html`, served from the binary) and one question, `POST /api/analyze`: the
//! puzzle's text (a `family` document, any format a family reads, a game ID) and, when the
//! setter clicked its grid, the grid's cells. The answer says none / unique / multiple, the two
//! witnesses and the cells where they differ, the grade, the next hint, the repair proposals
//! (each a puzzle text to apply with one click) and the grid to click. Everything is computed
//! by the engine, the families and [`wellposed_engine::repair`], as the command line does: the
//! page holds no puzzle knowledge.
//!
//! Pictures: the puzzle (`svg`, the family's `svg_puzzle`) and each solution (the family's
//! `svg`) as the family draws them. Where two solutions differ is marked without asking the
//! family: every family's SVG writes one drawing element per line, so the lines one picture
//! has and the other lacks are its differences — a loop edge, a shaded cell, a digit — and
//! [`mark_svg_differences`] gives them the class `differ` (orange) in each picture. The text
//! cells where the solutions differ (`differ`) mark the texts of families without a picture,
//! and the grid (`grid_differ`) where the solution's text is laid out as the grid's cells.
//!
//! Bounds, so that the server keeps working under load and bad input:
//! - it listens on the loopback interface only;
//! - a request body over [`Config::max_body`] is refused (413) before it is read;
//! - at most [`Config::max_jobs`] analyses run at once; another request is answered `busy`
//!   at once (503) rather than queued;
//! - each analysis has [`Config::time_bound`]: SAT calls get it as their deadline, each later
//!   stage (grade, hint, repair) runs only while time is left, and a request whose work is
//!   still running at the bound (plus a grace second) is answered `unknown` — the work's
//!   slot is freed when the work ends. An `unknown` answer says how many solutions the search
//!   had found (`solutions_found`: 1 means a solution exists and its uniqueness is undecided).

use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use wellposed_engine::repair::{repair, Keep, Outcome};
use wellposed_engine::{grading, uniqueness, Options, Puzzle, Uniqueness};

/// The page: plain HTML and a little script, no outside resources.
const PAGE: &str = include_str!("page.html");

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// The time one analysis may take.
    pub time_bound: Duration,
    /// The largest request body read, in bytes.
    pub max_body: usize,
    /// Analyses running at once.
    pub max_jobs: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            time_bound: Duration::from_secs(5),
            max_body: 256 << 10,
            max_jobs: 4,
        }
    }
}

#[derive(Clone)]
struct Shared {
    options: Options,
    time_bound: Duration,
    jobs: Arc<Semaphore>,
}

/// The server's routes, for [`run`] and for tests that serve on a port of their own.
pub fn router(config: &Config, options: Options) -> Router {
    let shared = Shared {
        options,
        time_bound: config.time_bound,
        jobs: Arc::new(Semaphore::new(config.max_jobs.max(1))),
    };
    Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route("/api/families", get(families))
        .route("/api/analyze", post(analyze_request))
        .layer(DefaultBodyLimit::max(config.max_body))
        .with_state(shared)
}

/// Serves until the process is stopped. Refuses an address off the loopback interface: the
/// workbench is for the setter's own machine.
pub fn run(config: Config, options: Options, ready: impl FnOnce(SocketAddr)) -> anyhow::Result<()> {
    if !config.addr.ip().is_loopback() {
        anyhow::bail!(
            "serve: {} is not a loopback address; the workbench listens on this machine only (127.0.0.1 or ::1)",
            config.addr.ip()
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| anyhow::anyhow!("serve: cannot listen on {}: {e}", config.addr))?;
        ready(listener.local_addr()?);
        axum::serve(listener, router(&config, options)).await?;
        Ok(())
    })
}

/// The families, with an example of each to start from.
async fn families() -> Json<Value> {
    let list: Vec<Value> = wellposed_families::FAMILIES
        .iter()
        .map(|f| json!({"name": f.name, "summary": f.summary, "example": f.examples.first()}))
        .collect();
    Json(json!({ "families": list }))
}

/// What the page asks.
#[derive(Deserialize)]
pub struct Request {
    /// The puzzle's text, a game ID or a puzz.link URL.
    pub text: String,
    /// The family to read it as (else the text says).
    #[serde(default)]
    pub family: Option<String>,
    /// The grid's cells after the setter clicked, row-major.
    #[serde(default)]
    pub cells: Option<Vec<String>>,
}

async fn analyze_request(State(s): State<Shared>, Json(req): Json<Request>) -> Response {
    let Ok(permit) = s.jobs.clone().try_acquire_owned() else {
        let body =
            json!({"status": "busy", "error": "the server is busy with other analyses; try again"});
        return (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response();
    };
    let deadline = Instant::now() + s.time_bound;
    let mut options = s.options.clone();
    options.limits.deadline = Some(deadline);
    // Each request its own tallies: what its search had found when the bound stopped it.
    options.progress = wellposed_engine::Progress::new();
    let progress = options.progress.clone();
    let work = tokio::task::spawn_blocking(move || {
        let _slot = permit;
        analyze(&req, &options, deadline)
    });
    let grace = s.time_bound + Duration::from_secs(1);
    match tokio::time::timeout(grace, work).await {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(_)) => {
            let body = json!({"status": "error", "error": "internal error: the analysis stopped unexpectedly; please report this"});
            (StatusCode::INTERNAL_SERVER_ERROR, Json(body)).into_response()
        }
        Err(_) => {
            let mut body = json!({"status": "unknown", "error": null});
            let bound = format!("the time bound of {} s", s.time_bound.as_secs_f64());
            stopped(&mut body, &bound, progress.solutions_found());
            Json(body).into_response()
        }
    }
}

/// Reads what the setter pasted: a game ID on one line, else the text (by its `family` line or
/// the format a family recognises), or as the family named. Errors are the command line's.
pub fn read(text: &str, family: Option<&str>) -> Result<Box<dyn Puzzle>, String> {
    let source = "puzzle";
    let chosen = match family.filter(|f| !f.is_empty() && *f != "auto") {
        Some(name) => {
            Some(wellposed_families::family(name).ok_or_else(|| format!("no family `{name}`"))?)
        }
        None => None,
    };
    let one_line = text.trim();
    if !one_line.contains('\n') {
        let by_id = match chosen {
            Some(f) => Some(f).filter(|f| (f.looks_like_game_id)(one_line)),
            None => wellposed_families::game_id_family(one_line),
        };
        if let Some(f) = by_id {
            return (f.parse_game_id)(one_line, source, 1).map_err(|e| e.to_string());
        }
    }
    match chosen {
        Some(f) => (f.parse)(text, source).or_else(|e| {
            // A game ID or puzz.link URL of another family names its family itself: read it
            // so rather than fail as the family chosen (which may be the page's, not the
            // setter's, choice).
            let other =
                wellposed_families::game_id_family(one_line).filter(|_| !one_line.contains('\n'));
            match other {
                Some(g) => (g.parse_game_id)(one_line, source, 1),
                None => Err(e),
            }
        }),
        None => wellposed_families::parse_text(text, source),
    }
    .map_err(|e| e.to_string())
}

/// An analysis stopped by its time bound: status `unknown`, and whether the search had found
/// a solution before it began looking for a second (`solutions_found`, the request's tally).
fn stopped(out: &mut Value, bound: &str, solutions_found: u64) {
    out["status"] = json!("unknown");
    out["solutions_found"] = json!(solutions_found);
    out["note"] = json!(if solutions_found > 0 {
        format!("a solution was found; whether it is the only one is undecided within {bound}")
    } else {
        format!("no answer within {bound}")
    });
}

/// The whole analysis of one request (see the module documentation), as JSON. When the time
/// bound stops the uniqueness search, the answer's `solutions_found` is read from
/// `opts.progress`: give each analysis a handle of its own (as the server does).
pub fn analyze(req: &Request, opts: &Options, deadline: Instant) -> Value {
    let mut p = match read(&req.text, req.family.as_deref()) {
        Ok(p) => p,
        Err(e) => return json!({"status": "error", "error": e}),
    };
    if let Some(cells) = &req.cells {
        match p.edited(cells) {
            Ok(q) => p = q,
            Err(e) => return json!({"status": "error", "error": format!("puzzle: {e}")}),
        }
    }
    let text = p.to_text();
    let grid = p.edit_grid();
    // The puzzle as the family draws it, where it draws one (beside the grid the setter edits).
    let mut out = json!({
        "family": p.family(),
        "text": text,
        "grid": grid,
        "url": p.url(),
        "svg": p.svg_puzzle(),
    });
    let u = match uniqueness(p.as_ref(), opts) {
        Ok(u) => u,
        Err(wellposed_engine::EngineError::Backend(
            wellposed_engine::sat::BackendError::Stopped { .. },
        )) => {
            stopped(&mut out, "the time bound", opts.progress.solutions_found());
            return out;
        }
        Err(e) => {
            out["status"] = json!("error");
            out["error"] = json!(e.to_string());
            return out;
        }
    };
    let (status, solutions) = match &u {
        Uniqueness::None => ("none", vec![]),
        Uniqueness::Unique(a) => ("unique", vec![a]),
        Uniqueness::Multiple(a, b) => ("multiple", vec![a, b]),
    };
    out["status"] = json!(status);
    // Each solution as the family's picture where it draws one, with the elements where two
    // solutions differ marked.
    let mut pictures: Vec<Option<String>> = solutions.iter().map(|s| p.svg(s)).collect();
    if let [Some(a), Some(b)] = pictures.as_slice() {
        let (a, b) = mark_svg_differences(a, b);
        pictures = vec![Some(a), Some(b)];
    }
    out["solutions"] = solutions
        .iter()
        .zip(&pictures)
        .map(|(s, svg)| json!({"text": s.text, "json": s.json, "svg": svg}))
        .collect();
    if let [a, b] = solutions.as_slice() {
        // `differ`: cells of the solutions' texts (the page marks them where it shows text).
        // `grid_differ`: the same cells on the grid the setter edits, only where the texts are
        // laid out as that grid (a loop's text has rows of edges between rows of cells: its
        // differences are marked in the pictures instead).
        let mut differ = differing_cells(&a.text, &b.text);
        // Only cells of the grid the page draws (a rendering may add lines: a game ID).
        if let Some(g) = &grid {
            differ.retain(|&(r, c)| r < g.rows && c < g.cols);
        }
        let on_grid = grid.as_ref().is_some_and(|g| {
            laid_out_as(&a.text, g.rows, g.cols) && laid_out_as(&b.text, g.rows, g.cols)
        });
        out["grid_differ"] = if on_grid { json!(differ) } else { json!([]) };
        out["differ"] = json!(differ);
    }
    let left = || Instant::now() < deadline;
    if left() {
        out["grade"] = report(grading::grade(p.as_ref(), "puzzle", "probe"));
    }
    if left() && status != "none" {
        out["hint"] = report(grading::hint(p.as_ref(), "puzzle"));
    }
    if left() && p.without_clues(&[]).is_some() {
        // The exact search gets what is left of half the time bound, then completes greedily.
        let bounds = wellposed_engine::repair::Bounds {
            rounds: 200,
            exact_time: deadline.saturating_duration_since(Instant::now()) / 2,
        };
        out["repair"] = match repair(p.as_ref(), Keep::Intended, 3, bounds, opts) {
            Ok(r) => {
                let proposals: Vec<Value> = r
                    .proposals
                    .iter()
                    .map(|q| json!({"clues": q.clues, "text": q.puzzle.to_text()}))
                    .collect();
                let what = match r.outcome {
                    Outcome::Multiple { .. } => "add",
                    Outcome::Unsolvable { .. } => "remove",
                    Outcome::Unique { .. } => "minimal",
                };
                let core = match &r.outcome {
                    Outcome::Unsolvable { core } => json!(core),
                    _ => Value::Null,
                };
                let redundant = match &r.outcome {
                    Outcome::Unique { redundant, .. } => json!(redundant),
                    _ => Value::Null,
                };
                json!({"what": what, "proposals": proposals, "minimum": r.minimum,
                       "core": core, "redundant": redundant})
            }
            Err(e) => json!({"error": e.to_string()}),
        };
    }
    out
}

fn report(r: anyhow::Result<wellposed_engine::Report>) -> Value {
    match r {
        Ok(r) => json!({"text": r.text, "json": r.json}),
        Err(e) => json!({"error": e.to_string()}),
    }
}

/// Where two renderings of solutions of one puzzle differ, as (row, column) of their cells:
/// each line is a row, its cells the whitespace-separated words when it has spaces (Survo's
/// numbers), else its characters (binary's digits). Lines of different shapes are skipped.
pub fn differing_cells(a: &str, b: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (r, (la, lb)) in a.lines().zip(b.lines()).enumerate() {
        let (ca, cb) = (cells_of(la), cells_of(lb));
        if ca.len() != cb.len() {
            continue;
        }
        out.extend((0..ca.len()).filter(|&c| ca[c] != cb[c]).map(|c| (r, c)));
    }
    out
}

/// Whether a solution's text starts with `rows` lines of `cols` cells each (cells as
/// [`differing_cells`] counts them), so that its cells are the edit grid's. Lines past them
/// (a game ID's rendering may add some) do not matter.
pub fn laid_out_as(text: &str, rows: usize, cols: usize) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    lines.len() >= rows && lines[..rows].iter().all(|l| cells_of(l).len() == cols)
}

/// A text line's cells: its whitespace-separated words when it has spaces, else its
/// characters.
fn cells_of(line: &str) -> Vec<String> {
    if line.trim().contains(' ') {
        line.split_whitespace().map(str::to_string).collect()
    } else {
        line.trim().chars().map(String::from).collect()
    }
}

/// Two pictures of solutions of one puzzle, each with the drawing elements the other lacks
/// marked (class `differ`, drawn in orange): a loop segment, a shaded cell, a digit that is
/// only in one of them. Works on any family's SVG that writes one element per line (as every
/// family's does), so the page needs no per-family code.
pub fn mark_svg_differences(a: &str, b: &str) -> (String, String) {
    const STYLE: &str =
        "<style>.differ{stroke:#e8590c !important;fill:#e8590c !important;}</style>";
    fn drawn(line: &str) -> bool {
        let t = line.trim_start();
        t.starts_with('<') && !t.starts_with("<svg") && !t.starts_with("</") && !t.starts_with("<?")
    }
    fn mark(this: &str, other: &str) -> String {
        let theirs: std::collections::HashSet<&str> = other.lines().filter(|l| drawn(l)).collect();
        let mut out = String::with_capacity(this.len() + 128);
        for line in this.lines() {
            let t = line.trim_start();
            if drawn(line) && !theirs.contains(line) {
                // `<rect x=…` → `<rect class="differ" x=…`
                match t.find(|c: char| c.is_whitespace() || c == '>' || c == '/') {
                    Some(k) => {
                        let indent = &line[..line.len() - t.len()];
                        out.push_str(indent);
                        out.push_str(&t[..k]);
                        out.push_str(" class=\"differ\"");
                        out.push_str(&t[k..]);
                    }
                    None => out.push_str(line),
                }
            } else {
                out.push_str(line);
            }
            out.push('\n');
            if t.starts_with("<svg") {
                out.push_str(STYLE);
                out.push('\n');
            }
        }
        out
    }
    (mark(a, b), mark(b, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_elements_only_one_picture_has_are_marked() {
        let a = "<svg width=\"2\">\n<line x1=\"0\"/>\n<rect x=\"1\"/>\n</svg>\n";
        let b = "<svg width=\"2\">\n<line x1=\"0\"/>\n<rect x=\"2\"/>\n</svg>\n";
        let (ma, mb) = mark_svg_differences(a, b);
        assert!(ma.contains("<rect class=\"differ\" x=\"1\"/>"), "{ma}");
        assert!(mb.contains("<rect class=\"differ\" x=\"2\"/>"), "{mb}");
        assert!(
            ma.contains("<line x1=\"0\"/>") && !ma.contains("<line class"),
            "{ma}"
        );
        assert!(ma.contains(".differ{"), "{ma}");
    }

    #[test]
    fn differing_cells_of_digits_and_of_words() {
        assert_eq!(
            differing_cells("0110\n1001", "0101\n1001"),
            [(0, 2), (0, 3)]
        );
        assert_eq!(
            differing_cells("9 12 5\n2 1 3", "9 12 5\n2 3 1"),
            [(1, 1), (1, 2)]
        );
    }

    #[test]
    fn a_text_is_laid_out_as_the_grid_only_with_its_cells_in_rows() {
        // Nurikabe's words, binary's characters (a game ID's extra lines after them).
        assert!(laid_out_as(". 5 #\n# # 1", 2, 3));
        assert!(laid_out_as("010\n101\nextra line", 2, 3));
        // Slitherlink's corners and edges between the rows of cells.
        assert!(!laid_out_as("+-+-+\n|3 2|\n+-+-+", 1, 2));
        assert!(!laid_out_as("010", 2, 3));
    }

    #[test]
    fn an_address_off_the_loopback_interface_is_refused() {
        let config = Config {
            addr: SocketAddr::from(([0, 0, 0, 0], 0)),
            ..Config::default()
        };
        let e = run(config, Options::default(), |_| {}).unwrap_err();
        assert!(e.to_string().contains("loopback"), "{e}");
    }

    #[test]
    fn a_pasted_game_id_and_a_bad_puzzle() {
        let p = read("8x8u:aadDAckJdBCabAq", None).unwrap();
        assert_eq!(p.family(), "binary");
        for (url, family) in [
            (
                "https://puzz.link/p?battleship/6/6/g12h2g30g3gk0r3w//c",
                "battleships",
            ),
            ("https://puzz.link/p?mines/5/5/g2m13l13g0j", "minesweeper"),
            ("nonogram/6/6/12g1111h11112j12g11g21j11g3h", "nonogram"),
        ] {
            assert_eq!(read(url, None).unwrap().family(), family, "{url}");
        }
        // Chosen as another family, a URL is still read as its own.
        let p = read("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", Some("binary")).unwrap();
        assert_eq!(p.family(), "nurikabe");
        let e = read("family binary\nsize 3 4\n", None).err().unwrap();
        assert!(e.starts_with("puzzle:"), "{e}");
    }
}
