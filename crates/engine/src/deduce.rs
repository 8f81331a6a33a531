//! Deduction over any CNF encoding, for grading and hints.
//!
//! The state keeps, for every variable, which values are still possible (both at the start,
//! except that a unit clause of the encoding is a given and holds from the start; values are
//! only ever removed). A rule proposes removals: *propagation* (level 1) — a clause whose
//! literals are all impossible but one forces that one; a family's own rules (levels 1 to 8,
//! [`FamilyRule`], after propagation at their level and in the order the family lists them);
//! *probing* (level 9) — a value that, set and propagated (and followed up by the family rules
//! that say [`FamilyRule::in_probes`]), contradicts is impossible. A rule reports a
//! contradiction by proposing to remove a value that is the only one left (or both values of
//! one variable). The rules are monotone: once a removal is proposed it stays proposed in every
//! later state until it is applied (fewer possible values only make clauses more unit and
//! contradictions more certain). So the fixpoint is the same whatever order removals are
//! applied in (tested); applying the easiest rule first gives the path whose hardest rule is
//! least, and that rule is the difficulty.

use crate::CnfEncoding;
use serde::Serialize;
use wellposed_sat::{Lit, Var};

const FALSE: u8 = 1;
const TRUE: u8 = 2;
const BOTH: u8 = 3;

/// The rules, ordered by difficulty level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "String")]
pub enum Rule {
    /// Unit propagation over one clause of the encoding.
    Propagation,
    /// A family's own rule (name, level from 2 to 8), such as map colouring's Kempe chains.
    Family(&'static str, u8),
    /// Failed-literal probing: a value whose propagation contradicts.
    Probe,
}

impl From<Rule> for String {
    fn from(r: Rule) -> String {
        r.name().to_string()
    }
}

impl Rule {
    pub fn level(self) -> u8 {
        match self {
            Rule::Propagation => 1,
            Rule::Family(_, level) => level,
            Rule::Probe => 9,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::Propagation => "propagation",
            Rule::Family(name, _) => name,
            Rule::Probe => "probe",
        }
    }
}

impl PartialOrd for Rule {
    fn partial_cmp(&self, other: &Rule) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rule {
    fn cmp(&self, other: &Rule) -> std::cmp::Ordering {
        (self.level(), self.name()).cmp(&(other.level(), other.name()))
    }
}

/// A family's own deduction rule over the state of its encoding's variables. It must be
/// monotone (a removal it proposes stays proposed, in any state with fewer possible values,
/// until it is applied) and valid (it never removes a value of the intended unique solution).
pub trait FamilyRule: Send + Sync {
    fn rule(&self) -> Rule;
    fn propose(&self, state: &State) -> Vec<Removal>;
    /// The rule in words, for hints.
    fn why(&self) -> &'static str {
        "a rule of this kind of puzzle"
    }
    /// The removals [`FamilyRule::propose`] makes in `state`, in the groups a player takes as
    /// one step each (one line, one clue, one region): a hint shows the first group. The
    /// groups together are exactly what `propose` proposes. Default: one group of them all.
    fn propose_steps(&self, state: &State) -> Vec<Vec<Removal>> {
        vec![self.propose(state)]
    }
    /// Whether probing follows a trial value up with this rule as well as with propagation:
    /// for families whose encoding leaves the reasoning to their rules (binary's has no clauses
    /// beyond the givens), probing by propagation alone would find nothing.
    fn in_probes(&self) -> bool {
        false
    }
}

/// Whether a state still allows `value` for `var`.
pub fn possible(state: &State, var: Var, value: bool) -> bool {
    state[var.index()] & if value { TRUE } else { FALSE } != 0
}

/// A removal: variable `var` cannot take `value`, by `rule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    pub var: Var,
    pub value: bool,
    pub rule: Rule,
    /// The clause that forced it (propagation).
    pub clause: Option<usize>,
}

impl Removal {
    /// `var` cannot take `value`, by a rule rather than by propagation of a clause.
    pub fn by(rule: Rule, var: Var, value: bool) -> Removal {
        Removal {
            var,
            value,
            rule,
            clause: None,
        }
    }
}

/// One settled answer variable on the easiest-first path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    pub rule: Rule,
    /// Which round of the path settled it, from 1: a round is one rule applied to everything
    /// it proposes at once, followed by the propagation it triggers.
    pub round: usize,
    /// The answer variable's name and the value it must take.
    pub var: String,
    pub value: bool,
}

/// What deduction reached.
#[derive(Clone, Debug, Serialize)]
pub struct Deduction {
    /// Every answer variable settled.
    pub solved: bool,
    pub contradiction: bool,
    /// The hardest rule the path needed (none when nothing needed deducing).
    pub hardest: Option<Rule>,
    /// Answer variables still open.
    pub open: usize,
    /// How many rounds the path took.
    pub rounds: usize,
    /// How many rounds each rule made, by name.
    pub used: std::collections::BTreeMap<&'static str, usize>,
    /// The answer variables in the order the path settled them.
    pub steps: Vec<Step>,
    /// Per answer variable, its value when settled.
    #[serde(skip)]
    pub known: Vec<Option<bool>>,
}

