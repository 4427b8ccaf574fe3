//! A finite file transfer: when the receiver holds the whole file in order.
//!
//! The sender is told the size ([`crate::tcp::TcpSender::set_supply`]) and
//! stops after the last byte; this records when that byte reached the
//! receiver, for the throughput-versus-file-size figures of seed 001.

use crate::time::SimTime;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileTransfer {
    pub bytes: u64,
    /// When the receiver had every byte in order.
    pub completed_at: Option<SimTime>,
}

impl FileTransfer {
    pub fn new(bytes: u64) -> Self {
        FileTransfer { bytes, completed_at: None }
    }

    /// The receiver has `delivered_bytes` in order at `now`.
    #[inline]
    pub fn on_delivered(&mut self, delivered_bytes: u64, now: SimTime) {
        if self.completed_at.is_none() && delivered_bytes >= self.bytes {
            self.completed_at = Some(now);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_once_at_the_first_delivery_of_the_last_byte() {
        let mut f = FileTransfer::new(2500);
        f.on_delivered(2000, SimTime(10));
        assert_eq!(f.completed_at, None);
        f.on_delivered(2500, SimTime(20));
        f.on_delivered(2500, SimTime(30));
        assert_eq!(f.completed_at, Some(SimTime(20)));
    }
}
