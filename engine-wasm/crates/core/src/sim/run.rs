//! The event loop: takes events in their total order and hands them to
//! channels and agents.

use super::agents::{Agent, Ctx};
use super::Simulation;
use crate::ids::{AgentId, NodeId};
use crate::kernel::{Event, Scheduled, TimerFiring};
use crate::middlebox::Verdict;
use crate::packet::{Packet, PacketKind};
use crate::time::SimTime;

impl Simulation {
    /// Runs to the end.
    pub fn run(&mut self) {
        while !self.step(u64::MAX) {}
    }

    /// Processes at most `budget` queue entries; true once the run is over.
    pub fn step(&mut self, budget: u64) -> bool {
        for _ in 0..budget {
            // One compare for the run's end, the measurement window and
            // outage marks (an empty queue's time is `NEVER`, past any end).
            if self.queue.head_time() >= self.slow_at && self.at_slow_time() {
                return true;
            }
            let now = self.queue.head_time();
            // Most events are arrivals: told by the key's bits, with no
            // `Event` decoded (its variant match cost a dozen instructions).
            if let Some(c) = self.queue.head_arrival() {
                let (node, arrived, following) = self.net.take_arrival(c, now, &mut self.series);
                // The channel's next arrival takes this one's place in the heap.
                self.queue.take_head(following);
                if !arrived.has(crate::packet::flags::CORRUPTED) {
                    self.deliver(node, &arrived, now);
                }
                self.count(now, Event::ChannelArrival(c).code());
            } else {
                let next = self.queue.head();
                self.queue.take(&next, None);
                self.net.clear_arrival_origin();
                if self.dispatch(next) {
                    self.count(next.time, next.code);
                }
            }
        }
        self.finished
    }

    /// Counts a real event (not a stale timer entry) and adds it to the digest.
    #[inline(always)]
    fn count(&mut self, at: SimTime, code: u64) {
        self.events += 1;
        self.digest.add(at.0);
        self.digest.add(code);
    }

    /// The next event is at or past `slow_at`: finishes the run if it is
    /// over (true), else takes the measurements and outage marks due before
    /// the event and sets `slow_at` again.
    #[cold]
    #[inline(never)]
    fn at_slow_time(&mut self) -> bool {
        let next = match self.queue.peek() {
            Some(next) if next.time <= self.end => next,
            _ => {
                self.finish();
                return true;
            }
        };
        self.take_measurements(next.time);
        if next.time >= self.net.next_outage_mark() {
            self.net.record_outages(next.time, &mut self.series);
        }
        let measure_at = self.measure.as_ref().map_or(SimTime::NEVER, |m| m.next_due());
        self.slow_at = SimTime(self.end.0.saturating_add(1)).min(self.net.next_outage_mark()).min(measure_at);
        false
    }

    fn finish(&mut self) {
        if !self.finished {
            self.finished = true;
            self.net.record_outages(self.end, &mut self.series);
            self.net.flush_series(self.end, &mut self.series);
            self.take_measurements(SimTime::NEVER);
        }
    }

    /// Handles a timer or application event; false if it was a stale timer entry.
    fn dispatch(&mut self, next: Scheduled) -> bool {
        let now = next.time;
        match next.event {
            Event::ChannelArrival(_) => unreachable!("step handles arrivals"),
            Event::ChannelTxDone(c) => self.net.finish_transmission(c, now, &mut self.queue, &mut self.series),
            Event::Timer(timer) => match self.timers.on_pop(&mut self.queue, timer, next.seq, now) {
                TimerFiring::Fire { owner, kind } => {
                    self.with_agent(owner, now, |agent, ctx| agent.on_timer(kind, ctx));
                    true
                }
                TimerFiring::Nothing => false,
            },
            Event::AppStart(flow) => {
                let sender = self.flows[flow.index()].sender;
                self.with_agent(sender, now, |agent, ctx| match agent {
                    Agent::Sender(s) => s.start(ctx),
                    Agent::Cbr(s) => s.start(ctx),
                    _ => {}
                });
                true
            }
        }
    }

