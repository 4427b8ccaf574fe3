//! Seed 004: each forward-delay estimate next to the true delay of the very
//! segment it is for, found from the packet trace without trusting the sender.
//!
//! An estimate is recorded when a marked ACK reaches the sender. That ACK
//! echoes the receiver's clock at the marked segment's arrival (plus an offset
//! unknown here, the same for the whole run), so the echo names the segment:
//! the offset is the one that maps every echo onto a marked arrival, and the
//! segment's true forward delay is its arrival minus its send time.

use ackscope_engine::packet::{flags, PacketKind};
use ackscope_engine::record::Fate;
use ackscope_engine::Simulation;
use std::collections::HashMap;

/// One estimate and the segment it answers, in seconds.
#[derive(Clone, Copy, Debug)]
pub struct Paired {
    /// When the echo reached the sender (the estimate's time).
    pub at_s: f64,
    pub estimate_s: f64,
    /// True forward delay of the segment the echo answers.
    pub truth_s: f64,
    /// That segment's round trip: sent to echo (the estimate must lie within it).
    pub rtt_s: f64,
}

impl Paired {
    pub fn error_s(&self) -> f64 {
        self.estimate_s - self.truth_s
    }
}

/// Pairs every point of `flows.<flow>.owd_fwd_est` with its segment. The run
/// must be recorded in full (trace) and have one TCP flow.
pub fn pair_estimates(sim: &Simulation, flow: &str, sender: &str, receiver: &str) -> Vec<Paired> {
    let node = |id: &str| sim.node_ids().iter().position(|n| n == id).unwrap();
    let (sender, receiver) = (node(sender), node(receiver));
    let channels = sim.channels();
    let arrival = |r: &ackscope_engine::record::TraceRecord| r.tx_end.0 + channels[r.channel.index()].delay.as_nanos();
    let delivered_to = |r: &ackscope_engine::record::TraceRecord, to: usize| {
        r.flags & flags::MARKED != 0 && r.fate == Fate::Delivered && channels[r.channel.index()].to.index() == to
    };
    // Marked data segments by arrival time at the receiver: their send time.
    let mut sent_by_arrival: HashMap<u64, u64> = HashMap::new();
    // Marked ACKs by arrival time at the sender: their echo.
    let mut echo_by_arrival: HashMap<u64, u64> = HashMap::new();
    for r in sim.trace().records() {
        if r.kind == PacketKind::Data && delivered_to(r, receiver) {
            sent_by_arrival.insert(arrival(r), r.created.0);
        } else if r.kind == PacketKind::Ack && delivered_to(r, sender) {
            echo_by_arrival.insert(arrival(r), r.ts_ecr.0);
        }
    }
    let estimates = super::points(sim, &format!("flows.{flow}.owd_fwd_est"));
    let Some(&(first_at, _)) = estimates.first() else { return Vec::new() };
    let first_echo = echo_by_arrival[&first_at];
    let offset = sent_by_arrival
        .keys()
        .filter(|&&a| a <= first_echo)
        .map(|&a| first_echo - a)
        .find(|&off| echo_by_arrival.values().all(|&e| e >= off && sent_by_arrival.contains_key(&(e - off))))
        .expect("no clock offset maps every echo onto a marked arrival");
    estimates
        .iter()
        .map(|&(at, estimate_s)| {
            let arrived = echo_by_arrival[&at] - offset;
            let sent = sent_by_arrival[&arrived];
            Paired {
                at_s: at as f64 / 1e9,
                estimate_s,
                truth_s: (arrived - sent) as f64 / 1e9,
                rtt_s: (at - sent) as f64 / 1e9,
            }
        })
        .collect()
}
