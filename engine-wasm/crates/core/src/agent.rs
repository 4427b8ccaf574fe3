//! How protocol agents act on the world.
//!
//! An agent (TCP sender, TCP receiver, ...) never touches the network, the
//! clock or the recorder directly: it acts through a context. The simulation
//! provides the real one; tests provide a scripted one, so protocol logic is
//! tested as packet scripts without a network.

use crate::ids::{FlowId, NodeId, TimerId};
use crate::packet::Packet;
use crate::record::SeriesId;
use crate::time::SimTime;

pub trait AgentCtx {
    fn now(&self) -> SimTime;
    /// Hands a packet to the agent's node for routing; the network assigns its uid.
    fn send(&mut self, pkt: Packet);
    fn set_timer(&mut self, timer: TimerId, at: SimTime);
    fn cancel_timer(&mut self, timer: TimerId);
    /// Appends `value` at `now` to a series (a no-op when recording is off).
    fn record(&mut self, series: SeriesId, value: f64);
}

/// Who a flow's packets go between.
#[derive(Copy, Clone, Debug)]
pub struct FlowAddr {
    pub flow: FlowId,
    /// The node the agent sits on.
    pub local: NodeId,
    /// The node of its peer agent.
    pub remote: NodeId,
}

#[cfg(test)]
pub mod script {
    //! A scripted context: records what an agent does, with time set by the test.
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    pub enum Action {
        Sent(Packet),
        TimerSet(TimerId, SimTime),
        TimerCancelled(TimerId),
    }

    #[derive(Default)]
    pub struct ScriptCtx {
        pub now: SimTime,
        pub actions: Vec<Action>,
        pub records: Vec<(SeriesId, SimTime, f64)>,
    }

    impl ScriptCtx {
        /// Packets sent since the last call.
        pub fn take_sent(&mut self) -> Vec<Packet> {
            let (sent, rest): (Vec<_>, Vec<_>) =
                self.actions.drain(..).partition(|a| matches!(a, Action::Sent(_)));
            self.actions = rest;
            sent.into_iter()
                .map(|a| match a {
                    Action::Sent(p) => p,
                    _ => unreachable!(),
                })
                .collect()
        }

        /// The latest deadline set for `timer`, unless cancelled after.
        pub fn timer(&self, timer: TimerId) -> Option<SimTime> {
            self.actions.iter().rev().find_map(|a| match *a {
                Action::TimerSet(t, at) if t == timer => Some(Some(at)),
                Action::TimerCancelled(t) if t == timer => Some(None),
                _ => None,
            })?
        }

        pub fn values(&self, series: SeriesId) -> Vec<f64> {
            self.records.iter().filter(|r| r.0 == series).map(|r| r.2).collect()
        }
    }

    impl AgentCtx for ScriptCtx {
        fn now(&self) -> SimTime {
            self.now
        }
        fn send(&mut self, pkt: Packet) {
            self.actions.push(Action::Sent(pkt));
        }
        fn set_timer(&mut self, timer: TimerId, at: SimTime) {
            self.actions.push(Action::TimerSet(timer, at));
        }
        fn cancel_timer(&mut self, timer: TimerId) {
            self.actions.push(Action::TimerCancelled(timer));
        }
        fn record(&mut self, series: SeriesId, value: f64) {
            self.records.push((series, self.now, value));
        }
    }
}
