//! A flow's `tcp` and `receiver` tables: their checks, and the sender and
//! receiver settings they resolve to.

use super::check::{dur, Checker};
use super::model::{ReceiverSpec, RtoEstimatorKind, TcpSpec};
use super::units::Dur;
use crate::tcp::{RtoConfig, RtoKind, SenderConfig, SinkConfig, Variant, VegasParams};
use crate::time::SimDuration;

const MAX_MSS: u64 = 65_495;
/// With window scaling (RFC 7323) the window reaches 2^30 bytes.
const MAX_RWND: u64 = 1 << 30;

/// Checks a `tcp` table at `tp`.
#[inline(never)]
pub(super) fn check_tcp(ck: &mut Checker, t: &TcpSpec, tp: &str) {
    if !t.bug_fix && !matches!(t.variant, Variant::Tahoe | Variant::Reno | Variant::NewReno) {
        ck.fail(format!("{tp}.bug_fix"), format!("{} has its own recovery rule", t.variant.name()), "true, or false with variant tahoe, reno or newreno");
    }
    ck.range(&format!("{tp}.mss"), t.mss.0, 1, MAX_MSS, &|v| format!("{v}B"));
    ck.range(&format!("{tp}.header"), t.header.0, 0, 120, &|v| format!("{v}B"));
    ck.range(&format!("{tp}.initial_window"), t.initial_window, 1, 1000, &|v| v.to_string());
    ck.range(&format!("{tp}.rwnd"), t.rwnd.0, t.mss.0.max(1), MAX_RWND, &|v| format!("{v}B"));
    ck.range(&format!("{tp}.dupack_threshold"), t.dupack_threshold, 1, 100, &|v| v.to_string());
    // 0 as ns-2's minrto_ 0 (its default before May 2001): no minimum.
    ck.range(&format!("{tp}.min_rto"), t.min_rto, Dur(0), Dur(60_000_000_000), &dur);
    ck.range(&format!("{tp}.max_rto"), t.max_rto, t.min_rto, Dur(3_600_000_000_000), &dur);
    ck.range(&format!("{tp}.initial_rto"), t.initial_rto, Dur(1_000_000), Dur(3_600_000_000_000), &dur);
    ck.range(&format!("{tp}.clock_granularity"), t.clock_granularity, Dur(0), Dur(1_000_000_000), &dur);
    if let Some(offset) = t.clock_offset {
        let below_tick = Dur(t.clock_granularity.0.saturating_sub(1));
        ck.range(&format!("{tp}.clock_offset"), offset, Dur(0), below_tick, &dur);
    }
    ck.range(&format!("{tp}.vegas_alpha"), t.vegas_alpha, 0, t.vegas_beta, &|v| v.to_string());
    ck.range(&format!("{tp}.vegas_beta"), t.vegas_beta, t.vegas_alpha, 1000, &|v| v.to_string());
    ck.range(&format!("{tp}.vegas_gamma"), t.vegas_gamma, 0, 1000, &|v| v.to_string());
    ck.range(&format!("{tp}.owd_probes"), t.owd_probes, 1, 100, &|v| v.to_string());
    if t.fast_increase && !t.owd_estimator {
        ck.fail(format!("{tp}.fast_increase"), "needs the forward-delay estimate", "false, or true with tcp.owd_estimator = true");
    }
    if t.rto_estimator != RtoEstimatorKind::Ns2 {
        for (name, on) in [("rfc2988", t.rfc2988), ("updated_rttvar", t.updated_rttvar)] {
            if !on {
                ck.fail(format!("{tp}.{name}"), "is a setting of ns-2's timer", "true, or false with tcp.rto_estimator = \"ns2\"");
            }
        }
    }
    if t.fast_increase && t.variant == Variant::Vegas {
        ck.fail(format!("{tp}.fast_increase"), "Vegas grows its window its own way", "false with variant vegas");
    }
    if t.fast_increase && (t.pacing || t.variant == Variant::Bbr) {
        ck.fail(format!("{tp}.fast_increase"), "Fast Increase's timer is the pacing timer", "false with pacing or variant bbr");
    }
    for (on, field) in [(t.sack_recovery, "sack_recovery"), (t.prr, "prr")] {
        if on && matches!(t.variant, Variant::Fack | Variant::Vegas) {
            ck.fail(format!("{tp}.{field}"), format!("{} recovers its own way", t.variant.name()), "false with variant fack or vegas");
        }
    }
    if t.hystart && t.variant != Variant::Cubic {
        ck.fail(format!("{tp}.hystart"), "HyStart++ is part of CUBIC here", "false, or true with variant cubic");
    }
}

