//! A DRAT proof checker that shares no code with any SAT solver: it reads a formula and a
//! textual DRAT proof (lemma lines `l1 l2 … 0`, deletion lines `d l1 l2 … 0`) and checks, in
//! the order given, that every lemma is a RUP consequence of the formula and the lemmas before
//! it — assuming the lemma's literals false and propagating units reaches a conflict — and
//! that the empty clause is derived. Solvers without clause elimination (varisat) write only
//! RUP lemmas; a lemma that is not RUP is refused, never assumed.
//!
//! Deleting a unit clause is ignored (as the usual DRAT checkers do): keeping a clause that is
//! implied by the formula never makes an invalid lemma pass.

use std::collections::HashMap;
use std::io::BufRead;

#[derive(Debug, thiserror::Error)]
pub enum DratError {
    #[error("proof line {line}: {message}")]
    Parse { line: usize, message: String },
    #[error("proof line {line}: the lemma {lemma:?} does not follow by unit propagation")]
    NotRup { line: usize, lemma: Vec<i64> },
    #[error("the proof never derives the empty clause")]
    NoEmptyClause,
    #[error("reading the proof: {0}")]
    Io(#[from] std::io::Error),
}

/// What a successful check saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Lemmas checked (the empty clause included).
    pub lemmas: usize,
    pub deletions: usize,
}

/// Checks `proof` against `formula` (clauses of nonzero DIMACS literals).
///
/// Lemmas are over the formula's variables: a lemma naming a variable past the largest one in
/// the formula is refused with its line (a RUP proof never needs a fresh variable, and the
/// checker's arrays are sized by the variables, so a stray `4294967296` must not size them).
pub fn check(formula: &[Vec<i64>], proof: impl BufRead) -> Result<Checked, DratError> {
    // A formula holding the empty clause (an exact cover item no option can cover, say) is
    // unsatisfiable as it stands: nothing is left to prove, whatever the solver wrote.
    if formula.iter().any(|c| c.is_empty()) {
        return Ok(Checked::default());
    }
    let mut db = Database::default();
    for c in formula {
        db.add(c);
    }
    let max_var = formula
        .iter()
        .flatten()
        .map(|l| l.unsigned_abs())
        .max()
        .unwrap_or(0);
    let mut seen = Checked::default();
    let mut refuted = false;
    for (i, line) in proof.lines().enumerate() {
        let line = line?;
        let number = i + 1;
        let text = line.trim();
        if text.is_empty() || text.starts_with('c') {
            continue;
        }
        let (delete, rest) = match text.strip_prefix('d') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let clause = parse_clause(rest, number)?;
        if let Some(l) = clause.iter().find(|l| l.unsigned_abs() > max_var) {
            return Err(DratError::Parse {
                line: number,
                message: format!(
                    "literal {l}: the formula has variables 1 to {max_var} only (RUP lemmas are over them)"
                ),
            });
        }
        if delete {
            seen.deletions += 1;
            db.delete(&clause);
            continue;
        }
        seen.lemmas += 1;
        if !db.implies(&clause) {
            return Err(DratError::NotRup {
                line: number,
                lemma: clause,
            });
        }
        if clause.is_empty() {
            refuted = true;
            break;
        }
        db.add(&clause);
    }
    if refuted {
        Ok(seen)
    } else {
        Err(DratError::NoEmptyClause)
    }
}

fn parse_clause(text: &str, line: usize) -> Result<Vec<i64>, DratError> {
    let mut clause = Vec::new();
    let mut ended = false;
    for word in text.split_whitespace() {
        if ended {
            return Err(DratError::Parse {
                line,
                message: format!("expected the line to end after 0, found `{word}`"),
            });
        }
        let l: i64 = word.parse().map_err(|_| DratError::Parse {
            line,
            message: format!("expected a literal (a nonzero integer) or 0, found `{word}`"),
        })?;
        if l == 0 {
            ended = true;
        } else if l.unsigned_abs() > (u32::MAX as u64) / 4 {
            return Err(DratError::Parse {
                line,
                message: format!("literal {l} is out of range"),
            });
        } else {
            clause.push(l);
        }
    }
    if !ended {
        return Err(DratError::Parse {
            line,
            message: "expected the clause to end with 0".into(),
        });
    }
    Ok(clause)
}

/// Literal codes: 2·var + 1 for negative literals, 2·var for positive (var from 1).
fn code(l: i64) -> usize {
    2 * l.unsigned_abs() as usize + usize::from(l < 0)
}

