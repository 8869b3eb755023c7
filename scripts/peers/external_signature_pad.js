// StrokeLab external pipeline (docs/guides/external.md) around szimek/signature_pad's own
// SignaturePad class (its src/signature_pad.ts bundled unmodified by esbuild), as StrokeLab's
// `signature-pad` preset uses it and a web page runs it: one pointer event per display frame
// (the event's main sample, the last), `pointerdown` → `_strokeBegin`, `pointermove` → the
// library's throttled `_strokeMoveUpdate` (its default throttle, 16 ms), `pointerup` →
// `_strokeEnd`; the library's defaults otherwise. Ours, not peer code.
//
//   node external_signature_pad.js BUNDLE.js
//
// The library runs with a fake window, document and canvas (fake_browser.js) and a fake
// clock: `Date.now()` and `new Date().getTime()` return the event's time × 1000 (ms),
// and `window.setTimeout` — the throttle's trailing call — is a timer on that clock, run
// (with the clock at its due time) before the first later event, as the browser runs it
// between pointer events; one still pending when the stroke ends never draws (the library
// ignores updates once the stroke has ended). A new SignaturePad per stroke.
//
// Answer: what the library drew during the event, and its `origin`: the input at or before the
// point the stroke's ink was drawn to before the event, where its next element starts (a
// curve is drawn when the point after its end is kept, so it starts one or two inputs back). `_drawDot` (the first point) is a `move` and
// a `line` to the same point, its full width 2 × radius; each `_drawCurve` Bézier is answered
// in the pieces StrokeLab's protocol can carry — one width per element, interpolated
// linearly along it — as docs/guides/interp-signature-pad.md states them: k = ⌈√(1.5·|w₁ −
// w₀| / 0.05)⌉ (1…64) exact sub-curves on [j/k, (j+1)/k], each ending with the library's full
// width there, 2·min(w₀ + t³(w₁ − w₀), maxWidth). Widths per element in `widths`.
'use strict';
const readline = require('readline');

const browser = require('./fake_browser.js');
let timers = [];   // [{id, due, fn}]: window.setTimeout on the fake clock
let nextTimer = 1;

const canvas = browser.install({
  setTimeout: (fn, ms) => { const id = nextTimer++; timers.push({ id, due: browser.clock.now + ms, fn }); return id; },
  clearTimeout: (id) => { timers = timers.filter((t) => t.id !== id); },
});
const bundle = require(process.argv[2]);
const SignaturePad = bundle.default || bundle.SignaturePad || bundle;
const WIDTH_TOLERANCE = 0.05;   // StrokeLab's interp:signature-pad widthTolerance default

let pad = null;
let committed = [];
let widths = [];
let inputs = [];       // the stroke's input times so far, [ms, t], in order

// The time (s) of the input at or just before `ms` (a point's time stamp: an input's t × 1000,
// or a throttled call's due time), as the protocol's `origin` wants it.
function inputAtOrBefore(ms) {
  let t = inputs.length ? inputs[0][1] : 0;
  for (const [m, s] of inputs) { if (m <= ms) t = s; else break; }
  return t;
}

// Appends one element with its full width.
function push(element, w) {
  committed.push(element);
  widths.push(w);
}

function width(c, t, maxWidth) {
  return 2 * Math.min(c.startWidth + t * t * t * (c.endWidth - c.startWidth), maxWidth);
}

