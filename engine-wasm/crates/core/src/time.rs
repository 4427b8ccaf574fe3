//! Simulated time and link rates, in integers.
//!
//! Time is a count of nanoseconds since the start of the run, so a run is
//! exact and identical on every platform. Floating point appears only where
//! a value is reported or fed to congestion-control arithmetic.

use std::ops::{Add, AddAssign, Sub};

/// An instant of simulated time, in nanoseconds since the run started.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimTime(pub u64);

/// A span of simulated time, in nanoseconds.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SimDuration(pub u64);

pub const NANOS_PER_SEC: u64 = 1_000_000_000;

impl SimTime {
    pub const ZERO: SimTime = SimTime(0);
    pub const NEVER: SimTime = SimTime(u64::MAX);

    pub fn as_nanos(self) -> u64 {
        self.0
    }
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 / NANOS_PER_SEC as f64
    }
    pub fn as_millis_f64(self) -> f64 {
        self.0 as f64 / 1e6
    }
    /// Time elapsed since `earlier`, or zero if `earlier` is later.
    pub fn since(self, earlier: SimTime) -> SimDuration {
        SimDuration(self.0.saturating_sub(earlier.0))
    }
}

impl SimDuration {
    pub const ZERO: SimDuration = SimDuration(0);

    pub const fn from_nanos(ns: u64) -> Self {
        SimDuration(ns)
    }
    pub const fn from_micros(us: u64) -> Self {
        SimDuration(us * 1_000)
    }
    pub const fn from_millis(ms: u64) -> Self {
        SimDuration(ms * 1_000_000)
    }
    pub const fn from_secs(s: u64) -> Self {
        SimDuration(s * NANOS_PER_SEC)
    }
    pub fn as_nanos(self) -> u64 {
        self.0
    }
    pub fn as_secs_f64(self) -> f64 {
        self.0 as f64 / NANOS_PER_SEC as f64
    }
    pub fn saturating_mul(self, k: u64) -> Self {
        SimDuration(self.0.saturating_mul(k))
    }
}

impl Add<SimDuration> for SimTime {
    type Output = SimTime;
    fn add(self, d: SimDuration) -> SimTime {
        SimTime(self.0.saturating_add(d.0))
    }
}

impl AddAssign<SimDuration> for SimTime {
    fn add_assign(&mut self, d: SimDuration) {
        *self = *self + d;
    }
}

impl Add for SimDuration {
    type Output = SimDuration;
    fn add(self, d: SimDuration) -> SimDuration {
        SimDuration(self.0.saturating_add(d.0))
    }
}

impl Sub for SimDuration {
    type Output = SimDuration;
    fn sub(self, d: SimDuration) -> SimDuration {
        SimDuration(self.0.saturating_sub(d.0))
    }
}

/// A link rate in bits per second.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bandwidth(pub u64);

impl Bandwidth {
    pub fn bps(self) -> u64 {
        self.0
    }
}

/// Turns packet sizes into serialization times at a fixed rate without
/// drift: the sub-nanosecond remainder of each packet is carried into the
/// next, so a long busy period lasts exactly bits / rate.
#[derive(Clone, Debug)]
pub struct Serializer {
    rate: Bandwidth,
    /// Remainder of bits x 1e9 not yet turned into whole nanoseconds (< rate).
    carry: u64,
    /// (bytes, quotient, remainder) of the last size divided: a channel
    /// carries mostly one size, and this spares a division per packet.
    last: (u32, u64, u64),
    /// (bytes, seconds) of the last size timed in ns-2's floating point
    /// ([`Serializer::transmission_secs`]): spares a u64-to-f64 conversion
    /// and a division per packet.
    last_secs: (u32, f64),
}

impl Serializer {
    pub fn new(rate: Bandwidth) -> Self {
        assert!(rate.0 > 0, "a serializer needs a positive rate");
        Serializer { rate, carry: 0, last: (0, 0, 0), last_secs: (0, 0.0) }
    }

    pub fn rate(&self) -> Bandwidth {
        self.rate
    }

    /// Time to put `bytes` on the wire.
    #[inline]
    pub fn transmission_time(&mut self, bytes: u32) -> SimDuration {
        if self.last.0 != bytes {
            let scaled = bytes as u64 * 8 * NANOS_PER_SEC;
            self.last = (bytes, scaled / self.rate.0, scaled % self.rate.0);
        }
        let (_, quotient, remainder) = self.last;
        // Round rates (10 Mbit/s, 1 Gbit/s) time most sizes in whole
        // nanoseconds: no remainder, so the carry stays as it is (one test
        // instead of the carry's arithmetic on every packet).
        if remainder == 0 {
            return SimDuration(quotient);
        }
        // carry + remainder < 2 x rate: at most one more nanosecond.
        let sum = self.carry + remainder;
        let extra = (sum >= self.rate.0) as u64;
        self.carry = sum - extra * self.rate.0;
        SimDuration(quotient + extra)
    }

    /// Time to put `bytes` on the wire in ns-2's floating-point seconds,
    /// `8 * bytes / rate` (the same value every time for a size).
    #[inline]
    pub fn transmission_secs(&mut self, bytes: u32) -> f64 {
        if self.last_secs.0 != bytes {
            self.last_secs = (bytes, 8.0 * bytes as f64 / self.rate.0 as f64);
        }
        self.last_secs.1
    }
}

/// Serialization time of `bytes` at `rate`, rounded down, without carry.
pub fn transmission_time(bytes: u64, rate: Bandwidth) -> SimDuration {
    SimDuration(bytes * 8 * NANOS_PER_SEC / rate.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializer_carries_remainders_so_busy_periods_are_exact() {
        // 1040 B at 9.6 kbit/s is 866,666,666.67 ns: three packets last 2.6 s exactly.
        let mut s = Serializer::new(Bandwidth(9_600));
        let total: u64 = (0..3).map(|_| s.transmission_time(1040).0).sum();
        assert_eq!(total, 2_600_000_000);
    }

    #[test]
    fn alternating_sizes_keep_the_exact_total() {
        let mut s = Serializer::new(Bandwidth(9_600));
        let total: u64 = [1040, 40, 1040, 40, 1040, 40].iter().map(|&b| s.transmission_time(b).0).sum();
        assert_eq!(total, (3 * 1080 * 8) * 1_000_000_000 / 9_600);
    }

    #[test]
    fn an_exact_size_keeps_the_carry_of_the_others() {
        // At 3 Mbit/s 3 B take 8000 ns exactly, 1 B 2666.67 ns.
        let mut s = Serializer::new(Bandwidth(3_000_000));
        let total: u64 = [1, 3, 1, 3, 1, 3].iter().map(|&b| s.transmission_time(b).0).sum();
        assert_eq!(total, 12 * 8 * 1_000_000_000 / 3_000_000);
    }

    #[test]
    fn exact_rates_need_no_carry() {
        let mut s = Serializer::new(Bandwidth(800_000));
        assert_eq!(s.transmission_time(1040), SimDuration::from_micros(10_400));
    }
}