pub struct Deducer<'e> {
    enc: &'e CnfEncoding,
    /// For each variable, the clauses it occurs in.
    occurs: Vec<Vec<usize>>,
    /// The family's rules, easiest first.
    family: Vec<Box<dyn FamilyRule>>,
}

/// Possible values per variable.
pub type State = Vec<u8>;

/// Some clause can no longer hold: the clues have no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

fn allows(state: &State, l: Lit) -> bool {
    state[l.var().index()] & if l.is_positive() { TRUE } else { FALSE } != 0
}

fn decided(state: &State, l: Lit) -> bool {
    state[l.var().index()] != BOTH
}

impl<'e> Deducer<'e> {
    pub fn new(enc: &'e CnfEncoding) -> Deducer<'e> {
        let n = enc.cnf.num_vars() as usize;
        let mut occurs = vec![Vec::new(); n];
        for (k, c) in enc.cnf.clauses().iter().enumerate() {
            for l in c {
                occurs[l.var().index()].push(k);
            }
        }
        Deducer {
            enc,
            occurs,
            family: Vec::new(),
        }
    }

    /// With a family's own rules besides propagation and probing, easiest level first and in
    /// the family's order within a level.
    pub fn with_rules(mut self, mut rules: Vec<Box<dyn FamilyRule>>) -> Deducer<'e> {
        rules.sort_by_key(|r| r.rule().level());
        self.family = rules;
        self
    }

