import StrokeCore

/// ForceSketch's force-sensitive ink (seed 003; constants from the author's public
/// `ViewController.swift`, seed digest §C): pressure p = force / maximumPossibleForce sets
/// both the width, p × 20, and the hue, p (saturation 1, brightness 1): red at the lightest
/// touch, green at a third of the maximum, blue at two thirds, red again at full force.
/// Devices without force (the trace records no maximum force) draw width 10 in grey. A force
/// above the recorded maximum (which a device never reports) is clamped to it.
///
/// Each element gets the ink of the touch at its end. Known answers: p = ⅓ → hue 120°
/// (green), width 6.67. The fade-out after lift-off is a rendering effect
/// (`strokelab render --frames`). O(1) per element.
public struct ForceSketchStyle: StyleStage {
    /// `style:forcesketch`.
    public static let kind = StageKind.style
    /// `forcesketch`.
    public static let id = "forcesketch"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.stylesInk]
    /// One line.
    public static let summary = "ForceSketch: width force/maxForce × 20 and hue force/maxForce; width 10 grey without force"
    /// Seed 003.
    public static let source = "seed 003, ForceSketch (3D Touch drawing with CIImageAccumulator)"
    /// Positions and channels only: no derived speed or heading.
    public static let readsKinematics = false

    /// Parameters of ``ForceSketchStyle``: the seed's constants.
    public struct Parameters: StageParameters {
        /// Width at full pressure, pt (20: the seed's iOS points).
        public var maxWidth = 20.0
        /// Width on devices without force, pt (10).
        public var fallbackWidth = 10.0
        /// Colour on devices without force (grey).
        public var fallbackColor = InkColor.grey
        /// The seed's constants.
        public init() {}
        /// Every constant.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.maxWidth, "maxWidth", in: 0...10_000, length: .pt, help: "width at full pressure"),
            .number(\.fallbackWidth, "fallbackWidth", in: 0...10_000, length: .pt, help: "width without force data"),
            .color(\.fallbackColor, "fallbackColor", help: "colour without force data"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters

    /// Creates the style.
    /// - Throws: ``StageParameterError`` when a constant is out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
    }

    /// Width and hue from the pressure at the element's end.
    public func style(_ ink: inout InkAttributes, element: PathElement, from start: Point, sample: AttributedSample,
                      previous: AttributedSample) {
        ink = Self.ink(force: sample.force, maximumForce: sample.maximumPossibleForce, parameters)
    }

    /// The seed's ink replaces the ink it is given.
    public static let replacesInk = true

    /// Every element from the force of its sample: one pass that reads two fields of each
    /// sample (the protocol's default copies every sample and element it visits).
    public func style(_ ink: UnsafeMutableBufferPointer<InkAttributes>, elements: UnsafeBufferPointer<PathElement>,
                      samples s: UnsafeBufferPointer<AttributedSample>, start: Point?, previous: AttributedSample?) {
        precondition(s.count >= ink.count, "fewer samples than inks")
        let p = parameters
        var inRange = InkAttributes(width: 0, opacity: 1)     // opacity 1, normal blend: set once
        let maxWidth = p.maxWidth
        for i in ink.indices {
            let force = s[i].force, maximumForce = s[i].maximumPossibleForce
            let r = force / maximumForce
            if maximumForce > 0, r > 0, r < 1 {
                // Pressure inside (0, 1), the clamps leave it as it is and its width p × maxWidth is
                // finite and not negative: the initialiser's checks would change nothing.
                inRange.width = r * maxWidth
                inRange.color = InkColor(hue: r, saturation: 1, brightness: 1)
                ink[i] = inRange
            } else {
                ink[i] = Self.ink(force: force, maximumForce: maximumForce, p)
            }
        }
    }

    /// The seed's ink for one touch: p = force / maximumForce clamped to 0…1, width p × maxWidth,
    /// hue p; the fallback without a maximum force.
    @inline(__always)
    static func ink(force: Double, maximumForce: Double, _ parameters: Parameters) -> InkAttributes {
        guard maximumForce > 0 else {
            return InkAttributes(width: parameters.fallbackWidth, opacity: 1, color: parameters.fallbackColor)
        }
        let p = Swift.min(Swift.max(force / maximumForce, 0), 1)
        return InkAttributes(width: p * parameters.maxWidth, opacity: 1, color: InkColor(hue: p, saturation: 1, brightness: 1))
    }
}
