//! Grading a puzzle with the shared deduction engine, for `grade`, `hint` and the graded
//! generators: what it is deduced over, how far deduction gets, and the report when there is
//! no step to hint.

use crate::deduce::{Deducer, Deduction, FamilyRule, Rule};
use crate::entry::Report;
use crate::{exact_cover_to_cnf, CnfEncoding, Encoding, EncodingKind, EngineError, Puzzle};
use serde::Serialize;
use serde_json::json;

/// What deduction (every rule, up to probing) makes of a puzzle, and the names of the rules it
/// could use, easiest first, then `search`: how generators grade what they make, and what
/// `grade` and `hint` run.
pub fn deduce_puzzle(p: &dyn Puzzle) -> Result<(Deduction, Vec<&'static str>), EngineError> {
    let (enc, rules) = deduction_input(p)?;
    let mut names: Vec<&'static str> = std::iter::once(Rule::Propagation)
        .chain(rules.iter().map(|r| r.rule()))
        .chain(std::iter::once(Rule::Probe))
        .map(|r| r.name())
        .collect();
    names.push("search");
    Ok((
        Deducer::new(&enc).with_rules(rules).deduce(Rule::Probe),
        names,
    ))
}

/// The CNF a puzzle is deduced over (its deduction encoding, or its exact cover translated)
/// and the family's own rules.
pub fn deduction_input(
    p: &dyn Puzzle,
) -> Result<(crate::CnfEncoding, Vec<Box<dyn crate::deduce::FamilyRule>>), EngineError> {
    let rules = p.deduction_rules();
    let enc = match p.deduction_encoding() {
        Some(Encoding::Cnf(e)) => {
            // Deduction reads clauses: graph constraints as their complete encoding.
            let e = e.completed();
            crate::within_budget(p.family(), &e.cnf)?;
            e
        }
        _ => match p.encode(EncodingKind::ExactCover, Default::default()) {
            Some(Encoding::ExactCover(x)) => exact_cover_to_cnf(&x),
            _ => {
                return Err(EngineError::NoEncoding {
                    family: p.family().to_string(),
                    kind: EncodingKind::Cnf,
                })
            }
        },
    };
    Ok((enc, rules))
}

/// The name of the hardest rule a deduction needed: `search` when it stalls, `none` when
/// there was nothing to deduce.
pub fn hardest_name(d: &Deduction) -> &'static str {
    match (d.solved, d.hardest) {
        (false, _) => "search",
        (true, Some(r)) => r.name(),
        (true, None) => "none",
    }
}

/// The hint when deduction has no step to give: an error for contradicting clues, else
/// "nothing left" or "a guess is needed" with how many `open` (answers, cells) remain. `key`
/// is the JSON field that names the step's rule (`rule`, or binary's `technique`).
pub fn no_step(
    source: &str,
    family: &str,
    (contradiction, solved): (bool, bool),
    open: String,
    key: &str,
) -> anyhow::Result<Report> {
    if contradiction {
        anyhow::bail!("{source}: the clues contradict each other: no hint");
    }
    let text = if solved {
        "nothing left to deduce".to_string()
    } else {
        format!("no deduction applies: {open} open, a guess is needed")
    };
    let mut j = json!({"file": source, "family": family});
    j[key] = serde_json::Value::Null;
    Ok(Report { text, json: j })
}

/// A deduction in a few numbers, for reports that do not list the steps (a generated puzzle's
/// grade).
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub solved: bool,
    pub contradiction: bool,
    /// The hardest rule the path needed (`null` when every answer was given).
    pub hardest: Option<Rule>,
    pub level: Option<u8>,
    pub rounds: usize,
    /// Answers still open when deduction stalled (search needed).
    pub open: usize,
    /// How many rounds each rule made.
    pub used: std::collections::BTreeMap<&'static str, usize>,
}

impl Summary {
    pub fn of(d: &Deduction) -> Summary {
        Summary {
            solved: d.solved,
            contradiction: d.contradiction,
            hardest: d.hardest,
            level: d.hardest.map(Rule::level),
            rounds: d.rounds,
            open: d.open,
            used: d.used.clone(),
        }
    }
}

/// A deduction in one line: solved (in how many rounds, the hardest rule and how often each
/// rule was used), stalled (how many of `answers` are open) or contradicted.
pub fn describe(d: &Summary, answers: usize) -> String {
    let used: Vec<String> = d.used.iter().map(|(k, v)| format!("{k} ×{v}")).collect();
    let how = if used.is_empty() {
        String::new()
    } else {
        format!(" ({})", used.join(", "))
    };
    if d.contradiction {
        "deduction: contradiction (the clues have no solution)".to_string()
    } else if d.solved {
        match d.hardest {
            None => "deduction: nothing to deduce (every answer is given)".to_string(),
            Some(r) => format!(
                "deduction: solved in {} rounds; hardest rule {} (level {}){how}",
                d.rounds,
                r.name(),
                r.level(),
            ),
        }
    } else {
        format!(
            "deduction: stalled with {} of {answers} answers open (search needed); hardest rule used {}{how}",
            d.open,
            d.hardest.map_or("none", |r| r.name())
        )
    }
}

/// The puzzle's CNF to deduce over, its family, and the family's own rules.
type Prepared = (CnfEncoding, String, Vec<Box<dyn FamilyRule>>);

/// See [`Prepared`].
fn prepared(p: &dyn Puzzle, source: &str) -> anyhow::Result<Prepared> {
    let (enc, rules) = deduction_input(p).map_err(|_| {
        anyhow::anyhow!("{source}: `{}` has no encoding to deduce over", p.family())
    })?;
    Ok((enc, p.family().to_string(), rules))
}

