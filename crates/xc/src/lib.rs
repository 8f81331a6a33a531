//! Exact cover with colours for wellposed: the problem type, Knuth's `.dlx` text format, and a
//! dancing-links solver (Knuth's Algorithm C, which is Algorithm X plus colours on secondary
//! items) in flat arrays with the minimum-remaining-values rule, counting on several threads.
//!
//! Multiplicities (Knuth's DLX3 / MCC input, `lo:hi|item`): a primary item may be covered
//! between `lo` and `hi` times instead of exactly once. Such problems go to [`multi`], a
//! search in the manner of Knuth's Algorithm M; [`search`] and the counts pick it by themselves.

mod dlx;
mod format;
pub mod instances;
pub mod memo;
pub mod multi;
#[cfg(test)]
mod testing;

pub use dlx::{count, count_parallel, count_reporting, count_until, search, Count};
pub use format::{parse_dlx, write_dlx};

use std::collections::HashMap;

/// A colour on a secondary item inside an option; `None` means the item is taken outright.
pub type Colour = Option<u32>;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XcError {
    #[error("line {line}: {message}")]
    Parse { line: usize, message: String },
    #[error("option {option}: {message}")]
    Option { option: usize, message: String },
}

/// An exact-cover problem: cover every primary item exactly once (or, with multiplicities,
/// between its bounds) and every secondary item at most once (or, with colours, only by options
/// that agree on its colour).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    names: Vec<String>,
    primary: usize,
    /// Per primary item: how many chosen options must contain it, at least and at most.
    bounds: Vec<(u32, u32)>,
    index: HashMap<String, usize>,
    options: Vec<Vec<(usize, Colour)>>,
    colours: Vec<String>,
    colour_index: HashMap<String, u32>,
    /// The memory the options may take (see [`Problem::within`]); `None`: no limit.
    max_bytes: Option<u64>,
    /// The bytes the options take (estimated: 16 an item entry, 48 an option).
    bytes: u64,
    /// An option was refused for the budget: the problem is incomplete and must be refused.
    over: bool,
}

