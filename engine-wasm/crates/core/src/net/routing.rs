//! Static routing, computed once when the network is built.

use crate::ids::{ChannelId, NodeId};
use std::collections::VecDeque;

/// Next-hop channel towards each destination that packets are addressed to
/// (the flows' endpoints): fewest hops, ties broken by the order links appear
/// in the scenario (like ns-2's static routing with unit link costs).
///
/// Only those destinations get a column, so memory is nodes x endpoints, not
/// nodes^2 (a 1000-node topology with two flows holds 4000 entries, not 10^6).
///
/// The table is laid out by node, then destination: a router's next hops
/// towards every destination share a few cache lines and a host's towards
/// its peer one, where a layout by destination put each hop of a path on a
/// line of its own (the 100-flow dumbbell's lookups missed the cache).
#[derive(Clone, Debug)]
pub struct Routes {
    /// Destinations routed to: the width of a row of `next`.
    width: usize,
    /// Column of each destination node in `next`, [`NO_COLUMN`] if routes to
    /// it were not computed: its row index then falls past `next`, so one
    /// bounds test answers both (no `Option` tag to test per packet).
    column: Vec<u32>,
    /// `next[at * width + column]`: a channel id, [`NO_ROUTE`] if none.
    next: Vec<u16>,
}

/// [`Routes::column`] of a node that is no destination: `next` holds fewer
/// entries (asserted), so any row's index plus this is past its end, and
/// below 2^32, so the sum does not wrap a 32-bit `usize` (wasm) either.
const NO_COLUMN: u32 = i32::MAX as u32;
/// [`Routes::next`] where there is no route (channel ids stay below it).
const NO_ROUTE: u16 = u16::MAX;

impl Routes {
    /// Every node as a destination (for small topologies and tests).
    pub fn shortest_paths(nodes: usize, channels: &[(NodeId, NodeId)]) -> Self {
        Self::towards(nodes, channels, (0..nodes).map(|i| NodeId(i as u16)))
    }

    /// Routes to each of `destinations`; `channels` lists (from, to) per
    /// channel id, in scenario order.
    pub fn towards(nodes: usize, channels: &[(NodeId, NodeId)], destinations: impl IntoIterator<Item = NodeId>) -> Self {
        // Channels into each node, in channel order: a breadth-first search
        // backwards from a destination visits them as a scan of every channel would.
        let mut incoming: Vec<Vec<usize>> = vec![Vec::new(); nodes];
        for (c, &(_, to)) in channels.iter().enumerate() {
            if to.index() < nodes {
                incoming[to.index()].push(c);
            }
        }
        assert!(channels.len() < NO_ROUTE as usize, "too many channels for 16-bit ids");
        let mut column = vec![NO_COLUMN; nodes];
        let mut routed = Vec::new();
        for dst in destinations {
            let dst = dst.index();
            if dst < nodes && column[dst] == NO_COLUMN {
                column[dst] = routed.len() as u32;
                routed.push(dst);
            }
        }
        let width = routed.len();
        assert!(nodes.checked_mul(width).is_some_and(|n| n < NO_COLUMN as usize), "routing table too large");
        let mut next = vec![NO_ROUTE; nodes * width];
        let mut visited = vec![false; nodes];
        let mut frontier = VecDeque::new();
        for (col, &dst) in routed.iter().enumerate() {
            visited.iter_mut().for_each(|v| *v = false);
            visited[dst] = true;
            frontier.push_back(dst);
            while let Some(v) = frontier.pop_front() {
                for &c in &incoming[v] {
                    let u = channels[c].0.index();
                    if !visited[u] {
                        visited[u] = true;
                        next[u * width + col] = c as u16;
                        frontier.push_back(u);
                    }
                }
            }
        }
        Routes { width, column, next }
    }

    /// The channel to take at `at` towards `dst`; `None` if there is no
    /// route, or `dst` is not a destination these routes were computed for.
    #[inline]
    pub fn next_hop(&self, at: NodeId, dst: NodeId) -> Option<ChannelId> {
        let c = self.next_hop_index(at, dst);
        (c != NO_ROUTE as usize).then_some(ChannelId(c as u16))
    }

    /// [`Routes::next_hop`] as a channel index, past every channel's if
    /// there is no route: indexing the channels with it tests both at once.
    #[inline]
    pub fn next_hop_index(&self, at: NodeId, dst: NodeId) -> usize {
        let Some(&col) = self.column.get(dst.index()) else { return NO_ROUTE as usize };
        self.next.get(at.index() * self.width + col as usize).map_or(NO_ROUTE as usize, |&c| c as usize)
    }

    /// Entries held: nodes x destinations.
    pub fn entries(&self) -> usize {
        self.next.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_follow_the_fewest_hops() {
        // 0 - 1 - 2, plus a direct 0 - 2 link listed last.
        let ch = [
            (NodeId(0), NodeId(1)),
            (NodeId(1), NodeId(0)),
            (NodeId(1), NodeId(2)),
            (NodeId(2), NodeId(1)),
            (NodeId(0), NodeId(2)),
            (NodeId(2), NodeId(0)),
        ];
        let r = Routes::shortest_paths(3, &ch);
        assert_eq!(r.next_hop(NodeId(0), NodeId(2)), Some(ChannelId(4)));
        assert_eq!(r.next_hop(NodeId(0), NodeId(1)), Some(ChannelId(0)));
        assert_eq!(r.next_hop(NodeId(2), NodeId(0)), Some(ChannelId(5)));
        assert_eq!(r.next_hop(NodeId(1), NodeId(1)), None);
    }

    #[test]
    fn only_the_destinations_asked_for_take_memory() {
        // A chain of 1000 nodes routed towards its two ends.
        let n = 1000;
        let ch: Vec<(NodeId, NodeId)> =
            (0..n - 1).flat_map(|i| [(NodeId(i as u16), NodeId(i as u16 + 1)), (NodeId(i as u16 + 1), NodeId(i as u16))]).collect();
        let r = Routes::towards(n, &ch, [NodeId(0), NodeId(999), NodeId(0)]);
        assert_eq!(r.entries(), 2 * n);
        assert_eq!(r.next_hop(NodeId(500), NodeId(999)), Some(ChannelId(2 * 500)));
        assert_eq!(r.next_hop(NodeId(500), NodeId(0)), Some(ChannelId(2 * 499 + 1)));
        assert_eq!(r.next_hop(NodeId(0), NodeId(500)), None, "not a destination");
        // The same answers as the full table.
        let full = Routes::shortest_paths(n, &ch);
        for at in (0..n).step_by(37) {
            assert_eq!(r.next_hop(NodeId(at as u16), NodeId(999)), full.next_hop(NodeId(at as u16), NodeId(999)));
        }
    }

    #[test]
    fn unreachable_destinations_have_no_route() {
        let r = Routes::shortest_paths(3, &[(NodeId(0), NodeId(1))]);
        assert_eq!(r.next_hop(NodeId(1), NodeId(0)), None);
        assert_eq!(r.next_hop(NodeId(0), NodeId(2)), None);
    }
}
