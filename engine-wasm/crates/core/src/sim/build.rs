//! Building a run's world from a resolved scenario: channels, agents,
//! timers and the first events.

use super::{Agent, FlowRuntime, Measurement, MiddleboxRuntime, Simulation};
use crate::agent::FlowAddr;
use crate::app::{AppConfig, CbrSource, FileTransfer};
use crate::ids::{AgentId, ChannelId, FlowId};
use crate::kernel::{Event, EventQueue, TimerTable};
use crate::net::arq::Arq;
use crate::net::capacity_trace::CapacityTrace;
use crate::net::gilbert::GilbertElliott;
use crate::net::red::Red;
use crate::net::{BufferPool, Channel, DropList, ErrorModel, LinkFeatures, Network};
use crate::record::{Digest, Recording, SeriesId, SeriesOwner, SeriesQuantity, SeriesStore, Trace};
use crate::rng::RandomStream;
use crate::scenario::resolve::ResolvedChannel;
use crate::scenario::Resolved;
use crate::tcp::{SenderSeries, SenderTimers, SinkSeries, TcpSender, TcpSink};
use crate::time::{Serializer, SimTime};
use crate::udp::{UdpSink, UdpSinkSeries};

/// A channel as its settings say, each random mechanism on its own stream
/// (the BER keeps the channel's, so adding a mechanism shifts no BER draw).
fn build_channel(seed: u64, c: &ResolvedChannel) -> Channel {
    let stream = |suffix: &str| RandomStream::for_entity(seed, &format!("{}.{suffix}", c.name));
    let drops = (!c.drop_list.is_empty()).then(|| DropList::new(c.drop_list.clone()));
    let errors = ErrorModel::uniform_ber(c.ber, RandomStream::for_entity(seed, &c.name)).with_drop_list(drops);
    let features = LinkFeatures {
        capacity: c.capacity.as_ref().map(|(ms, bytes)| CapacityTrace::new(ms.clone(), *bytes)),
        outages: c.outages.clone(),
        gilbert: c.gilbert.map(|g| GilbertElliott::new(g, stream("gilbert"))),
        arq: c.arq.map(|(tries, delay)| Arq::new(tries, delay)),
        mtu_bytes: c.mtu,
    };
    let mut channel = Channel::new(c.from, c.to, Serializer::new(c.rate), c.delay, c.limit, errors, c.order)
        .with_features(features);
    if let Some(red) = &c.red {
        channel = channel.with_red(Red::new(red.clone(), stream("red")));
    }
    if let Some(aqm) = &c.aqm {
        channel = channel.with_aqm(crate::net::aqm::Aqm::new(aqm, stream(aqm.name())));
    }
    if let Some(pool) = c.pool {
        channel = channel.with_pool(pool as u16);
    }
    channel
}