    /// The family's rules, in the order they are tried.
    pub fn rules(&self) -> impl Iterator<Item = Rule> + '_ {
        self.family.iter().map(|f| f.rule())
    }

    /// A rule's place in the order of difficulty: its level, then propagation before the
    /// family's rules and those in the family's order (a rule the family does not have comes
    /// after every rule of its level, so `Rule::Family("", 8)` means every family rule).
    fn rank(&self, r: Rule) -> (u8, usize) {
        match r {
            Rule::Propagation | Rule::Probe => (r.level(), 0),
            Rule::Family(..) => (
                r.level(),
                self.family
                    .iter()
                    .position(|f| f.rule() == r)
                    .map_or(usize::MAX, |i| i + 1),
            ),
        }
    }

    /// The harder of two rules, by [`Deducer::rank`].
    fn harder(&self, a: Option<Rule>, b: Rule) -> Option<Rule> {
        match a {
            Some(a) if self.rank(a) >= self.rank(b) => Some(a),
            _ => Some(b),
        }
    }

    /// The family rules up to `max`, in order.
    fn family_up_to(&self, max: Rule) -> impl Iterator<Item = &dyn FamilyRule> + '_ {
        let max = self.rank(max);
        self.family
            .iter()
            .filter(move |f| self.rank(f.rule()) <= max)
            .map(|f| f.as_ref())
    }

    /// Every value possible, except what the encoding's unit clauses (its givens) fix: a given
    /// is where deduction starts, not a step of it. Two givens against each other leave a
    /// variable with no value, which [`Deducer::deduce`] reports as a contradiction.
    pub fn start(&self) -> State {
        let mut state = vec![BOTH; self.enc.cnf.num_vars() as usize];
        for c in self.enc.cnf.clauses() {
            if let [l] = c[..] {
                state[l.var().index()] &= if l.is_positive() { TRUE } else { FALSE };
            }
        }
        state
    }

    /// What one clause proposes in a state: `Err` when no literal can hold any more.
    fn unit(&self, state: &State, k: usize) -> Result<Option<Removal>, Contradiction> {
        let mut open = None;
        for &l in &self.enc.cnf.clauses()[k] {
            if allows(state, l) {
                if open.is_some() {
                    return Ok(None);
                }
                open = Some(l);
            }
        }
        let l = open.ok_or(Contradiction)?;
        Ok((!decided(state, l)).then_some(Removal {
            var: l.var(),
            value: !l.is_positive(),
            rule: Rule::Propagation,
            clause: Some(k),
        }))
    }

    /// Applies a removal to a state (a variable left with no value is a contradiction).
    pub fn remove(state: &mut State, r: &Removal) {
        state[r.var.index()] &= !if r.value { TRUE } else { FALSE };
    }

    /// Unit propagation to its fixpoint from the clauses of `touched` variables (all when
    /// `None`). False on a contradiction.
    pub fn propagate(&self, state: &mut State, touched: Option<Vec<Var>>) -> bool {
        let mut queue: Vec<usize> = match touched {
            None => (0..self.enc.cnf.clauses().len()).collect(),
            Some(vs) => vs
                .iter()
                .flat_map(|v| self.occurs[v.index()].iter().copied())
                .collect(),
        };
        while let Some(k) = queue.pop() {
            match self.unit(state, k) {
                Err(Contradiction) => return false,
                Ok(None) => {}
                Ok(Some(r)) => {
                    Self::remove(state, &r);
                    if state[r.var.index()] == 0 {
                        return false;
                    }
                    queue.extend(self.occurs[r.var.index()].iter().copied());
                }
            }
        }
        true
    }

    /// Every removal a rule up to `max` proposes in `state`, or `Err` on a contradiction.
    pub fn proposals(&self, state: &State, max: Rule) -> Result<Vec<Removal>, Contradiction> {
        let mut out = Vec::new();
        for k in 0..self.enc.cnf.clauses().len() {
            if let Some(r) = self.unit(state, k)? {
                out.push(r);
            }
        }
        for f in self.family_up_to(max) {
            out.extend(
                f.propose(state)
                    .into_iter()
                    .filter(|r| possible(state, r.var, r.value)),
            );
        }
        if max >= Rule::Probe {
            out.extend(self.probes(state));
        }
        Ok(out)
    }

    /// Propagation and the family rules that take part in probes, to their fixpoint. False on a
    /// contradiction.
    fn follow_up(&self, state: &mut State, touched: Vec<Var>) -> bool {
        let mut touched = Some(touched);
        loop {
            if !self.propagate(state, touched.take()) {
                return false;
            }
            let mut changed = Vec::new();
            for f in self.family.iter().filter(|f| f.in_probes()) {
                for r in f.propose(state) {
                    if possible(state, r.var, r.value) {
                        Self::remove(state, &r);
                        if state[r.var.index()] == 0 {
                            return false;
                        }
                        changed.push(r.var);
                    }
                }
                if !changed.is_empty() {
                    break;
                }
            }
            if changed.is_empty() {
                return true;
            }
            touched = Some(changed);
        }
    }

    /// Failed literals among the answer variables.
    fn probes(&self, state: &State) -> Vec<Removal> {
        let mut out = Vec::new();
        for &v in &self.enc.answer {
            if state[v.index()] != BOTH {
                continue;
            }
            for value in [false, true] {
                let mut s = state.clone();
                s[v.index()] = if value { TRUE } else { FALSE };
                if !self.follow_up(&mut s, vec![v]) {
                    out.push(Removal::by(Rule::Probe, v, value));
                }
            }
        }
        out
    }

    /// The first step of [`Deducer::deduce`]'s path, as small as a player takes it: the rule
    /// of its first round and the answer variables (index into the encoding's answers, value)
    /// that one application of it settles — for propagation the first answer settled, one
    /// clause after another; for a family rule its first group
    /// ([`FamilyRule::propose_steps`]) with what propagation then settles within it; for
    /// probing one failed literal. `None` when no rule up to `max` applies or the clues
    /// contradict.
    pub fn first_step(&self, max: Rule) -> Option<(Rule, Vec<(usize, bool)>)> {
        let mut state = self.start();
        if state.contains(&0) {
            return None;
        }
        let index: std::collections::HashMap<Var, usize> = self
            .enc
            .answer
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i))
            .collect();
        let settled = |state: &State, v: Var| -> Option<(usize, bool)> {
            let i = *index.get(&v)?;
            match state[v.index()] {
                TRUE => Some((i, true)),
                FALSE => Some((i, false)),
                _ => None,
            }
        };
        // Propagation, one clause at a time, up to the first answer it settles.
        let mut queue: Vec<usize> = (0..self.enc.cnf.clauses().len()).rev().collect();
        while let Some(k) = queue.pop() {
            match self.unit(&state, k) {
                Err(Contradiction) => return None,
                Ok(None) => {}
                Ok(Some(r)) => {
                    Self::remove(&mut state, &r);
                    if state[r.var.index()] == 0 {
                        return None;
                    }
                    if let Some(answer) = settled(&state, r.var) {
                        return Some((Rule::Propagation, vec![answer]));
                    }
                    queue.extend(self.occurs[r.var.index()].iter().copied());
                }
            }
        }
        // Propagation settles no answer: to its fixpoint, then the easiest family rule.
        if !self.propagate(&mut state, None) {
            return None;
        }
        for f in self.family_up_to(max) {
            let group = f.propose_steps(&state).into_iter().find_map(|g| {
                let g: Vec<Removal> = g
                    .into_iter()
                    .filter(|r| possible(&state, r.var, r.value))
                    .collect();
                (!g.is_empty()).then_some(g)
            });
            let Some(group) = group else { continue };
            let before = state.clone();
            for r in &group {
                Self::remove(&mut state, r);
            }
            let touched: Vec<Var> = group.iter().map(|r| r.var).collect();
            if state.contains(&0) || !self.propagate(&mut state, Some(touched.clone())) {
                return Some((f.rule(), Vec::new()));
            }
            let mut out: Vec<(usize, bool)> = touched
                .iter()
                .filter(|v| before[v.index()] == BOTH)
                .filter_map(|&v| settled(&state, v))
                .collect();
            out.sort_unstable();
            out.dedup();
            if out.is_empty() {
                // The group narrowed auxiliaries only: what it settles among the answers.
                out = self
                    .enc
                    .answer
                    .iter()
                    .filter(|v| before[v.index()] == BOTH)
                    .filter_map(|&v| settled(&state, v))
                    .collect();
            }
            return Some((f.rule(), out));
        }
        if max >= Rule::Probe {
            let r = self.probes(&state).into_iter().next()?;
            let i = *index.get(&r.var)?;
            return Some((Rule::Probe, vec![(i, !r.value)]));
        }
        None
    }

    /// Easiest rule first, to the fixpoint of the rules up to `max`.
    pub fn deduce(&self, max: Rule) -> Deduction {
        let mut state = self.start();
        let mut hardest = None;
        let mut steps = Vec::new();
        let mut used = std::collections::BTreeMap::new();
        let mut rounds = 0;
        let mut contradiction = state.contains(&0);
        let mut round = |state: &State, before: &State, rule: Rule, steps: &mut Vec<Step>| {
            rounds += 1;
            *used.entry(rule.name()).or_insert(0) += 1;
            for (i, &v) in self.enc.answer.iter().enumerate() {
                let (b, a) = (before[v.index()], state[v.index()]);
                if b == BOTH && (a == TRUE || a == FALSE) {
                    steps.push(Step {
                        rule,
                        round: rounds,
                        var: self
                            .enc
                            .names
                            .get(i)
                            .cloned()
                            .unwrap_or_else(|| format!("x{}", v.index() + 1)),
                        value: a == TRUE,
                    });
                }
            }
        };
        while !contradiction {
            let before = state.clone();
            if !self.propagate(&mut state, None) {
                contradiction = true;
                break;
            }
            if state != before {
                hardest = self.harder(hardest, Rule::Propagation);
                round(&state, &before, Rule::Propagation, &mut steps);
            }
            // The easiest family rule that applies, else probing.
            let mut found = Vec::new();
            for f in self.family_up_to(max) {
                found = f
                    .propose(&state)
                    .into_iter()
                    .filter(|r| possible(&state, r.var, r.value))
                    .collect();
                if !found.is_empty() {
                    break;
                }
            }
            if found.is_empty() && max >= Rule::Probe {
                found = self.probes(&state).into_iter().take(1).collect();
            }
            if found.is_empty() {
                break;
            }
            let before = state.clone();
            let rule = found[0].rule;
            for r in &found {
                Self::remove(&mut state, r);
            }
            hardest = self.harder(hardest, rule);
            if state.contains(&0)
                || !self.propagate(&mut state, Some(found.iter().map(|r| r.var).collect()))
            {
                contradiction = true;
                break;
            }
            round(&state, &before, rule, &mut steps);
        }
        let (rounds, used) = (rounds, used);
        self.outcome(state, hardest, (rounds, used), steps, contradiction)
    }

    /// Applies one proposal at a time, chosen by `pick` among all current proposals, to the
    /// fixpoint: the order-independence check.
    pub fn deduce_in_order(&self, max: Rule, mut pick: impl FnMut(usize) -> usize) -> Deduction {
        let mut state = self.start();
        let mut contradiction = state.contains(&0);
        while !contradiction {
            match self.proposals(&state, max) {
                Err(Contradiction) => {
                    contradiction = true;
                    break;
                }
                Ok(p) if p.is_empty() => break,
                Ok(p) => {
                    let r = p[pick(p.len())];
                    Self::remove(&mut state, &r);
                    if state[r.var.index()] == 0 {
                        contradiction = true;
                        break;
                    }
                }
            }
        }
        self.outcome(state, None, Default::default(), Vec::new(), contradiction)
    }

    fn outcome(
        &self,
        state: State,
        hardest: Option<Rule>,
        (rounds, used): (usize, std::collections::BTreeMap<&'static str, usize>),
        steps: Vec<Step>,
        contradiction: bool,
    ) -> Deduction {
        let known: Vec<Option<bool>> = self
            .enc
            .answer
            .iter()
            .map(|v| match state[v.index()] {
                TRUE => Some(true),
                FALSE => Some(false),
                _ => None,
            })
            .collect();
        let open = known.iter().filter(|k| k.is_none()).count();
        Deduction {
            solved: !contradiction && open == 0,
            contradiction,
            hardest,
            open,
            rounds,
            used,
            steps,
            known,
        }
    }
}