    // Always inlined into `step`: left to LLVM it sat at the inlining limit,
    // and any growth of the TCP code under it moved it out of line (+4%).
    #[inline(always)]
    fn deliver(&mut self, node: NodeId, pkt: &Packet, now: SimTime) {
        if let Some(&Some(mb)) = self.middlebox_at.get(node.index()) {
            let mut verdict = Verdict::Pass;
            self.with_agent(mb, now, |a, ctx| {
                if let Agent::Middlebox(m) = a {
                    verdict = m.on_packet(pkt, ctx);
                }
            });
            if verdict == Verdict::Taken {
                return;
            }
        }
        if pkt.dst != node {
            self.net.forward(node, pkt, now, &mut self.queue, &mut self.series);
            return;
        }
        let flow = &self.flows[pkt.flow.index()];
        let agent = match pkt.kind {
            PacketKind::Data | PacketKind::Datagram => flow.sink,
            PacketKind::Ack => flow.sender,
        };
        self.with_agent(agent, now, |a, ctx| a.on_packet(pkt, ctx));
        if pkt.kind == PacketKind::Data && self.flows[pkt.flow.index()].file.is_some() {
            let (delivered, _) = self.receiver_bytes(pkt.flow.index());
            if let Some(file) = &mut self.flows[pkt.flow.index()].file {
                file.on_delivered(delivered, now);
            }
        }
    }

    fn with_agent(&mut self, id: AgentId, now: SimTime, f: impl FnOnce(&mut Agent, &mut Ctx<'_>)) {
        let Simulation { agents, agent_nodes, net, queue, timers, series, .. } = self;
        let mut ctx = Ctx { now, node: agent_nodes[id.index()], net, queue, timers, series };
        f(&mut agents[id.index()], &mut ctx);
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{dumbbell, DROPTAIL};
    use crate::record::Recording;

    #[test]
    fn stepping_in_small_budgets_runs_the_same_events() {
        let mut whole = dumbbell(2, DROPTAIL, "2s", "", Recording::Summary);
        whole.run();
        let mut stepped = dumbbell(2, DROPTAIL, "2s", "", Recording::Summary);
        let mut steps = 0;
        while !stepped.step(7) {
            steps += 1;
        }
        assert!(steps > 100, "the run took {steps} steps");
        assert_eq!((stepped.events(), stepped.digest()), (whole.events(), whole.digest()));
        assert!(whole.events() > 1000);
    }

    #[test]
    fn a_finished_run_stands_at_its_end() {
        let mut sim = dumbbell(1, DROPTAIL, "1500ms", "", Recording::Summary);
        assert_eq!(sim.progress(), 0.0);
        sim.run();
        assert!(sim.is_finished());
        assert_eq!(sim.now(), sim.end());
        assert_eq!(sim.progress(), 1.0);
        let events = sim.events();
        assert!(sim.step(1_000), "a finished run stays finished");
        assert_eq!(sim.events(), events);
    }

    /// Points stored by the series and records by the trace.
    fn stored(sim: &super::Simulation) -> (usize, usize) {
        let points = sim.series().all().iter().map(|s| s.t_ns.capacity() + s.values.capacity()).sum();
        (points, sim.trace().records().len())
    }

    #[test]
    fn a_summary_only_run_stores_nothing_however_long_it_runs() {
        for duration in ["2s", "4s"] {
            let mut sim = dumbbell(2, DROPTAIL, duration, "", Recording::Summary);
            sim.run();
            assert_eq!(stored(&sim), (0, 0), "{duration}");
        }
        // The same runs with series and trace on store more the longer they run.
        let mut counts = vec![];
        for duration in ["2s", "4s"] {
            let mut sim = dumbbell(2, DROPTAIL, duration, "", Recording::Full);
            sim.run();
            counts.push(stored(&sim));
        }
        assert!(counts[1].0 > counts[0].0 && counts[1].1 > counts[0].1, "{counts:?}");
    }
}
