/// The recorder page's HTML, with the placeholders `{{STYLE}}`, `{{CORE}}` and `{{PAGE}}` where
/// ``RecorderPage/html`` inlines the style sheet and the two scripts.
extension RecorderPage {
    /// The HTML template.
    static let markup: String = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover">
<title>StrokeLab recorder</title>
<link rel="icon" href="data:,">
<style>
{{STYLE}}</style>
</head>
<body>
<canvas id="ink" aria-label="drawing surface: draw here with a pen, a finger or the mouse"></canvas>
<canvas id="overlay" aria-hidden="true"></canvas>
<p id="hint">Draw here with a pen, a finger or the mouse, then name the trace and press Save.</p>
<header id="toolbar">
<h1 id="title">StrokeLab recorder</h1>
<button id="new" type="button">New trace</button>
<button id="undo" type="button">Undo stroke</button>
<button id="save" type="button">Save</button>
<input id="name" type="text" placeholder="name" maxlength="64" autocomplete="off" spellcheck="false" aria-label="name of the recording">
<input id="note" type="text" placeholder="note: pen, hand, surface, what you drew" maxlength="1000" autocomplete="off" aria-label="note">
<span id="count"></span>
<span id="status" role="status"></span>
</header>
<footer id="readout">
<table>
<tr><th>events/s</th><td id="r-events"></td><th>pointer</th><td id="r-type"></td></tr>
<tr><th>coalesced/event</th><td id="r-coalesced"></td><th>pressure real</th><td id="r-pressure"></td></tr>
<tr><th>predicted/event</th><td id="r-predicted"></td><th>tilt real</th><td id="r-tilt"></td></tr>
<tr><th>sample rate</th><td id="r-rate"></td><th>refresh</th><td id="r-refresh"></td></tr>
</table>
<div id="r-strokes" aria-live="polite"></div>
<div class="legend"><b class="raw">━</b> raw samples &nbsp; <b class="predicted">━•</b> the browser's prediction</div>
<div class="scale"><span id="bar"></span> <label>measures <input id="scale" type="number" min="0" step="0.1" inputmode="decimal" aria-label="length of the bar in millimetres"> mm (optional: gives the physical scale)</label></div>
</footer>
<script>
{{CORE}}</script>
<script>
{{PAGE}}</script>
</body>
</html>
"""#
}
