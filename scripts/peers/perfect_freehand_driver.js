// StrokeLab's peer benchmark driver for steveruizok/perfect-freehand (its
// packages/perfect-freehand/src/index.ts bundled unmodified by esbuild, loaded with --bundle).
// Ours, not peer code.
//
// Points are [x, y] (no pressure) with the peer's default options {} — size 16, thinning .5,
// smoothing .5, streamline .5, simulatePressure true, caps, no taper, last false — the
// shared oracle run circle240_default.
//
// --mode one-shot  getStroke(all points, {}) once per pass: time per point = pass ÷ points.
// --mode app       the app-like use: the points arrive one by one and the whole outline is
//                  recomputed at every new one (getStroke(points so far, {}) after each
//                  push): time per sample = pass ÷ samples; O(n²) per stroke.
'use strict';
const fs = require('fs');
const timing = require('./timing.js');

timing.run('perfect_freehand_driver', (o) => {
  const { getStroke } = require(o.bundle);
  if (typeof getStroke !== 'function') throw new Error(`${o.bundle}: exports no getStroke`);
  const points = timing.readSamples(o.input).map((s) => [s.x, s.y]);
  const options = {};
  if (o.dump) {
    const outline = getStroke(points, options);
    fs.writeFileSync(o.dump, JSON.stringify({ x: outline.map((p) => p[0]), y: outline.map((p) => p[1]) }));
  }
  let pass;
  if (o.mode === 'one-shot') {
    pass = () => {
      const outline = getStroke(points, options);
      return outline.length + outline[outline.length - 1][0];
    };
  } else if (o.mode === 'app') {
    pass = () => {
      const live = [];
      let sum = 0;
      for (let i = 0; i < points.length; i++) {
        live.push(points[i]);
        const outline = getStroke(live, options);
        sum += outline.length;
      }
      return sum;
    };
  } else {
    throw new Error('--mode must be one-shot or app');
  }
  timing.measure(o, `perfect-freehand ${o.mode}`, points.length, pass);
});
