//! How the work runs and ends: on the main thread, with a stack that may grow as a worker
//! thread's could, a panic reported as an internal error, and `--timeout`'s backstop, which
//! stops the process with status "unknown" when the time runs out, whatever the work is doing —
//! even inside a solver that cannot be interrupted (varisat). Most searches stop themselves at
//! the same deadline (the engine is given it) and report "unknown" the ordinary way.
//!
//! The main thread, not a worker: a worker thread and the wait for it cost 0.2-0.3 ms of a 1.5
//! ms run (BENCHMARKS.md, "Process start: the work on the main thread, without PIE").
//!
//! Two kinds of backstop, by what the command prints before its report:
//! - a command that prints only its report (`solve`, `count`) is ended by a timer signal
//!   (SIGALRM), whose handler writes the "unknown" report and ends the process. No thread is
//!   started: a watchdog thread cost about a tenth of a millisecond of a run of little more
//!   than one (same section).
//! - a command that streams lines as it goes (`enumerate`, family commands) is ended by a
//!   watchdog thread, which takes the standard output's lock first, so that it never cuts a
//!   line the work is writing (a signal handler cannot take that lock).
//!
//! Either way exactly one report is printed: the work and the backstop each [`claim`] the
//! output, and only the first to claim it prints.

use crate::outcome::{Printer, EXIT_TIMEOUT};
use crate::Report;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::Instant;

/// Whether the report has been claimed by the work or by the backstop.
static CLAIMED: AtomicBool = AtomicBool::new(false);

/// What the backstop prints with: set once, before it is armed.
static PRINTER: OnceLock<Printer> = OnceLock::new();

/// The stack the work may use (a search that recurses once per decision goes deep).
const WORK_STACK: u64 = 64 << 20;

/// Runs `work` on this (the main) thread with the backstop `how` armed for `deadline`, and
/// prints its report with `printer`, or lets the backstop print "unknown" and end the process.
pub fn run(
    printer: Printer,
    deadline: Option<Instant>,
    how: Backstop,
    work: impl FnOnce() -> anyhow::Result<Report>,
) -> ExitCode {
    let printer = arm(printer, deadline, how);
    grow_main_stack(WORK_STACK);
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).unwrap_or_else(|_| {
        // The panic's message is on stderr already: this is an internal error, never a timeout.
        Err(anyhow::anyhow!(
            "internal error: the work stopped unexpectedly (see the message above); please report this"
        ))
    });
    if !claim() {
        // --timeout ran out as the work ended: its backstop prints "unknown" and ends the
        // process.
        loop {
            std::thread::park();
        }
    }
    printer.finished(outcome, &mut std::io::stdout().lock())
}

/// Lets the main thread's stack grow to `bytes`, where the hard limit allows. Linux checks the
/// soft limit each time the stack grows, and leaves at least 128 MB below it unmapped.
fn grow_main_stack(bytes: u64) {
    #[cfg(target_os = "linux")]
    // SAFETY: getrlimit and setrlimit only read and write the struct passed by pointer.
    unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_STACK, &mut lim) == 0
            && lim.rlim_cur != libc::RLIM_INFINITY
            && lim.rlim_cur < bytes
        {
            lim.rlim_cur = if lim.rlim_max == libc::RLIM_INFINITY {
                bytes
            } else {
                bytes.min(lim.rlim_max)
            };
            libc::setrlimit(libc::RLIMIT_STACK, &lim);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = bytes;
}

/// Claims the right to print the one report: true for the first caller only.
fn claim() -> bool {
    !CLAIMED.swap(true, Ordering::AcqRel)
}

/// How the backstop ends the process.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backstop {
    /// A timer signal: for commands that write nothing to stdout before their report.
    Alarm,
    /// A watchdog thread that takes stdout's lock: for commands that stream lines.
    Watchdog,
}

