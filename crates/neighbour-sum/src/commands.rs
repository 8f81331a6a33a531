//! `wellposed neighbour-sum analyze`: the clue matrix of a grid decided exactly.

use crate::{analyze, Stencil, MAX_CELLS};
use clap::{FromArgMatches, Subcommand};
use wellposed_engine::anyhow::{self, bail, Result};
use wellposed_engine::{Commands, Report};

/// `wellposed neighbour-sum …`.
#[derive(Subcommand)]
pub enum NeighbourSumCommand {
    /// Decide the clue matrix of an M×N grid exactly: invertible, nullity, determinant, null space.
    Analyze {
        m: usize,
        n: usize,
        /// `nine`, `cross`, or weight rows like `0,1,0;-1,0,1;0,-1,0` (centred on the cell).
        #[arg(long, allow_hyphen_values = true)]
        stencil: String,
    },
}

/// The family's subcommands, for the registry.
pub const COMMANDS: Commands = Commands {
    about: "Neighbour-sum grids: clues are weighted sums over a stencil",
    subcommands: NeighbourSumCommand::augment_subcommands,
    run: |m, _| match NeighbourSumCommand::from_arg_matches(m)? {
        NeighbourSumCommand::Analyze { m, n, stencil } => analyze_grid(m, n, &stencil),
    },
};

fn analyze_grid(m: usize, n: usize, stencil: &str) -> Result<Report> {
    let stencil = Stencil::named(stencil).map_err(anyhow::Error::msg)?;
    if m == 0 || n == 0 || m.saturating_mul(n) > MAX_CELLS {
        bail!("expected 1..{MAX_CELLS} cells in all, found {m}×{n}");
    }
    let a = analyze(m, n, &stencil);
    if !(a.checks.determinant_mod_p_agrees && a.checks.null_vectors_verified) {
        bail!(
            "internal error: the exact and the modular computations disagree; please report this"
        );
    }
    let mut text = format!(
        "{m}×{n}, stencil {}: {} (nullity {}, determinant {})\nchecked: determinant modulo {:?} agrees; null vectors multiply out to zero",
        a.stencil,
        if a.invertible { "invertible" } else { "singular" },
        a.nullity,
        a.determinant,
        a.checks.primes
    );
    for (k, v) in a.null_basis.iter().enumerate() {
        text.push_str(&format!(
            "\nnull vector {}:\n{}",
            k + 1,
            wellposed_engine::render_rows(v)
        ));
    }
    Ok(Report {
        text,
        json: serde_json::to_value(&a)?,
    })
}
