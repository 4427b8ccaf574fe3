//! IPv4 fragmentation at a link whose MTU is smaller than a packet
//! (RFC 791 section 2.3 and 3.2; RFC 8900 on why it hurts).
//!
//! Every fragment carries its own 20-byte IP header (no options); all but the
//! last carry a multiple of 8 payload bytes (offsets count 8-byte units), as
//! many as the MTU allows. A packet's IP header is part of its size, so a
//! packet of `size` bytes has `size - 20` bytes to split.

/// Bytes of an IPv4 header without options.
pub const IP_HEADER_BYTES: u32 = 20;

/// The smallest MTU IPv4 allows (RFC 791: every module forwards 68 bytes).
pub const MIN_MTU_BYTES: u32 = 68;

/// How a packet is cut: `count` fragments, all of `full_bytes` but the
/// last, which has `last_bytes`. An unfragmented packet is one fragment.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fragments {
    pub count: u32,
    pub full_bytes: u32,
    pub last_bytes: u32,
}

impl Fragments {
    /// The fragments of a `size_bytes` packet on a link of `mtu_bytes` (>= 68).
    pub fn of(size_bytes: u32, mtu_bytes: u32) -> Fragments {
        if size_bytes <= mtu_bytes {
            return Fragments { count: 1, full_bytes: size_bytes, last_bytes: size_bytes };
        }
        let payload = size_bytes.saturating_sub(IP_HEADER_BYTES);
        let per_fragment = (mtu_bytes - IP_HEADER_BYTES) / 8 * 8;
        let count = payload.div_ceil(per_fragment);
        let last = payload - (count - 1) * per_fragment;
        Fragments { count, full_bytes: per_fragment + IP_HEADER_BYTES, last_bytes: last + IP_HEADER_BYTES }
    }

    /// Size of fragment `i`.
    pub fn size(&self, i: u32) -> u32 {
        if i + 1 == self.count { self.last_bytes } else { self.full_bytes }
    }

    /// Bytes on the wire, all headers included.
    pub fn wire_bytes(&self) -> u64 {
        (self.count as u64 - 1) * self.full_bytes as u64 + self.last_bytes as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packet_that_fits_is_not_cut() {
        assert_eq!(Fragments::of(1500, 1500), Fragments { count: 1, full_bytes: 1500, last_bytes: 1500 });
    }

    #[test]
    fn fragments_carry_multiples_of_eight_and_their_own_headers() {
        // 1040 B (1020 B after the IP header) over a 576 B MTU: 556 B of room,
        // 552 B per fragment (a multiple of 8); 1020 = 552 + 468.
        let f = Fragments::of(1040, 576);
        assert_eq!(f, Fragments { count: 2, full_bytes: 572, last_bytes: 488 });
        assert_eq!(f.wire_bytes(), 1060, "one more 20 B header");
        // 4020 B over 1500 B: 4000 B in 1480 B fragments: 1480 + 1480 + 1040.
        let f = Fragments::of(4020, 1500);
        assert_eq!((f.count, f.size(0), f.size(1), f.size(2)), (3, 1500, 1500, 1060));
        // The smallest MTU: 48 B per fragment.
        let f = Fragments::of(120, 68);
        assert_eq!((f.count, f.full_bytes, f.last_bytes), (3, 68, 24));
    }
}
