/// One swept parameter of a sensitivity figure.
public struct SensitivityParameter: Hashable, Sendable {
    /// `stage.parameter`, e.g. `predict.horizon`.
    public var name: String
    /// For a parameter with text values (`tail=complete`), the values in order: the points'
    /// coordinates are then indices into this list, shown as named tics. `nil` for numbers.
    public var categories: [String]?

    /// Creates a parameter.
    public init(name: String, categories: [String]? = nil) {
        self.name = name
        self.categories = categories
    }
}

/// One setting of a swept pipeline measured on one group of strokes (an input kind).
public struct SensitivityPoint: Hashable, Sendable {
    /// The group (series) it belongs to, e.g. `stylus`.
    public var group: String
    /// Its parameter values, aligned with the figure's parameters (indices for categories).
    public var parameters: [Double]
    /// Its objectives (mean with 95% interval), aligned with the figure's objectives.
    public var objectives: [Estimate]

    /// Creates a point.
    public init(group: String, parameters: [Double], objectives: [Estimate]) {
        self.group = group
        self.parameters = parameters
        self.objectives = objectives
    }
}

extension ReportFigures {
    /// The parameter-sensitivity figure of one swept pipeline: a grid of panels, one row per
    /// objective and one column per parameter, each drawing the objective (mean, 95% interval)
    /// against the parameter's value for every setting, one colour and marker per group. With
    /// one parameter the settings of a group are joined in order; with several, each panel is
    /// a scatter (the other parameters vary too, so read trends, not curves). An axis turns
    /// logarithmic when its positive values span more than 20×.
    ///
    /// - Parameters:
    ///   - objectives: each objective's axis title, with units (one panel row each).
    ///   - ratioObjectives: indices of objectives that are ratios to the reference (a dashed
    ///     line at 1).
    /// O(points · parameters · objectives).
    public static func sensitivity(_ points: [SensitivityPoint], parameters: [SensitivityParameter], objectives: [String],
                                   ratioObjectives: Set<Int> = [], title: String) -> Figure {
        let groups = ordered(points.map(\.group))
        let markers = Series.Marker.allCases
        var panels: [Figure] = []
        for (oi, objective) in objectives.enumerated() {
            for (pi, parameter) in parameters.enumerated() {
                var series: [Series] = []
                var ys: [Double] = []
                var xs: [Double] = []
                for (gi, group) in groups.enumerated() {
                    let rows = points.filter { $0.group == group && pi < $0.parameters.count && oi < $0.objectives.count }
                        .map { p -> DataPoint in
                            let e = p.objectives[oi]
                            return DataPoint(x: p.parameters[pi], y: e.value, yLow: e.safeLow, yHigh: e.safeHigh)
                        }
                        .filter { $0.x.isFinite && $0.y.isFinite }
                        .sorted { ($0.x, $0.y) < ($1.x, $1.y) }
                    guard !rows.isEmpty else { continue }
                    ys += rows.flatMap { [$0.yLow, $0.yHigh] }
                    xs += rows.map(\.x)
                    series.append(Series(oi == 0 && pi == 0 ? group : nil, style: parameters.count == 1 ? .yErrorLines : .yErrorBars,
                                         points: rows, color: PlotColor.palette(gi), lineWidth: 1.5,
                                         marker: markers[gi % markers.count], markerSize: 1.1))
                }
                let tics = parameter.categories.map { names in names.enumerated().map { Axis.Tic(Double($0.offset), $0.element) } }
                let count = Double(parameter.categories?.count ?? 0)
                panels.append(Figure(
                    x: Axis(label: parameter.name, minimum: tics == nil ? nil : -0.5, maximum: tics == nil ? nil : count - 0.5,
                            logScale: tics == nil && spansDecades(xs) && xs.allSatisfy { $0 > 0 }, tics: tics),
                    y: Axis(label: objective, logScale: spansDecades(ys) && ys.allSatisfy { $0 > 0 }),
                    series: series,
                    referenceLines: ratioObjectives.contains(oi) ? [1] : [],
                    legend: Legend(oi == 0 && pi == 0 && groups.count > 1 ? .topRight : .hidden)))
            }
        }
        let columns = max(1, parameters.count)
        var figure = Figure(title: title, series: [], width: min(1800, max(760, 120 + 440 * columns)),
                            height: min(1800, 80 + 300 * max(1, objectives.count)))
        figure.panels = panels
        figure.panelColumns = columns
        return figure
    }
}
