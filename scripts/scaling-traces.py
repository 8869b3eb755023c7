#!/usr/bin/env python3
"""Writes the traces of the metrics' cost benchmark (issue 9 item 8): one stroke each, flat
samples at 240 Hz in StrokeLab's native format, grouped by the reader at 60 Hz.

  circle-N.json  a circle of radius 100 pt drawn over and over, 1000 samples a turn (N/1000
                 turns: 100 at 10^5 samples), so it revisits every place more as N grows
  wave-N.json    a sine wave of the same arc length that never revisits a place

for N in the sizes given (default 10^4 10^5 10^6). Usage:

  scripts/scaling-traces.py OUTDIR [N ...]
  strokelab run --trace OUTDIR/circle-100000.json --pipeline linear --out out/scale

The files are large (about 30 bytes a sample): write them outside the repository.
"""
import math
import os
import sys


def write(path, points, rate=240.0):
    with open(path, "w") as f:
        f.write('{"format":"strokelab.trace","version":1,"metadata":{"source":"scaling","units":"pt",'
                '"sampleRateHz":%g,"refreshRateHz":60},"channels":["t","x","y"],"strokes":[{"id":"s","samples":[' % rate)
        for i, (x, y) in enumerate(points):
            f.write("%s[%.6f,%.4f,%.4f]" % ("," if i else "", 1 + i / rate, x, y))
        f.write("]}]}\n")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    sizes = [int(a) for a in sys.argv[2:]] or [10**4, 10**5, 10**6]
    os.makedirs(out, exist_ok=True)
    r = 100.0
    for n in sizes:
        turns = n / 1000
        circle = [(300 + r * math.cos(2 * math.pi * turns * i / (n - 1)),
                   300 + r * math.sin(2 * math.pi * turns * i / (n - 1))) for i in range(n)]
        write(os.path.join(out, "circle-%d.json" % n), circle)
        # Same arc length (2π·r·turns), wavelength 200 pt, amplitude 30 pt: it never comes back.
        length = 2 * math.pi * r * turns
        wavelength, amplitude = 200.0, 30.0
        # x advances so the arc length is about `length` (arc per wavelength computed numerically).
        k = 2 * math.pi / wavelength
        m = 2000
        arc = sum(math.hypot(wavelength / m, amplitude * (math.sin(k * (j + 1) * wavelength / m) - math.sin(k * j * wavelength / m)))
                  for j in range(m))
        span = length / arc * wavelength
        wave = [(span * i / (n - 1), 300 + amplitude * math.sin(k * span * i / (n - 1))) for i in range(n)]
        write(os.path.join(out, "wave-%d.json" % n), wave)


if __name__ == "__main__":
    main()