/// SACK recovery reads SACK blocks: the receiver must send them.
pub(super) fn check_sack_recovery(ck: &mut Checker, t: &TcpSpec, r: &ReceiverSpec, base: &str) {
    for (on, field) in [(t.sack_recovery, "sack_recovery"), (t.prr, "prr")] {
        if on && !r.sack {
            ck.fail(format!("{base}.tcp.{field}"), "SACK recovery needs SACK blocks", format!("false, or true with {base}.receiver.sack = true"));
        }
    }
}

/// Checks a `receiver` table at `rp`.
pub(super) fn check_receiver(ck: &mut Checker, r: &ReceiverSpec, rp: &str) {
    ck.range(&format!("{rp}.delack_interval"), r.delack_interval, Dur(1_000_000), Dur(500_000_000), &dur);
    ck.range(&format!("{rp}.ack_size"), r.ack_size.0, 1, 1500, &|v| format!("{v}B"));
}

/// A sender's settings from a checked `tcp` table; `rng_name` names the
/// random stream that places an ns-2 timer's clock within its tick.
#[inline(never)]
pub(super) fn sender_config(t: &TcpSpec, seed: u64, rng_name: &str) -> SenderConfig {
    let rwnd_bytes = if t.window_scaling { t.rwnd.0 } else { t.rwnd.0.min(65_535) };
    let rto_kind = match t.rto_estimator {
        RtoEstimatorKind::Rfc6298 => RtoKind::Rfc6298,
        RtoEstimatorKind::Ns2 => RtoKind::Ns2 {
            clock_offset: t.clock_offset.map_or_else(
                || {
                    // ns-2 places each connection's clock at random within a tick.
                    let mut rng = crate::rng::RandomStream::for_entity(seed, rng_name);
                    let tick = t.clock_granularity.duration().as_nanos();
                    SimDuration::from_nanos((rng.uniform() * tick as f64) as u64)
                },
                Dur::duration,
            ),
            rfc2988: t.rfc2988,
        },
    };
    SenderConfig {
        variant: t.variant,
        mss_bytes: t.mss.0.min(MAX_MSS) as u32,
        header_bytes: t.header.0.min(120) as u32 + options_bytes(t),
        initial_window: t.initial_window,
        // Without window scaling the 16-bit window field caps the advertised window.
        rwnd_segments: (rwnd_bytes / t.mss.0.max(1)).clamp(1, u32::MAX as u64) as u32,
        dupack_threshold: t.dupack_threshold,
        limited_transmit: t.limited_transmit,
        bug_fix: t.bug_fix,
        rto: RtoConfig {
            initial: t.initial_rto.duration(),
            min: t.min_rto.duration(),
            max: t.max_rto.duration(),
            granularity: t.clock_granularity.duration(),
        },
        rto_kind,
        ecn: t.ecn,
        timestamps: t.timestamps,
        // ns-2's VegasTcpAgent::output sends no SYN; FackTcpAgent::recv has no delay_growth_.
        syn: t.syn && t.variant != Variant::Vegas,
        delay_growth: t.syn && t.variant != Variant::Fack,
        // ns-2's TcpAgent::set_initial_window, which every variant runs.
        start_with_one: t.syn,
        vegas: VegasParams { alpha: t.vegas_alpha, beta: t.vegas_beta, gamma: t.vegas_gamma },
        owd_probes: t.owd_estimator.then_some(t.owd_probes),
        fast_increase: t.fast_increase,
        pacing: t.pacing,
        sack_recovery: t.sack_recovery,
        prr: t.prr,
        hystart: t.hystart,
        precision_reduce: t.precision_reduce,
        timerfix: t.timerfix,
    }
}

/// RFC 7323 TCP option with two NOPs: 12 bytes on every segment and ACK.
fn options_bytes(t: &TcpSpec) -> u32 {
    if t.timestamps {
        12
    } else {
        0
    }
}

/// A receiver's settings from a checked `receiver` table; `t` is the
/// sender's, whose options the ACKs carry too; `clock_name` names the random
/// stream that sets the receiver's clock.
#[inline(never)]
pub(super) fn sink_config(r: &ReceiverSpec, t: &TcpSpec, seed: u64, clock_name: &str) -> SinkConfig {
    SinkConfig {
        delayed_ack: r.delayed_ack,
        delack_interval: r.delack_interval.duration(),
        ack_bytes: r.ack_size.0.min(1500) as u32 + options_bytes(t),
        sack: r.sack,
        // Any offset shows the estimator needs no synchronized clocks; one from the seed.
        clock_offset: {
            let mut rng = crate::rng::RandomStream::for_entity(seed, clock_name);
            SimDuration::from_nanos((rng.uniform() * 1e12) as u64)
        },
        ts_echo_bugfix: t.ts_echo_bugfix,
    }
}
