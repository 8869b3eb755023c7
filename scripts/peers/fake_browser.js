// The browser signature_pad runs in under node (ours, not peer code): a minimal window,
// document and canvas (a 2-D context whose methods do nothing) and a fake clock — the library
// stamps each point with `new Date().getTime()`, which returns `clock.now` (ms), set by the
// driver to the sample's t × 1000. Its throttle reads `Date.now()`, which returns `clock.now`
// + EPOCH: the throttle starts from `previous = 0` and handles a move only once `wait` ms have
// passed since then, which in a browser (Date.now() ≈ 1.7e12) is always true of a stroke's
// first move; with a clock starting at 0 a first move before t = 16 ms would be held back.
// The throttle reads only differences of `Date.now()` besides that, so the offset changes
// nothing else (to rounding: 1024 ms keeps them within 1e-13 ms). At clock 0 it returns 0:
// a point stamped 0 is re-stamped `Date.now()` by the library (`time || Date.now()`), which
// must stay 0. Used by
// signature_pad_driver.js (the benchmark) and external_signature_pad.js (the external
// pipeline, which also gives `window.setTimeout`/`clearTimeout` for the throttle's trailing
// call: `install({ setTimeout, clearTimeout })`).
'use strict';

const clock = { now: 0 };
const EPOCH = 1024;

class FakeDate {
  getTime() { return clock.now; }
  valueOf() { return clock.now; }
  static now() { return clock.now === 0 ? 0 : clock.now + EPOCH; }
}

// Installs the fake window, document and Date globally; returns the canvas to draw on.
function install(windowExtras = {}) {
  const noop = () => {};
  const context = {
    fillStyle: '', globalCompositeOperation: 'source-over',
    clearRect: noop, fillRect: noop, beginPath: noop, closePath: noop, fill: noop, moveTo: noop, arc: noop, drawImage: noop,
  };
  const document = { createElement: () => ({}), createElementNS: () => ({}) };
  const window = {
    document, devicePixelRatio: 1, PointerEvent: function PointerEvent() {}, addEventListener: noop, removeEventListener: noop,
    ...windowExtras,
  };
  document.defaultView = window;
  const canvas = {
    width: 1000, height: 1000, style: {}, ownerDocument: document,
    getContext: () => context, getBoundingClientRect: () => ({ left: 0, top: 0, width: 1000, height: 1000 }),
    addEventListener: noop, removeEventListener: noop,
  };
  globalThis.window = window;
  globalThis.document = document;
  if (windowExtras.clearTimeout) globalThis.clearTimeout = windowExtras.clearTimeout;
  if (typeof globalThis.navigator === 'undefined') globalThis.navigator = { userAgent: 'node' };
  globalThis.Date = FakeDate;
  return canvas;
}

module.exports = { clock, install };
