//! The flags every command shares, as typed values, and the solver options they make.

use clap::{Args, ValueEnum};
use std::time::Instant;
use wellposed_engine::{Counting, Method, Options, Progress, SolverChoice};
use wellposed_sat::{AmoEncoding, Cardinality, Choices, Limits};

/// Flags that apply to every command.
#[derive(Args, Clone)]
#[command(next_help_heading = "Global options")]
pub struct Global {
    /// One JSON object on stdout instead of human text.
    #[arg(long, global = true)]
    pub json: bool,
    /// Stop after this many seconds, report status "unknown" and exit with code 3 (CaDiCaL
    /// stops itself; varisat, which cannot be interrupted, is abandoned).
    #[arg(long, global = true, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// The built-in SAT solver of every command that asks one (solve, count, enumerate,
    /// generate): auto (the faster one for the command, as measured in BENCHMARKS.md: CaDiCaL
    /// for solve, count and enumerate, varisat for generate), varisat (pure Rust), CaDiCaL
    /// (bounded by --timeout and --conflicts), or cadical-stable: CaDiCaL kept in its stable
    /// mode, for listing solutions that are hard to find (count --method blocking: 2023
    /// track3_077's 563 models 74 s → 27 s) but slower to prove that none is left. DRAT proofs
    /// are always varisat's. Deduction (grade, hint) and the families' mathematics use no SAT
    /// solver. The model counter's own CaDiCaL is not affected. [default: auto]
    #[arg(long, global = true, value_enum)]
    pub backend: Option<BackendArg>,
    /// Give up any single SAT call after this many conflicts (CaDiCaL only). solve, count and
    /// enumerate then report status "unknown" and exit with code 3; generate treats a check
    /// that hit the bound as "not proved unique", so what it makes is proved within the bound.
    /// Where the genre has graph constraints (a loop, connected cells), each round of cuts
    /// between two answers also counts as one conflict: at most N rounds.
    #[arg(long, global = true, value_name = "N")]
    pub conflicts: Option<u32>,
    /// How at-most-one constraints that the family leaves open become clauses: auto (pairwise
    /// up to six literals, sequential beyond), pairwise, or sequential. For measuring and
    /// exporting encodings; answers never change. [default: auto]
    #[arg(long, global = true, value_enum)]
    pub amo: Option<AmoArg>,
    /// With --amo auto: pairwise up to this many literals, sequential beyond. [default: 6]
    #[arg(long, global = true, value_name = "N")]
    pub pairwise_up_to: Option<usize>,
    /// How counts of literals (at most / at least / exactly k) become clauses: auto (a
    /// totalizer for SAT solving, order-encoded partial sums for the model counter, as measured
    /// fastest), totalizer, or sequential. [default: auto]
    #[arg(long, global = true, value_enum)]
    pub cardinality: Option<CardinalityArg>,
    /// Build a family's smaller encoding where it has one (nonograms: the order encoding of
    /// each run's start instead of each line's automaton, which solving with phase hints and
    /// --method auto's brief CDCL try always build): fewer variables. For measuring, counting
    /// and exporting encodings (`export --compact-encoding` writes what `solve` searches);
    /// answers never change.
    #[arg(long, global = true)]
    pub compact_encoding: bool,
    /// Check graph constraints (connected cells, one loop) only on each full model the SAT
    /// solver finds, adding cuts and solving again, instead of also inside CaDiCaL's search.
    /// For measuring the difference; answers never change.
    #[arg(long, global = true)]
    pub lazy_cuts_only: bool,
    /// The memory an encoding may take (bytes, or with K, M, G: `512M`, `8G`). A CNF that
    /// would grow past it is refused with an error instead of exhausting the machine.
    /// [default: 4G]
    #[arg(long, global = true, value_name = "SIZE", value_parser = memory_size)]
    pub max_memory: Option<u64>,
}