/// Keeps `printer` for the report and arms the backstop to print "unknown" and end the
/// process at `deadline` (none: no time limit, nothing is armed). Returns the printer.
fn arm(printer: Printer, deadline: Option<Instant>, how: Backstop) -> &'static Printer {
    let printer = PRINTER.get_or_init(|| printer);
    let Some(deadline) = deadline else {
        return printer;
    };
    #[cfg(unix)]
    if how == Backstop::Alarm {
        alarm::arm(deadline.saturating_duration_since(Instant::now()));
        return printer;
    }
    let _ = how;
    // The watchdog only sleeps and prints: a small stack is plenty.
    std::thread::Builder::new()
        .name("watchdog".into())
        .stack_size(256 << 10)
        .spawn(move || {
            while let Some(left) = deadline.checked_duration_since(Instant::now()) {
                std::thread::sleep(left);
            }
            let mut out = std::io::stdout().lock();
            if claim() {
                printer.unknown("timeout", "--timeout", &mut out);
                let _ = out.flush();
                std::process::exit(i32::from(EXIT_TIMEOUT));
            }
        })
        .expect("spawn the watchdog thread");
    printer
}

#[cfg(unix)]
mod alarm {
    use super::{claim, PRINTER};
    use crate::outcome::EXIT_TIMEOUT;
    use std::time::Duration;

    /// Sets the handler and the one-shot real-time timer.
    pub fn arm(after: Duration) {
        // A zero timer would disarm: the shortest one instead.
        let after = after.max(Duration::from_micros(1));
        // SAFETY: the handler only does what a signal handler may (see `on_alarm`); the
        // structs are fully initialised before they are passed.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_alarm as *const () as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(libc::SIGALRM, &action, std::ptr::null_mut());
            let timer = libc::itimerval {
                it_interval: libc::timeval {
                    tv_sec: 0,
                    tv_usec: 0,
                },
                it_value: libc::timeval {
                    tv_sec: after.as_secs() as libc::time_t,
                    tv_usec: after.subsec_micros() as libc::suseconds_t,
                },
            };
            libc::setitimer(libc::ITIMER_REAL, &timer, std::ptr::null_mut());
        }
    }

    /// A report written into a fixed buffer: a signal handler must not allocate (the
    /// interrupted thread may hold the allocator's lock).
    struct Fixed {
        bytes: [u8; 512],
        len: usize,
    }

    impl std::io::Write for Fixed {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            let n = b.len().min(self.bytes.len() - self.len);
            self.bytes[self.len..self.len + n].copy_from_slice(&b[..n]);
            self.len += n;
            Ok(n)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Prints "unknown" and ends the process, unless the work has claimed the report (it
    /// then prints its own and ends the process itself). Only async-signal-safe calls: a
    /// clock read, formatting into a stack buffer, write(2) and _exit(2). Standard output's
    /// buffer is never touched: the commands armed this way have written nothing to it.
    extern "C" fn on_alarm(_: libc::c_int) {
        let Some(printer) = PRINTER.get() else {
            return;
        };
        if !claim() {
            return;
        }
        let mut report = Fixed {
            bytes: [0; 512],
            len: 0,
        };
        printer.unknown("timeout", "--timeout", &mut report);
        let mut left = &report.bytes[..report.len];
        while !left.is_empty() {
            // SAFETY: write(2) from a valid buffer of `left.len()` bytes.
            let n = unsafe { libc::write(1, left.as_ptr().cast(), left.len()) };
            if n <= 0 {
                break;
            }
            left = &left[n as usize..];
        }
        // SAFETY: _exit(2) ends the process without running anything else.
        unsafe { libc::_exit(libc::c_int::from(EXIT_TIMEOUT)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The work may use as much stack as a worker thread of WORK_STACK had, where the hard
    /// limit allows it.
    #[cfg(target_os = "linux")]
    #[test]
    fn the_main_stack_may_grow_to_the_work_stack() {
        grow_main_stack(WORK_STACK);
        // SAFETY: getrlimit only writes the struct passed.
        let lim = unsafe {
            let mut lim = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            assert_eq!(libc::getrlimit(libc::RLIMIT_STACK, &mut lim), 0);
            lim
        };
        assert!(
            lim.rlim_cur == libc::RLIM_INFINITY
                || lim.rlim_cur >= WORK_STACK
                || lim.rlim_cur == lim.rlim_max
        );
    }
}