/// Clauses with two watched literals, and the assignment that propagation builds. Everything
/// assigned outside a check holds at the top level (it follows from the clauses added).
#[derive(Default)]
struct Database {
    clauses: Vec<Vec<usize>>,
    alive: Vec<bool>,
    /// Per literal code: the clauses watching it.
    watches: Vec<Vec<usize>>,
    /// Per literal code: true once the literal is assigned true.
    value: Vec<bool>,
    trail: Vec<usize>,
    /// Clauses by their sorted literals, for deletion.
    index: HashMap<Vec<usize>, Vec<usize>>,
    /// The clauses added so far are contradictory at the top level.
    inconsistent: bool,
}

impl Database {
    fn grow(&mut self, c: usize) {
        let need = (c | 1) + 1;
        if self.value.len() < need {
            self.value.resize(need, false);
            self.watches.resize_with(need, Vec::new);
        }
    }

    fn is_true(&self, c: usize) -> bool {
        self.value[c]
    }

    fn is_false(&self, c: usize) -> bool {
        self.value[c ^ 1]
    }

    fn assign(&mut self, c: usize) {
        self.value[c] = true;
        self.trail.push(c);
    }

    /// Unit propagation from trail position `from`; false on a conflict.
    fn propagate(&mut self, mut from: usize) -> bool {
        while from < self.trail.len() {
            let falsified = self.trail[from] ^ 1;
            from += 1;
            let mut watching = std::mem::take(&mut self.watches[falsified]);
            let mut keep = 0;
            let mut conflict = false;
            let mut k = 0;
            while k < watching.len() {
                let ci = watching[k];
                k += 1;
                if !self.alive[ci] {
                    continue; // deleted: dropped from this list
                }
                if conflict {
                    watching[keep] = ci;
                    keep += 1;
                    continue;
                }
                let clause = &mut self.clauses[ci];
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                let other = clause[0];
                if self.value[other] {
                    watching[keep] = ci;
                    keep += 1;
                    continue;
                }
                let replacement = (2..clause.len()).find(|&j| !self.value[clause[j] ^ 1]);
                if let Some(j) = replacement {
                    clause.swap(1, j);
                    let w = clause[1];
                    self.watches[w].push(ci);
                    continue;
                }
                watching[keep] = ci;
                keep += 1;
                if self.value[other ^ 1] {
                    conflict = true;
                } else {
                    self.assign(other);
                }
            }
            watching.truncate(keep);
            // Watches added to this literal's list meanwhile (none: a clause never moves its
            // watch to a false literal) are kept by appending.
            let added = std::mem::replace(&mut self.watches[falsified], watching);
            self.watches[falsified].extend(added);
            if conflict {
                return false;
            }
        }
        true
    }

    /// Whether `clause` follows by unit propagation (RUP). Leaves the top level unchanged.
    fn implies(&mut self, clause: &[i64]) -> bool {
        if self.inconsistent {
            return true;
        }
        let mark = self.trail.len();
        let mut conflict = false;
        for &l in clause {
            let c = code(l);
            self.grow(c);
            if self.is_true(c) {
                conflict = true; // satisfied at the top level
                break;
            }
            if !self.is_false(c) {
                self.assign(c ^ 1);
            }
        }
        let implied = conflict || !self.propagate(mark);
        for c in self.trail.drain(mark..) {
            self.value[c] = false;
        }
        implied
    }

    fn add(&mut self, clause: &[i64]) {
        let mut lits: Vec<usize> = clause.iter().map(|&l| code(l)).collect();
        lits.sort_unstable();
        lits.dedup();
        if lits.windows(2).any(|w| w[0] ^ 1 == w[1]) {
            return; // a tautology: always satisfied
        }
        if let Some(&top) = lits.last() {
            self.grow(top);
        }
        if self.inconsistent {
            return;
        }
        let key = lits.clone();
        // Watch two literals that are not false, if there are two.
        lits.sort_by_key(|&c| u8::from(self.is_false(c)));
        let ci = self.clauses.len();
        self.index.entry(key).or_default().push(ci);
        let open = lits.iter().filter(|&&c| !self.is_false(c)).count();
        let satisfied = lits.iter().any(|&c| self.is_true(c));
        self.alive.push(true);
        if lits.len() >= 2 {
            self.watches[lits[0]].push(ci);
            self.watches[lits[1]].push(ci);
        }
        let first = lits.first().copied();
        self.clauses.push(lits);
        if satisfied {
            return;
        }
        match (open, first) {
            (0, _) | (_, None) => self.inconsistent = true,
            (1, Some(unit)) => {
                let mark = self.trail.len();
                self.assign(unit);
                if !self.propagate(mark) {
                    self.inconsistent = true;
                }
            }
            _ => {}
        }
    }

