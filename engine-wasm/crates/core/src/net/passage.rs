//! A packet's passage over a link with time-varying service or losses:
//! trace-driven capacity, scheduled outages, burst errors, link-layer ARQ
//! and fragmentation.
//!
//! All of these depend only on when a packet starts and on what went before
//! it, never on later arrivals, so a channel works out the whole passage the
//! moment the packet starts: FIFO channels keep fixing passages at admission
//! (their fast path) and scheduled channels when a transmission starts. A
//! channel without any of them never comes here.
//!
//! Per fragment (a whole packet when it fits the MTU), in order:
//! 1. service: at the link rate, or by the capacity trace's opportunities,
//!    back to back with the fragment before; `hold` outages pause it;
//! 2. errors: the uniform BER and the Gilbert–Elliott chain, drawn at each
//!    try, retried by ARQ when it is on;
//! 3. a `drop` outage met between the first try's start and its arrival
//!    loses the fragment, whatever ARQ does.
//!
//! The packet is lost if any fragment is, and arrives with its last
//! fragment; with ARQ no earlier than the packet before it.

use super::arq::{Arq, Attempts};
use super::capacity_trace::CapacityTrace;
use super::errors::ErrorModel;
use super::fragment::Fragments;
use super::gilbert::GilbertElliott;
use super::outage::{OutageMode, Outages};
use crate::time::{Serializer, SimDuration, SimTime};

/// Why a packet did not get through.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Loss {
    /// Bit errors or a Gilbert–Elliott bad state (after ARQ gave up, if on).
    Corrupted,
    /// Sent into a `drop` outage.
    Outage,
}

/// A packet's passage, fixed when it starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Passage {
    pub tx_start: SimTime,
    /// End of the last fragment's (first) transmission: the link is free from here.
    pub tx_end: SimTime,
    /// When the packet is complete at the far end (or given up).
    pub arrival: SimTime,
    pub loss: Option<Loss>,
    /// Time the link spent serializing, outages excluded.
    pub busy: SimDuration,
    /// Link-layer retransmissions made.
    pub retries: u32,
    pub fragments: u32,
}

/// The mechanisms a channel has beyond rate, delay and uniform BER.
#[derive(Clone, Debug, Default)]
pub struct LinkFeatures {
    pub capacity: Option<CapacityTrace>,
    pub outages: Option<Outages>,
    pub gilbert: Option<GilbertElliott>,
    pub arq: Option<Arq>,
    pub mtu_bytes: Option<u32>,
}

impl LinkFeatures {
    pub fn is_empty(&self) -> bool {
        self.capacity.is_none()
            && self.outages.is_none()
            && self.gilbert.is_none()
            && self.arq.is_none()
            && self.mtu_bytes.is_none()
    }

    /// The passage of a packet of `size_bytes` queued at `enqueued` that may
    /// start at `earliest` (the link free, the packet there).
    pub fn passage(
        &mut self,
        size_bytes: u32,
        enqueued: SimTime,
        earliest: SimTime,
        serializer: &mut Serializer,
        errors: &mut ErrorModel,
        delay: SimDuration,
    ) -> Passage {
        let fragments = match self.mtu_bytes {
            Some(mtu) => Fragments::of(size_bytes, mtu),
            None => Fragments { count: 1, full_bytes: size_bytes, last_bytes: size_bytes },
        };
        if let Some(ge) = self.gilbert.as_mut() {
            // Nothing will be sent before this packet from now on.
            ge.forget_before(earliest);
        }
        let mut p = Passage {
            tx_start: earliest,
            tx_end: earliest,
            arrival: earliest,
            loss: None,
            busy: SimDuration::ZERO,
            retries: 0,
            fragments: fragments.count,
        };
        let mut t = earliest;
        for i in 0..fragments.count {
            let size = fragments.size(i);
            let (start, end) = self.serve(size, enqueued, t, serializer, &mut p.busy);
            if i == 0 {
                p.tx_start = start;
            }
            t = end;
            let attempts = self.tries(size, start, errors);
            p.retries += attempts.tries - 1;
            let extra = self.arq.as_ref().map_or(SimDuration::ZERO, |a| a.extra_delay(attempts));
            let arrival = end + delay + extra;
            if !attempts.delivered && p.loss.is_none() {
                p.loss = Some(Loss::Corrupted);
            }
            let dropped = self.outages.as_ref().is_some_and(|o| o.mode == OutageMode::Drop && o.overlaps(start, end + delay));
            if dropped {
                p.loss = Some(Loss::Outage);
            }
            p.arrival = p.arrival.max(arrival);
        }
        p.tx_end = t;
        if let Some(arq) = self.arq.as_mut() {
            p.arrival = arq.in_order(p.arrival);
        }
        p
    }

    /// Serves one fragment no earlier than `from`: (start, end) of its transmission.
    fn serve(
        &mut self,
        size: u32,
        enqueued: SimTime,
        from: SimTime,
        serializer: &mut Serializer,
        busy: &mut SimDuration,
    ) -> (SimTime, SimTime) {
        let hold = self.outages.as_ref().filter(|o| o.mode == OutageMode::Hold);
        if let Some(trace) = self.capacity.as_mut() {
            // Opportunities are instants: the trace has no serialization time.
            return trace.serve(size, enqueued, hold);
        }
        let work = serializer.transmission_time(size);
        *busy = *busy + work;
        match hold {
            Some(o) => {
                let start = o.up_from(from);
                (start, o.finish(start, work))
            }
            None => (from, from + work),
        }
    }

