/// One axis of a figure: label, range, scale and optional named tics.
public struct Axis: Hashable, Sendable {
    /// A tic mark with a text label at a data coordinate (e.g. a dataset name at x = 1).
    public struct Tic: Hashable, Sendable {
        /// Position in data coordinates.
        public var position: Double
        /// The text shown.
        public var label: String
        /// Creates a tic.
        public init(_ position: Double, _ label: String) {
            self.position = position
            self.label = label
        }
    }

    /// Axis title, with units, e.g. "lag (ms)"; `nil` for none.
    public var label: String?
    /// Lower end; `nil` lets gnuplot choose from the data.
    public var minimum: Double?
    /// Upper end; `nil` lets gnuplot choose from the data.
    public var maximum: Double?
    /// Logarithmic (base 10) scale. Non-positive values are then skipped by gnuplot.
    public var logScale: Bool
    /// Named tics replacing the numeric ones; `nil` for numeric tics.
    public var tics: [Tic]?
    /// Rotation of the tic labels in degrees (counter-clockwise), e.g. 30 for long names.
    public var ticRotation: Double

    /// Creates an axis.
    public init(label: String? = nil, minimum: Double? = nil, maximum: Double? = nil,
                logScale: Bool = false, tics: [Tic]? = nil, ticRotation: Double = 0) {
        self.label = label
        self.minimum = minimum
        self.maximum = maximum
        self.logScale = logScale
        self.tics = tics
        self.ticRotation = ticRotation
    }
}
