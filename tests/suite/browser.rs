//! The workbench in a real browser: Debian's Chromium, headless, driven through chromedriver
//! (the W3C WebDriver protocol, plain HTTP on the loopback interface). A binary puzzle with two
//! solutions is loaded, the page must say `multiple` and highlight where the solutions differ;
//! a repair proposal is applied with one click and the page must say `unique`; a click on the
//! grid edits the puzzle. Every answer the page shows is checked against the command line's
//! on the same text. `.ci/run` installs chromium and chromium-driver; on a machine without them
//! the test says so and skips, except under CI, where that is a failure.
//! A loop genre and a region genre pasted as puzz.link URLs: the page opens on an example, draws
//! the puzzle and each solution as the family's SVG (a Slitherlink with two solutions: both
//! loops as lines, the edges where they differ marked; a unique Nurikabe: its shaded cells),
//! and its answers are the command line's.
//! `WELLPOSED_SCREENSHOT=FILE.png` also saves screenshots of the page (the README's): FILE.png
//! with two solutions, FILE-applied.png after the first proposal.

use crate::common::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

struct Driver {
    child: std::process::Child,
    addr: String,
    session: String,
    _turn: std::sync::MutexGuard<'static, ()>,
}

/// Held by the one test driving a browser at a time.
static BROWSER_TURN: std::sync::Mutex<()> = std::sync::Mutex::new(());