    fn delete(&mut self, clause: &[i64]) {
        let mut key: Vec<usize> = clause.iter().map(|&l| code(l)).collect();
        key.sort_unstable();
        key.dedup();
        if key.len() <= 1 {
            return; // unit deletions are ignored (see the crate comment)
        }
        if let Some(ids) = self.index.get_mut(&key) {
            if let Some(ci) = ids.pop() {
                self.alive[ci] = false;
            }
            if ids.is_empty() {
                self.index.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(formula: &[&[i64]], proof: &str) -> Result<Checked, DratError> {
        let f: Vec<Vec<i64>> = formula.iter().map(|c| c.to_vec()).collect();
        check(&f, proof.as_bytes())
    }

    /// All four clauses over two variables: unsatisfiable.
    const ALL_FOUR: [&[i64]; 4] = [&[1, 2], &[1, -2], &[-1, 2], &[-1, -2]];

    #[test]
    fn a_valid_proof_passes() {
        let c = run(&ALL_FOUR, "1 0\n0\n").unwrap();
        assert_eq!(c.lemmas, 2);
        // With a deletion and comments on the way.
        let c = run(&ALL_FOUR, "c hello\n1 0\nd 1 2 0\nd 1 0\n0\n").unwrap();
        assert_eq!((c.lemmas, c.deletions), (2, 2));
    }

    #[test]
    fn a_lemma_that_does_not_follow_is_refused() {
        // Only three of the four clauses: satisfiable (x1 = x2 = true), so "-1" must fail.
        // A lemma over a variable the formula does not have is refused on its line, before
        // anything is sized by it.
        let e = run(&ALL_FOUR, "4294967296 0\n0\n").unwrap_err();
        assert!(e.to_string().contains("line 1"), "{e}");
        assert!(run(&ALL_FOUR, "d -99999999999 0\n0\n").is_err());
        let three: [&[i64]; 3] = [&[1, 2], &[-1, 2], &[-1, -2]];
        match run(&three, "1 0\n0\n") {
            Err(DratError::NotRup { line: 1, .. }) => {}
            other => panic!("{other:?}"),
        }
        // The empty clause straight away does not follow either.
        assert!(matches!(
            run(&three, "0\n"),
            Err(DratError::NotRup { line: 1, .. })
        ));
    }

    #[test]
    fn a_formula_with_the_empty_clause_needs_no_proof() {
        let with_empty: [&[i64]; 2] = [&[1, 2], &[]];
        assert!(run(&with_empty, "").is_ok());
    }

    #[test]
    fn a_proof_without_the_empty_clause_proves_nothing() {
        assert!(matches!(
            run(&ALL_FOUR, "1 0\n"),
            Err(DratError::NoEmptyClause)
        ));
    }

    #[test]
    fn deleting_a_needed_clause_makes_later_lemmas_fail() {
        // After deleting (1 2) and (1 -2), "1" no longer follows.
        assert!(matches!(
            run(&ALL_FOUR, "d 1 2 0\nd 1 -2 0\n1 0\n0\n"),
            Err(DratError::NotRup { line: 3, .. })
        ));
    }

    #[test]
    fn bad_lines_name_the_line() {
        for (proof, line) in [("1 x 0\n", 1), ("1 0\n2\n", 2), ("1 0 3\n", 1)] {
            match run(&ALL_FOUR, proof) {
                Err(DratError::Parse { line: l, .. }) => assert_eq!(l, line, "{proof:?}"),
                other => panic!("{proof:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn pigeonhole_three_into_two_by_hand() {
        // p(i,h) = 2i + h + 1 for pigeons 0..3, holes 0..2. Each pigeon in a hole, no two in one.
        let p = |i: i64, h: i64| 2 * i + h + 1;
        let mut f: Vec<Vec<i64>> = (0..3).map(|i| vec![p(i, 0), p(i, 1)]).collect();
        for h in 0..2 {
            for a in 0..3 {
                for b in a + 1..3 {
                    f.push(vec![-p(a, h), -p(b, h)]);
                }
            }
        }
        // Pigeon 0 is not in hole 0 (else pigeons 1, 2 share hole 1), nor in hole 1: conflict.
        let proof = format!("{} 0\n{} 0\n0\n", -p(0, 0), -p(0, 1));
        assert_eq!(check(&f, proof.as_bytes()).unwrap().lemmas, 3);
        // Either lemma alone suffices (each follows by propagation, by symmetry), but the empty
        // clause alone does not: the formula has no unit to start from.
        let short = format!("{} 0\n0\n", -p(0, 1));
        assert_eq!(check(&f, short.as_bytes()).unwrap().lemmas, 2);
        assert!(matches!(
            check(&f, "0\n".as_bytes()),
            Err(DratError::NotRup { line: 1, .. })
        ));
    }
}
