//! Checks and resolves a channel's link mechanisms beyond rate, delay,
//! DropTail and BER: RED, outages, Gilbert–Elliott bursts, ARQ, capacity
//! traces and the MTU. Each problem is reported at the path where the value
//! was written (`base` is that path).

use super::model::{ArqSpec, CapacityTraceSpec, GilbertSpec, OutageModeSpec, OutageSpec, RedSpec, TraceTimes};
use super::check::Checker;
use super::units::{Bytes, Dur, QueueCapacity};
use crate::net::capacity_trace::parse_mahimahi;
use crate::net::fragment::MIN_MTU_BYTES;
use crate::net::gilbert::{GilbertParams, StateLoss, Transitions};
use crate::net::outage::{OutageMode, Outages};
use crate::net::red::{RedParams, RedSettings};
use crate::time::SimDuration;

/// Longest time any schedule may reach (a day, the longest run).
const MAX_TIME_NS: u64 = 86_400 * 1_000_000_000;
/// Most entries a capacity trace may have.
const MAX_TRACE_ENTRIES: usize = 10_000_000;

fn dur(d: Dur) -> String {
    d.to_string()
}

fn probability(ck: &mut Checker, path: String, p: f64) {
    if !(0.0..=1.0).contains(&p) {
        ck.fail(path, format!("{p} is out of range"), "0 to 1");
    }
}

fn ber(ck: &mut Checker, path: String, b: f64) {
    if !(0.0..1.0).contains(&b) {
        ck.fail(path, format!("{b} is out of range"), "0 to less than 1");
    }
}

/// RED on a channel of `rate_bps` and `delay` with queue capacity `limit`
/// (`queue` is the queue's path).
#[inline(never)]
pub(super) fn red(ck: &mut Checker, queue: &str, spec: &RedSpec, limit: QueueCapacity, rate_bps: u64, delay: SimDuration) -> Option<RedParams> {
    let base = format!("{queue}.red");
    let errors_before = ck.errors.len();
    let positive = |ck: &mut Checker, field: &str, v: Option<f64>| {
        if let Some(v) = v.filter(|v| !(*v > 0.0 && *v <= 1e6)) {
            ck.fail(format!("{base}.{field}"), format!("{v} is out of range"), "above 0, at most 1000000 packets");
        }
    };
    positive(ck, "min_thresh", spec.min_thresh);
    positive(ck, "max_thresh", spec.max_thresh);
    if let Some(w) = spec.q_weight.filter(|w| !(*w > 0.0 && *w <= 1.0)) {
        ck.fail(format!("{base}.q_weight"), format!("{w} is out of range"), "above 0, at most 1 (unset: automatic)");
    }
    if !(spec.max_p > 0.0 && spec.max_p <= 1.0) {
        ck.fail(format!("{base}.max_p"), format!("{} is out of range", spec.max_p), "above 0, at most 1");
    }
    probability(ck, format!("{base}.mark_p"), spec.mark_p);
    ck.range(&format!("{base}.mean_pktsize"), spec.mean_pktsize, Bytes(1), Bytes(65_535), &|b| b.to_string());
    let mean = spec.mean_pktsize.0.clamp(1, 65_535);
    // The hard limit in the queue's unit; ns-2 keeps it in packets and, in
    // bytes mode, multiplies it by mean_pktsize_.
    let limit = match (limit, spec.bytes) {
        (QueueCapacity::Packets(n), true) => n.saturating_mul(mean),
        (QueueCapacity::Packets(n), false) => n,
        (QueueCapacity::Bytes(b), true) => b,
        (QueueCapacity::Bytes(_), false) => {
            ck.fail(
                format!("{queue}.limit"),
                "a byte limit on a RED queue counting packets",
                "a packet limit such as \"50pkt\", or red.bytes = true",
            );
            0
        }
    };
    let settings = RedSettings {
        min_thresh_pkts: spec.min_thresh,
        max_thresh_pkts: spec.max_thresh,
        q_weight: spec.q_weight,
        max_p: spec.max_p,
        mark_p: spec.mark_p,
        gentle: spec.gentle,
        wait: spec.wait,
        bytes: spec.bytes,
        mean_pktsize_bytes: mean as u32,
        ecn: spec.ecn,
    };
    let params = RedParams::configure(&settings, rate_bps, delay.as_secs_f64(), limit);
    if spec.max_thresh.is_some() && params.max_thresh_pkts <= params.min_thresh_pkts {
        ck.fail(
            format!("{base}.max_thresh"),
            format!("{} is not above the minimum threshold {}", params.max_thresh_pkts, params.min_thresh_pkts),
            "more than min_thresh",
        );
    }
    (ck.errors.len() == errors_before).then_some(params)
}

