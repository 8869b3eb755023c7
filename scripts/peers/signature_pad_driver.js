// StrokeLab's peer benchmark driver for szimek/signature_pad (its src/signature_pad.ts
// bundled unmodified by esbuild, loaded with --bundle). Ours, not peer code.
//
// The library runs in node with a minimal fake window, document and canvas (no drawing
// context: its methods do nothing) and a fake clock: the library stamps each point with
// `new Date().getTime()`, which here returns the sample's t × 1000 (ms, not rounded), as
// in the shared oracle run. Options {throttle: 0} (minDistance 5, velocityFilterWeight .7,
// min/max width .5/2.5: the defaults).
//
// One pass is one stroke through the live pointer path: clear(), _strokeBegin(sample 0,
// 'pointerdown'), _strokeUpdate(samples 1…n−2, 'pointermove'), _strokeEnd(sample n−1,
// 'pointerup'). The instance's _drawCurve and _drawDot are replaced by recorders (they
// keep a running sum of each Bézier's end width), so the time is the library's curve
// building — minimum-distance filter, velocity filter, widths, control points, its event
// dispatch — without its dot-stepping canvas rendering. Time per input = pass ÷ samples.
'use strict';
const fs = require('fs');
const timing = require('./timing.js');

const browser = require('./fake_browser.js');

timing.run('signature_pad_driver', (o) => {
  const canvas = browser.install();
  const bundle = require(o.bundle);
  const SignaturePad = bundle.default || bundle.SignaturePad || bundle;
  if (typeof SignaturePad !== 'function') throw new Error(`${o.bundle}: exports no SignaturePad class`);
  const samples = timing.readSamples(o.input);
  const n = samples.length;
  // The events a browser would deliver (made once: creating them is the browser's cost).
  const events = samples.map((s, i) => {
    const type = i === 0 ? 'pointerdown' : i === n - 1 ? 'pointerup' : 'pointermove';
    return { event: { type }, type, x: s.x, y: s.y, pressure: 0.5 };
  });
  const times = samples.map((s) => s.t * 1000);
  const pad = new SignaturePad(canvas, { throttle: 0 });
  let sum = 0;
  let curves = null;
  pad._drawCurve = (curve) => { sum += curve.endWidth; if (curves) curves.push(curve); };
  pad._drawDot = (point) => { sum += point.x; };
  const pass = () => {
    sum = 0;
    pad.clear();
    browser.clock.now = times[0];
    pad._strokeBegin(events[0]);
    for (let i = 1; i < n - 1; i++) {
      browser.clock.now = times[i];
      pad._strokeUpdate(events[i]);
    }
    browser.clock.now = times[n - 1];
    pad._strokeEnd(events[n - 1]);
    return sum;
  };
  if (o.dump) {
    curves = [];
    pass();
    const kept = pad.toData()[0].points;
    const field = (f) => curves.map(f);
    fs.writeFileSync(o.dump, JSON.stringify({
      kept_x: kept.map((p) => p.x), kept_y: kept.map((p) => p.y),
      start_x: field((c) => c.startPoint.x), start_y: field((c) => c.startPoint.y),
      control1_x: field((c) => c.control1.x), control1_y: field((c) => c.control1.y),
      control2_x: field((c) => c.control2.x), control2_y: field((c) => c.control2.y),
      end_x: field((c) => c.endPoint.x), end_y: field((c) => c.endPoint.y),
      start_width: field((c) => c.startWidth), end_width: field((c) => c.endWidth),
    }));
    curves = null;
  }
  timing.measure(o, 'signature_pad live', n, pass);
});
