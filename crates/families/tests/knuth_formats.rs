//! Knuth's exact-cover formats are read by the extensions people give them and by their
//! content, and count the same whatever the file is called.

use std::path::{Path, PathBuf};
use wellposed_engine::Options;

/// Knuth's DLX3 example with colour controls: its header says its solution is unique.
const EXAMPLE: &str = include_str!("../../../encodings/raw/knuth-dlx3-example.dlx");

fn counted(path: &Path) -> (String, Option<u64>) {
    let p = wellposed_families::load(path, None).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let c = wellposed_engine::count(p.as_ref(), &Options::default(), None).unwrap();
    assert!(c.complete);
    (p.family().to_string(), c.to_u64())
}

fn written(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn knuth_s_extensions_and_content_count_as_a_dlx_file_does() {
    let dir = std::env::temp_dir().join(format!("wellposed-knuth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let as_dlx = counted(&written(&dir, "example.dlx", EXAMPLE));
    assert_eq!(as_dlx, ("dlx".to_string(), Some(1)));
    for name in [
        "example.dlx1",
        "example.dlx2",
        "example.dlx3",
        "example.xcc",
        "example.mcc",
        // No extension to go by: Knuth's comment lines and the `|` of the item line.
        "example.txt",
        "example",
    ] {
        assert_eq!(counted(&written(&dir, name, EXAMPLE)), as_dlx, "{name}");
    }
    // Without comments, the `|` before the secondary items (or in a multiplicity) tells it.
    let bare: String = EXAMPLE
        .lines()
        .filter(|l| !l.starts_with('|'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(counted(&written(&dir, "bare.txt", &bare)), as_dlx);
    std::fs::remove_dir_all(&dir).ok();
}

/// Text that merely looks like a list of words is not taken for an exact cover: it still gets
/// the registry's message.
#[test]
fn plain_words_are_not_taken_for_knuth_s_format() {
    for text in ["rows 1 2\n", "a b\na b\n", "| a comment only\n"] {
        let e = wellposed_families::parse_text(text, "t").err().unwrap();
        assert!(
            e.to_string().contains("expected the first line"),
            "{text:?}: {e}"
        );
    }
}
