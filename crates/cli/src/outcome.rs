//! How a command's outcome is printed and which exit code it ends with: the report (text or
//! JSON), an error (one line on stderr), or status "unknown" when a limit stopped the work.

use crate::Report;
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use wellposed_sat::BackendError;

/// Exit codes: 0 answered, 2 error (bad input, failed solver), 3 stopped by --timeout or
/// --conflicts (status "unknown": no answer, never a guessed one). `solve` on a raw DIMACS CNF
/// answers as SAT-competition solvers do: 10 satisfiable, 20 unsatisfiable (and `s UNKNOWN`
/// with 3 when stopped), so scripts that drive SAT solvers can drive it.
const EXIT_ERROR: u8 = 2;
pub const EXIT_TIMEOUT: u8 = 3;
const EXIT_SATISFIABLE: u8 = 10;
const EXIT_UNSATISFIABLE: u8 = 20;

/// What shapes the printing: the flags and the kind of command.
pub struct Printer {
    pub json: bool,
    /// A `count`: a stopped one still gives the solutions found so far, as a lower bound.
    pub counting: bool,
    /// `solve` on a raw DIMACS CNF: SAT-competition lines and exit codes.
    pub raw_cnf: bool,
    pub started: Instant,
    pub progress: wellposed_engine::Progress,
}

impl Printer {
    /// Prints what the worker returned and gives the exit code.
    pub fn finished(&self, outcome: anyhow::Result<Report>, out: &mut impl Write) -> ExitCode {
        match outcome {
            Ok(report) => {
                let _ = if self.json {
                    writeln!(out, "{}", report.json)
                } else {
                    writeln!(out, "{}", report.text)
                };
                match report.json["status"].as_str() {
                    Some("none") if self.raw_cnf => ExitCode::from(EXIT_UNSATISFIABLE),
                    Some("unique" | "multiple") if self.raw_cnf => ExitCode::from(EXIT_SATISFIABLE),
                    _ => ExitCode::SUCCESS,
                }
            }
            Err(e) => match stopped_by(&e) {
                Some(reason) => {
                    self.unknown(reason, &format!("the {reason} limit"), out);
                    ExitCode::from(EXIT_TIMEOUT)
                }
                None => {
                    if self.json {
                        let j = json!({"status": "error", "error": format!("{e:#}")});
                        let _ = writeln!(out, "{j}");
                    }
                    eprintln!("wellposed: error: {e:#}");
                    ExitCode::from(EXIT_ERROR)
                }
            },
        }
    }

    /// Status "unknown": the work was stopped by `reason` (JSON), told in words as `how`; a
    /// count adds the lower bound it had reached.
    pub fn unknown(&self, reason: &str, how: &str, out: &mut impl Write) {
        let secs = self.started.elapsed().as_secs_f64();
        let found = self.progress.solutions_found();
        let _ = if self.json {
            let mut j = json!({"status": "unknown", "reason": reason, "seconds": secs});
            if self.counting {
                // A lower bound, not the count (of the model counter's work, the models it
                // listed).
                j["count_at_least"] = json!(found);
                j["complete"] = json!(false);
            }
            writeln!(out, "{j}")
        } else if self.counting {
            writeln!(
                out,
                "status: unknown (stopped by {how} after {secs:.1} s); at least {found} solutions found"
            )
        } else if self.raw_cnf {
            writeln!(out, "s UNKNOWN\nc stopped by {how} after {secs:.1} s")
        } else {
            writeln!(out, "status: unknown (stopped by {how} after {secs:.1} s)")
        };
    }
}

/// The limit (`timeout`, `conflicts`) that stopped a solve, if that is what the error is.
fn stopped_by(e: &anyhow::Error) -> Option<&'static str> {
    e.chain().find_map(|c| {
        let backend = c.downcast_ref::<BackendError>().or_else(|| {
            match c.downcast_ref::<wellposed_engine::EngineError>() {
                Some(wellposed_engine::EngineError::Backend(b)) => Some(b),
                _ => None,
            }
        });
        match backend {
            Some(BackendError::Stopped { reason }) => Some(*reason),
            _ => None,
        }
    })
}
