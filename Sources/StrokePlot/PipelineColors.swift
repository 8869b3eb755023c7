/// One colour and one marker per pipeline, fixed for a whole report: every figure (and the
/// rasters' panel titles) draws a pipeline in the same colour, so a reader can follow it from
/// figure to figure.
///
/// Pipelines take ``PlotColor/palette`` colours in the order given (the experiment's pipeline
/// order); with more pipelines than colours, colours repeat with a different marker, so the
/// (colour, marker) pair stays unique. A pipeline not in the list gets the colour after the
/// listed ones, in the order it is first asked for — callers pass every pipeline up front.
public struct PipelineColors: Hashable, Sendable {
    private var index: [String: Int] = [:]
    private var order: [String] = []

    /// Assigns colours to `pipelines` in order (duplicates keep their first colour).
    public init(_ pipelines: [String] = []) {
        for p in pipelines { add(p) }
    }

    private mutating func add(_ pipeline: String) {
        guard index[pipeline] == nil else { return }
        index[pipeline] = order.count
        order.append(pipeline)
    }

    /// The pipelines in colour order.
    public var pipelines: [String] { order }

    /// `self` with `pipelines` added (those not yet present) after the existing ones.
    public func including(_ pipelines: [String]) -> PipelineColors {
        var c = self
        for p in pipelines { c.add(p) }
        return c
    }

    private func slot(_ pipeline: String) -> Int { index[pipeline] ?? order.count }

    /// The pipeline's colour.
    public func color(_ pipeline: String) -> PlotColor { PlotColor.palette(slot(pipeline)) }

    /// The pipeline's marker: the first shape while colours are unique, another shape each time
    /// the palette wraps.
    public func marker(_ pipeline: String) -> Series.Marker {
        let markers = Series.Marker.allCases
        return markers[(slot(pipeline) / PlotColor.palette.count) % markers.count]
    }
}
