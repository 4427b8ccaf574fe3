//! What a run reports: the summary, the topology for drawing and the flows'
//! end points.

use super::Simulation;
use crate::ids::FlowId;
use crate::middlebox::Middlebox;
use crate::net::QueueLimit;
use crate::record::{FlowSummary, LinkSummary, Summary, Topology, TopologyChannel, TopologyFlow, TopologyNode};

impl Simulation {
    /// Payload bytes per packet and advertised window in bytes of flow `i`.
    fn flow_sizes(&self, i: usize) -> (u32, u64) {
        match self.udp(i) {
            Some((tx, _)) => (tx.config().packet_bytes, 0),
            None => {
                let cfg = self.sender(i).config();
                (cfg.mss_bytes, cfg.rwnd_segments as u64 * cfg.mss_bytes as u64)
            }
        }
    }

    pub fn flow_endpoints(&self) -> Vec<crate::export::FlowEndpoints> {
        (0..self.flows.len())
            .map(|i| {
                let (mss_bytes, rwnd_bytes) = self.flow_sizes(i);
                let (header_bytes, syn) = match self.is_udp(i) {
                    true => (0, false),
                    false => (self.sender(i).config().header_bytes, self.sender(i).config().syn),
                };
                crate::export::FlowEndpoints {
                    sender: self.agent_nodes[self.flows[i].sender.index()],
                    receiver: self.agent_nodes[self.flows[i].sink.index()],
                    mss_bytes,
                    rwnd_bytes,
                    header_bytes,
                    syn,
                }
            })
            .collect()
    }

    /// The network for drawing; `scenario` is the one this run was built from.
    pub fn topology(&self, scenario: &crate::scenario::Scenario) -> Topology {
        let endpoints = self.flow_endpoints();
        Topology {
            nodes: scenario
                .nodes
                .iter()
                .map(|n| TopologyNode { id: n.id.clone(), kind: n.kind, label: n.label.clone().unwrap_or_else(|| n.id.clone()) })
                .collect(),
            channels: self
                .channel_info
                .iter()
                .map(|c| TopologyChannel {
                    name: c.name.clone(),
                    link: c.link.clone(),
                    direction: c.direction,
                    from: c.from.index(),
                    to: c.to.index(),
                    rate_bps: c.rate.bps() as f64,
                    delay_ms: c.delay.as_nanos() as f64 / 1e6,
                    queue_limit: match c.limit {
                        QueueLimit::Packets(n) => format!("{n}pkt"),
                        QueueLimit::Bytes(b) => crate::scenario::units::Bytes(b).to_string(),
                    },
                    queue_limit_packets: match c.limit {
                        QueueLimit::Packets(n) => Some(n),
                        QueueLimit::Bytes(_) => None,
                    },
                    queue_limit_bytes: match c.limit {
                        QueueLimit::Bytes(b) => Some(b),
                        QueueLimit::Packets(_) => None,
                    },
                })
                .collect(),
            flows: self
                .flow_ids()
                .zip(&endpoints)
                .enumerate()
                .map(|(i, (id, e))| TopologyFlow {
                    id: id.to_string(),
                    from: e.sender.index(),
                    to: e.receiver.index(),
                    variant: self.variant_name(i).to_string(),
                    segment_bytes: match self.udp(i) {
                        Some((tx, _)) => tx.config().packet_bytes,
                        None => self.sender(i).config().mss_bytes + self.sender(i).config().header_bytes,
                    },
                })
                .collect(),
        }
    }