impl Global {
    /// When `--timeout` ends the work begun at `started`: none without the flag, or when the
    /// number is too large for a deadline (`--timeout 1e30` is no limit); an error for a
    /// negative or undefined number.
    pub fn deadline(&self, started: Instant) -> Result<Option<Instant>, &'static str> {
        match self.timeout {
            Some(t) if t.is_finite() && t >= 0.0 => Ok(std::time::Duration::try_from_secs_f64(t)
                .ok()
                .and_then(|l| started.checked_add(l))),
            Some(_) => Err("--timeout takes a non-negative number of seconds"),
            None => Ok(None),
        }
    }
}

/// `--max-memory` when it is not given: 4 GiB.
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

/// A size in bytes: a number, optionally with K, M, G or T (powers of 1024).
pub fn memory_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (number, unit) = match t.char_indices().find(|(_, c)| c.is_ascii_alphabetic()) {
        Some((k, _)) => (&t[..k], t[k..].to_ascii_uppercase()),
        None => (t, String::new()),
    };
    let shift = match unit.trim_end_matches(['B', 'I']) {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("expected a size such as 512M or 8G, found `{s}`")),
    };
    let x: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("expected a size such as 512M or 8G, found `{s}`"))?;
    let bytes = x * (1u64 << shift) as f64;
    if !(bytes.is_finite() && (1.0..1e19).contains(&bytes)) {
        return Err(format!(
            "expected a size from 1 byte to a few exabytes, found `{s}`"
        ));
    }
    Ok(bytes as u64)
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BackendArg {
    Auto,
    Varisat,
    Cadical,
    CadicalStable,
}

/// What a command does with its SAT solver, for `--backend auto`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// solve, count, enumerate: a few calls, any of which can be hard.
    Answer,
    /// generate: many small incremental checks.
    Generate,
}

