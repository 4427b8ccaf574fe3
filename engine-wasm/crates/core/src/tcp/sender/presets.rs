//! A variant name picks a growth policy and a recovery policy; ns-2's names
//! keep ns-2's pairs, so the seed papers' tables stay as they were. SACK
//! recovery (RFC 6675, with PRR if asked) can replace any variant's own, as
//! Linux chooses recovery beside congestion control; CUBIC and BBR recover
//! as NewReno without it.

use super::growth::{BbrGrowth, CubicGrowth, Growth, RenoGrowth, VegasGrowth};
use super::recovery::{FackRecovery, Recovery, RenoFlavor, RenoRecovery, SackRecovery, VegasRecovery};
use super::SenderConfig;
use crate::tcp::Variant;

/// The (growth, recovery) pair of a sender's configuration; `flow_seed`
/// sets where BBR's gain cycle starts.
pub(super) fn parts(cfg: &SenderConfig, flow_seed: u32) -> (Growth, Recovery) {
    let reno = || Growth::Reno(RenoGrowth::new(cfg.rwnd_segments).with_precision_reduce(cfg.precision_reduce));
    let reno_recovery = |flavor| Recovery::Reno(RenoRecovery::new(flavor));
    let (growth, recovery) = match cfg.variant {
        Variant::Tahoe => (reno(), reno_recovery(RenoFlavor::Tahoe)),
        Variant::Reno => (reno(), reno_recovery(RenoFlavor::Reno)),
        Variant::NewReno => (reno(), reno_recovery(RenoFlavor::NewReno)),
        Variant::Sack1 => (reno(), Recovery::Sack(SackRecovery::new(cfg.prr))),
        Variant::Fack => (reno(), Recovery::Fack(FackRecovery::default())),
        Variant::Vegas => (
            Growth::Vegas(VegasGrowth::new(cfg.vegas, cfg.rwnd_segments).with_precision_reduce(cfg.precision_reduce)),
            Recovery::Vegas(VegasRecovery::default()),
        ),
        Variant::Cubic => (
            Growth::Cubic(CubicGrowth::new(cfg.rwnd_segments, cfg.hystart)),
            reno_recovery(RenoFlavor::NewReno),
        ),
        Variant::Bbr => (Growth::Bbr(BbrGrowth::new(cfg.initial_window, flow_seed)), reno_recovery(RenoFlavor::NewReno)),
    };
    if cfg.sack_recovery || cfg.prr {
        // ns-2's Sack1 keeps ns-2's forgetful scoreboard; every other variant RFC 6675's.
        let sack = SackRecovery::new(cfg.prr);
        let sack = if cfg.variant == Variant::Sack1 { sack } else { sack.keeping_board() };
        return (growth, Recovery::Sack(sack));
    }
    (growth, recovery)
}
