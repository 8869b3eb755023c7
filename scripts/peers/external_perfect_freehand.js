// StrokeLab external pipeline (docs/guides/external.md) around steveruizok/perfect-freehand's
// own getStroke (its src/index.ts bundled unmodified by esbuild), as StrokeLab's
// `perfect-freehand` preset uses it: every coalesced sample is a point ([x, y, pressure] with
// pressure = force ÷ maxForce when the trace has force, the peer's defaults otherwise, and
// simulated pressure when it has none); after each event the whole outline of the points so
// far (getStroke, as an app calls it on every pointer move); the centre line committed as
// straight segments as the preset draws it (`interp:linear(tail=complete)`: no zero-length
// line, a tap ends in a dot). Ours, not peer code.
//
//   node external_perfect_freehand.js BUNDLE.js
'use strict';
const readline = require('readline');
const { getStroke } = require(process.argv[2]);

let points = [];
let hasForce = false;
let drawn = 0;       // centre-line elements drawn in this stroke
let tip = null;      // where they end
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const event = JSON.parse(line);
  if (event.phase === 'began') { points = []; hasForce = false; }
  const committed = [];
  for (const [t, x, y, force, maxForce] of event.samples) {
    if (points.length === 0) { hasForce = maxForce > 0 || force > 0; drawn = 0; }
    points.push(maxForce > 0 ? [x, y, force / maxForce] : [x, y]);
    if (drawn > 0 && x === tip[0] && y === tip[1]) continue;   // no zero-length line
    committed.push([drawn++ === 0 ? 'move' : 'line', x, y]);
    tip = [x, y];
  }
  const terminal = event.phase === 'ended' || event.phase === 'cancelled';
  if (terminal && drawn === 1) committed.push(['line', tip[0], tip[1]]), drawn++;   // a tap: a dot
  const outline = getStroke(points, { simulatePressure: !hasForce, last: false });
  process.stdout.write(JSON.stringify({ committed, outline: [outline] }) + '\n');
});
