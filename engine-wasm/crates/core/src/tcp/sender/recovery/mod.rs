//! Loss recovery policies: what an ACK means for the segments in flight,
//! what to resend and when (duplicate ACKs, partial ACKs, the timeout) and
//! what may go out next. Each is its own file and acts on the sender's core,
//! asking the growth policy for the window's response to a loss. Enum
//! dispatch keeps trait objects off the per-ACK path.

mod fack;
mod prr;
mod reno;
mod sack;
mod vegas;

pub(crate) use fack::FackRecovery;
pub(crate) use reno::{RenoFlavor, RenoRecovery};
pub(crate) use sack::SackRecovery;
pub(crate) use vegas::VegasRecovery;

use super::core::Core;
use super::growth::Growth;
use crate::agent::AgentCtx;
use crate::packet::Packet;

#[derive(Clone, Debug)]
pub(crate) enum Recovery {
    /// Tahoe, Reno and NewReno (RFC 5681, RFC 6582).
    Reno(RenoRecovery),
    /// A SACK scoreboard and a pipe estimate (RFC 6675; ns-2's Sack1).
    Sack(SackRecovery),
    /// Forward acknowledgement (Mathis and Mahdavi 1996).
    Fack(FackRecovery),
    /// Vegas's fine-grained retransmissions.
    Vegas(VegasRecovery),
}

impl Recovery {
    /// An ACK that passed the core's checks (not beyond snd_max, not only a window update).
    #[inline]
    pub(crate) fn on_ack(&mut self, s: &mut Core, g: &mut Growth, pkt: &Packet, ctx: &mut impl AgentCtx) {
        match self {
            Recovery::Reno(r) => r.on_ack(s, g, pkt, ctx),
            Recovery::Sack(r) => r.on_ack(s, g, pkt, ctx),
            Recovery::Fack(r) => r.on_ack(s, g, pkt, ctx),
            Recovery::Vegas(r) => r.on_ack(s, g, pkt, ctx),
        }
    }

    /// The retransmission timer fired with data outstanding.
    pub(crate) fn on_timeout(&mut self, s: &mut Core, g: &mut Growth, ctx: &mut impl AgentCtx) {
        match self {
            Recovery::Reno(r) => r.on_timeout(s, g, ctx),
            Recovery::Sack(r) => r.on_timeout(s, g, ctx),
            Recovery::Fack(r) => r.on_timeout(s, g, ctx),
            Recovery::Vegas(r) => r.on_timeout(s, g, ctx),
        }
    }

    /// Sends what the policy allows now (its next_to_send rule), as after an ACK.
    pub(crate) fn send(&mut self, s: &mut Core, ctx: &mut impl AgentCtx) {
        match self {
            Recovery::Reno(r) => r.send(s, ctx),
            Recovery::Sack(r) => r.send(s, ctx),
            Recovery::Fack(r) => r.send(s, ctx),
            Recovery::Vegas(r) => r.send(s, ctx),
        }
    }
}
