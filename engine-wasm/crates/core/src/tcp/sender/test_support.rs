//! Packet-script helpers for the sender's tests.

use super::*;
use crate::agent::script::ScriptCtx;
use crate::ids::{FlowId, NodeId, TimerId};

pub(crate) const RTX: TimerId = TimerId(0);
pub(crate) const CWND_TIMER: TimerId = TimerId(1);

pub(crate) fn series() -> SenderSeries {
    SenderSeries::numbered()
}

pub(crate) fn config(variant: Variant) -> SenderConfig {
    SenderConfig::for_test(variant)
}

pub(crate) fn sender(cfg: SenderConfig) -> TcpSender {
    let addr = FlowAddr { flow: FlowId(0), local: NodeId(0), remote: NodeId(1) };
    TcpSender::new(cfg, addr, SenderTimers { rtx: RTX, cwnd: CWND_TIMER }, series())
}

pub(crate) fn ack(seq: u32) -> Packet {
    Packet::for_test(PacketKind::Ack, seq, 40)
}

pub(crate) fn seqs(pkts: &[Packet]) -> Vec<u32> {
    pkts.iter().map(|p| p.seq).collect()
}

/// Opens cwnd to `n` segments in slow start, with everything sent so far acknowledged.
pub(crate) fn warmed_up(variant: Variant, n: u32) -> (TcpSender, ScriptCtx) {
    let mut s = sender(config(variant));
    let mut ctx = ScriptCtx::default();
    s.start(&mut ctx);
    let mut acked = 0;
    while (s.cwnd() as u32) < n {
        for p in ctx.take_sent() {
            if s.cwnd() as u32 >= n {
                break;
            }
            acked = p.seq + 1;
            s.on_packet(&ack(acked), &mut ctx);
        }
    }
    let _ = acked;
    (s, ctx)
}

pub(crate) fn sack_ack(seq: u32, blocks: &[(u32, u32)]) -> Packet {
    let mut a = ack(seq);
    let mut sack = crate::packet::SackBlocks::default();
    for (i, &b) in blocks.iter().enumerate() {
        sack.blocks[i] = b;
    }
    sack.len = blocks.len() as u8;
    a.set_sack(sack);
    a
}

