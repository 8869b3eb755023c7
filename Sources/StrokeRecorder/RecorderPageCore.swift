/// The recorder page's model script (JavaScript, no DOM): Pointer Events → StrokeLab native
/// trace. Exposed as `StrokeRecorderCore` (the tilt conversion, the sampling-rate estimate, the
/// `Recording` type that builds strokes event by event and writes the native JSON), so the test
/// suite also runs it outside a browser. The mapping is in the script's header comment and in
/// docs/guides/recorder.md.
extension RecorderPage {
    /// The model script, as inlined into ``html``.
    public static let coreScript: String = #"""
"use strict";
// StrokeLab recorder, part 1 of 2: the recording model, without the DOM (so it also runs in a
// plain JavaScript engine for tests). It turns Pointer Events into a StrokeLab native trace
// (format "strokelab.trace", version 1); docs/guides/recorder.md has the whole mapping:
//   stroke   one per pointer, pointerdown … pointerup / pointercancel
//   event    pointerdown → "began"; each pointermove → "moved" with its getCoalescedEvents()
//            as samples (the event's own sample last) and getPredictedEvents() as "predicted";
//            pointerup → "ended"; pointercancel → "cancelled" (repeating the last sample)
//   t        event.timeStamp of each (coalesced) sample, ms → s, from the recording's first sample
//   time     when the handler ran (performance.now()), the event's delivery time
//   x, y     clientX/clientY − the canvas origin, in CSS px ("units": "px")
//   force    pressure (0…1) with maxForce 1, for strokes whose pressure is real
//   altitude, azimuth  altitudeAngle/azimuthAngle when the browser gives them, else converted
//            from tiltX/tiltY (tiltToAngles), for strokes whose tilt is real
//   majorRadius  max(width, height) / 2, for strokes whose contact size is real
//   kind     pointerType: pen → stylus, touch → finger, mouse → mouse
(function (global) {
  const TAU = 2 * Math.PI;
  const DEG = Math.PI / 180;

  /**
   * Pointer Events tiltX/tiltY (degrees, −90…90) → altitude and azimuth in radians, by the
   * conversion of the W3C Pointer Events Level 3 specification ("Converting between tiltX/tiltY
   * and altitudeAngle/azimuthAngle"):
   *   azimuth  = atan2(tan tiltY, tan tiltX), wrapped into [0, 2π)
   *   altitude = atan(1 / √(tan² tiltX + tan² tiltY))
   * with its boundary cases: tiltX = 0 → azimuth π/2 (tiltY > 0), 3π/2 (tiltY < 0) or 0, and
   * altitude π/2 − |tiltY|; tiltY = 0 → azimuth π (tiltX < 0) or 0, altitude π/2 − |tiltX|;
   * |tiltX| or |tiltY| = 90 → altitude 0 (the pen lies flat), azimuth 0 unless the other tilt
   * is 0. Altitude is measured from the surface (π/2 upright), azimuth from +x towards +y
   * (clockwise on screen, y down). The same formula as StrokeIO's PenAngles.fromTilt.
   */
  function tiltToAngles(tiltX, tiltY) {
    const tx = tiltX * DEG, ty = tiltY * DEG;
    let azimuth = 0;
    if (tiltX === 0) {
      if (tiltY > 0) azimuth = Math.PI / 2;
      else if (tiltY < 0) azimuth = 3 * Math.PI / 2;
    } else if (tiltY === 0) {
      if (tiltX < 0) azimuth = Math.PI;
    } else if (Math.abs(tiltX) === 90 || Math.abs(tiltY) === 90) {
      azimuth = 0;
    } else {
      azimuth = Math.atan2(Math.tan(ty), Math.tan(tx));
      if (azimuth < 0) azimuth += TAU;
    }
    let altitude;
    if (Math.abs(tiltX) >= 90 || Math.abs(tiltY) >= 90) altitude = 0;
    else if (tiltX === 0) altitude = Math.PI / 2 - Math.abs(ty);
    else if (tiltY === 0) altitude = Math.PI / 2 - Math.abs(tx);
    else altitude = Math.atan(1 / Math.sqrt(Math.tan(tx) * Math.tan(tx) + Math.tan(ty) * Math.tan(ty)));
    return { altitude: Math.max(0, altitude), azimuth: azimuth };
  }

  /** The pen's altitude and azimuth for one PointerEvent, and which properties gave them. */
  function anglesOf(e) {
    if (typeof e.altitudeAngle === "number" && typeof e.azimuthAngle === "number" &&
        isFinite(e.altitudeAngle) && isFinite(e.azimuthAngle)) {
      return { altitude: e.altitudeAngle, azimuth: e.azimuthAngle, source: "altitudeAngle/azimuthAngle" };
    }
    const a = tiltToAngles(e.tiltX || 0, e.tiltY || 0);
    return { altitude: a.altitude, azimuth: a.azimuth, source: "tiltX/tiltY" };
  }

  /** StrokeLab's stroke kind for a pointerType: pen → stylus, touch → finger, mouse → mouse. */
  function kindOf(pointerType) {
    if (pointerType === "touch") return "finger";
    if (pointerType === "mouse") return "mouse";
    return "stylus";
  }

  /**
   * The median of the positive differences between consecutive values of each array in `runs`,
   * or null when there are fewer than `minimum` of them. With coalesced sample times (ms) it
   * gives the sampling period, with requestAnimationFrame times the frame period; the median
   * ignores the gaps of a dropped frame or a pause between strokes.
   */
  function medianInterval(runs, minimum) {
    const d = [];
    for (const run of runs) {
      for (let i = 1; i < run.length; i++) {
        const dt = run[i] - run[i - 1];
        if (dt > 0) d.push(dt);
      }
    }
    if (d.length < minimum) return null;
    d.sort(function (a, b) { return a - b; });
    const m = d.length >> 1;
    return d.length % 2 ? d[m] : (d[m - 1] + d[m]) / 2;
  }

  /** `v` rounded to `digits` decimals (monotonic, so ordered times stay ordered). */
  function round(v, digits) {
    const f = Math.pow(10, digits);
    return Math.round(v * f) / f;
  }

  /** A sample as recorded: time in ms on the page's clock, position in CSS px from `origin`. */
  function sampleOf(e, origin) {
    const a = anglesOf(e);
    return {
      t: e.timeStamp,
      x: e.clientX - origin.left,
      y: e.clientY - origin.top,
      pressure: typeof e.pressure === "number" && isFinite(e.pressure) ? e.pressure : 0,
      altitude: a.altitude,
      azimuth: a.azimuth,
      angleSource: a.source,
      tiltX: e.tiltX || 0,
      tiltY: e.tiltY || 0,
      width: typeof e.width === "number" && isFinite(e.width) ? e.width : 1,
      height: typeof e.height === "number" && isFinite(e.height) ? e.height : 1,
    };
  }

  /**
   * The strokes of one recording, built event by event from Pointer Events. Methods take the
   * event, the canvas origin ({left, top} in CSS px) and the time the handler ran (ms, the
   * clock of event.timeStamp).
   */
  function Recording() {
    this.strokes = [];        // finished strokes, in the order they began
    this.active = new Map();  // pointerId → the stroke being drawn
    this.nextId = 0;
    this.started = 0;
    this.saved = true;        // nothing unsaved
    this.clamped = 0;         // sample times raised to keep a stroke's times non-decreasing
  }

  function lastSample(stroke) {
    const ev = stroke.events[stroke.events.length - 1];
    return ev.samples[ev.samples.length - 1];
  }

  /** Appends `s`, raising its time if it would go backwards within the stroke. */
  Recording.prototype.push = function (stroke, out, s) {
    const prev = out.length ? out[out.length - 1] : lastSample(stroke);
    if (s.t < prev.t) { s.t = prev.t; this.clamped++; }
    out.push(s);
  };

  /** pointerdown: a new stroke with its "began" event; null if the pointer is already down. */
  Recording.prototype.down = function (e, origin, now) {
    if (this.active.has(e.pointerId)) return null;
    const stroke = {
      id: "stroke-" + this.nextId++,
      pointerType: e.pointerType || "pen",
      order: this.started++,
      events: [{ phase: "began", time: now, samples: [sampleOf(e, origin)], predicted: [] }],
    };
    this.active.set(e.pointerId, stroke);
    this.saved = false;
    return stroke;
  };

  /** pointermove: a "moved" event of the pointer's stroke; null if the pointer is not down. */
  Recording.prototype.move = function (e, origin, now) {
    const stroke = this.active.get(e.pointerId);
    if (!stroke) return null;
    const list = typeof e.getCoalescedEvents === "function" ? e.getCoalescedEvents() : [];
    const samples = [];
    for (const c of list) this.push(stroke, samples, sampleOf(c, origin));
    // The event's own sample is the last coalesced one; add it when the browser gave none or
    // a list that does not end with it.
    const own = sampleOf(e, origin);
    const last = samples[samples.length - 1];
    if (!last || last.t !== own.t || last.x !== own.x || last.y !== own.y) this.push(stroke, samples, own);
    const predicted = [];
    const p = typeof e.getPredictedEvents === "function" ? e.getPredictedEvents() : [];
    for (const c of p) predicted.push(sampleOf(c, origin));
    const ev = { phase: "moved", time: now, samples: samples, predicted: predicted };
    stroke.events.push(ev);
    return { stroke: stroke, event: ev };
  };

  /**
   * pointerup ("ended", the lift-off sample) or pointercancel ("cancelled", repeating the
   * last sample, since a cancelled pointer's position means nothing): finishes the stroke.
   * The lift-off sample keeps its position, time and angles but takes the pressure and contact
   * size of the sample before it: once the buttons are released a browser reports pressure 0
   * and a 1×1 contact, the specification's defaults rather than a measurement.
   */
  Recording.prototype.up = function (e, origin, now, cancelled) {
    const stroke = this.active.get(e.pointerId);
    if (!stroke) return null;
    const samples = [];
    const last = lastSample(stroke);
    if (cancelled) {
      samples.push(Object.assign({}, last));
    } else {
      const s = sampleOf(e, origin);
      s.pressure = last.pressure;
      s.width = last.width;
      s.height = last.height;
      this.push(stroke, samples, s);
    }
    const ev = { phase: cancelled ? "cancelled" : "ended", time: now, samples: samples, predicted: [] };
    stroke.events.push(ev);
    this.active.delete(e.pointerId);
    this.strokes.push(stroke);
    this.strokes.sort(function (a, b) { return a.order - b.order; });
    return { stroke: stroke, event: ev };
  };

  /** Removes the last finished stroke (not while one is being drawn). */
  Recording.prototype.undo = function () {
    if (this.active.size || !this.strokes.length) return false;
    this.strokes.pop();
    this.saved = this.strokes.length === 0;
    return true;
  };

  /** Forgets everything. */
  Recording.prototype.clear = function () {
    this.strokes = [];
    this.active.clear();
    this.clamped = 0;
    this.saved = true;
  };

  /**
   * What a stroke's samples really carry; a browser reports defaults for what it cannot sense
   * (pressure 0.5 while a button is down and 0 otherwise, tilt 0 and altitude π/2, a 1×1
   * contact). Pressure is real when a sample is neither 0 nor 0.5; tilt when a
   * tilt is non-zero or the altitude is not π/2; the contact size when width or height > 1.
   */
  function strokeFacts(stroke) {
    let pressure = false, tilt = false, radius = false, angleSource = null;
    for (const ev of stroke.events) {
      for (const s of ev.samples) {
        if (s.pressure !== 0 && s.pressure !== 0.5) pressure = true;
        if (s.tiltX !== 0 || s.tiltY !== 0 || Math.abs(s.altitude - Math.PI / 2) > 1e-9) tilt = true;
        if (s.width > 1 || s.height > 1) radius = true;
        angleSource = s.angleSource;
      }
    }
    return { pressure: pressure, tilt: tilt, radius: radius, angleSource: angleSource };
  }

  /** The native channels a stroke with these facts carries. */
  function channelsOf(facts) {
    const c = ["t", "x", "y"];
    if (facts.pressure) c.push("force", "maxForce");
    if (facts.tilt) c.push("altitude", "azimuth");
    if (facts.radius) c.push("majorRadius");
    return c;
  }

  function row(s, channels, t0) {
    const r = [];
    for (const c of channels) {
      switch (c) {
        case "t": r.push(round((s.t - t0) / 1000, 7)); break;
        case "x": r.push(round(s.x, 4)); break;
        case "y": r.push(round(s.y, 4)); break;
        case "force": r.push(round(s.pressure, 6)); break;
        case "maxForce": r.push(1); break;
        case "altitude": r.push(round(s.altitude, 7)); break;
        case "azimuth": r.push(round(s.azimuth, 7)); break;
        case "majorRadius": r.push(round(Math.max(s.width, s.height) / 2, 4)); break;
      }
    }
    return r;
  }

  /** The sampling rate in Hz from the coalesced sample times of the moved events, or null. */
  function sampleRateHz(strokes) {
    const runs = strokes.map(function (st) {
      const t = [];
      for (const ev of st.events) if (ev.phase === "moved") for (const s of ev.samples) t.push(s.t);
      return t;
    });
    const ms = medianInterval(runs, 5);
    return ms ? 1000 / ms : null;
  }

  /**
   * The finished strokes as native trace JSON text, one event per line. `info`: name, note,
   * userAgent, devicePixelRatio, viewport, secureContext, coalescedAvailable,
   * predictedAvailable, refreshRateHz, millimetresPerUnit (or null),
   * physicalScale, eventsPerSecond, coalescedPerEvent, predictedPerEvent, recordedAt,
   * timeOrigin. Times are seconds from the first sample; metadata.recorder.timeOrigin is that
   * sample's time on the page's clock (ms since the epoch), so recordings can be aligned.
   */
  Recording.prototype.toJSON = function (info) {
    const strokes = this.strokes;
    let t0 = Infinity;
    for (const st of strokes) t0 = Math.min(t0, st.events[0].samples[0].t);
    const facts = strokes.map(strokeFacts);
    const pointerTypes = [];
    for (const st of strokes) if (pointerTypes.indexOf(st.pointerType) < 0) pointerTypes.push(st.pointerType);
    const tilted = facts.filter(function (f) { return f.tilt; });
    const metadata = {
      source: "strokelab record",
      device: info.userAgent,
      units: "px",
      pixelsPerUnit: info.devicePixelRatio,
    };
    const rate = sampleRateHz(strokes);
    if (rate) metadata.sampleRateHz = round(rate, 2);
    if (info.refreshRateHz) metadata.refreshRateHz = round(info.refreshRateHz, 2);
    if (info.millimetresPerUnit) metadata.millimetresPerUnit = info.millimetresPerUnit;
    metadata.name = info.name;
    if (info.note) metadata.note = info.note;
    metadata.recorder = {
      page: "strokelab record 1",
      recordedAt: info.recordedAt,
      userAgent: info.userAgent,
      devicePixelRatio: info.devicePixelRatio,
      viewport: info.viewport,
      secureContext: info.secureContext,
      coalescedAvailable: info.coalescedAvailable,
      predictedAvailable: info.predictedAvailable,
      pointerTypes: pointerTypes,
      pressureReal: facts.some(function (f) { return f.pressure; }),
      tiltReal: tilted.length > 0,
      angles: tilted.length ? tilted[0].angleSource : null,
      eventsPerSecond: info.eventsPerSecond,
      coalescedPerEvent: info.coalescedPerEvent,
      predictedPerEvent: info.predictedPerEvent,
      clampedTimestamps: this.clamped,
      timeOrigin: strokes.length ? info.timeOrigin + t0 : null,
    };
    if (info.physicalScale) metadata.recorder.physicalScale = info.physicalScale;
    const lines = [];
    lines.push("{\"format\": \"strokelab.trace\", \"version\": 1,");
    lines.push(" \"metadata\": " + JSON.stringify(metadata) + ",");
    lines.push(" \"channels\": [\"t\", \"x\", \"y\"],");
    lines.push(" \"strokes\": [");
    strokes.forEach(function (st, k) {
      const channels = channelsOf(facts[k]);
      // Delivery times: when the handler ran, for every event of the stroke or for none (a
      // browser whose timeStamp is not on the clock of performance.now() could put one before
      // its event's own sample; the event is then delivered at its last sample's time).
      const timed = st.events.every(function (ev) {
        return typeof ev.time === "number" && ev.time >= ev.samples[ev.samples.length - 1].t;
      });
      lines.push("  {\"id\": " + JSON.stringify(st.id) + ", \"kind\": \"" + kindOf(st.pointerType) +
                 "\", \"channels\": " + JSON.stringify(channels) + ", \"events\": [");
      st.events.forEach(function (ev, j) {
        const o = { phase: ev.phase };
        if (timed) o.time = round((ev.time - t0) / 1000, 7);
        o.samples = ev.samples.map(function (s) { return row(s, channels, t0); });
        if (ev.predicted.length) o.predicted = ev.predicted.map(function (s) { return row(s, channels, t0); });
        lines.push("   " + JSON.stringify(o) + (j < st.events.length - 1 ? "," : ""));
      });
      lines.push("  ]}" + (k < strokes.length - 1 ? "," : ""));
    });
    lines.push(" ]}");
    return lines.join("\n") + "\n";
  };

  global.StrokeRecorderCore = {
    tiltToAngles: tiltToAngles,
    anglesOf: anglesOf,
    kindOf: kindOf,
    medianInterval: medianInterval,
    round: round,
    sampleOf: sampleOf,
    strokeFacts: strokeFacts,
    channelsOf: channelsOf,
    sampleRateHz: sampleRateHz,
    lastSample: lastSample,
    Recording: Recording,
  };
})(typeof window !== "undefined" ? window : globalThis);
"""#
}