/// `--max`: propagation, probe, or one of the family's own rules by name.
fn rule(s: &str, family: &[Box<dyn FamilyRule>]) -> anyhow::Result<Rule> {
    match s {
        "propagation" => Ok(Rule::Propagation),
        "probe" => Ok(Rule::Probe),
        other => family
            .iter()
            .map(|r| r.rule())
            .find(|r| r.name() == other)
            .ok_or_else(|| {
                let names: Vec<&str> = std::iter::once("propagation")
                    .chain(family.iter().map(|r| r.rule().name()))
                    .chain(std::iter::once("probe"))
                    .collect();
                anyhow::anyhow!(
                    "--max: expected one of {}, found `{other}`",
                    names.join(", ")
                )
            }),
    }
}

/// `grade`: how far deduction with rules up to `max` (propagation, a family rule's name, or
/// probe) gets on `p`, read from `source`.
pub fn grade(p: &dyn Puzzle, source: &str, max: &str) -> anyhow::Result<Report> {
    let (enc, family, rules) = prepared(p, source)?;
    let max = rule(max, &rules)?;
    let d = Deducer::new(&enc).with_rules(rules).deduce(max);
    let text = describe(&Summary::of(&d), enc.answer.len());
    let mut j = serde_json::to_value(&d)?;
    j["file"] = json!(source);
    j["family"] = json!(family);
    j["level"] = json!(d.hardest.map(|r| r.level()));
    Ok(Report { text, json: j })
}

/// The settled answers of a hint as a player reads them: consecutive answers that differ only
/// in their last word are said once (`row 2 col 2 is not 3, 5 or 6`), groups parted by `; `;
/// without such a run, the answers as they are, parted by `, `.
///
/// ```
/// use wellposed_engine::grading::in_few_words;
/// let w = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(in_few_words(&w(&["a is 1", "b is 2"])), "a is 1, b is 2");
/// assert_eq!(
///     in_few_words(&w(&["r1 is not 3", "r1 is not 5", "r1 is not 6", "r2 is not 3"])),
///     "r1 is not 3, 5 or 6; r2 is not 3"
/// );
/// ```
pub fn in_few_words(words: &[String]) -> String {
    let split = |w: &str| -> (String, String) {
        match w.rfind(' ') {
            Some(i) => (w[..=i].to_string(), w[i + 1..].to_string()),
            None => (String::new(), w.to_string()),
        }
    };
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for w in words {
        let (head, last) = split(w);
        match groups.last_mut() {
            Some((h, lasts)) if !head.is_empty() && *h == head => lasts.push(last),
            _ => groups.push((head, vec![last])),
        }
    }
    if groups.iter().all(|(_, lasts)| lasts.len() == 1) {
        return words.join(", ");
    }
    let said: Vec<String> = groups
        .into_iter()
        .map(|(head, mut lasts)| {
            let end = lasts.pop().unwrap_or_default();
            if lasts.is_empty() {
                format!("{head}{end}")
            } else {
                format!("{head}{} or {end}", lasts.join(", "))
            }
        })
        .collect();
    said.join("; ")
}

/// `hint`: the next deduction on `p` (read from `source`), in words and as small as a player
/// takes it: the easiest rule that settles an answer, and what one application of it settles
/// (one clause's answer, one group of a family rule — a line, a clue —, one failed probe: see
/// [`Deducer::first_step`]).
pub fn hint(p: &dyn Puzzle, source: &str) -> anyhow::Result<Report> {
    let (enc, family, rules) = prepared(p, source)?;
    let why_of: Vec<(Rule, &'static str)> = rules.iter().map(|r| (r.rule(), r.why())).collect();
    let probes_use_rules = rules.iter().any(|r| r.in_probes());
    let deducer = Deducer::new(&enc).with_rules(rules);
    let step = deducer.first_step(Rule::Probe);
    let (rule, settled) = match step {
        Some((rule, settled)) if !settled.is_empty() => (rule, settled),
        _ => {
            let d = deducer.deduce(Rule::Probe);
            let open = format!("{} answers", d.open);
            return no_step(source, &family, (d.contradiction, d.solved), open, "rule");
        }
    };
    let why = match rule {
        Rule::Propagation => "one constraint of the puzzle leaves it no other choice",
        Rule::Probe if probes_use_rules => "the other value leads to a contradiction",
        Rule::Probe => "the other value leads to a contradiction by propagation alone",
        Rule::Family(..) => why_of
            .iter()
            .find(|(r, _)| *r == rule)
            .map_or("a rule of this kind of puzzle", |(_, w)| w),
    };
    let name = |i: usize| -> String {
        enc.names
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("x{}", enc.answer[i].index() + 1))
    };
    let words: Vec<String> = settled
        .iter()
        .map(|&(i, value)| p.answer_text(&name(i), value))
        .collect();
    let (var, value) = (name(settled[0].0), settled[0].1);
    Ok(Report {
        text: format!(
            "{}: {} — {} ({}, level {})",
            family,
            in_few_words(&words),
            why,
            rule.name(),
            rule.level()
        ),
        json: json!({
            "file": source, "family": family, "rule": rule,
            "level": rule.level(), "why": why, "var": var, "value": value,
            "settles": settled.iter().map(|&(i, v)| json!({"var": name(i), "value": v})).collect::<Vec<_>>(),
        }),
    })
}