/// Outages written at `base`.
#[inline(never)]
pub(super) fn outages(ck: &mut Checker, base: &str, spec: &OutageSpec) -> Option<Outages> {
    let errors_before = ck.errors.len();
    let mut intervals = Vec::with_capacity(spec.intervals.len());
    let mut previous_end = 0;
    for (i, iv) in spec.intervals.iter().enumerate() {
        let path = format!("{base}.intervals.{i}");
        ck.range(&format!("{path}.from"), iv.from, Dur(previous_end), Dur(MAX_TIME_NS), &dur);
        if iv.to <= iv.from {
            ck.fail(format!("{path}.to"), format!("{} is not after from = {}", iv.to, iv.from), "a later time than from");
        }
        ck.range(&format!("{path}.to"), iv.to, Dur(0), Dur(MAX_TIME_NS), &dur);
        previous_end = previous_end.max(iv.to.0);
        intervals.push((iv.from.0, iv.to.0));
    }
    if let Some(every) = spec.every {
        let down: u64 = intervals.iter().map(|&(a, b)| b.saturating_sub(a)).sum();
        ck.range(&format!("{base}.every"), every, Dur(1_000), Dur(MAX_TIME_NS), &dur);
        if previous_end > every.0 {
            ck.fail(format!("{base}.every"), format!("{every} is shorter than the schedule ({})", Dur(previous_end)), "a period the intervals fit in");
        } else if down >= every.0 {
            ck.fail(format!("{base}.every"), format!("the link would be down all of every {every}"), "a period longer than the outages in it");
        }
    }
    if ck.errors.len() > errors_before || intervals.is_empty() {
        return None;
    }
    let mode = match spec.mode {
        OutageModeSpec::Drop => OutageMode::Drop,
        OutageModeSpec::Hold => OutageMode::Hold,
    };
    Some(Outages::new(mode, intervals, spec.every.map(|e| e.0)))
}

/// Gilbert–Elliott settings written at `base`.
#[inline(never)]
pub(super) fn gilbert(ck: &mut Checker, base: &str, g: &GilbertSpec) -> Option<GilbertParams> {
    let errors_before = ck.errors.len();
    let timed = (g.mean_good, g.mean_bad);
    let per_packet = (g.good_to_bad, g.bad_to_good);
    let transitions = match (timed, per_packet) {
        ((Some(good), Some(bad)), (None, None)) => {
            let lo = Dur(1_000);
            ck.range(&format!("{base}.mean_good"), good, lo, Dur(MAX_TIME_NS), &dur);
            ck.range(&format!("{base}.mean_bad"), bad, lo, Dur(MAX_TIME_NS), &dur);
            Transitions::Timed { mean_good_ns: good.0, mean_bad_ns: bad.0 }
        }
        ((None, None), (Some(gb), Some(bg))) => {
            probability(ck, format!("{base}.good_to_bad"), gb);
            probability(ck, format!("{base}.bad_to_good"), bg);
            Transitions::PerFrame { good_to_bad: gb, bad_to_good: bg }
        }
        _ => {
            ck.fail(
                base,
                "needs one way to change state",
                "mean_good and mean_bad (durations), or good_to_bad and bad_to_good (per-packet probabilities)",
            );
            return None;
        }
    };
    probability(ck, format!("{base}.loss_good"), g.loss_good);
    probability(ck, format!("{base}.loss_bad"), g.loss_bad);
    ber(ck, format!("{base}.ber_good"), g.ber_good);
    ber(ck, format!("{base}.ber_bad"), g.ber_bad);
    (ck.errors.len() == errors_before).then_some(GilbertParams {
        transitions,
        good: StateLoss { loss: g.loss_good, ber: g.ber_good },
        bad: StateLoss { loss: g.loss_bad, ber: g.ber_bad },
    })
}

