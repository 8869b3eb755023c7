/// The recorder page's interface script (JavaScript): live drawing of the raw samples and the
/// predicted tail, the one-line instruction shown on the empty canvas, the buttons (new trace,
/// undo stroke, save), the name, note and scale fields, the readout of what the browser
/// delivers — for the current stroke and for each stroke of the recording, so a mouse stroke
/// does not hide that the pen stroke before it had real pressure — and the upload to
/// `POST /traces`.
extension RecorderPage {
    /// The interface script, as inlined into ``html``.
    public static let pageScript: String = #"""
"use strict";
// StrokeLab recorder, part 2 of 2: the page — drawing, buttons, readout, upload.
(function () {
  const core = window.StrokeRecorderCore;
  const $ = function (id) { return document.getElementById(id); };
  const ink = $("ink"), overlay = $("overlay");
  const inkContext = ink.getContext("2d"), overlayContext = overlay.getContext("2d");
  const recording = new core.Recording();
  const tails = new Map();   // pointerId → the predicted tail: [main sample, predicted…]
  const INK = "#1b1f24", PREDICTED = "#e8590c";
  const BAR_PX = 200;        // the scale bar's length in CSS px
  const coalescedAvailable = typeof PointerEvent !== "undefined" &&
    typeof PointerEvent.prototype.getCoalescedEvents === "function";
  const predictedAvailable = typeof PointerEvent !== "undefined" &&
    typeof PointerEvent.prototype.getPredictedEvents === "function";

  const stats = {
    frames: [],        // the last requestAnimationFrame times (ms)
    moves: [],         // pointermove events of the last second: {at, coalesced, predicted}
    totalMoves: 0, totalCoalesced: 0, totalPredicted: 0,
    lastType: null,
    lastFacts: null,
  };

  function origin() {
    const r = ink.getBoundingClientRect();
    return { left: r.left, top: r.top };
  }

  // ---- drawing ----------------------------------------------------------------------------

  function resize() {
    const dpr = window.devicePixelRatio || 1;
    for (const c of [ink, overlay]) {
      c.width = Math.max(1, Math.round(c.clientWidth * dpr));
      c.height = Math.max(1, Math.round(c.clientHeight * dpr));
      c.getContext("2d").setTransform(dpr, 0, 0, dpr, 0, 0);
    }
    redraw();
  }

  function lineWidth(s, facts) {
    return facts && facts.pressure ? 0.75 + 3.25 * s.pressure : 2;
  }

  /** Raw ink: straight segments from sample to sample, as recorded (no smoothing). */
  function drawSamples(samples, before, facts) {
    inkContext.strokeStyle = INK;
    inkContext.fillStyle = INK;
    inkContext.lineCap = "round";
    let prev = before;
    for (const s of samples) {
      inkContext.lineWidth = lineWidth(s, facts);
      inkContext.beginPath();
      if (prev) {
        inkContext.moveTo(prev.x, prev.y);
        inkContext.lineTo(s.x, s.y);
        inkContext.stroke();
      } else {
        inkContext.arc(s.x, s.y, inkContext.lineWidth / 2, 0, 2 * Math.PI);
        inkContext.fill();
      }
      prev = s;
    }
  }

  function drawStroke(stroke) {
    const facts = core.strokeFacts(stroke);
    let prev = null;
    for (const ev of stroke.events) {
      drawSamples(ev.samples, prev, facts);
      prev = ev.samples[ev.samples.length - 1];
    }
  }

  function redraw() {
    inkContext.clearRect(0, 0, ink.clientWidth, ink.clientHeight);
    for (const st of recording.strokes) drawStroke(st);
    for (const st of recording.active.values()) drawStroke(st);
    drawTails();
  }

  /** The predicted tails, in another colour, replaced at every event. */
  function drawTails() {
    overlayContext.clearRect(0, 0, overlay.clientWidth, overlay.clientHeight);
    overlayContext.strokeStyle = PREDICTED;
    overlayContext.fillStyle = PREDICTED;
    overlayContext.lineWidth = 2;
    overlayContext.lineCap = "round";
    for (const tail of tails.values()) {
      if (tail.length < 2) continue;
      overlayContext.beginPath();
      overlayContext.moveTo(tail[0].x, tail[0].y);
      for (let i = 1; i < tail.length; i++) overlayContext.lineTo(tail[i].x, tail[i].y);
      overlayContext.stroke();
      for (let i = 1; i < tail.length; i++) {
        overlayContext.beginPath();
        overlayContext.arc(tail[i].x, tail[i].y, 2.5, 0, 2 * Math.PI);
        overlayContext.fill();
      }
    }
  }

  // ---- pointer handlers -------------------------------------------------------------------

  function onDown(e) {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    const stroke = recording.down(e, origin(), performance.now());
    if (!stroke) return;
    try { ink.setPointerCapture(e.pointerId); } catch (err) { /* the pointer is already gone */ }
    drawSamples(stroke.events[0].samples, null, core.strokeFacts(stroke));
    stats.lastType = stroke.pointerType;
    setStatus("");
    updateButtons();
  }

  function onMove(e) {
    if (!recording.active.has(e.pointerId)) return;
    e.preventDefault();
    const before = core.lastSample(recording.active.get(e.pointerId));
    const r = recording.move(e, origin(), performance.now());
    drawSamples(r.event.samples, before, core.strokeFacts(r.stroke));
    tails.set(e.pointerId, [r.event.samples[r.event.samples.length - 1]].concat(r.event.predicted));
    drawTails();
    stats.moves.push({ at: performance.now(), coalesced: r.event.samples.length, predicted: r.event.predicted.length });
    stats.totalMoves++;
    stats.totalCoalesced += r.event.samples.length;
    stats.totalPredicted += r.event.predicted.length;
    stats.lastType = r.stroke.pointerType;
  }

  function onUp(e) {
    if (!recording.active.has(e.pointerId)) return;
    e.preventDefault();
    const before = core.lastSample(recording.active.get(e.pointerId));
    const r = recording.up(e, origin(), performance.now(), e.type === "pointercancel");
    drawSamples(r.event.samples, before, core.strokeFacts(r.stroke));
    tails.delete(e.pointerId);
    drawTails();
    stats.lastFacts = core.strokeFacts(r.stroke);
    updateButtons();
  }

  // ---- buttons ----------------------------------------------------------------------------

  function setStatus(text, kind) {
    const el = $("status");
    el.textContent = text;
    el.className = kind || "";
  }

  let saving = false;
  function updateButtons() {
    const idle = recording.active.size === 0;
    $("save").disabled = saving || !idle || recording.strokes.length === 0;
    $("undo").disabled = !idle || recording.strokes.length === 0;
    $("count").textContent = recording.strokes.length + (recording.strokes.length === 1 ? " stroke" : " strokes");
    $("hint").hidden = !idle || recording.strokes.length > 0;
  }

  let newArmed = -Infinity;
  function newTrace() {
    if (!recording.saved && recording.strokes.length && performance.now() - newArmed > 4000) {
      newArmed = performance.now();
      setStatus("unsaved strokes: press New trace again to discard them", "warn");
      return;
    }
    newArmed = -Infinity;
    recording.clear();
    tails.clear();
    setStatus("");
    redraw();
    updateButtons();
  }

  function undo() {
    if (recording.undo()) {
      redraw();
      updateButtons();
    }
  }

  /** Millimetres per CSS px from the scale field (the bar is BAR_PX CSS px long), or null. */
  function millimetresPerPixel() {
    const mm = parseFloat($("scale").value);
    return isFinite(mm) && mm > 0 ? mm / BAR_PX : null;
  }

  function refreshRateHz() {
    const ms = core.medianInterval([stats.frames], 10);
    return ms ? 1000 / ms : null;
  }

  function recentMoves(now) {
    while (stats.moves.length && now - stats.moves[0].at > 1000) stats.moves.shift();
    return stats.moves;
  }

  function info() {
    const moves = stats.totalMoves;
    const mmpp = millimetresPerPixel();
    return {
      name: $("name").value.trim() || "recording",
      note: $("note").value.trim(),
      userAgent: navigator.userAgent,
      devicePixelRatio: window.devicePixelRatio || 1,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      secureContext: window.isSecureContext === true,
      coalescedAvailable: coalescedAvailable,
      predictedAvailable: predictedAvailable,
      refreshRateHz: refreshRateHz(),
      millimetresPerUnit: mmpp,
      physicalScale: mmpp ? { barCSSPixels: BAR_PX, barMillimetres: parseFloat($("scale").value) } : null,
      eventsPerSecond: recentMoves(performance.now()).length,
      coalescedPerEvent: moves ? core.round(stats.totalCoalesced / moves, 3) : null,
      predictedPerEvent: moves ? core.round(stats.totalPredicted / moves, 3) : null,
      recordedAt: new Date().toISOString(),
      timeOrigin: performance.timeOrigin || 0,
    };
  }

  function save() {
    if (saving || recording.active.size || !recording.strokes.length) return;
    saving = true;
    updateButtons();
    const body = recording.toJSON(info());
    setStatus("saving…");
    fetch("traces", { method: "POST", headers: { "Content-Type": "application/json" }, body: body })
      .then(function (response) {
        return response.json()
          .catch(function () { return { error: "HTTP " + response.status }; })
          .then(function (answer) { return { ok: response.status === 201, answer: answer }; });
      })
      .then(function (r) {
        if (r.ok) {
          recording.saved = true;
          setStatus("saved " + r.answer.file + " (" + r.answer.strokes + " strokes, " + r.answer.samples + " samples)", "ok");
        } else {
          setStatus("not saved: " + (r.answer.error || "unknown error"), "error");
        }
      })
      .catch(function (err) { setStatus("not saved: " + err, "error"); })
      .then(function () { saving = false; updateButtons(); });
  }

  // ---- readout ----------------------------------------------------------------------------

  function yesNo(v) { return v ? "yes" : "no"; }

  const STROKES_SHOWN = 6;   // the per-stroke readout lists the last six strokes

  /** One line per stroke of the recording (the last STROKES_SHOWN, the drawing one included):
   *  its number, pointer type and whether its pressure and tilt were real. */
  function strokesReadout() {
    const all = recording.strokes.concat(Array.from(recording.active.values()));
    if (!all.length) return "";
    const first = Math.max(0, all.length - STROKES_SHOWN);
    const parts = all.slice(first).map(function (stroke, k) {
      const f = core.strokeFacts(stroke);
      return "#" + (first + k + 1) + " " + (stroke.pointerType || "?") + ": pressure " + yesNo(f.pressure) + ", tilt " + yesNo(f.tilt);
    });
    return "strokes " + (first ? "(" + first + " earlier) " : "") + parts.join(" · ");
  }

  function updateReadout() {
    const recent = recentMoves(performance.now());
    let c = 0, p = 0;
    for (const m of recent) { c += m.coalesced; p += m.predicted; }
    const n = recent.length;
    const hz = refreshRateHz();
    const rate = core.sampleRateHz(recording.strokes.concat(Array.from(recording.active.values())));
    const active = recording.active.size ? recording.active.values().next().value : null;
    const facts = active ? core.strokeFacts(active) : stats.lastFacts;
    $("r-events").textContent = String(n);
    $("r-coalesced").textContent = !coalescedAvailable ? "unavailable" + (window.isSecureContext ? "" : " (not a secure context)")
      : n ? (c / n).toFixed(2) : "—";
    $("r-predicted").textContent = !predictedAvailable ? "unavailable" : n ? (p / n).toFixed(2) : "—";
    $("r-type").textContent = stats.lastType || "—";
    $("r-pressure").textContent = facts ? yesNo(facts.pressure) : "—";
    $("r-tilt").textContent = facts ? yesNo(facts.tilt) + (facts.tilt && facts.angleSource === "tiltX/tiltY" ? " (from tiltX/Y)" : "") : "—";
    $("r-refresh").textContent = hz ? hz.toFixed(1) + " Hz" : "—";
    $("r-rate").textContent = rate ? rate.toFixed(0) + " Hz" : "—";
    $("r-strokes").textContent = strokesReadout();
  }

  function frame(t) {
    stats.frames.push(t);
    if (stats.frames.length > 121) stats.frames.shift();
    requestAnimationFrame(frame);
  }

  ink.addEventListener("pointerdown", onDown);
  ink.addEventListener("pointermove", onMove);
  ink.addEventListener("pointerup", onUp);
  ink.addEventListener("pointercancel", onUp);
  // A pointer whose capture is lost without a pointerup (the window lost focus, the element
  // went away) ends its stroke as cancelled; after a pointerup the stroke is already over.
  ink.addEventListener("lostpointercapture", function (e) {
    if (recording.active.has(e.pointerId)) onUp({ pointerId: e.pointerId, type: "pointercancel", preventDefault: function () {} });
  });
  ink.addEventListener("contextmenu", function (e) { e.preventDefault(); });
  ink.addEventListener("touchstart", function (e) { e.preventDefault(); }, { passive: false });
  $("new").addEventListener("click", newTrace);
  $("undo").addEventListener("click", undo);
  $("save").addEventListener("click", save);
  $("bar").style.width = BAR_PX + "px";
  window.addEventListener("resize", resize);
  window.addEventListener("beforeunload", function (e) {
    if (!recording.saved && recording.strokes.length) { e.preventDefault(); e.returnValue = ""; }
  });
  resize();
  updateButtons();
  requestAnimationFrame(frame);
  setInterval(updateReadout, 250);
  updateReadout();

  // For tests and other tools: the recording as it would be uploaded, and the page's state.
  window.strokeRecorder = {
    core: core,
    recording: recording,
    traceJSON: function () { return recording.toJSON(info()); },
    status: function () { return $("status").textContent; },
    readout: function () { updateReadout(); return $("r-strokes").textContent; },
  };
})();
"""#
}