impl Problem {
    /// Item names must be distinct, non-empty, and free of white space, `:` and `|`.
    pub fn new<S: AsRef<str>>(primary: &[S], secondary: &[S]) -> Result<Problem, XcError> {
        let mut p = Problem::default();
        for (k, name) in primary.iter().chain(secondary).enumerate() {
            let name = name.as_ref();
            if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == ':' || c == '|')
            {
                return Err(XcError::Parse {
                    line: 1,
                    message: format!(
                        "item name `{name}` must be non-empty without spaces, `:` or `|`"
                    ),
                });
            }
            if p.index.insert(name.to_string(), k).is_some() {
                return Err(XcError::Parse {
                    line: 1,
                    message: format!("item `{name}` is listed twice"),
                });
            }
            p.names.push(name.to_string());
        }
        p.primary = primary.len();
        p.bounds = vec![(1, 1); primary.len()];
        Ok(p)
    }

    /// Primary item `item` must be covered between `lo` and `hi` times (`lo ≤ hi`).
    pub fn set_bounds(&mut self, item: usize, lo: u32, hi: u32) -> Result<(), XcError> {
        if item >= self.primary || lo > hi {
            return Err(XcError::Parse {
                line: 1,
                message: match item < self.primary {
                    true => format!(
                        "item `{}`: the lower bound {lo} exceeds the upper bound {hi}",
                        self.names[item]
                    ),
                    false => "only primary items have bounds".to_string(),
                },
            });
        }
        self.bounds[item] = (lo, hi);
        Ok(())
    }

    /// The problem with a memory budget for its options: an option that would take it past
    /// `max_bytes` is not stored and the problem says so ([`Problem::over_budget`]), as a CNF
    /// builder does, so that no input makes a builder exhaust the machine.
    pub fn within(mut self, max_bytes: u64) -> Problem {
        self.max_bytes = Some(max_bytes);
        self
    }

    /// Whether an option was dropped for the memory budget (the problem must then be refused).
    pub fn over_budget(&self) -> bool {
        self.over
    }

    /// The estimated bytes of the options stored.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// How many chosen options must contain primary item `item`: (at least, at most).
    pub fn bounds(&self, item: usize) -> (u32, u32) {
        self.bounds[item]
    }

    /// Whether some primary item has bounds other than exactly once.
    pub fn has_multiplicities(&self) -> bool {
        self.bounds.iter().any(|&b| b != (1, 1))
    }

    pub fn num_items(&self) -> usize {
        self.names.len()
    }
    pub fn num_primary(&self) -> usize {
        self.primary
    }
    pub fn item_name(&self, item: usize) -> &str {
        &self.names[item]
    }
    pub fn item(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }
    pub fn options(&self) -> &[Vec<(usize, Colour)>] {
        &self.options
    }
    pub fn colour_name(&self, c: u32) -> &str {
        &self.colours[c as usize]
    }

    /// The colour's number, created on first use.
    pub fn colour(&mut self, name: &str) -> u32 {
        if let Some(&c) = self.colour_index.get(name) {
            return c;
        }
        let c = self.colours.len() as u32;
        self.colours.push(name.to_string());
        self.colour_index.insert(name.to_string(), c);
        c
    }

    /// Adds an option after checking it: items exist, none repeats, colours only on secondary
    /// items, and at least one primary item (an option of secondary items only could never be
    /// chosen by the search, so it is refused rather than silently ignored).
    pub fn add_option(&mut self, items: &[(usize, Colour)]) -> Result<usize, XcError> {
        let option = self.options.len();
        let bad = |message: String| Err(XcError::Option { option, message });
        if items.is_empty() {
            return bad("an option needs at least one item".into());
        }
        let mut seen = vec![false; self.names.len()];
        for &(i, c) in items {
            if i >= self.names.len() {
                return bad(format!("item number {i} does not exist"));
            }
            if std::mem::replace(&mut seen[i], true) {
                return bad(format!("item `{}` appears twice", self.names[i]));
            }
            if c.is_some() && i < self.primary {
                return bad(format!(
                    "primary item `{}` cannot have a colour",
                    self.names[i]
                ));
            }
            if c.is_some_and(|c| c as usize >= self.colours.len()) {
                return bad("unknown colour".into());
            }
        }
        if !items.iter().any(|&(i, _)| i < self.primary) {
            return bad("an option needs at least one primary item".into());
        }
        let bytes = 16 * items.len() as u64 + 48;
        if self.max_bytes.is_some_and(|m| self.bytes + bytes > m) {
            self.over = true;
            return Ok(option);
        }
        self.bytes += bytes;
        self.options.push(items.to_vec());
        Ok(option)
    }

    /// Adds an option written as in a `.dlx` line: `name` or `name:colour` tokens.
    pub fn add_option_text(&mut self, tokens: &[&str]) -> Result<usize, XcError> {
        let option = self.options.len();
        let mut items = Vec::with_capacity(tokens.len());
        for tok in tokens {
            let (name, colour) = match tok.split_once(':') {
                Some((n, c)) if !c.is_empty() => (n, Some(c)),
                Some(_) => {
                    return Err(XcError::Option {
                        option,
                        message: format!("`{tok}` has an empty colour"),
                    })
                }
                None => (*tok, None),
            };
            let Some(i) = self.item(name) else {
                return Err(XcError::Option {
                    option,
                    message: format!("unknown item `{name}`"),
                });
            };
            items.push((i, colour.map(|c| self.colour(c))));
        }
        self.add_option(&items)
    }

    /// The option as `.dlx` text.
    pub fn option_text(&self, option: usize) -> String {
        self.options[option]
            .iter()
            .map(|&(i, c)| match c {
                Some(c) => format!("{}:{}", self.names[i], self.colours[c as usize]),
                None => self.names[i].clone(),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Checks a proposed solution by the definition, independently of the search.
    pub fn check(&self, chosen: &[usize]) -> Result<(), String> {
        let mut covered: Vec<Option<Colour>> = vec![None; self.names.len()];
        let mut times = vec![0u32; self.primary];
        let mut sorted = chosen.to_vec();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err("an option is chosen twice".into());
        }
        for &o in chosen {
            let Some(opt) = self.options.get(o) else {
                return Err(format!("option {o} does not exist"));
            };
            for &(i, c) in opt {
                if i < self.primary {
                    times[i] += 1;
                    continue;
                }
                match covered[i] {
                    None => covered[i] = Some(c),
                    Some(prev) if prev.is_some() && prev == c => {}
                    Some(_) => return Err(format!("item `{}` covered twice", self.names[i])),
                }
            }
        }
        for (i, (&t, &(lo, hi))) in times.iter().zip(&self.bounds).enumerate() {
            if t < lo || t > hi {
                return Err(match (lo, hi) {
                    (1, 1) if t == 0 => format!("primary item `{}` is not covered", self.names[i]),
                    (1, 1) => format!("item `{}` covered twice", self.names[i]),
                    _ => format!(
                        "primary item `{}` is covered {t} times, outside {lo}..={hi}",
                        self.names[i]
                    ),
                });
            }
        }
        Ok(())
    }
}
