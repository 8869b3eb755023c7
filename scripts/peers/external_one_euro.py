#!/usr/bin/env python3
"""StrokeLab external pipeline (docs/guides/external.md) around casiez/OneEuroFilter's own
Python implementation, as StrokeLab's `one-euro` preset uses the filter: every coalesced
sample through two filters (x and y; minCutoff 1, beta 0.007, dCutoff 1, the samples'
timestamps), straight lines through the filtered points, committed as they come, as the preset
draws them (`interp:linear(tail=complete)`: no zero-length line, a tap ends in a dot). Ours, not
peer code: the filter is imported from the checkout given.

    external_one_euro.py PEERS_SRC/OneEuroFilter/python

The Python reference skips its frequency update when the previous timestamp is 0.0 (`if
self.__lasttime and timestamp`: 0.0 is false), which its C++ reference and StrokeLab's port do
not; a stroke that starts at t = 0 (the shared circle does) would then filter its second sample
at the initial 120 Hz (a 1e-4 relative difference). The filter reads only differences of
timestamps, so the driver adds 1 s to every one: the first interval is then used as in the
other implementations.
"""
import json
import sys

sys.path.insert(0, sys.argv[1])
from OneEuroFilter import OneEuroFilter  # noqa: E402  (the peer's module)

MIN_CUTOFF, BETA, D_CUTOFF, RATE = 1.0, 0.007, 1.0, 120.0   # StrokeLab's one-euro preset
TIME_OFFSET = 1.0                                           # see above

fx = fy = None
drawn, tip = 0, None    # elements drawn in this stroke, and where they end
for line in sys.stdin:
    event = json.loads(line)
    committed = []
    starts = event["phase"] == "began" or fx is None   # a new stroke: new filters
    for t, x, y, *_ in event["samples"]:
        if starts:
            fx = OneEuroFilter(RATE, MIN_CUTOFF, BETA, D_CUTOFF)
            fy = OneEuroFilter(RATE, MIN_CUTOFF, BETA, D_CUTOFF)
            drawn, starts = 0, False
        p = (fx(x, t + TIME_OFFSET), fy(y, t + TIME_OFFSET))
        if drawn and p == tip:
            continue                              # no zero-length line
        committed.append(["line" if drawn else "move", p[0], p[1]])
        drawn, tip = drawn + 1, p
    if event["phase"] in ("ended", "cancelled"):
        if drawn == 1:
            committed.append(["line", tip[0], tip[1]])   # a tap: a dot
        fx = fy = None
    print(json.dumps({"committed": committed}), flush=True)