function drawCurve(curve) {
  const maxWidth = pad.maxWidth;
  const delta = Math.abs(curve.endWidth - curve.startWidth);
  let k = 1;
  if (Number.isFinite(delta) && delta > 0) k = Math.min(64, Math.max(1, Math.ceil(Math.sqrt(1.5 * delta / WIDTH_TOLERANCE))));
  // The curve the library draws: startPoint, control1, control2, endPoint (its constructor takes
  // them as (startPoint, control2, control1, endPoint): the handle swap is in the naming).
  const p0 = curve.startPoint, c1 = curve.control1, c2 = curve.control2, p3 = curve.endPoint;
  if (!drawnTo || drawnTo.x !== p0.x || drawnTo.y !== p0.y) push(['move', p0.x, p0.y], width(curve, 0, maxWidth));
  drawnTo = p3;
  if (k === 1) {
    push(['cubic', c1.x, c1.y, c2.x, c2.y, p3.x, p3.y], width(curve, 1, maxWidth));
    return;
  }
  const ax = 3 * (c1.x - p0.x), ay = 3 * (c1.y - p0.y);
  const bx = 3 * (p0.x - 2 * c1.x + c2.x), by = 3 * (p0.y - 2 * c1.y + c2.y);
  const dx = p3.x - p0.x + 3 * (c1.x - c2.x), dy = p3.y - p0.y + 3 * (c1.y - c2.y);
  const h = 1 / k;
  let sx = p0.x, sy = p0.y;
  let d0x = ax * h / 3, d0y = ay * h / 3;
  for (let j = 1; j <= k; j++) {
    const t = j === k ? 1 : j * h;
    const ex = j === k ? p3.x : p0.x + t * (ax + t * (bx + t * dx));
    const ey = j === k ? p3.y : p0.y + t * (ay + t * (by + t * dy));
    const d1x = (ax + t * (2 * bx + 3 * t * dx)) * h / 3, d1y = (ay + t * (2 * by + 3 * t * dy)) * h / 3;
    push(['cubic', sx + d0x, sy + d0y, ex - d1x, ey - d1y, ex, ey], width(curve, t, maxWidth));
    sx = ex; sy = ey; d0x = d1x; d0y = d1y;
  }
}

let drawnTo = null;   // the point the stroke's ink ends at

function newPad() {
  timers = [];
  inputs = [];
  drawnTo = null;
  const p = new SignaturePad(canvas, {});
  p._drawCurve = drawCurve;
  p._drawDot = (point) => {
    const w = 2 * (p.dotSize || (p.minWidth + p.maxWidth) / 2);
    push(['move', point.x, point.y], w);
    push(['line', point.x, point.y], w);
    drawnTo = point;
  };
  return p;
}

// Runs the throttle's trailing calls due before `time` (ms), each at its due time.
function runTimers(time) {
  for (;;) {
    timers.sort((a, b) => a.due - b.due || a.id - b.id);
    if (timers.length === 0 || !(timers[0].due < time)) return;
    const t = timers.shift();
    browser.clock.now = t.due;
    t.fn();
  }
}

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const event = JSON.parse(line);
  committed = [];
  widths = [];
  // Where the next ink starts, before this event: the point the stroke was drawn to (a curve is
  // drawn only once the point after its end is kept, so perhaps several events back).
  const origin = event.phase !== 'began' && drawnTo ? inputAtOrBefore(drawnTo.time) : null;
  const [t, x, y] = event.samples[event.samples.length - 1];   // the main sample
  const time = t * 1000;
  const terminal = event.phase === 'ended' || event.phase === 'cancelled';
  const type = event.phase === 'began' ? 'pointerdown' : terminal ? 'pointerup' : 'pointermove';
  const ev = { event: { type }, type, x, y, pressure: 0.5 };
  if (pad === null || event.phase === 'began') {
    pad = newPad();
    inputs.push([time, t]);
    browser.clock.now = time;
    pad._strokeBegin(ev);
    if (terminal) pad._strokeEnd(ev, false);
  } else {
    inputs.push([time, t]);
    runTimers(time);
    browser.clock.now = time;
    if (terminal) pad._strokeEnd(ev); else pad._strokeMoveUpdate(ev);
  }
  if (terminal) { pad = null; timers = []; }
  // The first committed element of a later event continues from the ink drawn before.
  const answer = origin === null ? { committed, widths } : { committed, widths, origin };
  process.stdout.write(JSON.stringify(answer) + '\n');
});
