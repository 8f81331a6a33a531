//! One module per command; the family subcommands and generators are the families' own (see
//! the registry), run through [`generate`] and `main`.

pub mod count;
pub mod deduce;
pub mod export;
pub mod generate;
pub mod proof;
pub mod solve;
