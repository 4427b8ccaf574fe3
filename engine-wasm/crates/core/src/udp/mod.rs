//! UDP: datagrams with no acknowledgement; the receiver only counts.

pub mod sink;

pub use sink::{UdpSink, UdpSinkSeries, UdpStats};