    /// The sender's TCP variant, or "cbr" for a UDP flow.
    fn variant_name(&self, i: usize) -> &'static str {
        if self.is_udp(i) {
            "cbr"
        } else {
            self.sender(i).variant().name()
        }
    }

    /// Per-flow and per-link figures at the current time.
    pub fn summary(&self) -> Summary {
        let mut summary = self.summary_end_to_end();
        self.count_split_legs_apart(&mut summary);
        summary
    }

    /// With a split proxy the real receiver sees only the second leg: the
    /// duplicates it gets are the proxy's doing, and the flow's own spurious
    /// counters are those of the first leg, which ends at the proxy.
    fn count_split_legs_apart(&self, summary: &mut Summary) {
        for ((_, mb), m) in self.middleboxes().zip(&mut summary.middleboxes) {
            let Middlebox::Split(proxy) = mb else { continue };
            let (mut leg2_retransmits, mut leg2_timeouts) = (0, 0);
            for (i, f) in summary.flows.iter_mut().enumerate() {
                let Some(c) = proxy.connection_of(FlowId(i as u16)) else { continue };
                let receiver = &self.sink(i).stats;
                leg2_retransmits += receiver.spurious_retransmits;
                leg2_timeouts += receiver.spurious_timeouts;
                f.spurious_retransmits = proxy.leg1(c).stats.spurious_retransmits;
                f.spurious_timeouts = proxy.leg1(c).stats.spurious_timeouts;
            }
            m.leg2_spurious_retransmits = Some(leg2_retransmits);
            m.leg2_spurious_timeouts = Some(leg2_timeouts);
        }
    }

    /// The summary as the end points see it.
    fn summary_end_to_end(&self) -> Summary {
        let now = self.now();
        let flows = self
            .flows
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let totals = self.receiver_bytes(i);
                // Bytes (delivered, received) over the window, and its length.
                let ((delivered, received), seconds) = match &self.measure {
                    Some(m) => m.window(i, totals),
                    None => (totals, now.since(f.start).as_secs_f64()),
                };
                let per_second = |bytes: u64| if seconds > 0.0 { bytes as f64 * 8.0 / seconds } else { 0.0 };
                let completion_s = f.file.as_ref().and_then(|t| t.completed_at).map(|t| t.since(f.start).as_secs_f64());
                let mut summary = FlowSummary {
                    id: f.id.clone(),
                    variant: self.variant_name(i).to_string(),
                    goodput_bps: per_second(delivered),
                    throughput_bps: per_second(received),
                    delivered_bytes: totals.0,
                    sent_packets: 0,
                    retransmits: 0,
                    timeouts: 0,
                    spurious_retransmits: 0,
                    spurious_timeouts: 0,
                    rtt_mean_s: None,
                    owd_fwd_mean_s: None,
                    owd_fwd_std_s: None,
                    owd_fwd_est_mean_s: None,
                    owd_fwd_est_std_s: None,
                    owd_fwd_marked_mean_s: None,
                    owd_fwd_marked_std_s: None,
                    completion_s,
                    file_goodput_bps: completion_s.filter(|&s| s > 0.0).map(|s| totals.0 as f64 * 8.0 / s),
                    lost_packets: None,
                    inter_arrival_min_s: None,
                    inter_arrival_mean_s: None,
                    inter_arrival_max_s: None,
                };
                match self.udp(i) {
                    Some((tx, rx)) => {
                        let gaps = &rx.stats.inter_arrival;
                        summary.sent_packets = tx.stats.sent_packets;
                        summary.owd_fwd_mean_s = rx.stats.owd.mean_s();
                        summary.owd_fwd_std_s = rx.stats.owd.std_s();
                        summary.lost_packets = Some(rx.stats.lost_packets());
                        summary.inter_arrival_min_s = gaps.min.map(|d| d.as_secs_f64());
                        summary.inter_arrival_mean_s = gaps.stats.mean_s();
                        summary.inter_arrival_max_s = gaps.max.map(|d| d.as_secs_f64());
                    }
                    None => {
                        let (tx, rx) = (self.sender(i), self.sink(i));
                        summary.sent_packets = tx.stats().sent_packets;
                        summary.retransmits = tx.stats().retransmits;
                        summary.timeouts = tx.stats().timeouts;
                        summary.spurious_retransmits = rx.stats.spurious_retransmits;
                        summary.spurious_timeouts = rx.stats.spurious_timeouts;
                        summary.rtt_mean_s = tx.stats().rtt.mean_s();
                        summary.owd_fwd_mean_s = rx.stats.owd.mean_s();
                        summary.owd_fwd_std_s = rx.stats.owd.std_s();
                        summary.owd_fwd_est_mean_s = tx.stats().owd_fwd_est.mean_s();
                        summary.owd_fwd_est_std_s = tx.stats().owd_fwd_est.std_s();
                        summary.owd_fwd_marked_mean_s = rx.stats.owd_marked.mean_s();
                        summary.owd_fwd_marked_std_s = rx.stats.owd_marked.std_s();
                    }
                }
                summary
            })
            .collect();
        let links = self
            .channel_info
            .iter()
            .zip(&self.net.channels)
            .map(|(info, ch)| {
                // The channel is busy without a gap from `now` to `busy_until`:
                // that part of its work lies beyond the run.
                let beyond = ch.busy_until().0.saturating_sub(now.0);
                let busy = ch.stats.busy_ns.saturating_sub(beyond);
                LinkSummary {
                    id: info.link.clone(),
                    direction: info.direction,
                    from: self.node_ids[info.from.index()].clone(),
                    to: self.node_ids[info.to.index()].clone(),
                    drops: ch.stats.drops,
                    early_drops: ch.stats.early_drops,
                    marks: ch.stats.marks,
                    corrupted: ch.stats.corrupted,
                    outage_losses: ch.stats.outage_losses,
                    arq_retries: ch.stats.arq_retries,
                    fragments: ch.stats.fragments,
                    queue_max_pkts: ch.stats.queue_max_pkts,
                    queue_max_bytes: ch.stats.queue_max_bytes,
                    packets: ch.stats.packets,
                    utilization: match ch.features().and_then(|f| f.capacity.as_ref()) {
                        Some(trace) => {
                            let offered = trace.offered_bytes(now);
                            if offered > 0 { (trace.bytes_carried as f64 / offered as f64).min(1.0) } else { 0.0 }
                        }
                        None if now.0 > 0 => busy as f64 / now.0 as f64,
                        None => 0.0,
                    },
                }
            })
            .collect();
        Summary {
            scenario: self.scenario_id.clone(),
            seed: self.seed,
            duration_s: now.as_secs_f64(),
            events: self.events,
            digest: self.digest.hex(),
            measure_s: self.measure.as_ref().map(|m| (m.from.as_secs_f64(), m.to.as_secs_f64())),
            flows,
            links,
            middleboxes: self.middleboxes().zip(&self.middleboxes).map(|((id, mb), m)| mb.summary(id, &m.node)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{dumbbell, DROPTAIL};
    use crate::record::Recording;

    #[test]
    fn flows_share_the_link_and_fill_it() {
        let mut sim = dumbbell(2, DROPTAIL, "5s", "", Recording::Summary);
        sim.run();
        let s = sim.summary();
        assert_eq!(s.flows.len(), 2);
        let total: f64 = s.flows.iter().map(|f| f.throughput_bps).sum();
        // Slow start and the losses that end it leave some of the 5 s unused.
        assert!(total > 7e6 && total <= 10e6, "{total}");
        let forward = &s.links[0];
        assert!(forward.utilization <= 1.0, "{}", forward.utilization);
        // The link carried what the receivers got, headers on top.
        assert!(forward.utilization * 10e6 > total, "{} {total}", forward.utilization);
        assert_eq!(s.events, sim.events());
    }

    #[test]
    fn a_measurement_window_counts_only_its_own_bytes() {
        let mut whole = dumbbell(1, DROPTAIL, "4s", "", Recording::Summary);
        whole.run();
        let mut window = dumbbell(1, DROPTAIL, "4s", "measure = { from = \"2s\", to = \"3s\" }", Recording::Summary);
        window.run();
        let (w, a) = (&window.summary().flows[0], &whole.summary().flows[0]);
        assert_eq!(window.summary().measure_s, Some((2.0, 3.0)));
        assert_eq!(w.delivered_bytes, a.delivered_bytes, "totals are the whole run's");
        // A second of a full 10 Mbit/s link, not four seconds' worth.
        assert!(w.goodput_bps > 8e6 && w.goodput_bps <= 10e6, "{}", w.goodput_bps);
    }

    #[test]
    fn the_topology_names_every_channel_and_flow() {
        let text = super::super::fixture::dumbbell_text(2, DROPTAIL, "1s", "");
        let (scenario, sim) = crate::prepare(&text, crate::scenario::Format::Toml, &[], Recording::Summary).unwrap();
        let t = sim.topology(&scenario);
        assert_eq!(t.nodes.len(), 2);
        let names: Vec<&str> = t.channels.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert_eq!((t.channels[0].from, t.channels[0].to, t.channels[1].from), (0, 1, 1));
        assert_eq!(t.channels[0].queue_limit_packets, Some(20));
        assert_eq!(t.flows.iter().map(|f| (f.id.as_str(), f.variant.as_str())).collect::<Vec<_>>(), [("f0", "reno"), ("f1", "reno")]);
        let endpoints = sim.flow_endpoints();
        assert!(endpoints.iter().all(|e| e.sender.index() == 0 && e.receiver.index() == 1 && e.mss_bytes > 0));
    }
}