impl BackendArg {
    /// The backend `auto` means for `task` (measured: BENCHMARKS.md, "SAT backends"): CaDiCaL
    /// where it is built in and the task answers a question (2.7–5× faster on the hard bundled
    /// formulas, within 10–20% either way on the easy ones); varisat for generation, whose
    /// many tiny checks it answers as fast or faster (zebra 0.78×, nonogram 0.88× with CaDiCaL).
    pub fn resolved(self, task: Task) -> BackendArg {
        match (self, task) {
            (BackendArg::Auto, Task::Answer) if cfg!(feature = "cadical") => BackendArg::Cadical,
            (BackendArg::Auto, _) => BackendArg::Varisat,
            (chosen, _) => chosen,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum AmoArg {
    Auto,
    Pairwise,
    Sequential,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum CardinalityArg {
    Auto,
    Sequential,
    Totalizer,
}

/// Who answers, as `--method` says.
#[derive(Clone, Copy, ValueEnum)]
pub enum MethodArg {
    Auto,
    Sat,
    Dlx,
    /// Count an exact cover by dancing links with memoised remainders (DXZ; other commands:
    /// dlx). The table is bounded by --max-memory; past it the count goes on without storing.
    DlxMemo,
    /// The family's own mathematics (exact linear algebra, …).
    Native,
    /// Count a CNF by blocking clauses, one SAT call per solution (other commands: sat).
    Blocking,
    /// Count a CNF with the exact projected model counter (other commands: sat).
    Counter,
}

// `--method` and `--solver`, for the commands that solve.
// (A plain comment: the commands are built when named, `defer`, and a doc comment here would
// then be the about text of each command that flattens this.)
#[derive(Args, Clone)]
pub struct SolveArgs {
    /// Who answers: auto (the family's mathematics if any, else its preferred encoding), CNF
    /// through SAT, dancing links, or the family's mathematics.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    pub method: MethodArg,
    /// An external DIMACS solver command, e.g. "cadical -q"; the CNF file is appended.
    #[arg(long, value_name = "CMD", conflicts_with = "backend")]
    pub solver: Option<String>,
}

impl Default for SolveArgs {
    fn default() -> SolveArgs {
        SolveArgs {
            method: MethodArg::Auto,
            solver: None,
        }
    }
}

// The model counter's settings, for `count`.
// (A plain comment: the commands are built when named, `defer`, and a doc comment here would
// then be the about text of each command that flattens this.)
#[derive(Args, Clone)]
pub struct CounterArgs {
    /// The model counter's cache of component counts, in MiB: past it the cache is emptied
    /// (counts stay exact; work is redone). Learnt clauses are bounded separately: every
    /// 1,000 conflicts those that have not propagated since are forgotten, and past 20,000
    /// long ones the older half (the bound then growing by a tenth).
    #[arg(long, value_name = "MIB", default_value_t = 1024)]
    pub counter_cache: usize,
    /// The model counter's decisions: `clause` (a variable of the shortest open clause, as
    /// dancing links choose an item: good on puzzles), `vsads` (occurrences plus conflict
    /// activity, as Cachet and sharpSAT), `td` (the separators of a min-degree tree
    /// decomposition first, in the manner of SharpSAT-TD; unprojected, the best of a few
    /// orders re-rooted at a centroid), `jw` (Jeroslow–Wang: the projection variable whose
    /// open clauses weigh most, a clause of k open literals 2^-k), or `auto`: `jw` for a
    /// formula whose elimination order is at least half as wide as its variables in clauses,
    /// else `td` when that decomposition completes (width at most 64), else `clause`.
    #[arg(long, value_enum, default_value_t = HeuristicArg::Auto)]
    pub counter_heuristic: HeuristicArg,
    /// Count without learning clauses from conflicts (for comparison; the count is the same).
    #[arg(long)]
    pub no_learning: bool,
    /// After each decision, try false every open literal of the clauses it shortened, and set
    /// true those that fail (sharpSAT's implicit BCP; the count is the same). Off by default:
    /// failed literals are rare on the formulas measured and the tries cost more than they save.
    #[arg(long)]
    pub counter_failed_literals: bool,
    /// Projected counting: leave out of the components the clauses blocked on a variable
    /// outside the projection (blocked clause elimination at every component search, to its
    /// fixpoint; the count is the same). Fewer decisions, dearer searches: off by default.
    #[arg(long)]
    pub counter_blocked_clauses: bool,
    /// Count the formula as given, without first simplifying it (units, failed literals,
    /// subsumption, elimination of variables outside the projection; the count is the same).
    #[arg(long)]
    pub no_simplify: bool,
    /// Projected counting: count without first adding to the projection the variables it
    /// defines (those whose value the projection variables fix in every model, found by
    /// Padoa's test with CaDiCaL, 500 conflicts each; the count is the same).
    #[arg(long)]
    pub no_define: bool,
    /// Search even a formula in exact-cover form ("exactly one" clauses over pairwise
    /// exclusive variables, "not both" pairs, units; every variable projected) that does not
    /// decompose, instead of counting it by dancing links (for comparison; the count is the
    /// same).
    #[arg(long)]
    pub no_exact_cover: bool,
    /// Keep each cached component's full key and compare it on every hit; by default a 128-bit
    /// hash names a component (a collision among 10^9 components has odds below 10^-20).
    #[arg(long)]
    pub counter_exact_keys: bool,
    /// Projected counting: a component left with no projection variable (a satisfiability
    /// question) that meets this many conflicts in the counter's own search is handed to
    /// CaDiCaL (incremental, under the current decisions), whose refutations are learnt; and
    /// once most decisions end in conflicts, each component is first asked whether it has a
    /// model at all. 0 asks CaDiCaL at every component, `never` never.
    #[arg(long, value_name = "CONFLICTS|never", default_value_t = SatOracle(wellposed_count::Counter::DEFAULT.sat_oracle), value_parser = SatOracle::parse)]
    pub counter_sat_oracle: SatOracle,
    /// Before it simplifies or searches, the model counter lists models one by one with
    /// CaDiCaL (each excluded by a blocking clause, each solve bounded by 20,000 conflicts):
    /// a formula shown to have at most this many is counted so; otherwise it searches, and a
    /// CaDiCaL that found no model within its bound answers the search's questions with what
    /// it learnt. A listing that runs out of a solve's bound after 32 models or more, or
    /// meets 8 solves past 1,000 conflicts after those 32 (many models, each dear), goes on
    /// in CaDiCaL's stable configuration (10^6 conflicts a solve), up to 16 times this many.
    /// Not for a formula in exact-cover form (see --no-exact-cover). 0 never lists.
    #[arg(long, value_name = "MODELS", default_value_t = wellposed_count::Counter::DEFAULT.list_up_to)]
    pub counter_list: u64,
    /// List models (--counter-list) not first but once most of the search's decisions end
    /// in conflicts (after 1,000), the search then starting again with what it learnt (for
    /// comparison; the count is the same).
    #[arg(long)]
    pub no_list_first: bool,
    /// A formula with at most 4 clauses of 8 or more literals, all over projection variables,
    /// may be counted without them by inclusion–exclusion (2^k counts, each with some of the
    /// clauses negated into units): `auto` when the tree decomposition is narrower by more
    /// than k without them, `always`, or `never`.
    #[arg(long, value_enum, default_value_t = InclusionExclusionArg::Auto)]
    pub counter_inclusion_exclusion: InclusionExclusionArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InclusionExclusionArg {
    Auto,
    Always,
    Never,
}

/// `--counter-sat-oracle`: a number of conflicts, or `never` (`None`).
#[derive(Clone, Copy, Debug)]
pub struct SatOracle(pub Option<u64>);

impl SatOracle {
    fn parse(text: &str) -> Result<SatOracle, String> {
        match text {
            "never" => Ok(SatOracle(None)),
            n => n
                .parse()
                .map(|k| SatOracle(Some(k)))
                .map_err(|_| format!("'{n}': a number of conflicts or 'never'")),
        }
    }
}

impl std::fmt::Display for SatOracle {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.0 {
            Some(k) => write!(f, "{k}"),
            None => f.write_str("never"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HeuristicArg {
    Auto,
    Clause,
    Vsads,
    Td,
    Jw,
}

impl CounterArgs {
    pub fn counter(&self) -> wellposed_count::Counter {
        wellposed_count::Counter {
            cache_bytes: self.counter_cache.saturating_mul(1 << 20),
            learning: !self.no_learning,
            failed_literals: self.counter_failed_literals,
            blocked_clauses: self.counter_blocked_clauses,
            simplify: !self.no_simplify,
            define: !self.no_define,
            exact_cover: !self.no_exact_cover,
            exact_keys: self.counter_exact_keys,
            sat_oracle: self.counter_sat_oracle.0,
            list_up_to: self.counter_list,
            list_first: !self.no_list_first,
            inclusion_exclusion: match self.counter_inclusion_exclusion {
                InclusionExclusionArg::Auto => wellposed_count::InclusionExclusion::Auto,
                InclusionExclusionArg::Always => wellposed_count::InclusionExclusion::Always,
                InclusionExclusionArg::Never => wellposed_count::InclusionExclusion::Never,
            },
            heuristic: match self.counter_heuristic {
                HeuristicArg::Auto => wellposed_count::Heuristic::Auto,
                HeuristicArg::Clause => wellposed_count::Heuristic::Clause,
                HeuristicArg::Vsads => wellposed_count::Heuristic::Vsads,
                HeuristicArg::Td => wellposed_count::Heuristic::Td,
                HeuristicArg::Jw => wellposed_count::Heuristic::Jw,
            },
            ..wellposed_count::Counter::default()
        }
    }
}

// The input of a command: a file or a game ID, and the family to read it as.
// (A plain comment: the commands are built when named, `defer`, and a doc comment here would
// then be the about text of each command that flattens this.)
#[derive(Args, Clone)]
pub struct Input {
    /// A puzzle file (`family NAME` on its first line, or a format its extension or shape
    /// names) or a game ID.
    pub file: std::path::PathBuf,
    /// Read the input as this family, whatever it looks like.
    #[arg(long, value_name = "NAME")]
    pub family: Option<String>,
}

/// What every command's solver options are made from: the global flags, when --timeout ends
/// the run, and the progress handle the caller reads.
#[derive(Clone)]
pub struct Settings {
    pub backend: BackendArg,
    pub conflicts: Option<u32>,
    pub choices: Choices,
    pub deadline: Option<Instant>,
    pub progress: Progress,
    pub lazy_cuts_only: bool,
}

impl Settings {
    pub fn new(g: &Global, deadline: Option<Instant>, progress: Progress) -> Settings {
        Settings {
            backend: g.backend.unwrap_or(BackendArg::Auto),
            conflicts: g.conflicts,
            choices: Choices {
                amo: match g.amo.unwrap_or(AmoArg::Auto) {
                    AmoArg::Auto => AmoEncoding::Auto,
                    AmoArg::Pairwise => AmoEncoding::Pairwise,
                    AmoArg::Sequential => AmoEncoding::Sequential,
                },
                pairwise_up_to: g
                    .pairwise_up_to
                    .unwrap_or(wellposed_sat::DEFAULT_PAIRWISE_UP_TO),
                cardinality: match g.cardinality.unwrap_or(CardinalityArg::Auto) {
                    CardinalityArg::Auto => Cardinality::Auto,
                    CardinalityArg::Sequential => Cardinality::Sequential,
                    CardinalityArg::Totalizer => Cardinality::Totalizer,
                },
                max_bytes: g.max_memory.unwrap_or(DEFAULT_MAX_MEMORY),
                phase_hints: true,
                compact: g.compact_encoding,
            },
            deadline,
            progress,
            lazy_cuts_only: g.lazy_cuts_only,
        }
    }

    /// These settings for `task`: `--backend auto` resolved (to CaDiCaL whenever
    /// `--conflicts` is given, as only CaDiCaL counts conflicts).
    pub fn for_task(&self, task: Task) -> Settings {
        let backend = match self.backend {
            BackendArg::Auto if self.conflicts.is_some() && cfg!(feature = "cadical") => {
                BackendArg::Cadical
            }
            b => b.resolved(task),
        };
        Settings {
            backend,
            ..self.clone()
        }
    }

    /// The solver options for `how` on `threads` threads (0: all cores).
    pub fn options(&self, how: &SolveArgs, threads: usize) -> Options {
        Options {
            method: match how.method {
                MethodArg::Auto => Method::Auto,
                MethodArg::Sat => Method::Sat,
                MethodArg::Dlx => Method::Dlx,
                MethodArg::DlxMemo => Method::DlxMemo,
                MethodArg::Native => Method::Native,
                MethodArg::Blocking | MethodArg::Counter => Method::Sat,
            },
            counting: match how.method {
                MethodArg::Blocking => Counting::Blocking,
                MethodArg::Counter => Counting::Counter,
                _ => Counting::Auto,
            },
            solver: match (&how.solver, self.backend) {
                (Some(cmd), _) => SolverChoice::External(cmd.clone()),
                (None, BackendArg::Varisat | BackendArg::Auto) => SolverChoice::Varisat,
                (None, BackendArg::Cadical) => SolverChoice::Cadical,
                (None, BackendArg::CadicalStable) => SolverChoice::CadicalStable,
            },
            limits: Limits {
                deadline: match self.backend {
                    BackendArg::Cadical | BackendArg::CadicalStable => self.deadline,
                    // varisat cannot be interrupted: the watchdog in `main` ends the run instead.
                    BackendArg::Varisat | BackendArg::Auto => None,
                },
                conflicts: self.conflicts,
            },
            threads,
            choices: self.choices,
            progress: self.progress.clone(),
            counter: wellposed_count::Counter::default(),
            lazy_cuts_only: self.lazy_cuts_only,
        }
    }

    /// Options for the commands without --method and --solver (generators, family commands).
    pub fn default_options(&self) -> Options {
        self.options(&SolveArgs::default(), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Probe {
        #[command(flatten)]
        global: Global,
        #[command(flatten)]
        how: SolveArgs,
    }

    #[test]
    fn flags_become_options() {
        let p = Probe::try_parse_from([
            "x",
            "--backend",
            "cadical",
            "--conflicts",
            "7",
            "--method",
            "counter",
            "--amo",
            "sequential",
            "--cardinality",
            "totalizer",
            "--compact-encoding",
        ])
        .unwrap();
        let s = Settings::new(&p.global, None, Progress::new());
        let o = s.options(&p.how, 3);
        assert_eq!(o.solver, SolverChoice::Cadical);
        assert_eq!((o.method, o.counting), (Method::Sat, Counting::Counter));
        assert_eq!(o.limits.conflicts, Some(7));
        assert_eq!(o.choices.amo, AmoEncoding::Sequential);
        assert_eq!(o.choices.cardinality, Cardinality::Totalizer);
        assert!(o.choices.compact);
        assert_eq!(o.threads, 3);
    }

    #[test]
    fn memory_sizes_read_as_bytes() {
        assert_eq!(memory_size("4G"), Ok(4 << 30));
        assert_eq!(memory_size("512m"), Ok(512 << 20));
        assert_eq!(memory_size("1.5GiB"), Ok(3 << 29));
        assert_eq!(memory_size("1000"), Ok(1000));
        for bad in ["", "G", "-1G", "4X", "1e30", "0"] {
            assert!(memory_size(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn auto_is_cadical_for_answers_and_varisat_for_generation() {
        let p = Probe::try_parse_from(["x"]).unwrap();
        let s = Settings::new(&p.global, None, Progress::new());
        let answer = s.for_task(Task::Answer).options(&p.how, 0).solver;
        let generate = s.for_task(Task::Generate).options(&p.how, 0).solver;
        let built_in = if cfg!(feature = "cadical") {
            SolverChoice::Cadical
        } else {
            SolverChoice::Varisat
        };
        assert_eq!((answer, generate), (built_in, SolverChoice::Varisat));
        let p = Probe::try_parse_from(["x", "--backend", "varisat"]).unwrap();
        let s = Settings::new(&p.global, None, Progress::new());
        assert_eq!(
            s.for_task(Task::Answer).options(&p.how, 0).solver,
            SolverChoice::Varisat
        );
    }

    #[test]
    fn the_stable_configuration_is_chosen_by_name_and_keeps_the_deadline() {
        let p = Probe::try_parse_from(["x", "--backend", "cadical-stable"]).unwrap();
        let deadline = Some(std::time::Instant::now());
        let s = Settings::new(&p.global, deadline, Progress::new());
        for task in [Task::Answer, Task::Generate] {
            let o = s.for_task(task).options(&p.how, 0);
            assert_eq!(o.solver, SolverChoice::CadicalStable);
            assert!(o.solver.is_cadical());
            assert_eq!(o.limits.deadline, deadline);
        }
    }

    #[test]
    fn an_external_solver_replaces_the_backend_and_bad_values_are_refused() {
        let p = Probe::try_parse_from(["x", "--solver", "cadical -q"]).unwrap();
        let o = Settings::new(&p.global, None, Progress::new()).options(&p.how, 0);
        assert_eq!(o.solver, SolverChoice::External("cadical -q".into()));
        assert!(Probe::try_parse_from(["x", "--method", "guess"]).is_err());
        assert!(Probe::try_parse_from(["x", "--backend", "minisat"]).is_err());
        assert!(Probe::try_parse_from(["x", "--solver", "s", "--backend", "cadical"]).is_err());
    }
}