/// ARQ settings written at `base`: (max tries, retry delay).
#[inline(never)]
pub(super) fn arq(ck: &mut Checker, base: &str, a: &ArqSpec) -> Option<(u32, SimDuration)> {
    let errors_before = ck.errors.len();
    ck.range(&format!("{base}.max_tries"), a.max_tries, 1, 100, &|v| v.to_string());
    ck.range(&format!("{base}.retry_delay"), a.retry_delay, Dur(0), Dur(60_000_000_000), &dur);
    (ck.errors.len() == errors_before).then_some((a.max_tries, a.retry_delay.duration()))
}

/// A capacity trace written at `base`: its opportunities in ms and bytes each.
#[inline(never)]
pub(super) fn capacity_trace(ck: &mut Checker, base: &str, c: &CapacityTraceSpec) -> Option<(Vec<u64>, u32)> {
    let errors_before = ck.errors.len();
    let path = format!("{base}.ms");
    let ms = match &c.ms {
        TraceTimes::List(list) => list.clone(),
        TraceTimes::Text(text) => match parse_mahimahi(text) {
            Ok(ms) => ms,
            Err(e) => {
                ck.fail(path, e, "whole milliseconds, one per line or separated by spaces");
                return None;
            }
        },
    };
    if ms.is_empty() || ms.len() > MAX_TRACE_ENTRIES {
        ck.fail(&path, format!("{} entries", ms.len()), format!("1 to {MAX_TRACE_ENTRIES} timestamps"));
    } else if let Some(i) = ms.windows(2).position(|w| w[1] < w[0]) {
        ck.fail(
            &path,
            format!("entry {} ({} ms) is before entry {} ({} ms)", i + 2, ms[i + 1], i + 1, ms[i]),
            "nondecreasing timestamps",
        );
    } else if ms[ms.len() - 1] == 0 || ms[ms.len() - 1] > MAX_TIME_NS / 1_000_000 {
        ck.fail(&path, format!("the trace lasts {} ms", ms[ms.len() - 1]), "a last timestamp of 1 ms to a day");
    }
    ck.range(&format!("{base}.opportunity"), c.opportunity, Bytes(1), Bytes(65_535), &|b| b.to_string());
    (ck.errors.len() == errors_before).then_some((ms, c.opportunity.0 as u32))
}

/// An MTU written at `path`.
pub(super) fn mtu(ck: &mut Checker, path: &str, mtu: Bytes) -> Option<u32> {
    ck.range(path, mtu, Bytes(MIN_MTU_BYTES as u64), Bytes(65_535), &|b| b.to_string());
    (MIN_MTU_BYTES as u64..=65_535).contains(&mtu.0).then_some(mtu.0 as u32)
}

#[cfg(test)]
mod tests {
    use crate::scenario::{load_errors as errors_of, TWO_NODES};

    fn errors(sets: &[&str]) -> Vec<String> {
        errors_of(TWO_NODES, sets)
    }

