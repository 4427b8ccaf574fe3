//! One direction of a link: its settings, the channel's own or else the
//! link's, checked and resolved with its queue discipline and mechanisms.

use super::check::{dur, Checker};
use super::mechanisms;
use super::model::{ChannelSpec, LinkSpec, QueueKind};
use super::resolve::ResolvedChannel;
use super::units::{Dur, QueueCapacity};
use crate::ids::NodeId;
use crate::net::{QueueLimit, ServiceOrder};
use crate::time::Bandwidth;
use crate::topo::Direction;

const MAX_RATE_BPS: u64 = 100_000_000_000;
const MAX_DELAY_NS: u64 = 60 * 1_000_000_000;

pub(super) fn queue_limit(ck: &mut Checker, path: &str, limit: QueueCapacity) -> QueueLimit {
    match limit {
        QueueCapacity::Packets(n) => {
            ck.range(path, n, 1, 1_000_000, &|v| format!("{v}pkt"));
            QueueLimit::Packets(n.min(1_000_000) as u32)
        }
        QueueCapacity::Bytes(b) => {
            ck.range(path, b, 1, 1 << 30, &|v| format!("{v}B"));
            QueueLimit::Bytes(b)
        }
    }
}

/// A channel's settings: its own, else the link's; rate and delay are
/// required (a capacity trace stands for the rate). Problems are reported at
/// the path where the value was written. Also returns the shared buffer the
/// queue names, with the path it was named at.
#[allow(clippy::type_complexity)]
// Out of line, as are the run-once checks it calls (mechanisms, aqm, tcp, app): V8
// charges a wasm function's tier-up budget by its size at each call, so a resolver
// swollen with inlined checks got compiled by its optimising compiler (TurboFan)
// although it runs once, while the run's hot code waited for a compile thread.
#[inline(never)]
pub(super) fn resolve_channel(
    ck: &mut Checker,
    l: &LinkSpec,
    own: Option<&ChannelSpec>,
    path: &str,
) -> Option<(ResolvedChannel, Option<(String, String)>)> {
    let link_path = format!("links.{}", l.id);
    let pick = |own_value: bool, field: &str| {
        if own_value { format!("{path}.{field}") } else { format!("{link_path}.{field}") }
    };
    let own_rate = own.and_then(|c| c.rate);
    let own_delay = own.and_then(|c| c.delay);
    let own_queue = own.and_then(|c| c.queue.clone());
    let own_errors = own.and_then(|c| c.errors.clone());
    let own_outages = own.and_then(|c| c.outages.clone());
    let own_mtu = own.and_then(|c| c.mtu);
    let own_capacity = own.and_then(|c| c.capacity_trace.clone());
    let rate = own_rate.or(l.rate);
    let delay = own_delay.or(l.delay);
    let queue_base = pick(own_queue.is_some(), "queue");
    let queue = own_queue.or_else(|| l.queue.clone()).unwrap_or_default();
    let errors_base = pick(own_errors.is_some(), "errors");
    let errors = own_errors.or_else(|| l.errors.clone()).unwrap_or_default();
    let ber = errors.ber;
    let errors_before = ck.errors.len();

    let capacity_base = pick(own_capacity.is_some(), "capacity_trace");
    let capacity = own_capacity.or_else(|| l.capacity_trace.clone());
    let capacity = capacity.as_ref().and_then(|c| mechanisms::capacity_trace(ck, &capacity_base, c));
    let rate = match (&capacity, rate) {
        (Some((ms, bytes)), _) => {
            let trace = crate::net::capacity_trace::CapacityTrace::new(ms.clone(), *bytes);
            Some(super::units::Rate(trace.mean_rate_bps()))
        }
        (None, None) => {
            ck.fail(format!("{path}.rate"), "missing", "set rate (or capacity_trace) on the link or on this direction");
            None
        }
        (None, Some(r)) => {
            ck.range(&pick(own_rate.is_some(), "rate"), r.0, 1, MAX_RATE_BPS, &|v| super::units::Rate(v).to_string());
            Some(r)
        }
    };
    match delay {
        None => ck.fail(format!("{path}.delay"), "missing", "set delay on the link or on this direction"),
        Some(d) => ck.range(&pick(own_delay.is_some(), "delay"), d, Dur(0), Dur(MAX_DELAY_NS), &dur),
    }
    if !(0.0..1.0).contains(&ber) {
        ck.fail(format!("{errors_base}.ber"), format!("{ber} is out of range"), "0 to less than 1");
    }
    if let Some(i) = errors.drop_list.windows(2).position(|w| w[0] >= w[1]) {
        ck.fail(
            format!("{errors_base}.drop_list.{}", i + 1),
            format!("{} is not above {}, the index before it", errors.drop_list[i + 1], errors.drop_list[i]),
            "packet indices from 0, strictly increasing",
        );
    }
    let limit = queue_limit(ck, &format!("{queue_base}.limit"), queue.limit);
    let (rate, delay) = (rate?, delay?);
    let red = match queue.kind {
        QueueKind::Droptail | QueueKind::Codel | QueueKind::FqCodel | QueueKind::Pie => None,
        QueueKind::Red => {
            let spec = queue.red.clone().unwrap_or_default();
            mechanisms::red(ck, &queue_base, &spec, queue.limit, rate.0, delay.duration())
        }
    };
    let gilbert = errors.gilbert.as_ref().and_then(|g| mechanisms::gilbert(ck, &format!("{errors_base}.gilbert"), g));
    let arq = errors.arq.as_ref().and_then(|a| mechanisms::arq(ck, &format!("{errors_base}.arq"), a));
    let outages_base = pick(own_outages.is_some(), "outages");
    let outages = own_outages.or_else(|| l.outages.clone());
    let outages = outages.as_ref().and_then(|o| mechanisms::outages(ck, &outages_base, o));
    let mtu_path = pick(own_mtu.is_some(), "mtu");
    let mtu = own_mtu.or(l.mtu).and_then(|m| mechanisms::mtu(ck, &mtu_path, m));
    let aqm = super::aqm::resolve(ck, &queue_base, &queue, limit, mtu.map(u64::from));
    let buffer = queue.buffer.clone().map(|id| (id, format!("{queue_base}.buffer")));
    if ck.errors.len() > errors_before {
        return None;
    }
    let channel = ResolvedChannel {
        name: String::new(),
        link: String::new(),
        direction: Direction::Forward,
        from: NodeId(0),
        to: NodeId(0),
        rate: Bandwidth(rate.0.max(1)),
        delay: delay.duration(),
        limit,
        order: ServiceOrder { acks_first: queue.acks_first, filter_acks: queue.filter_acks },
        ber,
        drop_list: errors.drop_list.clone(),
        red,
        aqm,
        pool: None,
        outages,
        gilbert,
        arq,
        capacity,
        mtu,
    };
    Some((channel, buffer))
}