impl Driver {
    fn start() -> Option<Driver> {
        if !std::path::Path::new(CHROMIUM).exists() || !std::path::Path::new(DRIVER).exists() {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must install chromium and chromium-driver (see .ci/run)"
            );
            eprintln!("SKIPPED: no {CHROMIUM} or {DRIVER}");
            return None;
        }
        // One browser at a time: three Chromiums starting together on a loaded 2-core machine
        // made a session request fail (the driver closed the connection unanswered).
        let turn = BROWSER_TURN.lock().unwrap_or_else(|e| e.into_inner());
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1100,1300"]}
        }}});
        // A free port can be taken between our probe and the driver's bind: a session that
        // cannot be had is asked of a fresh driver, three times at most.
        let mut last = String::new();
        for _ in 0..3 {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port();
            let mut child = std::process::Command::new(DRIVER)
                .arg(format!("--port={port}"))
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("start chromedriver");
            let addr = format!("127.0.0.1:{port}");
            let until = Instant::now() + Duration::from_secs(20);
            while std::net::TcpStream::connect(&addr).is_err() {
                assert!(Instant::now() < until, "chromedriver did not start");
                std::thread::sleep(Duration::from_millis(100));
            }
            let (code, text) = http(&addr, "POST", "/session", Some(&caps.to_string()));
            let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            if let (200, Some(session)) = (code, v["value"]["sessionId"].as_str()) {
                return Some(Driver {
                    child,
                    addr,
                    session: session.to_string(),
                    _turn: turn,
                });
            }
            last = format!("{code}: {text}");
            let _ = child.kill();
            let _ = child.wait();
        }
        panic!("no WebDriver session in three tries; the last answer: {last}");
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string());
        if std::env::var_os("WELLPOSED_TRACE_WEBDRIVER").is_some() {
            eprintln!("webdriver: {method} {path}");
        }
        let (code, text) = http(&self.addr, method, path, body.as_deref());
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert_eq!(code, 200, "{method} {path}: {text}");
        v["value"].clone()
    }

    fn at(&self, rest: &str) -> String {
        format!("/session/{}{rest}", self.session)
    }

    fn go(&self, url: &str) {
        self.call("POST", &self.at("/url"), Some(json!({ "url": url })));
    }

    /// The element matching a CSS selector.
    fn find(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            &self.at("/element"),
            Some(json!({"using": "css selector", "value": css})),
        );
        v.as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no element {css}"))
            .to_string()
    }

    fn count(&self, css: &str) -> usize {
        let v = self.call(
            "POST",
            &self.at("/elements"),
            Some(json!({"using": "css selector", "value": css})),
        );
        v.as_array().map_or(0, Vec::len)
    }

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.call(
            "POST",
            &self.at(&format!("/element/{e}/click")),
            Some(json!({})),
        );
    }

    /// A script's value in the page.
    fn script(&self, js: &str) -> Value {
        self.call(
            "POST",
            &self.at("/execute/sync"),
            Some(json!({"script": js, "args": []})),
        )
    }

    /// Waits until the page's status is no longer "still thinking…" and returns it.
    fn settled_status(&self) -> String {
        let until = Instant::now() + Duration::from_secs(30);
        loop {
            let s = self.script("return document.getElementById('status').textContent;");
            let s = s.as_str().unwrap_or("").to_string();
            if !s.contains("thinking") && s != "—" {
                return s;
            }
            assert!(Instant::now() < until, "the page is still thinking");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Types `text` into the puzzle's box as the setter's paste would land (the box cleared
    /// first), then waits for the answer to it: the page shows the puzz.link URL it read.
    fn paste_url(&self, url: &str) -> String {
        let e = self.find("#text");
        self.call(
            "POST",
            &self.at(&format!("/element/{e}/clear")),
            Some(json!({})),
        );
        self.call(
            "POST",
            &self.at(&format!("/element/{e}/value")),
            Some(json!({ "text": url })),
        );
        let until = Instant::now() + Duration::from_secs(30);
        let shown = format!("puzz.link: {url}");
        while self.script("return document.getElementById('url').textContent;") != shown {
            assert!(
                Instant::now() < until,
                "the page did not read {url}: {}",
                self.script("return [document.getElementById('url').textContent, document.getElementById('status').textContent, document.getElementById('error').textContent, document.getElementById('text').value];")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        self.settled_status()
    }

    /// How many elements match `css` inside each element matching `outer`.
    fn counts_in(&self, outer: &str, css: &str) -> Vec<usize> {
        let js = format!(
            "return [...document.querySelectorAll({outer:?})].map(e => e.querySelectorAll({css:?}).length);"
        );
        serde_json::from_value(self.script(&js)).unwrap()
    }

    fn text(&self) -> String {
        self.script("return document.getElementById('text').value;")
            .as_str()
            .unwrap()
            .to_string()
    }

    fn screenshot(&self, path: &str) {
        let v = self.call("GET", &self.at("/screenshot"), None);
        let png = base64(v.as_str().unwrap());
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(
                &self.addr,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn base64(s: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = s
        .bytes()
        .filter(|&c| c != b'=' && c != b'\n')
        .map(value)
        .collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().fold(0u32, |n, &d| n << 6 | u32::from(d)) << (6 * (4 - chunk.len()));
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}

fn percent(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The command line's answer for a puzzle (a file's path or a URL), as its JSON.
fn cli_solve(puzzle: &str) -> Value {
    wellposed(&["solve", "--json", puzzle]).json()
}

/// The number of `true`s in a solution's JSON (loop edges on, cells shaded).
fn trues(v: &Value) -> usize {
    match v {
        Value::Bool(b) => usize::from(*b),
        Value::Array(a) => a.iter().map(trues).sum(),
        Value::Object(o) => o.values().map(trues).sum(),
        _ => 0,
    }
}

/// The command line's status for a puzzle text.
fn cli_status(text: &str) -> String {
    let f = temp_file("browser.txt", text);
    wellposed(&["solve", "--json", &f]).json()["status"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn a_setter_repairs_a_binary_puzzle_in_the_browser() {
    let Some(d) = Driver::start() else {
        return;
    };
    let server = Server::start(&[]);
    let puzzle =
        std::fs::read_to_string(instance("encodings/binary/two-solutions-6x6.txt")).unwrap();
    d.go(&format!(
        "http://{}/?text={}",
        server.addr,
        percent(&puzzle)
    ));
    assert_eq!(d.settled_status(), "multiple solutions");
    assert_eq!(cli_status(&d.text()), "multiple");
    // The cells where the two solutions differ are highlighted, in the grid and in both
    // solutions shown.
    let differing = d.count("td.differ");
    assert!(differing > 0);
    assert_eq!(d.count("#solutions mark"), 2 * differing);
    // The proposals are the command line's.
    let f = temp_file("browser-repair.txt", &puzzle);
    let cli = wellposed(&["repair", "--json", &f]).json();
    let first: Vec<String> = serde_json::from_value(cli["proposals"][0]["clues"].clone()).unwrap();
    let shown = d.script("return document.querySelector('.proposal').textContent;");
    assert!(shown.as_str().unwrap().contains(&first[0]), "{shown}");
    if let Some(path) = std::env::var_os("WELLPOSED_SCREENSHOT") {
        d.screenshot(path.to_str().unwrap());
    }
    // One click applies the first proposal: unique, by the page and by the command line.
    d.click("#apply-0");
    assert_eq!(d.settled_status(), "unique");
    assert_eq!(cli_status(&d.text()), "unique");
    assert_eq!(d.count("td.differ"), 0);
    if let Some(path) = std::env::var_os("WELLPOSED_SCREENSHOT") {
        let after = path.to_str().unwrap().replace(".png", "-applied.png");
        d.screenshot(&after);
    }
    // A click on an open cell edits the puzzle; the page's answer is the command line's.
    let open = d.script(
        "const c = [...document.querySelectorAll('#grid td')].find(t => t.textContent === '.'); return c.id;",
    );
    d.click(&format!("#{}", open.as_str().unwrap()));
    let status = d.settled_status();
    let cli = cli_status(&d.text());
    let words = match cli.as_str() {
        "unique" => "unique",
        "multiple" => "multiple solutions",
        _ => "no solution",
    };
    assert_eq!(status, words);
}

#[test]
fn a_pasted_slitherlink_url_with_two_solutions_is_drawn_as_two_loops() {
    let Some(d) = Driver::start() else {
        return;
    };
    let server = Server::start(&[]);
    // The page opens on an example, not an empty box.
    d.go(&format!("http://{}/", server.addr));
    d.settled_status();
    assert!(
        !d.text().trim().is_empty(),
        "the page opened on an empty box"
    );
    // A 3×3 loop with clues 3 2 3 along its top: it closes around the top row or snakes
    // through the middle column.
    let url = "https://puzz.link/p?slither/3/3/32dj";
    assert_eq!(d.paste_url(url), "multiple solutions");
    let cli = cli_solve(url);
    assert_eq!(cli["status"], "multiple");
    // The two solutions the page found are the command line's two (in either order).
    let page: Vec<Value> =
        serde_json::from_value(d.script("return last.solutions.map(s => s.json);")).unwrap();
    let both = [cli["solution"].clone(), cli["second_solution"].clone()];
    assert_eq!(page.len(), 2);
    assert!(
        page.iter().all(|s| both.contains(s)) && page[0] != page[1],
        "{page:?}"
    );
    // Both drawn as SVG, each loop as its lines (Slitherlink draws the loop's edges as lines,
    // the corners as dots), and in each the edges the other solution lacks are marked.
    let lines = d.counts_in("#solutions .picture svg", "line");
    let edges: Vec<usize> = page.iter().map(trues).collect();
    assert_eq!(lines, edges);
    let marked = d.counts_in("#solutions .picture svg", "line.differ");
    assert!(marked.iter().all(|&n| n > 0), "{marked:?}");
    // The puzzle itself is drawn too: its three clues, no loop yet.
    assert_eq!(d.counts_in("#puzzle svg", "text"), [3]);
    assert_eq!(d.counts_in("#puzzle svg", "line"), [0]);
    // No cell of the clue grid is marked: a loop's differences are edges, in the pictures.
    assert_eq!(d.count("td.differ"), 0);
}

#[test]
fn a_pasted_nurikabe_url_is_drawn_with_its_shaded_cells() {
    let Some(d) = Driver::start() else {
        return;
    };
    let server = Server::start(&[]);
    d.go(&format!("http://{}/", server.addr));
    d.settled_status();
    // pzprjs's test URL for Nurikabe (test/script/nurikabe.js).
    let url = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g";
    let status = d.paste_url(url);
    let cli = cli_solve(url);
    assert_eq!(cli["status"], "unique");
    assert_eq!(status, "unique");
    let page = d.script("return last.solutions.map(s => s.json);");
    assert_eq!(page, json!([cli["solution"]]));
    // The solution's picture shades exactly the command line's shaded cells (Nurikabe fills
    // a shaded cell with #333); the puzzle's picture shades none and shows the four numbers.
    let shaded = r##"rect[fill="#333"]"##;
    assert_eq!(
        d.counts_in("#solutions .picture svg", shaded),
        [trues(&cli["solution"])]
    );
    assert_eq!(d.counts_in("#puzzle svg", shaded), [0]);
    assert_eq!(d.counts_in("#puzzle svg", "text"), [4]);
    assert_eq!(d.count("#solutions .differ"), 0);
}
