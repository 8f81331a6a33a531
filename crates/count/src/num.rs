//! Big-number arithmetic for counts: a machine word (`u128`) until a result no longer fits,
//! then a [`BigUint`]. Invariant: a count that fits in a `u128` is always `Num::Small`
//! ([`Num::normal`]), so `is_zero` is one comparison.

use num_bigint::BigUint;

/// A count that stays a machine word until it no longer fits.
#[derive(Clone, Debug)]
pub(crate) enum Num {
    Small(u128),
    Big(BigUint),
}

impl Num {
    pub(crate) fn zero() -> Num {
        Num::Small(0)
    }
    pub(crate) fn is_zero(&self) -> bool {
        matches!(self, Num::Small(0))
    }
    pub(crate) fn big(&self) -> BigUint {
        match self {
            Num::Small(n) => BigUint::from(*n),
            Num::Big(b) => b.clone(),
        }
    }
    pub(crate) fn normal(b: BigUint) -> Num {
        match u128::try_from(&b) {
            Ok(n) => Num::Small(n),
            Err(_) => Num::Big(b),
        }
    }
    pub(crate) fn add(&self, o: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, o) {
            if let Some(s) = a.checked_add(*b) {
                return Num::Small(s);
            }
        }
        Num::normal(self.big() + o.big())
    }
    pub(crate) fn mul(&self, o: &Num) -> Num {
        if let (Num::Small(a), Num::Small(b)) = (self, o) {
            if let Some(s) = a.checked_mul(*b) {
                return Num::Small(s);
            }
        }
        Num::normal(self.big() * o.big())
    }
    pub(crate) fn shl(&self, k: u32) -> Num {
        if let Num::Small(a) = self {
            if k < 128 && (*a == 0 || a.leading_zeros() >= k) {
                return Num::Small(a << k);
            }
        }
        Num::normal(self.big() << k as usize)
    }
}
