//! Helpers shared by the workspace-level tests: run the `wellposed` binary and read its output.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
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
