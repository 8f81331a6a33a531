//! The component cache: counts by [`component_hash`] (and by the full key with
//! [`Counter::exact_keys`]), within [`Counter::cache_bytes`] (emptied past it; the counts stay
//! exact, only work is lost).
//!
//! Invariant ("cache pollution", as sharpSAT calls it): a learnt clause or the oracle's "no"
//! can cut models from a component only where the formula under the current assignment has
//! no model at all; such a branch counts 0 whatever its components say, but the counts cached
//! inside it may be too small. So every entry made while counting a branch that comes to 0 is
//! taken back ([`Search::take_back_cache_since`], by `cache_log`); the entries of branches that
//! count more than 0 are exact.

use super::*;

/// 128 bits that name a component in the cache: two independent lanes (multiply, xor, rotate,
/// with different odd multipliers) over its sorted variables and its sorted long clauses, two
/// numbers packed into each step, seeded with the lists' lengths, each lane finished by
/// splitmix64's avalanche. The cache compares these 16 bytes instead of the whole component
/// (which may hold thousands of numbers), so an entry costs the same whatever the component's
/// size. Treating the hash as a random function, the chance that two of N distinct components
/// met in one count share a name is at most N²/2^129 — below 10^-20 for N = 10^9 components,
/// far past any count's length. `exact_keys` removes even that.
pub fn component_hash(vars: &[u32], long: &[u32]) -> u128 {
    fn finish(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    let mut a = 0x9E37_79B9_7F4A_7C15u64 ^ vars.len() as u64;
    let mut b = 0xC2B2_AE3D_27D4_EB4Fu64 ^ (long.len() as u64).rotate_left(32);
    let mut mix = |w: u64| {
        a = (a ^ w).wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(29);
        b = (b.rotate_left(23) ^ w.wrapping_mul(0x94D0_49BB_1331_11EB))
            .wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    };
    // Two numbers a step (the lengths, in the seeds, fix where the lists part): each lane is a
    // chain of dependent multiplications, so half the steps is half the latency (side by side
    // against one number a step, two runs: track3_013 3.74 → 3.46 and 3.90 → 3.83 s, the empty
    // 8×8 grid 27.5 → 26.0 and 27.4 → 26.8 s, all 51 counting instances 310.6 → 307.8 s).
    for list in [vars, long] {
        let mut pairs = list.chunks_exact(2);
        for p in &mut pairs {
            mix(u64::from(p[0]) << 32 | u64::from(p[1]));
        }
        if let [last] = pairs.remainder() {
            mix(u64::from(*last) << 32 | 0xFFFF_FFFF);
        }
    }
    (u128::from(finish(a)) << 64) | u128::from(finish(b))
}

impl Search<'_> {
    /// Removes the cache entries made since the log held `logged` entries: the branch they
    /// were counted in has no model, and a learnt clause may have cut their counts short.
    pub(super) fn take_back_cache_since(&mut self, logged: usize) {
        if !self.learning && self.oracle_after.is_none() {
            return; // without learnt clauses or the oracle every count is exact
        }
        let from = logged.saturating_sub(self.cache_logged_before);
        for key in self.cache_log.drain(from..) {
            if let Some(gone) = self.cache.remove(&key) {
                self.cache_used = self
                    .cache_used
                    .saturating_sub(gone.bytes(self.settings.cache_entry_bytes));
                self.stats.cache_removed += 1;
            }
        }
    }

    /// Caches a component's count under its hash (and full key).
    pub(super) fn cache_count(&mut self, hash: u128, full: Option<Box<[u32]>>, total: Num) -> Num {
        let entry = Cached {
            count: total.clone(),
            key: full,
        };
        let bytes = entry.bytes(self.settings.cache_entry_bytes);
        if self.cache_used + bytes > self.cache_budget {
            self.cache.clear();
            self.cache_logged_before += self.cache_log.len();
            self.cache_log.clear();
            self.cache_used = 0;
            self.stats.cache_flushes += 1;
        }
        self.cache_used += bytes;
        if self.learning || self.oracle_after.is_some() {
            self.cache_log.push(hash);
        }
        if let Some(old) = self.cache.insert(hash, entry) {
            // A collision caught by the full keys: the newer component keeps the slot.
            self.cache_used = self
                .cache_used
                .saturating_sub(old.bytes(self.settings.cache_entry_bytes));
        }
        total
    }
}
