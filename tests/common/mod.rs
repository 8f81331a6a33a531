//! Helpers shared by the workspace-level tests: run the `wellposed` binary and read its output.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .unwrap()
}

pub fn instance(rel: &str) -> String {
    root().join(rel).display().to_string()
}

/// The executable the tests run: this build's `wellposed`, or the one named by the
/// environment variable `WELLPOSED_UNDER_TEST`, so that the released build
/// (`scripts/build-dist.sh`, linked statically) can be put through the same tests.
pub fn wellposed_exe() -> PathBuf {
    match std::env::var_os("WELLPOSED_UNDER_TEST") {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => PathBuf::from(env!("CARGO_BIN_EXE_wellposed")),
    }
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(self.stdout.trim())
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.stdout))
    }
}

pub fn wellposed(args: &[&str]) -> Run {
    wellposed_with_env(args, &[])
}

/// [`wellposed`] with variables added to its environment.
pub fn wellposed_with_env(args: &[&str], env: &[(&str, &str)]) -> Run {
    let out = Command::new(wellposed_exe())
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("run wellposed");
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "wellposed {args:?} panicked: {}",
        run.stderr
    );
    run
}

/// This process's and this test's own temporary folder, made if missing: the test thread's
/// name, which the harness sets to the test's path, under the process's folder (the suite's
/// subjects share one process, and two of them may pick the same file name).
pub fn test_dir() -> PathBuf {
    let test = std::thread::current()
        .name()
        .unwrap_or("main")
        .replace(|c: char| !c.is_ascii_alphanumeric() && c != '_', "-");
    let dir = std::env::temp_dir()
        .join(format!("wellposed-test-{}", std::process::id()))
        .join(test);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `contents` to a file `name` of [`test_dir`] and returns its path.
pub fn temp_file(name: &str, contents: &str) -> String {
    let dir = test_dir();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path.display().to_string()
}

pub fn count_of(args: &[&str]) -> (u64, bool) {
    let mut all = vec!["count", "--json"];
    all.extend_from_slice(args);
    let r = wellposed(&all);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    let j = r.json();
    (
        j["count"].as_u64().unwrap(),
        j["complete"].as_bool().unwrap(),
    )
}

/// Starts `wellposed args` `rounds` times and kills each run after a random pause in
/// `pause_ms` (if it is still going); after every kill the checkpoint, if written, must be
/// whole JSON. Returns how many runs were killed.
pub fn kill_at_random_moments(
    args: &[&str],
    checkpoint: &Path,
    rounds: usize,
    pause_ms: (u64, u64),
    seed: u64,
) -> usize {
    let mut rng = wellposed_engine::Xorshift(seed | 1);
    let mut kills = 0;
    for _ in 0..rounds {
        let mut child = Command::new(wellposed_exe())
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let pause = pause_ms.0 + rng.below(pause_ms.1 - pause_ms.0);
        std::thread::sleep(std::time::Duration::from_millis(pause));
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap();
            kills += 1;
        }
        child.wait().unwrap();
        if checkpoint.exists() {
            // Whatever moment the kill came, the checkpoint is whole JSON.
            let text = std::fs::read_to_string(checkpoint).unwrap();
            serde_json::from_str::<serde_json::Value>(&text).expect("a complete checkpoint");
        }
    }
    kills
}

