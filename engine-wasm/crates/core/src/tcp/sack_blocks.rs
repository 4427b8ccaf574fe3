//! Building the SACK blocks of an ACK (RFC 2018 section 4, as ns-2's Sacker).

use super::reassembly::Reassembly;
use crate::packet::SackBlocks;

/// The receiver's memory of blocks it reported, most recent first.
#[derive(Clone, Debug, Default)]
pub struct SackReporter {
    recent: Vec<(u32, u32)>,
}

impl SackReporter {
    /// Blocks for the ACK of segment `seq`, which `held` has just taken in.
    /// The first block holds `seq` (RFC 2018: "the segment which triggered
    /// this ACK"); the others repeat earlier blocks not covered by it.
    pub fn blocks_for(&mut self, seq: u32, held: &Reassembly) -> SackBlocks {
        let mut out = SackBlocks::default();
        let cum = held.next_expected();
        if cum >= held.seen_end() {
            // No data above the cumulative ACK: nothing to report.
            self.recent.clear();
            return out;
        }
        let mut first = None;
        if seq >= cum {
            let right = (seq..held.seen_end()).find(|&i| !held.has(i)).unwrap_or(held.seen_end());
            let left = (cum..seq).rev().find(|&i| !held.has(i)).map_or(cum, |i| i + 1);
            first = Some((left, right));
            out.blocks[0] = (left, right);
            out.len = 1;
        }
        let mut k = 0;
        while (out.len as usize) < SackBlocks::MAX && k < self.recent.len() {
            let (l, r) = self.recent[k];
            // Forget blocks now below the cumulative ACK or inside the newest block.
            if r <= cum || first.is_some_and(|(fl, fr)| fl <= l && r <= fr) {
                self.recent.remove(k);
                continue;
            }
            out.blocks[out.len as usize] = (l, r);
            out.len += 1;
            k += 1;
        }
        if let Some(block) = first {
            self.recent.insert(0, block);
            self.recent.truncate(SackBlocks::MAX);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn receive(r: &mut Reassembly, s: &mut SackReporter, seq: u32) -> Vec<(u32, u32)> {
        r.accept(seq, 1000);
        s.blocks_for(seq, r).iter().collect()
    }

    #[test]
    fn the_newest_block_comes_first_and_older_ones_follow() {
        let (mut r, mut s) = (Reassembly::default(), SackReporter::default());
        for seq in 0..3 {
            assert!(receive(&mut r, &mut s, seq).is_empty(), "in order: no blocks");
        }
        // 3 lost; 4, 5 arrive; 7 arrives (6 lost).
        assert_eq!(receive(&mut r, &mut s, 4), vec![(4, 5)]);
        assert_eq!(receive(&mut r, &mut s, 5), vec![(4, 6)]);
        assert_eq!(receive(&mut r, &mut s, 7), vec![(7, 8), (4, 6)]);
        // 8 arrives, 9 lost, 10 arrives: three blocks.
        assert_eq!(receive(&mut r, &mut s, 8), vec![(7, 9), (4, 6)]);
        assert_eq!(receive(&mut r, &mut s, 10), vec![(10, 11), (7, 9), (4, 6)]);
        // The retransmission of 3 fills the first hole: blocks above remain.
        assert_eq!(receive(&mut r, &mut s, 3), vec![(10, 11), (7, 9)]);
        assert_eq!(r.next_expected(), 6);
        // 6 and 9 fill the rest: no blocks.
        receive(&mut r, &mut s, 6);
        assert!(receive(&mut r, &mut s, 9).is_empty());
    }

    #[test]
    fn a_duplicate_below_the_cumulative_ack_repeats_old_blocks_only() {
        let (mut r, mut s) = (Reassembly::default(), SackReporter::default());
        receive(&mut r, &mut s, 0);
        receive(&mut r, &mut s, 2);
        assert_eq!(receive(&mut r, &mut s, 0), vec![(2, 3)]);
    }
}
