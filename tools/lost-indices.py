#!/usr/bin/env python3
"""Per channel, the indices (among the packets it sent) of those lost after sending.

Reads an ns-2-format trace (ours or ns-2's) and prints one line per channel given as
`FROM-TO` arguments, in order: the space-separated indices, ready for
`errors.drop_list` (ours) or ns-2's `ErrorModel/List` (tools/ns2/droplist.tcl).
Usage: lost-indices.py TRACE FROM-TO [FROM-TO ...]
"""
import sys

chans = [tuple(arg.split("-")) for arg in sys.argv[2:]]
sent = {c: {} for c in chans}
lost = {c: [] for c in chans}
for line in open(sys.argv[1]):
    f = line.split()
    c = (f[2], f[3])
    if c not in sent:
        continue
    if f[0] == "-":
        sent[c][f[11]] = len(sent[c])
    elif f[0] == "d" and f[11] in sent[c]:
        lost[c].append(sent[c][f[11]])
for c in chans:
    print(" ".join(map(str, sorted(lost[c]))))
