#!/usr/bin/env python3
"""A smoother for StrokeLab's external-pipeline protocol (docs/guides/external.md): every
coalesced sample, averaged with the samples before it (a moving average of WINDOW samples),
joined by straight lines; nothing provisional, no prediction.

    strokelab run --spec smoother.yaml --allow-external --out out/mine
    # smoother.yaml:  external: [{name: moving-average, command: [python3, moving_average.py]}]
    #                 pipelines: [coalesced-only, "external:moving-average"]
"""
import json
import sys

WINDOW = int(sys.argv[1]) if len(sys.argv) > 1 else 4   # samples averaged


def main():
    recent = []                                   # the last WINDOW samples of the stroke
    for line in sys.stdin:                        # one JSON object per touch event
        event = json.loads(line)
        if event["phase"] == "began":             # a new stroke: forget the previous one
            recent, drawn = [], 0
        committed = []
        for t, x, y, *_ in event["samples"]:      # [t, x, y, force, maxForce, altitude, azimuth, majorRadius]
            recent = (recent + [(x, y)])[-WINDOW:]
            mx = sum(p[0] for p in recent) / len(recent)
            my = sum(p[1] for p in recent) / len(recent)
            committed.append(["line" if drawn else "move", mx, my])
            drawn += 1
        # One answer per event: the elements committed by it (append-only), here no
        # provisional tail and no prediction.
        print(json.dumps({"committed": committed}), flush=True)


if __name__ == "__main__":
    main()
