//! Writing a puzzle's encoding: DIMACS with its projection, or Knuth's `.dlx` text.

use super::*;

/// Writes the puzzle's encoding: `EncodingKind::Cnf` as DIMACS with the answer variables as
/// the projection (`c p show … 0` and `c ind … 0`) and a comment naming each of them;
/// `EncodingKind::ExactCover` as Knuth's `.dlx` text. An exact cover is translated to CNF when
/// DIMACS is asked for.
pub fn export(
    p: &dyn Puzzle,
    kind: EncodingKind,
    opts: &Options,
    out: &mut impl Write,
) -> Result<(), EngineError> {
    let header = format!("wellposed export of a {} puzzle", p.family());
    match kind {
        EncodingKind::Cnf => {
            // DIMACS carries no phases: no time on hints.
            let choices = Choices {
                phase_hints: false,
                ..opts.choices
            };
            let Prepared::Sat { enc, .. } =
                prepare(p, Method::Sat, choices.settled(Purpose::Solving), false)?
            else {
                unreachable!("Method::Sat prepares CNF")
            };
            let choices = enc.cnf.choices();
            let mut comments = vec![
                header,
                format!(
                    "encoding choices: at-most-one {:?} (pairwise up to {}), cardinality {:?}{}",
                    choices.amo,
                    choices.pairwise_up_to,
                    choices.cardinality,
                    if choices.compact { ", compact" } else { "" }
                )
                .to_lowercase(),
                "projection: the answer variables, listed in `c p show` (and `c ind`)".into(),
            ];
            for (v, name) in enc.answer.iter().zip(&enc.names) {
                comments.push(format!("var {} = {name}", v.dimacs()));
            }
            let notes = dimacs::Annotations {
                show: Some(enc.answer.clone()),
                comments,
            };
            dimacs::write(out, &enc.cnf, &notes)?;
        }
        EncodingKind::ExactCover => {
            let Prepared::Dlx(problem) = prepare(
                p,
                Method::Dlx,
                opts.choices.settled(Purpose::Solving),
                false,
            )?
            else {
                unreachable!("Method::Dlx prepares an exact cover")
            };
            wellposed_xc::write_dlx(out, &problem, &[header])?;
        }
    }
    Ok(())
}