    #[test]
    fn every_mechanism_is_accepted_with_good_values() {
        let e = errors(&[
            "links.ab.queue={ kind = \"red\", limit = \"50pkt\", red = { ecn = true, max_p = 0.2 } }",
            "links.ab.errors={ ber = 1e-6, gilbert = { mean_good = \"1s\", mean_bad = \"50ms\" }, arq = { max_tries = 4, retry_delay = \"80ms\" } }",
            "links.ab.outages={ mode = \"hold\", intervals = [{ from = \"1s\", to = \"1.2s\" }], every = \"5s\" }",
            "links.ab.forward.mtu=576B",
            "links.ab.reverse.capacity_trace={ ms = \"1\\n1\\n2\\n3\\n\" }",
        ]);
        assert!(e.is_empty(), "{e:?}");
    }

    #[test]
    fn red_settings_are_checked_where_written_and_only_for_red_queues() {
        // A droptail queue ignores RED settings (knobs switch kinds).
        assert!(errors(&["links.ab.queue.red.max_p=2"]).is_empty());
        assert_eq!(
            errors(&["links.ab.queue.kind=red", "links.ab.queue.red.max_p=2"]),
            vec!["links.ab.queue.red.max_p: 2 is out of range (allowed: above 0, at most 1)"]
        );
        // At 1 Mbit/s the automatic minimum threshold is 5 packets.
        assert_eq!(
            errors(&["links.ab.forward.queue.kind=red", "links.ab.forward.queue.red.max_thresh=3"]),
            vec!["links.ab.forward.queue.red.max_thresh: 3 is not above the minimum threshold 5 (allowed: more than min_thresh)"]
        );
        assert_eq!(
            errors(&["links.ab.queue={ kind = \"red\", limit = \"20KB\", red = { bytes = false } }"]),
            vec!["links.ab.queue.limit: a byte limit on a RED queue counting packets (allowed: a packet limit such as \"50pkt\", or red.bytes = true)"]
        );
        assert_eq!(
            errors(&["links.ab.queue.kind=red", "links.ab.queue.red.q_weight=0"]),
            vec!["links.ab.queue.red.q_weight: 0 is out of range (allowed: above 0, at most 1 (unset: automatic))"]
        );
    }

    #[test]
    fn a_drop_list_must_be_strictly_increasing() {
        assert!(errors(&["links.ab.errors.drop_list=[0, 5, 6]"]).is_empty());
        assert_eq!(
            errors(&["links.ab.forward.errors.drop_list=[3, 9, 9]"]),
            vec!["links.ab.forward.errors.drop_list.2: 9 is not above 9, the index before it (allowed: packet indices from 0, strictly increasing)"]
        );
        assert_eq!(errors(&["links.ab.errors.drop_list=[-1]"]).len(), 1);
    }

    #[test]
    fn outages_must_be_ordered_and_fit_their_period() {
        assert_eq!(
            errors(&["links.ab.outages.intervals=[{ from = \"2s\", to = \"3s\" }, { from = \"2.5s\", to = \"4s\" }]"]),
            vec!["links.ab.outages.intervals.1.from: 2.5s is out of range (allowed: 3s to 86400s)"]
        );
        assert_eq!(
            errors(&["links.ab.reverse.outages.intervals=[{ from = \"2s\", to = \"2s\" }]"]),
            vec!["links.ab.reverse.outages.intervals.0.to: 2s is not after from = 2s (allowed: a later time than from)"]
        );
        assert_eq!(
            errors(&["links.ab.outages={ intervals = [{ from = \"1s\", to = \"3s\" }], every = \"2s\" }"]),
            vec!["links.ab.outages.every: 2s is shorter than the schedule (3s) (allowed: a period the intervals fit in)"]
        );
        assert_eq!(
            errors(&["links.ab.outages={ intervals = [{ from = \"0s\", to = \"2s\" }], every = \"2s\" }"]),
            vec!["links.ab.outages.every: the link would be down all of every 2s (allowed: a period longer than the outages in it)"]
        );
        assert_eq!(errors(&["links.ab.outages.mode=off"])[0], "links.ab.outages.mode: unknown value \"off\" (allowed: drop, hold)");
    }

