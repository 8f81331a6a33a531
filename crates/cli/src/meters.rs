//! Progress bars on standard error for the engine's meters (indicatif).

use wellposed_engine::{MeterBar, MeterSink};

/// Draws every meter as an indicatif bar (hidden when standard error is not a terminal).
pub struct Bars;

struct Bar(indicatif::ProgressBar);

impl MeterSink for Bars {
    fn meter(&self, what: &str, len: u64) -> Box<dyn MeterBar> {
        let bar = indicatif::ProgressBar::new(len);
        bar.set_style(
            indicatif::ProgressStyle::with_template(&format!(
                "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {what}, eta {{eta}}"
            ))
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Box::new(Bar(bar))
    }
}

impl MeterBar for Bar {
    fn set_length(&self, len: u64) {
        self.0.set_length(len);
    }

    fn set_position(&self, pos: u64) {
        self.0.set_position(pos);
    }

    fn inc(&self, steps: u64) {
        self.0.inc(steps);
    }

    fn finish(&self) {
        self.0.finish_and_clear();
    }
}
