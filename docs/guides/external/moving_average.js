#!/usr/bin/env node
// A smoother for StrokeLab's external-pipeline protocol (docs/guides/external.md), in node:
// every coalesced sample averaged with the samples before it (WINDOW of them), joined by
// straight lines, with the last raw samples drawn as a provisional tail and a one-sample
// constant-velocity prediction 16 ms ahead.
//
//   external: [{name: moving-average-js, command: [node, moving_average.js]}]
"use strict";
const readline = require("readline");

const WINDOW = 4;
let recent = [];       // the last WINDOW samples of the stroke: [t, x, y]

function mean(points) {
  const n = points.length;
  return [points.reduce((s, p) => s + p[1], 0) / n, points.reduce((s, p) => s + p[2], 0) / n];
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const event = JSON.parse(line);            // one JSON object per touch event
  if (event.phase === "began") recent = [];  // a new stroke
  const committed = [];
  for (const [t, x, y] of event.samples) {   // [t, x, y, force, maxForce, altitude, azimuth, majorRadius]
    recent = recent.concat([[t, x, y]]).slice(-WINDOW);
    const [mx, my] = mean(recent);
    committed.push([recent.length === 1 ? "move" : "line", mx, my]);
  }
  const answer = { committed };
  const last = recent[recent.length - 1];
  answer.provisional = [["line", last[1], last[2]]];     // the averaged ink lags: show the pen
  if (recent.length >= 2) {                               // constant velocity, 16 ms ahead
    const prev = recent[recent.length - 2];
    const dt = last[0] - prev[0];
    if (dt > 0) {
      const h = 0.016;
      answer.predicted = [[last[0] + h, last[1] + (last[1] - prev[1]) / dt * h, last[2] + (last[2] - prev[2]) / dt * h]];
    }
  }
  process.stdout.write(JSON.stringify(answer) + "\n");   // one answer per event
});
