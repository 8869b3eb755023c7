/// The recorder page's style sheet: a full-window canvas (touch-action disabled, so the browser
/// neither scrolls nor zooms while drawing) under a toolbar and a readout.
extension RecorderPage {
    /// The style sheet, as inlined into ``html``.
    public static let style: String = #"""
html, body {
  margin: 0; height: 100%; overflow: hidden; background: #fbfaf7; color: #1b1f24;
  font: 14px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  overscroll-behavior: none; -webkit-text-size-adjust: 100%;
}
canvas {
  position: fixed; left: 0; top: 0; width: 100%; height: 100%; display: block;
  touch-action: none; user-select: none; -webkit-user-select: none; -webkit-touch-callout: none;
}
#overlay { pointer-events: none; }
#hint {
  position: fixed; left: 0; right: 0; top: 45%; margin: 0; padding: 0 16px; text-align: center;
  font-size: 18px; color: #868e96; pointer-events: none; user-select: none; -webkit-user-select: none;
}
#hint[hidden] { display: none; }
#title { margin: 0 6px 0 2px; font-size: 15px; font-weight: 600; white-space: nowrap; }
#toolbar, #readout {
  position: fixed; left: 8px; background: rgba(255, 255, 255, 0.92); border: 1px solid #d5d8dc;
  border-radius: 8px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.08); touch-action: manipulation;
}
#toolbar {
  top: 8px; right: 8px; display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 6px;
}
button {
  font: inherit; padding: 6px 12px; border-radius: 6px; border: 1px solid #adb5bd; background: #f1f3f5;
  color: inherit; min-height: 34px;
}
button:disabled { color: #9aa0a6; background: #f8f9fa; }
#save:not(:disabled) { background: #1b1f24; color: #fff; border-color: #1b1f24; }
input { font: inherit; padding: 6px 8px; border-radius: 6px; border: 1px solid #adb5bd; min-height: 20px; }
#name { width: 10em; }
#note { flex: 1 1 12em; min-width: 8em; }
#scale { width: 4.5em; padding: 2px 4px; }
#count { color: #5f6368; white-space: nowrap; }
#status { flex-basis: 100%; min-height: 0; font-size: 13px; }
#status:empty { display: none; }
#status.ok { color: #2b8a3e; }
#status.warn { color: #b35c00; }
#status.error { color: #c92a2a; }
#readout { bottom: 8px; padding: 6px 10px; font-size: 12px; }
#readout table { border-collapse: collapse; }
#readout th { text-align: left; font-weight: normal; color: #5f6368; padding: 0 12px 0 0; }
#readout td { padding: 0 16px 0 0; font-variant-numeric: tabular-nums; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
#readout .legend { margin-top: 4px; color: #5f6368; }
#r-strokes { margin-top: 4px; max-width: 46em; }
#r-strokes:empty { display: none; }
#readout .legend b { font-weight: normal; }
.raw { color: #1b1f24; }
.predicted { color: #e8590c; }
#bar { display: inline-block; height: 6px; background: #1b1f24; vertical-align: middle; }
.scale { margin-top: 4px; color: #5f6368; }
"""#
}