    /// Sends a fragment with ARQ's retries if on, else once.
    fn tries(&mut self, size: u32, first: SimTime, errors: &mut ErrorModel) -> Attempts {
        let ge = &mut self.gilbert;
        let mut lost = |at: SimTime| {
            // Both draws are made, each from its own stream, so adding one
            // model never shifts the other's numbers.
            let ber = errors.corrupts(size);
            let burst = ge.as_mut().is_some_and(|g| g.corrupts(size, at));
            ber || burst
        };
        match &self.arq {
            Some(arq) => arq.send(first, lost),
            None => Attempts { tries: 1, delivered: !lost(first) },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::gilbert::{GilbertParams, StateLoss, Transitions};
    use crate::rng::RandomStream;
    use crate::time::Bandwidth;

    const MS: u64 = 1_000_000;

    fn passage(f: &mut LinkFeatures, size: u32, at: u64) -> Passage {
        // 8 Mbit/s: 1000 B in 1 ms; 10 ms of propagation.
        let mut s = Serializer::new(Bandwidth(8_000_000));
        f.passage(size, SimTime(at), SimTime(at), &mut s, &mut ErrorModel::none(), SimDuration::from_millis(10))
    }

    #[test]
    fn a_held_outage_pauses_the_transmission() {
        let mut f = LinkFeatures {
            outages: Some(Outages::new(OutageMode::Hold, vec![(MS / 2, 5 * MS)], None)),
            ..Default::default()
        };
        // Half the packet before the outage, half after: ends at 5.5 ms, arrives at 15.5 ms.
        let p = passage(&mut f, 1000, 0);
        assert_eq!((p.tx_start.0, p.tx_end.0, p.arrival.0, p.loss), (0, 5 * MS + MS / 2, 15 * MS + MS / 2, None));
        assert_eq!(p.busy, SimDuration::from_millis(1));
    }

    #[test]
    fn a_drop_outage_loses_what_is_on_the_wire() {
        let mut f = LinkFeatures {
            outages: Some(Outages::new(OutageMode::Drop, vec![(8 * MS, 9 * MS)], None)),
            ..Default::default()
        };
        // Sent at 0, on the wire until 11 ms: lost; sent at 9 ms: gets through.
        assert_eq!(passage(&mut f, 1000, 0).loss, Some(Loss::Outage));
        assert_eq!(passage(&mut f, 1000, 9 * MS).loss, None);
    }

    #[test]
    fn fragments_are_serialized_back_to_back_with_their_headers() {
        let mut f = LinkFeatures { mtu_bytes: Some(576), ..Default::default() };
        // 1040 B -> 572 B + 488 B = 1060 B: 1.06 ms at 8 Mbit/s.
        let p = passage(&mut f, 1040, 0);
        assert_eq!((p.fragments, p.tx_end.0, p.arrival.0), (2, 1_060_000, 11_060_000));
    }

    #[test]
    fn losing_one_fragment_loses_the_packet() {
        // Per frame: the first frame is sent in the good state, then the chain
        // goes bad for good: the second fragment is lost.
        let params = GilbertParams {
            transitions: Transitions::PerFrame { good_to_bad: 1.0, bad_to_good: 0.0 },
            good: StateLoss { loss: 0.0, ber: 0.0 },
            bad: StateLoss { loss: 1.0, ber: 0.0 },
        };
        let mut f = LinkFeatures {
            mtu_bytes: Some(576),
            gilbert: Some(GilbertElliott::new(params, RandomStream::for_entity(1, "ge"))),
            ..Default::default()
        };
        let p = passage(&mut f, 1040, 0);
        assert_eq!((p.fragments, p.loss), (2, Some(Loss::Corrupted)));
    }

    #[test]
    fn arq_retries_delay_this_packet_and_the_ones_behind() {
        // Per frame, flipping at every frame: bad, good, bad, good...
        let params = GilbertParams {
            transitions: Transitions::PerFrame { good_to_bad: 1.0, bad_to_good: 1.0 },
            good: StateLoss { loss: 0.0, ber: 0.0 },
            bad: StateLoss { loss: 1.0, ber: 0.0 },
        };
        let mut ge = GilbertElliott::new(params, RandomStream::for_entity(1, "ge"));
        // A first frame in the good state: the chain then flips at every frame.
        ge.corrupts(1, SimTime::ZERO);
        let mut f = LinkFeatures {
            gilbert: Some(ge),
            arq: Some(Arq::new(5, SimDuration::from_millis(100))),
            ..Default::default()
        };
        // Bad (lost), good (through): one retry, 100 ms late: arrives at 111 ms.
        let p = passage(&mut f, 1000, 0);
        assert_eq!((p.retries, p.arrival.0, p.loss), (1, 111 * MS, None));
        // The next packet leaves at 1 ms in the bad state again, one retry: 112 ms.
        let q = passage(&mut f, 1000, MS);
        assert_eq!((q.retries, q.arrival.0), (1, 112 * MS));
    }

    #[test]
    fn capacity_traces_replace_the_rate() {
        let mut f = LinkFeatures { capacity: Some(CapacityTrace::new(vec![2, 4], 1500)), ..Default::default() };
        let p = passage(&mut f, 3000, 0);
        assert_eq!((p.tx_start.0, p.tx_end.0, p.arrival.0), (2 * MS, 4 * MS, 14 * MS));
    }
}