/// Every bundled family instance and raw CNF or exact cover that the SAT path answers (and
/// counts by blocking clauses) in about a second.
pub fn quick_sat_instances() -> Vec<String> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir(root().join("encodings")).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(dir).unwrap() {
            let f = f.unwrap().path();
            let ext = f.extension().map(|e| e.to_string_lossy().into_owned());
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            // The pentomino and 12-queens covers take minutes to count by blocking clauses,
            // the open Survo 2×10 and 4×4 puzzles varisat 5–20 s to settle, the empty Latin
            // square has 161,280 completions.
            let slow = name.starts_with("pentomino")
                || [
                    "queens12.dlx",
                    "open-2x10.txt",
                    "open-4x4.txt",
                    "empty-5x5.txt",
                ]
                .contains(&name.as_str());
            if matches!(ext.as_deref(), Some("txt" | "non" | "pl" | "cnf" | "dlx")) && !slow {
                out.push(f.display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// The bundled instances of a registered family: the puzzle files under `encodings/NAME/`
/// (the raw formats: their files under `encodings/raw/` and `encodings/drat/`), as (path,
/// text).
pub fn bundled(family: &wellposed_engine::FamilyEntry) -> Vec<(String, String)> {
    let dirs: Vec<PathBuf> = match family.name {
        "cnf" | "dlx" => vec![root().join("encodings/raw"), root().join("encodings/drat")],
        name => vec![root().join("encodings").join(name)],
    };
    let mut out = Vec::new();
    for dir in dirs.into_iter().filter(|d| d.exists()) {
        for f in std::fs::read_dir(dir).unwrap() {
            let f = f.unwrap().path();
            let ext = f
                .extension()
                .map_or(String::new(), |e| e.to_string_lossy().into_owned());
            let ours = match family.name {
                "cnf" | "dlx" => ext == family.name,
                _ => ext == "txt" || family.extensions.contains(&ext.as_str()),
            };
            if ours {
                let text = std::fs::read_to_string(&f).unwrap();
                out.push((f.display().to_string(), text));
            }
        }
    }
    out.sort();
    out
}

/// The address space the fuzz harnesses run in: a blow-up on some mutated input then fails the
/// test (an allocation error) instead of exhausting the machine. Four times the memory budget
/// the harnesses give each encoding, with room for the test threads.
pub const FUZZ_ADDRESS_SPACE: u64 = 4 << 30;

/// The memory budget of every encoding the fuzz harnesses build.
pub const FUZZ_ENCODING_BUDGET: u64 = 256 << 20;

/// Caps this test process's address space (and that of the processes it starts) at `bytes`:
/// only the soft limit, once per process.
pub fn limit_address_space(bytes: u64) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit and setrlimit only read and write the struct passed to them.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_AS, &mut lim) == 0 {
                lim.rlim_cur = bytes.min(lim.rlim_max);
                libc::setrlimit(libc::RLIMIT_AS, &lim);
            }
        }
    });
}

/// A plain HTTP/1.1 request on the loopback interface (the workbench's tests and the browser
/// test's WebDriver calls): the status code and the body.
pub fn http(addr: &str, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap_or_else(|e| panic!("{addr}: {e}"));
    s.set_read_timeout(Some(std::time::Duration::from_secs(120)))
        .unwrap();
    let body = body.unwrap_or("");
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    // A server may answer (413) before the whole body is written and close.
    let _ = s.write_all(req.as_bytes());
    // Read the head, then as many bytes as Content-Length says (some servers, chromedriver
    // among them, say `Connection: close` and keep the socket open), or to the end.
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    let mut want: Option<usize> = None;
    loop {
        if let Some(at) = find(&raw, b"\r\n\r\n") {
            if want.is_none() {
                let head = String::from_utf8_lossy(&raw[..at]).to_ascii_lowercase();
                want = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|n| n.trim().parse::<usize>().ok())
                    .map(|n| at + 4 + n);
                if want.is_none() && !head.contains("chunked") {
                    want = Some(usize::MAX);
                }
            }
            let done = match want {
                Some(n) => raw.len() >= n,
                None => raw.ends_with(b"0\r\n\r\n"),
            };
            if done {
                break;
            }
        }
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let code = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        let mut out = String::new();
        let mut rest = rest;
        while let Some((size, after)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 || after.len() < n {
                break;
            }
            out.push_str(&after[..n]);
            rest = after[n..].trim_start_matches("\r\n");
        }
        out
    } else {
        rest.to_string()
    };
    (code, body)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// `wellposed serve` on a free port of the loopback interface, stopped when dropped.
pub struct Server {
    pub child: std::process::Child,
    pub addr: String,
}

impl Server {
    pub fn start(extra: &[&str]) -> Server {
        use std::io::BufRead;
        let mut child = Command::new(wellposed_exe())
            .args(["serve", "--port", "0"])
            .args(extra)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("start wellposed serve");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("serving on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("serve said: {line}"))
            .to_string();
        Server { child, addr }
    }

    /// Asks the server to analyse `text` (with optional extra JSON fields).
    pub fn analyze(&self, text: &str) -> (u16, serde_json::Value) {
        let body = serde_json::json!({ "text": text }).to_string();
        let (code, body) = http(&self.addr, "POST", "/api/analyze", Some(&body));
        let v = serde_json::from_str(&body).unwrap_or(serde_json::Value::Null);
        (code, v)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
