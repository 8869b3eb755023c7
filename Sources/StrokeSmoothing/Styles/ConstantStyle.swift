import StrokeCore

/// One width, opacity and colour for the whole stroke: the seed views' black line of width 2
/// (seed 001) by default, and what a pipeline without a `style:` stage draws.
///
/// Sets every element's ink to the parameters, whatever came before. O(1) per element.
public struct ConstantStyle: StyleStage {
    /// `style:constant`.
    public static let kind = StageKind.style
    /// `constant`.
    public static let id = "constant"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = []
    /// Its ink replaces the ink it is given.
    public static let replacesInk = true
    /// One line.
    public static let summary = "one width, opacity and colour for the whole stroke (the seed views' 2-unit black line)"
    /// Seed 001.
    public static let source = "seed 001, Smooth Freehand Drawing on iOS (line width 2, black)"
    /// Positions and channels only: no derived speed or heading.
    public static let readsKinematics = false

    /// Parameters of ``ConstantStyle``.
    public struct Parameters: StageParameters {
        /// Full line width in pt (default 2).
        public var width = 2.0
        /// Opacity 0…1 (default 1).
        public var opacity = 1.0
        /// Colour (default black).
        public var color = InkColor.black
        /// The defaults.
        public init() {}
        /// `width`, `opacity`, `color`.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.width, "width", in: 0...10_000, length: .pt, help: "full line width"),
            .number(\.opacity, "opacity", in: 0...1, help: "opacity"),
            .color(\.color, "color", help: "ink colour"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private let ink: InkAttributes

    /// Creates the style.
    /// - Throws: ``StageParameterError`` when a value is out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        ink = InkAttributes(width: parameters.width, opacity: parameters.opacity, color: parameters.color)
    }

    /// Sets the constant ink.
    public func style(_ ink: inout InkAttributes, element: PathElement, from start: Point, sample: AttributedSample,
                      previous: AttributedSample) {
        ink = self.ink
    }

    /// Always its one ink: a pipeline styled only by constants records it once per stroke.
    public func uniformInk(after ink: InkAttributes) -> InkAttributes? { self.ink }
}
