import Foundation

/// One setting (pipeline) of a Pareto figure: its three objectives, its place on the front and
/// what kind of setting it is.
public struct ParetoPoint: Hashable, Sendable {
    /// What a setting is, which decides its marker.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// One of the seed apps' presets (`linear`, `bezier4`, …): marked and labelled.
        case seed
        /// A registry preset at its defaults: a peer's strategy as apps ship it. Marked and labelled.
        case preset
        /// Another pipeline the spec lists by name (not a preset at its defaults). Marked.
        case reference
        /// A setting of a sweep or tune search.
        case setting
    }

    /// The name in the results.
    public var pipeline: String
    /// The x objective (mean lag, ms).
    public var x: Double
    /// The y objective (bending energy ratio).
    public var y: Double
    /// The colour objective (mean fidelity).
    public var color: Double
    /// Whether the setting is on the front (of all objectives, not only the two drawn).
    public var onFront: Bool
    /// What kind of setting it is.
    public var role: Role
    /// Whether it is the setting the preference picks.
    public var recommended: Bool
    /// Whether it draws enough of the strokes to be ranked (a setting that leaves strokes blank
    /// is never on the front nor recommended; its means cover only the strokes it drew, so its
    /// point is not comparable with the others and is drawn apart).
    public var ranked: Bool

    /// Creates a point.
    public init(pipeline: String, x: Double, y: Double, color: Double, onFront: Bool, role: Role, recommended: Bool = false,
                ranked: Bool = true) {
        self.pipeline = pipeline
        self.x = x
        self.y = y
        self.color = color
        self.onFront = onFront
        self.role = role
        self.recommended = recommended
        self.ranked = ranked
    }
}

