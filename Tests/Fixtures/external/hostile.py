#!/usr/bin/env python3
"""Hostile external smoothers for the tests (Tests/StrokeLabTests/ExternalPipelineTests):
answers the first events well, then misbehaves at event 3 of the first stroke as MODE says:
exit (status 1), hang (sleeps forever), flood (prints 100 MB without a newline), garbage
(not JSON), nan (a NaN coordinate), mute (closes its standard error, then sleeps forever)."""
import json
import os
import sys
import time

mode = sys.argv[1]
for line in sys.stdin:
    event = json.loads(line)
    if event["event"] == 3:
        if mode == "exit":
            sys.stderr.write("hostile: giving up at event 3\n")
            sys.exit(1)
        if mode == "hang":
            time.sleep(3600)
        if mode == "mute":
            os.close(2)
            time.sleep(3600)
        if mode == "flood":
            chunk = b"x" * (1 << 20)
            for _ in range(100):
                sys.stdout.buffer.write(chunk)
                sys.stdout.buffer.flush()
            time.sleep(3600)
        if mode == "garbage":
            print("this is not JSON {", flush=True)
            continue
        if mode == "nan":
            print(json.dumps({"committed": [["line", float("nan"), 1.0]]}), flush=True)
            continue
    x, y = event["samples"][-1][1:3]
    print(json.dumps({"committed": [["move" if event["phase"] == "began" else "line", x, y]]}), flush=True)
