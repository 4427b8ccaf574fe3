//! A variant name picks a growth policy and a recovery policy; ns-2's names
//! keep ns-2's pairs, so the seed papers' tables stay as they were.

use super::growth::{Growth, RenoGrowth, VegasGrowth};
use super::recovery::{FackRecovery, Recovery, RenoFlavor, RenoRecovery, SackRecovery, VegasRecovery};
use super::SenderConfig;
use crate::tcp::Variant;

/// The (growth, recovery) pair of a sender's configuration.
pub(super) fn parts(cfg: &SenderConfig) -> (Growth, Recovery) {
    let reno = || Growth::Reno(RenoGrowth::new(cfg.rwnd_segments));
    match cfg.variant {
        Variant::Tahoe => (reno(), Recovery::Reno(RenoRecovery::new(RenoFlavor::Tahoe))),
        Variant::Reno => (reno(), Recovery::Reno(RenoRecovery::new(RenoFlavor::Reno))),
        Variant::NewReno => (reno(), Recovery::Reno(RenoRecovery::new(RenoFlavor::NewReno))),
        Variant::Sack1 => (reno(), Recovery::Sack(SackRecovery::default())),
        Variant::Fack => (reno(), Recovery::Fack(FackRecovery::default())),
        Variant::Vegas => (
            Growth::Vegas(VegasGrowth::new(cfg.vegas, cfg.rwnd_segments)),
            Recovery::Vegas(VegasRecovery::default()),
        ),
    }
}