    #[test]
    fn gilbert_needs_exactly_one_way_to_change_state() {
        let need = "links.ab.errors.gilbert: needs one way to change state (allowed: mean_good and mean_bad (durations), or good_to_bad and bad_to_good (per-packet probabilities))";
        assert_eq!(errors(&["links.ab.errors.gilbert.mean_good=1s"]), vec![need]);
        assert_eq!(
            errors(&["links.ab.errors.gilbert={ mean_good = \"1s\", mean_bad = \"1s\", good_to_bad = 0.1, bad_to_good = 0.1 }"]),
            vec![need]
        );
        assert_eq!(
            errors(&["links.ab.errors.gilbert={ good_to_bad = 0.1, bad_to_good = 1.5 }"]),
            vec!["links.ab.errors.gilbert.bad_to_good: 1.5 is out of range (allowed: 0 to 1)"]
        );
        assert_eq!(
            errors(&["links.ab.forward.errors.gilbert={ good_to_bad = 0.1, bad_to_good = 0.5, ber_bad = 1 }"]),
            vec!["links.ab.forward.errors.gilbert.ber_bad: 1 is out of range (allowed: 0 to less than 1)"]
        );
    }

    #[test]
    fn arq_mtu_and_capacity_traces_are_checked() {
        assert_eq!(
            errors(&["links.ab.errors.arq={ max_tries = 0, retry_delay = \"10ms\" }"]),
            vec!["links.ab.errors.arq.max_tries: 0 is out of range (allowed: 1 to 100)"]
        );
        assert_eq!(errors(&["links.ab.mtu=60B"]), vec!["links.ab.mtu: 60B is out of range (allowed: 68B to 65535B)"]);
        assert_eq!(
            errors(&["links.ab.capacity_trace.ms=\"1\\n2\\nx\\n\""]),
            vec!["links.ab.capacity_trace.ms: entry 3 \"x\" is not a whole number of ms (allowed: whole milliseconds, one per line or separated by spaces)"]
        );
        assert_eq!(
            errors(&["links.ab.capacity_trace.ms=[1, 5, 3]"]),
            vec!["links.ab.capacity_trace.ms: entry 3 (3 ms) is before entry 2 (5 ms) (allowed: nondecreasing timestamps)"]
        );
        assert_eq!(
            errors(&["links.ab.capacity_trace.ms=[0, 0]"]),
            vec!["links.ab.capacity_trace.ms: the trace lasts 0 ms (allowed: a last timestamp of 1 ms to a day)"]
        );
        // A trace stands for the rate.
        let no_rate = TWO_NODES.replace("rate = \"1Mbps\", ", "");
        assert_eq!(
            errors_of(&no_rate, &[]),
            vec![
                "links.ab.forward.rate: missing (allowed: set rate (or capacity_trace) on the link or on this direction)",
                "links.ab.reverse.rate: missing (allowed: set rate (or capacity_trace) on the link or on this direction)",
            ]
        );
        assert!(errors_of(&no_rate, &["links.ab.capacity_trace.ms=[1, 2]"]).is_empty());
    }

    #[test]
    fn shared_buffers_are_named_and_bounded() {
        let with_buffer = format!("{TWO_NODES}\nbuffers = [{{ id = \"term\", limit = \"120KB\" }}]\n");
        assert!(errors_of(&with_buffer, &["links.ab.forward.queue.buffer=term"]).is_empty());
        assert_eq!(
            errors_of(&with_buffer, &["links.ab.forward.queue.buffer=phone"]),
            vec!["links.ab.forward.queue.buffer: unknown buffer \"phone\" (allowed: term)"]
        );
        assert_eq!(
            errors_of(&with_buffer, &["buffers.term.limit=0B"]),
            vec!["buffers.term.limit: 0B is out of range (allowed: 1B to 1073741824B)"]
        );
        assert_eq!(
            errors(&["links.ab.queue.buffer=term"]),
            vec!["links.ab.queue.buffer: unknown buffer \"term\" (allowed: ids of [[buffers]])"]
        );
    }
}
