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

    /// Creates a point.
    public init(pipeline: String, x: Double, y: Double, color: Double, onFront: Bool, role: Role, recommended: Bool = false) {
        self.pipeline = pipeline
        self.x = x
        self.y = y
        self.color = color
        self.onFront = onFront
        self.role = role
        self.recommended = recommended
    }
}

extension ReportFigures {
    /// The Pareto-front figure of one dataset × input kind: every setting at (x, y) = (lag,
    /// bending energy ratio), filled with the colour of its fidelity on a viridis scale (a
    /// colour box with its own axis), the front's settings ringed in black (not joined: with a
    /// third objective the front is no curve in the plane), the recommended setting framed in red. Markers tell the roles
    /// apart (circle: swept setting, square: seed preset, diamond: preset default, triangle:
    /// other named pipeline); seeds, presets and the recommended setting are labelled with
    /// their names. The y axis (and the colour scale) turn logarithmic when the values span
    /// more than 20×. A dashed line marks y = 1 when `isRatio`.
    ///
    /// Points with a non-finite x, y or colour are left out; when every colour is NaN (two
    /// objectives only) the points are drawn in one colour without a colour box. O(points).
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
        let colors = shown.map(\.color)
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
        let labelled = readableLabels(shown)
        for role in ParetoPoint.Role.allCases {
            let mine = shown.filter { $0.role == role }
            guard !mine.isEmpty else { continue }
            let rows = mine.map { p -> DataPoint in
                var d = DataPoint(x: p.x, y: p.y, label: labelled.contains(p.pipeline) ? legendLabel(p.pipeline, limit: 32) : nil)
                d.colorValue = p.color
                return d
            }
            series.append(Series(nil, style: colored ? .colorMappedPoints : .labelledPoints, points: rows,
                                 color: colored ? nil : PlotColor.palette(0), marker: marker(role), markerSize: size(role)))
        }
        if !front.isEmpty {
            series.append(Series("on the front (no setting better in every objective)", style: .points,
                                 points: front.map { DataPoint(x: $0.x, y: $0.y) }, color: .black, marker: .openCircle, markerSize: 2.6))
        }
        let recommended = shown.filter(\.recommended)
        if !recommended.isEmpty {
            series.append(Series("recommended (the preference applied to the front)", style: .points,
                                 points: recommended.map { DataPoint(x: $0.x, y: $0.y) }, color: PlotColor(hex: 0xE31A1C),
                                 marker: .openSquare, markerSize: 3.4))
        }
        // Legend-only entries naming the markers.
        let names: [ParetoPoint.Role: String] = [.seed: "seed preset", .preset: "preset at its defaults (peers as apps ship them)",
                                                 .reference: "other named pipeline", .setting: "swept setting"]
        for role in ParetoPoint.Role.allCases where shown.contains(where: { $0.role == role }) {
            series.append(Series(names[role], style: .points, points: [], color: PlotColor(hex: 0x505050), marker: marker(role),
                                 markerSize: size(role)))
        }
        let ys = shown.map(\.y)
        let logY = spansDecades(ys) && ys.allSatisfy { $0 > 0 }
        let xs = shown.map(\.x)
        let logX = spansDecades(xs) && xs.allSatisfy { $0 > 0 }
        // gnuplot widens a log axis to whole decades, which can leave most of the plot empty.
        var figure = Figure(
            title: title,
            // Room right of the last point for its name.
            x: Axis(label: xLabel, maximum: logX ? xs.max()! * 2.5 : xs.max()! + 0.15 * (xs.max()! - xs.min()!), logScale: logX),
            y: Axis(label: yLabel, minimum: logY ? ys.min()! / 1.4 : nil, maximum: logY ? ys.max()! * 1.4 : nil, logScale: logY),
            series: series,
            referenceLines: isRatio ? [1] : [],
            legend: Legend(.below),
            width: 1000, height: 760)
        guard colored else { return figure }
        figure.colorScale = ColorScale(label: colorLabel + (logColor ? " (log scale)" : ""),
                                       minimum: colors.min(), maximum: colors.max(), logScale: logColor)
        return figure
    }

    /// The pipelines whose names are written beside their points: the recommendation, then
    /// seeds, then presets (in order of x), each only when its text would not overlap a name
    /// already placed (text boxes estimated on a 1000 × 760 figure: about 7 px per character,
    /// 14 px per line, on the axes' scales). A crowded point keeps its marker; its name is in
    /// the report's tables. O(labels²).
    static func readableLabels(_ points: [ParetoPoint]) -> Set<String> {
        let candidates = points.filter { $0.recommended || $0.role == .seed || $0.role == .preset }
            .sorted { a, b in
                func priority(_ p: ParetoPoint) -> Int { p.recommended ? 0 : p.role == .seed ? 1 : 2 }
                return (priority(a), a.x) < (priority(b), b.x)
            }
        let xs = points.map(\.x), ys = points.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return [] }
        let logY = spansDecades(ys) && y0 > 0, logX = spansDecades(xs) && x0 > 0
        func nx(_ x: Double) -> Double {
            if logX { return (Foundation.log(x) - Foundation.log(x0)) / max(Foundation.log(x1 * 2.5) - Foundation.log(x0), 1e-12) * 740 }
            return x1 > x0 ? (x - x0) / (1.15 * (x1 - x0)) * 740 : 370
        }
        func ny(_ y: Double) -> Double {
            if logY { return (Foundation.log(y) - Foundation.log(y0)) / max(Foundation.log(y1) - Foundation.log(y0), 1e-12) * 500 }
            return y1 > y0 ? (y - y0) / (y1 - y0) * 500 : 250
        }
        var boxes: [(Double, Double, Double, Double)] = []
        var out: Set<String> = []
        for p in candidates {
            let text = legendLabel(p.pipeline, limit: 32)
            let left = nx(p.x) + 8, bottom = ny(p.y) + 6
            let box = (left, bottom, left + Double(text.count) * 7, bottom + 14)
            if boxes.contains(where: { $0.0 < box.2 && box.0 < $0.2 && $0.1 < box.3 && box.1 < $0.3 }) { continue }
            boxes.append(box)
            out.insert(p.pipeline)
        }
        return out
    }
}
