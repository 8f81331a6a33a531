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
    /// A `solve`: a stopped one says whether it had found a solution (the first is found
    /// before the search for a second, which is often the long part).
    pub solving: bool,
    /// `solve` on a raw DIMACS CNF: SAT-competition lines and exit codes.
    pub raw_cnf: bool,
    pub started: Instant,
    pub progress: wellposed_engine::Progress,
}

impl Printer {
    /// Prints what the work returned and gives the exit code.
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

    /// Status "unknown": the work was stopped by `reason` (JSON; a word without quotes or
    /// escapes), told in words as `how`; a count adds the lower bound it had reached, a solve
    /// how many solutions it had found (one: there is a solution, and whether it is the only
    /// one is undecided).
    ///
    /// Allocates nothing (the JSON is written by hand, its keys in serde_json's sorted order):
    /// it also runs in the `--timeout` signal handler (`deadline`).
    pub fn unknown(&self, reason: &str, how: &str, out: &mut impl Write) {
        debug_assert!(reason.bytes().all(|b| b.is_ascii_lowercase()), "{reason}");
        let _ = self.write_unknown(reason, how, out);
    }

    /// The report of [`Printer::unknown`], one piece after the other: the same report for
    /// every command, with what a count or a solve adds.
    fn write_unknown(&self, reason: &str, how: &str, out: &mut impl Write) -> std::io::Result<()> {
        let secs = self.started.elapsed().as_secs_f64();
        let found = self.progress.solutions_found();
        let found_one = self.solving && found > 0;
        if self.json {
            write!(out, "{{")?;
            if self.counting {
                // A lower bound, not the count (of the model counter's work, the models it
                // listed).
                write!(out, r#""complete":false,"count_at_least":{found},"#)?;
            }
            write!(out, r#""reason":"{reason}","seconds":{secs:?},"#)?;
            if self.solving {
                write!(out, r#""solutions_found":{found},"#)?;
            }
            writeln!(out, r#""status":"unknown"}}"#)
        } else if self.raw_cnf {
            writeln!(out, "s UNKNOWN\nc stopped by {how} after {secs:.1} s")?;
            if found_one {
                writeln!(
                    out,
                    "c a model was found; whether it is the only one is undecided"
                )?;
            }
            Ok(())
        } else {
            write!(out, "status: unknown (stopped by {how} after {secs:.1} s)")?;
            if self.counting {
                write!(out, "; at least {found} solutions found")?;
            } else if found_one {
                write!(
                    out,
                    "; a solution was found, whether it is the only one is undecided"
                )?;
            }
            writeln!(out)
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written "unknown" report (it must not allocate) is the JSON serde_json wrote
    /// before, field for field.
    #[test]
    fn the_unknown_report_is_json_with_every_field() {
        for (counting, solving) in [(false, false), (true, false), (false, true)] {
            let printer = Printer {
                json: true,
                counting,
                solving,
                raw_cnf: false,
                started: Instant::now(),
                progress: wellposed_engine::Progress::default(),
            };
            let mut out = Vec::new();
            printer.unknown("timeout", "--timeout", &mut out);
            let text = String::from_utf8(out).unwrap();
            assert_eq!(text.lines().count(), 1, "{text}");
            let mut j: serde_json::Value = serde_json::from_str(&text).unwrap();
            let seconds = j.as_object_mut().unwrap().remove("seconds");
            assert!(
                seconds.and_then(|s| s.as_f64()).is_some_and(|s| s >= 0.0),
                "{text}"
            );
            let mut want = json!({"status": "unknown", "reason": "timeout"});
            if counting {
                want["count_at_least"] = json!(0);
                want["complete"] = json!(false);
            }
            if solving {
                want["solutions_found"] = json!(0);
            }
            assert_eq!(j, want, "{text}");
        }
    }
}
