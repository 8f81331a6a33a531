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
    let out = Command::new(env!("CARGO_BIN_EXE_wellposed"))
        .args(args)
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

/// A file in a fresh temporary directory for this test process.
pub fn temp_file(name: &str, contents: &str) -> String {
    let dir = std::env::temp_dir().join(format!("wellposed-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
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
        let mut child = Command::new(env!("CARGO_BIN_EXE_wellposed"))
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