extension ReportFigures {
    /// The Pareto-front figure of one dataset × input kind: every setting at (x, y) = (lag,
    /// bending energy ratio), filled with the colour of its fidelity on a viridis scale (a
    /// colour box with its own axis), the front's settings ringed in black (not joined: with a
    /// third objective the front is no curve in the plane), the recommended setting framed in
    /// red. Markers tell the roles apart (circle: swept setting, square: seed preset, diamond:
    /// preset default, triangle: other named pipeline). A setting that is not ranked (it leaves
    /// strokes blank: ``ParetoPoint/ranked``) is a grey cross, not coloured, and its name, when
    /// shown, says "not ranked". Every setting on the front, every seed
    /// and preset and the recommendation is named beside its point (``DirectLabel``: no name
    /// covers a marker or another name; points on top of each other share one name list);
    /// swept settings off the front stay unnamed. The y axis (and the colour scale) turn
    /// logarithmic when the values span more than 20×. A dashed line marks y = 1 when `isRatio`.
    ///
    /// Points with a non-finite x, y or colour are left out; when every colour is NaN (two
    /// objectives only) the points are drawn in one colour without a colour box.
    /// O(points²) for the labels.
    /// - Parameters:
    ///   - points: the settings.
    ///   - xLabel, yLabel, colorLabel: the axis and colour-box titles, with units.
    public static func paretoFront(_ points: [ParetoPoint], title: String,
                                   xLabel: String = "lag, mean (ms): closer to 0 = more responsive",
                                   yLabel: String = "bending energy ratio (1 = as smooth as the truth)",
                                   colorLabel: String = "fidelity: mean distance to reference",
                                   isRatio: Bool = true) -> Figure {
        // Without a third objective (every colour NaN) the points are drawn in one colour.
        let colored = points.contains { $0.color.isFinite }
        let shown = points.filter { $0.x.isFinite && $0.y.isFinite && ($0.color.isFinite || !colored) }
        // Unranked settings are drawn grey: the colour scale spans the ranked ones.
        let colors = shown.filter(\.ranked).map(\.color)
        let logColor = spansDecades(colors)
        func marker(_ role: ParetoPoint.Role) -> Series.Marker {
            switch role {
            case .seed: return .square
            case .preset: return .diamond
            case .reference: return .triangle
            case .setting: return .circle
            }
        }
        func size(_ role: ParetoPoint.Role) -> Double { role == .setting ? 1.3 : 1.7 }
        var series: [Series] = []
        let front = shown.filter(\.onFront)
        for role in ParetoPoint.Role.allCases {
            let mine = shown.filter { $0.role == role && $0.ranked }
            guard !mine.isEmpty else { continue }
            let rows = mine.map { p -> DataPoint in
                var d = DataPoint(x: p.x, y: p.y)
                d.colorValue = p.color
                return d
            }
            series.append(Series(nil, style: colored ? .colorMappedPoints : .points, points: rows,
                                 color: colored ? nil : PlotColor.palette(0), marker: marker(role), markerSize: size(role)))
        }
        let unranked = shown.filter { !$0.ranked }
        let grey = PlotColor(hex: 0x8C8C8C)
        if !unranked.isEmpty {
            series.append(Series("not ranked: leaves strokes blank (its means cover only the strokes it drew)", style: .points,
                                 points: unranked.map { DataPoint(x: $0.x, y: $0.y) }, color: grey, marker: .cross, markerSize: 1.7))
        }
        let ringSize = 2.6, squareSize = 3.4
        if !front.isEmpty {
            series.append(Series("on the front (no setting better in every objective)", style: .points,
                                 points: front.map { DataPoint(x: $0.x, y: $0.y) }, color: .black, marker: .openCircle, markerSize: ringSize))
        }
        let recommended = shown.filter(\.recommended)
        if !recommended.isEmpty {
            series.append(Series("recommended (the preference applied to the front)", style: .points,
                                 points: recommended.map { DataPoint(x: $0.x, y: $0.y) }, color: PlotColor(hex: 0xE31A1C),
                                 marker: .openSquare, markerSize: squareSize))
        }
        // Legend-only entries naming the markers.
        let names: [ParetoPoint.Role: String] = [.seed: "seed preset", .preset: "preset at its defaults (peers as apps ship them)",
                                                 .reference: "other named pipeline", .setting: "swept setting"]
        for role in ParetoPoint.Role.allCases where shown.contains(where: { $0.role == role && $0.ranked }) {
            series.append(Series(names[role], style: .points, points: [], color: PlotColor(hex: 0x505050), marker: marker(role),
                                 markerSize: size(role)))
        }
        let ys = shown.map(\.y) + (isRatio ? [1] : [])
        let logY = spansDecades(ys) && ys.allSatisfy { $0 > 0 }
        let xs = shown.map(\.x)
        let logX = spansDecades(xs) && xs.allSatisfy { $0 > 0 }
        var figure = Figure(
            title: title,
            x: paddedAxis(xs, label: xLabel, log: logX),
            y: paddedAxis(ys, label: yLabel, log: logY),
            series: series,
            referenceLines: isRatio ? [1] : [],
            legend: Legend(.below, boxed: false),
            width: 1000, height: 760)
        figure.margins = Figure.Margins(left: 90, right: colored ? 150 : 26, top: 46, bottom: keyMargin(series))
        // Named: the recommendation, the front, the seeds and presets (in that order of placing).
        let labels = shown.filter { $0.recommended || $0.onFront || $0.role != .setting }.map { p -> DirectLabel in
            let priority = p.recommended ? 0 : p.onFront ? 1 : p.role == .seed ? 2 : 3
            let radius = DirectLabel.markerRadiusPerPointSize * (p.recommended ? squareSize : p.onFront ? ringSize : size(p.role))
            return DirectLabel(x: p.x, y: p.y, name: legendLabel(p.pipeline, limit: 48) + (p.ranked ? "" : " (not ranked)"),
                               color: p.recommended ? PlotColor(hex: 0xB3151A) : p.ranked ? PlotColor(hex: 0x303030) : grey,
                               bold: p.recommended || p.onFront, markerRadius: radius, priority: priority,
                               required: p.recommended || p.onFront)
        }
        let unnamed = shown.filter { !($0.recommended || $0.onFront || $0.role != .setting) }
            .map { (x: $0.x, y: $0.y, markerRadius: DirectLabel.markerRadiusPerPointSize * size($0.role)) }
        figure.annotations = DirectLabel.annotations(labels, in: figure, unnamed: unnamed).annotations
        guard colored, !colors.isEmpty else { return figure }
        figure.colorScale = ColorScale(label: colorLabel + (logColor ? " (log scale)" : ""),
                                       minimum: colors.min(), maximum: colors.max(), logScale: logColor)
        return figure
    }
}
