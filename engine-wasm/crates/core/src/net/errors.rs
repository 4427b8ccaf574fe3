//! Link error models: the fate of each transmitted packet.

use crate::rng::RandomStream;

/// Probability that a packet of `size_bytes` has at least one bit error when
/// bits fail independently with probability `ber`: 1 - (1 - BER)^(8 x size).
/// Computed as -expm1(8 size ln(1 - BER)) to stay exact for tiny BERs, with
/// pure-Rust libm so native and wasm agree to the bit.
pub fn packet_error_probability(ber: f64, size_bytes: u32) -> f64 {
    if ber <= 0.0 {
        return 0.0;
    }
    if ber >= 1.0 {
        return 1.0;
    }
    -libm::expm1(8.0 * size_bytes as f64 * libm::log1p(-ber))
}

/// Uniform bit errors (seed 000's and 001's BER), or none, and a scripted
/// list of packets to lose.
#[derive(Clone, Debug)]
pub struct ErrorModel {
    ber: f64,
    rng: Option<RandomStream>,
    /// The last (size, probability) computed: most packets share a size.
    cached: (u32, f64),
    list: Option<Box<DropList>>,
    /// `rng` or `list` is set: decided once, tested once per packet.
    active: bool,
}

/// ns-2's `ErrorModel/List` in packet units: the packets with these indices
/// (counted from 0 over every packet the model sees) are lost. Lets two
/// simulators lose exactly the same packets, whatever their random streams.
#[derive(Clone, Debug, PartialEq)]
pub struct DropList {
    /// Strictly increasing packet indices.
    indices: Vec<u64>,
    /// The next entry of `indices` to reach.
    next: usize,
    /// Packets seen so far.
    seen: u64,
}

impl DropList {
    /// `indices` must be strictly increasing (the scenario checks it).
    pub fn new(indices: Vec<u64>) -> Self {
        debug_assert!(indices.windows(2).all(|w| w[0] < w[1]));
        DropList { indices, next: 0, seen: 0 }
    }

    /// Counts one packet and says whether it is on the list.
    #[inline]
    fn drops_next(&mut self) -> bool {
        let hit = self.indices.get(self.next) == Some(&self.seen);
        self.next += hit as usize;
        self.seen += 1;
        hit
    }
}

impl ErrorModel {
    pub fn none() -> Self {
        ErrorModel { ber: 0.0, rng: None, cached: (0, 0.0), list: None, active: false }
    }

    pub fn uniform_ber(ber: f64, rng: RandomStream) -> Self {
        if ber <= 0.0 {
            return Self::none();
        }
        ErrorModel { ber, rng: Some(rng), cached: (0, 0.0), list: None, active: true }
    }

    /// Also loses the packets `list` names (a packet is lost if either says so).
    pub fn with_drop_list(mut self, list: Option<DropList>) -> Self {
        self.list = list.filter(|l| !l.indices.is_empty()).map(Box::new);
        self.active = self.rng.is_some() || self.list.is_some();
        self
    }

    /// Whether it can lose a packet at all (fixed once built).
    pub fn is_active(&self) -> bool {
        self.active
    }

    /// Draws whether a packet of this size is corrupted.
    #[inline(always)]
    pub fn corrupts(&mut self, size_bytes: u32) -> bool {
        // Most links have no error model: one test inline, no call per packet.
        if !self.active {
            return false;
        }
        self.draw(size_bytes)
    }

    #[inline(never)]
    fn draw(&mut self, size_bytes: u32) -> bool {
        let listed = match self.list.as_deref_mut() {
            None => false,
            Some(l) => l.drops_next(),
        };
        let Some(rng) = self.rng.as_mut() else {
            return listed;
        };
        if self.cached.0 != size_bytes {
            self.cached = (size_bytes, packet_error_probability(self.ber, size_bytes));
        }
        rng.bernoulli(self.cached.1) | listed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_packet_probability_from_ber_matches_hand_values() {
        // 1040 B = 8320 bits at BER 1e-6: 1 - (1 - 1e-6)^8320 = 0.0082855...
        let p = packet_error_probability(1e-6, 1040);
        assert!((p - 0.008_285_5).abs() < 1e-7, "p = {p}");
        // At BER 1e-5: 1 - e^(-0.0832) ~ 0.07983
        let p = packet_error_probability(1e-5, 1040);
        assert!((p - 0.079_83).abs() < 1e-5, "p = {p}");
        // A 40-byte ACK is 26 times less likely to be hit than it at 1e-6.
        let ack = packet_error_probability(1e-6, 40);
        assert!((ack - 320e-6).abs() < 1e-7);
        assert_eq!(packet_error_probability(0.0, 1040), 0.0);
        assert_eq!(packet_error_probability(1.0, 1), 1.0);
    }

    #[test]
    fn a_drop_list_loses_exactly_the_listed_packets_and_keeps_the_ber_draws() {
        let mut m = ErrorModel::none().with_drop_list(Some(DropList::new(vec![0, 3, 4, 9])));
        let lost: Vec<usize> = (0..12).filter(|_| m.corrupts(1040)).collect();
        assert_eq!(lost, vec![0, 3, 4, 9]);
        // With a BER as well, the BER's own draws are those it makes without a list.
        let stream = || RandomStream::for_entity(7, "l");
        let mut plain = ErrorModel::uniform_ber(0.05, stream());
        let mut both = ErrorModel::uniform_ber(0.05, stream()).with_drop_list(Some(DropList::new(vec![2])));
        for i in 0..2000 {
            let p = plain.corrupts(1040);
            assert_eq!(both.corrupts(1040), p || i == 2, "packet {i}");
        }
    }

    #[test]
    fn observed_loss_rate_matches_the_probability() {
        let mut m = ErrorModel::uniform_ber(1e-5, RandomStream::for_entity(42, "test"));
        let n = 200_000;
        let lost = (0..n).filter(|_| m.corrupts(1040)).count();
        let expected = packet_error_probability(1e-5, 1040) * n as f64;
        // Binomial standard deviation is ~121 here; allow four.
        assert!((lost as f64 - expected).abs() < 4.0 * 121.0, "lost {lost}, expected {expected}");
    }
}
