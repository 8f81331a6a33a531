//! Files the CLI writes.

use anyhow::{bail, Context, Result};
use std::io::Write;
use std::path::Path;

/// Writes the file through a synced temporary beside it and a rename, so a killed run leaves
/// the old file or the new one, never a truncated one. (Used for every file the CLI writes.)
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let name = path
        .file_name()
        .with_context(|| format!("{} is not a file name", path.display()))?;
    let tmp = path.with_file_name(format!(
        ".{}.tmp{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        bail!("cannot write {}: {e}", path.display());
    }
    Ok(())
}
