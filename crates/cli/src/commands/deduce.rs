//! `wellposed grade` and `wellposed hint` for every family, by the shared deduction engine over
//! the puzzle's deduction encoding: propagation, the family's own rules, then probing.

use crate::args::Input;
use crate::Report;
use anyhow::Result;

pub fn grade(input: &Input, max: &str) -> Result<Report> {
    let p = crate::load(input)?.puzzle;
    wellposed_engine::grading::grade(p.as_ref(), &input.file.display().to_string(), max)
}

pub fn hint(input: &Input) -> Result<Report> {
    let p = crate::load(input)?.puzzle;
    wellposed_engine::grading::hint(p.as_ref(), &input.file.display().to_string())
}
