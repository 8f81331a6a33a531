//! The command line: the shared flags with the commands on any family, `generate` and each
//! family's subcommands from the registry, parsed on the narrowest tree that takes the
//! arguments, and what they ask for ([`Job`]).

use crate::{args::Global, commands};
use clap::{Args, FromArgMatches, Subcommand};

/// What the command line asked for.
pub enum Job {
    Builtin(commands::Builtin),
    Generate(&'static wellposed_engine::FamilyEntry, clap::ArgMatches),
    Family(wellposed_engine::Commands, clap::ArgMatches),
}

/// Which subcommands a command line tree holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tree<'a> {
    /// All of them: for help, for errors, and whenever a narrower tree does not parse.
    Whole,
    /// One of the commands on any family (`solve`, `count`, …), by its name.
    Builtin(&'a str),
    /// `generate` alone.
    Generate,
    /// One family's subcommands (`survo`, `binary`, …).
    Family(&'a str),
}

impl<'a> Tree<'a> {
    /// The narrowest tree that can parse `args` (the program's arguments, its name first): the
    /// first argument that names a subcommand says which. Global flags take numbers and
    /// keywords, never a subcommand's name, so that argument is the subcommand; were it not,
    /// the narrow tree would fail to parse and the whole one would be used.
    fn for_args(args: &'a [std::ffi::OsString]) -> Tree<'a> {
        for arg in args.iter().skip(1).filter_map(|a| a.to_str()) {
            if arg == "generate" {
                return Tree::Generate;
            }
            if commands::Builtin::has_subcommand(arg) {
                return Tree::Builtin(arg);
            }
            if wellposed_families::family(arg).is_some_and(|f| f.commands.is_some()) {
                return Tree::Family(arg);
            }
        }
        Tree::Whole
    }
}

/// The command line: the shared flags with the commands on any family, `generate` and each
/// family's subcommands from the registry — all of them, or only those of `tree` (building,
/// parsing on and dropping the whole tree took 0.6 M of the 3.7 M instructions of solving a
/// small nonogram: BENCHMARKS.md, "Process start: the small puzzles"). A command's own flags
/// are built only when it is named (`defer` on [`commands::Builtin`]), but the global flags
/// are copied into every command the tree holds, which is why a narrow tree holds one.
fn cli(tree: Tree) -> clap::Command {
    let about = "Is there a solution, is there exactly one, and how many are there?";
    let mut root = Global::augment_args(
        clap::Command::new("wellposed")
            .version(env!("CARGO_PKG_VERSION"))
            .subcommand_required(true),
    );
    match tree {
        Tree::Whole => root = commands::Builtin::augment_subcommands(root),
        Tree::Builtin(name) => {
            let all = commands::Builtin::augment_subcommands(clap::Command::new("wellposed"));
            if let Some(one) = all.find_subcommand(name) {
                root = root.subcommand(one.clone());
            }
        }
        Tree::Generate | Tree::Family(_) => {}
    }
    root = root.about(about);
    if matches!(tree, Tree::Whole | Tree::Generate) {
        root = root.subcommand(commands::generate::command());
    }
    for f in wellposed_families::FAMILIES {
        let wanted = match tree {
            Tree::Whole => true,
            Tree::Family(name) => name == f.name,
            Tree::Builtin(_) | Tree::Generate => false,
        };
        if let (Some(c), true) = (f.commands, wanted) {
            root = root.subcommand(c.command(f.name));
        }
    }
    root
}

/// Parses `args` (the program's name first) on the narrowest tree that takes them (see
/// [`Tree`]), or else on the whole tree, whose error (or help) is the one to show.
pub fn parse(args: &[std::ffi::OsString]) -> Result<clap::ArgMatches, clap::Error> {
    let tree = Tree::for_args(args);
    if tree != Tree::Whole {
        let mut narrow = cli(tree);
        if let Ok(matches) = narrow.try_get_matches_from_mut(args) {
            // The tree is no longer needed and the process ends soon: freeing it would cost
            // more than the parse did.
            std::mem::forget(narrow);
            return Ok(matches);
        }
    }
    cli(Tree::Whole).try_get_matches_from(args)
}

pub fn job(mut m: clap::ArgMatches) -> Result<Job, clap::Error> {
    let name = m.subcommand_name().unwrap_or_default();
    if name == "generate" {
        let (_, mut g) = m.remove_subcommand().expect("generate was named");
        let (name, args) = g.remove_subcommand().expect("a generator is required");
        let family = wellposed_families::family(&name).expect("generators come from the registry");
        return Ok(Job::Generate(family, args));
    }
    if let Some(c) = wellposed_families::family(name).and_then(|f| f.commands) {
        let (_, args) = m
            .remove_subcommand()
            .expect("the family's command was named");
        return Ok(Job::Family(c, args));
    }
    commands::Builtin::from_arg_matches_mut(&mut m).map(Job::Builtin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{self, BackendArg, Settings};

    #[test]
    fn the_command_line_is_well_formed() {
        cli(Tree::Whole).debug_assert();
        let builtins = commands::Builtin::augment_subcommands(clap::Command::new("wellposed"));
        for one in builtins.get_subcommands() {
            cli(Tree::Builtin(one.get_name())).debug_assert();
        }
        cli(Tree::Generate).debug_assert();
        for f in wellposed_families::FAMILIES
            .iter()
            .filter(|f| f.commands.is_some())
        {
            cli(Tree::Family(f.name)).debug_assert();
        }
    }

    fn os(args: &[&str]) -> Vec<std::ffi::OsString> {
        args.iter().map(Into::into).collect()
    }

    /// The global flags' defaults are applied in `Settings::new`, not by clap: the help text
    /// names them, and must name what is applied.
    #[test]
    fn the_help_names_the_defaults_applied() {
        let mut root = cli(Tree::Whole);
        let help = root.render_long_help().to_string();
        let named = |flag: &str| {
            let at = help
                .find(&format!("--{flag} <"))
                .expect("the flag is in the help");
            let rest = &help[at..];
            let start = rest.find("[default: ").expect("a default is named") + 10;
            rest[start..start + rest[start..].find(']').unwrap()].to_string()
        };
        let settings = Settings::new(
            &Global::from_arg_matches(
                &cli(Tree::Whole).get_matches_from(["wellposed", "families"]),
            )
            .unwrap(),
            None,
            wellposed_engine::Progress::default(),
        );
        assert_eq!(
            args::memory_size(&named("max-memory")),
            Ok(settings.choices.max_bytes)
        );
        assert_eq!(
            named("pairwise-up-to").parse::<usize>(),
            Ok(settings.choices.pairwise_up_to)
        );
        for flag in ["backend", "amo", "cardinality"] {
            assert_eq!(named(flag), "auto", "{flag}");
        }
        assert!(settings.backend == BackendArg::Auto);
    }

    #[test]
    fn every_generator_and_family_command_is_reachable() {
        for f in wellposed_families::FAMILIES {
            if f.generator.is_some() {
                let m = parse(&os(&["wellposed", "generate", f.name])).unwrap();
                assert!(matches!(job(m).unwrap(), Job::Generate(g, _) if g.name == f.name));
            }
            if let Some(c) = f.commands {
                let sub = c.command(f.name);
                let first = sub
                    .get_subcommands()
                    .next()
                    .expect("a family command has some");
                let name = first.get_name().to_string();
                // Asking for its help is enough to show it is wired in.
                let e = parse(&os(&["wellposed", f.name, &name, "--help"]))
                    .expect_err("help ends the parse");
                assert_eq!(e.kind(), clap::error::ErrorKind::DisplayHelp);
            }
        }
    }

    /// The narrow trees parse exactly as the whole one, and a command line that a narrow tree
    /// refuses gets the whole tree's answer.
    #[test]
    fn narrow_trees_parse_like_the_whole_one() {
        let lines: &[&[&str]] = &[
            &["solve", "encodings/binary/unique-10x10.txt"],
            &[
                "--json",
                "--timeout",
                "5",
                "count",
                "--method",
                "counter",
                "x.cnf",
            ],
            &["enumerate", "--limit", "3", "x.dlx", "--json"],
            &["--backend", "varisat", "solve", "--deduce", "a.txt"],
            &["generate", "binary", "--size", "6", "--count", "2"],
            &["--json", "generate", "zebra"],
            &["survo", "enumerate", "3", "4", "--threads", "1"],
            &["binary", "count-grids", "6"],
            // A file named like a subcommand.
            &["solve", "survo"],
            &["export", "--format", "dimacs", "a.txt", "-o", "a.cnf"],
            &["grade", "--max", "pairs", "a.txt"],
            &["hint", "a.txt"],
            &["repair", "--keep", "2", "a.txt"],
            &["serve", "--port", "0"],
            &["check-proof", "a.cnf", "a.drat"],
            &["families", "--json"],
        ];
        for line in lines {
            let args = os(&[&["wellposed"], *line].concat());
            let whole = cli(Tree::Whole).try_get_matches_from(&args).unwrap();
            let tree = Tree::for_args(&args);
            assert_ne!(tree, Tree::Whole, "{line:?}");
            let narrow = cli(tree).try_get_matches_from(&args).unwrap();
            assert_eq!(narrow, whole, "{line:?}");
            assert_eq!(parse(&args).unwrap(), whole, "{line:?}");
        }
        for line in [
            &["frobnicate"][..],
            &["solve"],
            &["--json"],
            &["survo", "nothing"],
            &["solve", "--bogus", "x"],
            &["count", "--method", "nope", "x"],
            &["solve", "--help"],
        ] {
            let args = os(&[&["wellposed"], line].concat());
            let whole = cli(Tree::Whole).try_get_matches_from(&args).unwrap_err();
            let e = parse(&args).unwrap_err();
            assert_eq!((e.kind(), e.to_string()), (whole.kind(), whole.to_string()));
        }
    }
}
