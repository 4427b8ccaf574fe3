//! The SACK sender's scoreboard: which segments above the cumulative ACK the
//! receiver holds, and which holes to resend (RFC 6675 section 3; the
//! behaviour of ns-2's ScoreBoardRQ used by Sack1).

/// SACKed ranges `[start, end)` of segments, sorted and disjoint.
#[derive(Clone, Debug, Default)]
pub struct Scoreboard {
    ranges: Vec<(u32, u32)>,
    /// The cumulative ACK: nothing below it is kept.
    sack_min: u32,
    /// Holes below this have been resent once already.
    next_candidate: u32,
    /// The last update told something new.
    changed: bool,
}

impl Scoreboard {
    /// Segments SACKed in all.
    pub fn sacked(&self) -> u32 {
        self.ranges.iter().map(|(a, b)| b - a).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Highest SACKed segment plus one, if any.
    pub fn highest_sacked_end(&self) -> Option<u32> {
        self.ranges.last().map(|r| r.1)
    }

    pub fn is_sacked(&self, seq: u32) -> bool {
        self.ranges.iter().any(|&(a, b)| a <= seq && seq < b)
    }

    /// The end of the SACKed range holding `seq`, if one does.
    pub fn sacked_end_at(&self, seq: u32) -> Option<u32> {
        self.ranges.iter().find(|&&(a, b)| a <= seq && seq < b).map(|r| r.1)
    }

    /// Segments in `[from, to)` that are SACKed.
    pub fn sacked_between(&self, from: u32, to: u32) -> u32 {
        self.ranges.iter().map(|&(a, b)| b.min(to).saturating_sub(a.max(from))).sum()
    }

    /// Takes in an ACK: its cumulative point `snd_una` and its SACK blocks.
    /// Afterwards [`Scoreboard::changed`] says whether it told anything new.
    pub fn update(&mut self, snd_una: u32, blocks: impl Iterator<Item = (u32, u32)>) {
        let before = self.sacked();
        let mut changed = false;
        if self.sack_min < snd_una {
            self.sack_min = snd_una;
            let kept: Vec<(u32, u32)> = self
                .ranges
                .iter()
                .filter(|r| r.1 > snd_una)
                .map(|&(a, b)| (a.max(snd_una), b))
                .collect();
            changed = kept != self.ranges;
            self.ranges = kept;
        }
        for (start, end) in blocks {
            let start = start.max(self.sack_min);
            if start < end {
                self.insert(start, end);
            }
        }
        self.changed = changed || self.sacked() != before;
    }

    fn insert(&mut self, start: u32, end: u32) {
        let (mut start, mut end) = (start, end);
        // Merge with every range it touches or overlaps.
        self.ranges.retain(|&(a, b)| {
            if b < start || a > end {
                true
            } else {
                start = start.min(a);
                end = end.max(b);
                false
            }
        });
        let at = self.ranges.partition_point(|r| r.0 < start);
        self.ranges.insert(at, (start, end));
    }

    pub fn changed(&self) -> bool {
        self.changed
    }

    /// The next hole to resend: the first segment at or above the candidate
    /// point that is not SACKed and has SACKed data above it (RFC 6675
    /// NextSeg rule 1, each hole once). Advances the candidate point to it.
    pub fn next_retransmission(&mut self) -> Option<u32> {
        let from = self.next_candidate.max(self.sack_min);
        let hole = self.first_hole_below_sacked(from)?;
        self.next_candidate = self.next_candidate.max(hole);
        Some(hole)
    }

    fn first_hole_below_sacked(&self, from: u32) -> Option<u32> {
        for (i, &(a, b)) in self.ranges.iter().enumerate() {
            if a > from {
                return Some(from);
            }
            if from <= b {
                // The hole after this range counts only if a range lies above it.
                return (i + 1 < self.ranges.len()).then_some(b);
            }
        }
        None
    }

    /// A segment was resent: holes up to it are done.
    pub fn mark_retransmitted(&mut self, seq: u32) {
        self.next_candidate = self.next_candidate.max(seq + 1);
    }

    /// Every hole may be resent again (after a timeout, which resends them all).
    pub fn restart_holes(&mut self) {
        self.next_candidate = 0;
    }

    pub fn clear(&mut self) {
        self.ranges.clear();
        self.next_candidate = 0;
        self.changed = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(snd_una: u32, blocks: &[(u32, u32)]) -> Scoreboard {
        let mut s = Scoreboard::default();
        s.update(snd_una, blocks.iter().copied());
        s
    }

    #[test]
    fn blocks_merge_and_count() {
        let s = board(10, &[(12, 14), (16, 18), (14, 15)]);
        assert_eq!(s.ranges, vec![(12, 15), (16, 18)]);
        assert_eq!(s.sacked(), 5);
        assert!(s.changed());
    }

    #[test]
    fn holes_are_resent_in_order_and_once() {
        // 10 and 11 lost, 12..14 held, 14..16 lost, 16..18 held, nothing above 18 known.
        let mut s = board(10, &[(12, 14), (16, 18)]);
        let mut resent = vec![];
        while let Some(h) = s.next_retransmission() {
            resent.push(h);
            s.mark_retransmitted(h);
        }
        assert_eq!(resent, vec![10, 11, 14, 15]);
    }

    #[test]
    fn a_cumulative_ack_trims_the_board() {
        let mut s = board(10, &[(12, 14)]);
        s.update(14, std::iter::empty());
        assert!(s.is_empty());
        assert!(s.changed());
        s.update(14, std::iter::empty());
        assert!(!s.changed(), "nothing new");
    }

    #[test]
    fn sacked_ranges_are_found_and_counted_within_bounds() {
        let s = board(10, &[(12, 14), (16, 18)]);
        assert_eq!(s.sacked_end_at(12), Some(14));
        assert_eq!(s.sacked_end_at(17), Some(18));
        assert_eq!(s.sacked_end_at(14), None);
        assert_eq!(s.sacked_between(10, 20), 4);
        assert_eq!(s.sacked_between(13, 17), 2);
        assert_eq!(s.sacked_between(14, 16), 0);
    }

    #[test]
    fn repeated_blocks_are_not_news() {
        let mut s = board(10, &[(12, 14)]);
        s.update(10, [(12, 14)].into_iter());
        assert!(!s.changed());
        s.update(10, [(12, 15)].into_iter());
        assert!(s.changed());
    }
}
