//! Time order for exports written while the run goes on.
//!
//! Records reach an exporter in enqueue order, but each gives rise to lines or
//! packets at later times (start of transmission, arrival). Those wait here
//! until the watermark passes them: no record still to come is enqueued, so
//! none has an event, before the watermark. What waits is bounded by the
//! packets in flight, not by the length of the run.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// Sort key of an output item: time (ns), record number in enqueue order,
/// then the event's rank within its record.
pub(crate) type Key = (u64, u64, u8);

/// The key packed in one integer (time in the high half, then the record
/// number and a two-bit rank), so heap comparisons are one instruction.
fn pack((time, record, rank): Key) -> u128 {
    debug_assert!(rank < 4 && record < 1 << 62);
    (u128::from(time) << 64) | (u128::from(record) << 2) | u128::from(rank)
}

fn unpack(key: u128) -> Key {
    ((key >> 64) as u64, ((key as u64) >> 2), (key & 3) as u8)
}

struct Due<T> {
    key: u128,
    item: T,
}

impl<T> PartialEq for Due<T> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl<T> Eq for Due<T> {}
impl<T> PartialOrd for Due<T> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<T> Ord for Due<T> {
    /// Reversed: the heap's top is the earliest item.
    fn cmp(&self, other: &Self) -> Ordering {
        other.key.cmp(&self.key)
    }
}

/// Items waiting for their turn, earliest first.
pub(crate) struct TimeOrder<T> {
    heap: BinaryHeap<Due<T>>,
    records_seen: u64,
}

impl<T> TimeOrder<T> {
    pub(crate) fn new() -> Self {
        TimeOrder { heap: BinaryHeap::new(), records_seen: 0 }
    }

    /// The number of the next record, counting from 0 in enqueue order.
    pub(crate) fn next_record(&mut self) -> u64 {
        self.records_seen += 1;
        self.records_seen - 1
    }

    pub(crate) fn push(&mut self, key: Key, item: T) {
        self.heap.push(Due { key: pack(key), item });
    }

    /// The earliest item due strictly before `watermark` (ns), if any.
    pub(crate) fn pop_before(&mut self, watermark: u64) -> Option<(Key, T)> {
        if (self.heap.peek()?.key >> 64) as u64 >= watermark {
            return None;
        }
        self.heap.pop().map(|d| (unpack(d.key), d.item))
    }

    /// Items still waiting.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.heap.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_leave_in_key_order_and_only_before_the_watermark() {
        let mut o = TimeOrder::new();
        o.push((30, 0, 1), 'c');
        o.push((10, 1, 0), 'b');
        o.push((10, 0, 2), 'a');
        assert_eq!(o.pop_before(10), None);
        assert_eq!(o.pop_before(11).map(|(_, c)| c), Some('a'));
        assert_eq!(o.pop_before(11).map(|(_, c)| c), Some('b'));
        assert_eq!(o.pop_before(11), None);
        assert_eq!(o.len(), 1);
        assert_eq!(o.pop_before(u64::MAX).map(|(_, c)| c), Some('c'));
    }
}
