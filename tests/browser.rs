//! The workbench in a real browser: Debian's Chromium, headless, driven through chromedriver
//! (the W3C WebDriver protocol, plain HTTP on the loopback interface). A binary puzzle with two
//! solutions is loaded, the page must say `multiple` and highlight where the solutions differ;
//! a repair proposal is applied with one click and the page must say `unique`; a click on the
//! grid edits the puzzle. Every answer the page shows is checked against the command line's
//! on the same text. `.ci/run` installs chromium and chromium-driver; on a machine without them
//! the test says so and skips, except under CI, where that is a failure.
//! `WELLPOSED_SCREENSHOT=FILE.png` also saves screenshots of the page (the README's): FILE.png
//! with two solutions, FILE-applied.png after the first proposal.

mod common;
use common::*;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

struct Driver {
    child: std::process::Child,
    addr: String,
    session: String,
}

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
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = std::process::Command::new(DRIVER)
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
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1100,1300"]}
        }}});
        let mut d = Driver {
            child,
            addr,
            session: String::new(),
        };
        let v = d.call("POST", "/session", Some(caps));
        d.session = v["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {v}"))
            .to_string();
        Some(d)
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