impl Simulation {
    pub fn new(r: &Resolved, recording: Recording) -> Simulation {
        let mut series = SeriesStore::new(recording.keeps_series());
        let channels: Vec<Channel> = r.channels.iter().map(|c| build_channel(r.seed, c)).collect();
        let queue_series: Vec<SeriesId> = r
            .channels
            .iter()
            .map(|c| {
                let id = series.register(c.series_owner(), SeriesQuantity::Queue);
                series.push(id, 0, 0.0);
                id
            })
            .collect();
        let channel_info = r.channels.clone();
        let mut net = Network::new(channels, r.routes.clone(), queue_series, Trace::new(recording.keeps_trace()));
        net.set_recording(recording.keeps_series());
        net.pools = r
            .pools
            .iter()
            .map(|p| BufferPool { limit: p.limit, members: p.members.iter().map(|&m| ChannelId(m as u16)).collect() })
            .collect();
        if r.channels.iter().any(|c| c.red.is_some()) {
            net.red_series = r
                .channels
                .iter()
                .map(|c| {
                    let unit = if c.red.as_ref()?.bytes { "bytes" } else { "packets" };
                    Some(series.register_in(c.series_owner(), SeriesQuantity::RedAvg, unit))
                })
                .collect();
        }
        net.aqm_series = crate::net::AqmSeries::register_all(r.channels.iter().map(|c| (c.series_owner(), c.aqm.as_ref())), &mut series);
        for (i, c) in r.channels.iter().enumerate() {
            if c.outages.is_some() {
                let id = series.register(c.series_owner(), SeriesQuantity::Outage);
                net.mark_outages(ChannelId(i as u16), id);
            }
        }

        let mut queue = EventQueue::new();
        let mut timers = TimerTable::default();
        let mut agents = Vec::new();
        let mut agent_nodes = Vec::new();
        let mut flows = Vec::new();
        for (i, f) in r.flows.iter().enumerate() {
            let flow = FlowId(i as u16);
            let owner = SeriesOwner::Flow(&f.id);
            let sender = AgentId(agents.len() as u16);
            let sink = AgentId(agents.len() as u16 + 1);
            let sender_timers = SenderTimers {
                rtx: timers.create(sender, SenderTimers::RTX_KIND),
                cwnd: timers.create(sender, SenderTimers::CWND_KIND),
            };
            let delack = timers.create(sink, 0);
            let tx_addr = FlowAddr { flow, local: f.from, remote: f.to };
            let rx_addr = FlowAddr { flow, local: f.to, remote: f.from };
            let (tx, rx) = match &f.app {
                AppConfig::Cbr(cbr) => (
                    Agent::Cbr(CbrSource::new(*cbr, tx_addr, sender_timers.rtx)),
                    Agent::UdpSink(UdpSink::new(UdpSinkSeries::register(&mut series, owner))),
                ),
                app => {
                    let mut tx =
                        TcpSender::new(f.sender.clone(), tx_addr, sender_timers, SenderSeries::register_for(&mut series, owner, &f.sender));
                    if let Some(bytes) = app.file_bytes() {
                        tx.set_supply(bytes, true);
                    }
                    let rx = TcpSink::new(f.sink.clone(), rx_addr, delack, SinkSeries::register(&mut series, owner));
                    (Agent::Sender(tx), Agent::Sink(rx))
                }
            };
            agents.extend([tx, rx]);
            agent_nodes.extend([f.from, f.to]);

            queue.schedule(f.start, Event::AppStart(flow));
            let file = f.app.file_bytes().map(FileTransfer::new);
            flows.push(FlowRuntime { id: f.id.clone(), sender, sink, start: f.start, file });
        }

        let mut middleboxes = Vec::new();
        let mut middlebox_at = Vec::new();
        if !r.middleboxes.is_empty() {
            middlebox_at = vec![None; r.node_ids.len()];
        }
        for m in &r.middleboxes {
            let agent = AgentId(agents.len() as u16);
            let mb = crate::middlebox::build(m, agent, &mut timers, &mut series);
            if let Some((timer, at)) = mb.first_timer() {
                timers.set(&mut queue, timer, at);
            }
            agents.push(Agent::Middlebox(mb));
            agent_nodes.push(m.node);
            middlebox_at[m.node.index()] = Some(agent);
            middleboxes.push(MiddleboxRuntime { agent, id: m.id.clone(), node: m.node_name.clone() });
        }

        Simulation {
            scenario_id: r.id.clone(),
            seed: r.seed,
            end: SimTime::ZERO + r.duration,
            node_ids: r.node_ids.clone(),
            channel_info,
            queue,
            timers,
            net,
            agents,
            agent_nodes,
            flows,
            middleboxes,
            middlebox_at,
            series,
            digest: Digest::default(),
            events: 0,
            finished: false,
            measure: r.measure.map(|(from, to)| Measurement::new(from, to)),
            slow_at: SimTime::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{dumbbell, DROPTAIL};
    use crate::record::Recording;

    #[test]
    fn every_flow_starts_with_one_event_and_nothing_else_is_pending() {
        let sim = dumbbell(3, DROPTAIL, "1s", "", Recording::Summary);
        assert_eq!(sim.queue.len(), 3);
        assert_eq!(sim.agents.len(), 6, "a sender and a receiver per flow");
        assert_eq!(sim.channel_states().len(), 2, "a link is two channels");
    }

    #[test]
    fn droptail_channels_take_the_plain_path_and_red_ones_do_not() {
        let plain = dumbbell(1, DROPTAIL, "1s", "", Recording::Summary);
        assert!(plain.channel_states().iter().all(|c| c.is_plain()));
        let red = dumbbell(1, "{ kind = \"red\", limit = \"20pkt\" }", "1s", "", Recording::Summary);
        assert!(red.channel_states().iter().all(|c| !c.is_plain() && c.red().is_some()));
    }

    #[test]
    fn only_plain_channels_of_runs_that_record_nothing_are_quiet() {
        let red = "{ kind = \"red\", limit = \"20pkt\" }";
        let cases = [
            (DROPTAIL, Recording::Summary, true),
            (DROPTAIL, Recording::Series, false),
            (DROPTAIL, Recording::Trace, false),
            (DROPTAIL, Recording::Full, false),
            (red, Recording::Summary, false),
        ];
        for (queue, recording, quiet) in cases {
            let sim = dumbbell(1, queue, "1s", "", recording);
            assert!(sim.channel_states().iter().all(|c| c.is_quiet() == quiet), "{queue} {recording:?}");
        }
        // The quiet path runs the same events as the recorded one.
        let runs: Vec<_> = [Recording::Summary, Recording::Series, Recording::Trace, Recording::Full]
            .into_iter()
            .map(|recording| {
                let mut sim = dumbbell(2, DROPTAIL, "2s", "", recording);
                sim.run();
                (sim.events(), sim.digest(), sim.channel_states().iter().map(|c| c.stats.drops).sum::<u64>())
            })
            .collect();
        assert!(runs.iter().all(|r| *r == runs[0]), "{runs:?}");
        assert!(runs[0].2 > 0, "the queue drops packets, so both admission outcomes ran");
    }

    #[test]
    fn a_summary_only_run_registers_series_but_keeps_no_points() {
        let sim = dumbbell(1, DROPTAIL, "1s", "", Recording::Summary);
        assert!(sim.series().len() > 2);
        assert!(sim.series().all().iter().all(|s| s.t_ns.is_empty()));
        let full = dumbbell(1, DROPTAIL, "1s", "", Recording::Series);
        assert!(full.series().all().iter().any(|s| s.info.quantity == crate::record::SeriesQuantity::Queue && s.t_ns == [0]), "queues start at 0");
    }
}
