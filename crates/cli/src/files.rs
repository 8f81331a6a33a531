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

/// Saves a long run's progress as JSON, atomically, at most once per `every` (and whenever
/// asked with [`Checkpointer::save`]). Work threads cannot stop on a write error, so the first
/// one is kept and returned by [`Checkpointer::finish`]. Without a path it does nothing.
pub struct Checkpointer<'a> {
    path: Option<&'a Path>,
    every: std::time::Duration,
    last: std::sync::Mutex<std::time::Instant>,
    error: std::sync::Mutex<Option<anyhow::Error>>,
}

impl<'a> Checkpointer<'a> {
    pub fn new(path: Option<&'a Path>, every: std::time::Duration) -> Checkpointer<'a> {
        Checkpointer {
            path,
            every,
            last: std::sync::Mutex::new(std::time::Instant::now()),
            error: std::sync::Mutex::new(None),
        }
    }

    /// Saves now.
    pub fn save<T: serde::Serialize>(&self, state: &T) {
        let Some(path) = self.path else { return };
        if let Err(e) = serde_json::to_vec(state)
            .map_err(anyhow::Error::from)
            .and_then(|b| write_atomically(path, &b))
        {
            self.error
                .lock()
                .expect("no panics while saving")
                .get_or_insert(e);
        }
    }

    /// Saves if the last save is at least `every` ago.
    pub fn save_if_due<T: serde::Serialize>(&self, state: &T) {
        let mut last = self.last.lock().expect("no panics while saving");
        if last.elapsed() >= self.every {
            self.save(state);
            *last = std::time::Instant::now();
        }
    }

    /// The first write error, if any.
    pub fn finish(self) -> Result<()> {
        match self.error.into_inner().expect("no panics while saving") {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
