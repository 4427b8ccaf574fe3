//! A FIFO ring buffer with power-of-two capacity: indexing is a mask, where
//! `VecDeque` pays a wrap-around test on every access (the channel pipe is
//! on the event loop's hottest path).

/// Free slots hold stale copies (`T: Copy + Default`), so a slot is a plain
/// `T` with no tag to test.
#[derive(Clone, Debug)]
pub struct Ring<T> {
    slots: Box<[T]>,
    /// `slots.len() - 1`, kept so an index costs one load less.
    mask: usize,
    head: usize,
    len: usize,
}

impl<T: Copy + Default> Ring<T> {
    pub fn with_capacity(capacity: usize) -> Self {
        let slots = vec![T::default(); capacity.next_power_of_two().max(4)].into_boxed_slice();
        Ring { mask: slots.len() - 1, slots, head: 0, len: 0 }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn get(&self, i: usize) -> Option<&T> {
        if i < self.len {
            Some(&self.slots[(self.head + i) & self.mask])
        } else {
            None
        }
    }

    #[inline]
    pub fn front(&self) -> Option<&T> {
        self.get(0)
    }

    #[inline(always)]
    pub fn push_back(&mut self, item: T) {
        *self.push_back_slot() = item;
    }

    /// Appends a slot and lends it to be filled in place: a large `T` built
    /// on the stack and then copied in costs a second copy. The slot holds
    /// a stale item; the caller overwrites every field.
    #[inline(always)]
    pub fn push_back_slot(&mut self) -> &mut T {
        if self.len == self.slots.len() {
            self.grow();
        }
        let at = (self.head + self.len) & self.mask;
        self.len += 1;
        &mut self.slots[at]
    }

    #[inline]
    pub fn pop_front(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        let item = self.slots[self.head];
        self.len -= 1;
        self.head = self.next_head();
        Some(item)
    }

    /// Removes the front item, which the caller knows is there, and lends
    /// it: the caller copies only the part it needs (the slot stays intact
    /// until a later push reuses it). The length is checked in debug builds
    /// only: a pop from an empty ring in release leaves the ring wrong, not
    /// unsound (every slot access is still bounds-checked).
    #[inline]
    pub fn pop_front_ref(&mut self) -> &T {
        debug_assert!(self.len > 0, "pop from an empty ring");
        let at = self.head;
        self.len -= 1;
        self.head = self.next_head();
        &self.slots[at]
    }

    /// The head after a pop (`len` already decremented): back to slot 0 once
    /// empty, so a lightly used ring keeps reusing the same, cached, slots
    /// instead of walking its whole capacity (a dumbbell's access links).
    #[inline(always)]
    fn next_head(&self) -> usize {
        if self.len == 0 {
            0
        } else {
            (self.head + 1) & self.mask
        }
    }

    /// Doubles the capacity, keeping the order (rare: out of the hot path).
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let mut slots = vec![T::default(); self.slots.len() * 2].into_boxed_slice();
        for (i, slot) in slots.iter_mut().enumerate().take(self.len) {
            *slot = self.slots[(self.head + i) & self.mask];
        }
        self.mask = slots.len() - 1;
        self.slots = slots;
        self.head = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_emptied_ring_starts_again_at_its_first_slot() {
        let mut r = Ring::with_capacity(4);
        for round in 0..10 {
            r.push_back(round);
            r.push_back(round + 100);
            assert_eq!(r.pop_front(), Some(round));
            assert_eq!(*r.pop_front_ref(), round + 100);
            assert_eq!((r.head, r.len()), (0, 0));
        }
        assert_eq!(r.slots.len(), 4, "no growth");
    }

    #[test]
    fn a_slot_filled_in_place_keeps_fifo_order_across_growth() {
        let mut r = Ring::with_capacity(4);
        r.push_back(0);
        for i in 1..10 {
            // The lent slot may hold a stale item; the caller overwrites it.
            *r.push_back_slot() = i;
        }
        assert_eq!(r.pop_front(), Some(0));
        for i in 10..14 {
            *r.push_back_slot() = i;
        }
        let order: Vec<i32> = std::iter::from_fn(|| r.pop_front()).collect();
        assert_eq!(order, (1..14).collect::<Vec<_>>());
    }

    #[test]
    fn keeps_fifo_order_across_wrap_and_growth() {
        let mut r = Ring::with_capacity(4);
        let mut expected = std::collections::VecDeque::new();
        let mut next = 0;
        for round in 0..50 {
            for _ in 0..(round % 7) {
                r.push_back(next);
                expected.push_back(next);
                next += 1;
            }
            for i in 0..(round % 5) {
                let want = expected.pop_front();
                if i % 2 == 0 || r.is_empty() {
                    assert_eq!(r.pop_front(), want);
                } else {
                    assert_eq!(Some(*r.pop_front_ref()), want);
                }
            }
            assert_eq!(r.len(), expected.len());
            assert_eq!(r.front(), expected.front());
            assert_eq!(r.get(1), expected.get(1));
        }
    }
}
