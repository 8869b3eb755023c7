import RealModule
import StrokeCore

/// Scribble's pencil, shading and eraser: the width model of the final `CanvasView` of the
/// "Apple Pencil Tutorial" (seeds 000/002/004; constants in the seed digest §B).
///
/// Each element gets the ink of the touch at its end, with the element's chord
/// v₂ = end − start as the stroke direction (the seed's `location − previousLocation`):
/// - **stylus, upright** (altitude ≥ `tiltThreshold` = π/6): width = force × 4
///   (`forceSensitivity`) when force > 0, else 6 (`defaultLineWidth`); opacity 1;
/// - **stylus, tilted** (altitude < π/6), *shading*: with v₁ = (cos azimuth, sin azimuth),
///   angle = |atan2(v₂) − atan2(v₁)|, folded: if > π then 2π − angle, then if > π/2 then
///   π − angle; width = 60 · angle/(π/2) · a + 5 where a = 1 − (max(altitude, 0.25) − 0.25) /
///   (π/6 − 0.25); opacity = force / 5 (the seed's `setAlpha`, clamped to 0…1);
/// - **finger (any non-stylus touch)**: the eraser — width = majorRadius / 2, erase blend
///   (the seed paints the background colour). When the trace has no contact radius
///   (majorRadius 0) the width is 20, the tutorial's first eraser.
///
/// Colour: the pencil texture is drawn as a flat `StrokeCore.InkColor.graphite` (the
/// `color` parameter). Not reproduced: the seed's `setAlpha` persists in the graphics context
/// until the next event, so upright segments after a shading segment within one event inherit
/// its alpha; StrokeLab applies each segment's own rule. Without force or tilt channels the
/// defaults (force 0, altitude π/2) give the seed's own fallbacks: width 6, no shading.
/// O(1) per element.
public struct ScribbleStyle: StyleStage {
    /// `style:scribble`.
    public static let kind = StageKind.style
    /// `scribble`.
    public static let id = "scribble"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.stylesInk]
    /// One line.
    public static let summary = "Scribble's pencil: force → width, tilt shading (angle to azimuth, altitude), finger eraser"
    /// Seeds 000/002/004.
    public static let source = "seeds 000/002/004, Apple Pencil Tutorial (final CanvasView)"
    /// Positions and channels only: no derived speed or heading.
    public static let readsKinematics = false

    /// Parameters of ``ScribbleStyle``: the seed's constants, widths in pt (the seed's iOS points;
    /// converted to the trace's units when the pipeline is built for a trace).
    public struct Parameters: StageParameters {
        /// Width per unit of force (`forceSensitivity`, 4).
        public var forceSensitivity = 4.0
        /// Width when the touch reports no force (`defaultLineWidth`, 6).
        public var defaultWidth = 6.0
        /// Altitude below which the pencil shades, radians (`tiltThreshold`, π/6).
        public var tiltThreshold = Double.pi / 6
        /// Narrowest shading width (`minLineWidth`, 5).
        public var minShadingWidth = 5.0
        /// Shading width added at a right angle to the azimuth (`maxLineWidth`, 60).
        public var maxShadingWidth = 60.0
        /// Altitude at and below which shading is widest, radians (`minAltitudeAngle`, 0.25).
        public var minAltitude = 0.25
        /// Force at which shading is opaque (`maxForce`, 5).
        public var shadingMaxForce = 5.0
        /// Eraser width when the trace has no contact radius (the first version's 20).
        public var eraserWidth = 20.0
        /// Whether non-stylus touches erase (the seed: yes).
        public var eraser = true
        /// The pencil's colour (the texture's tone).
        public var color = InkColor.graphite
        /// The seed's constants.
        public init() {}

        /// Every constant.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.forceSensitivity, "forceSensitivity", in: 0...1000, length: .pt, help: "width per unit of force when upright"),
            .number(\.defaultWidth, "defaultWidth", in: 0...10_000, length: .pt, help: "upright width when force is 0 (unknown)"),
            .number(\.tiltThreshold, "tiltThreshold", in: 0...(Double.pi / 2), unit: "rad", help: "altitude below which the pencil shades"),
            .number(\.minShadingWidth, "minShadingWidth", in: 0...10_000, length: .pt, help: "narrowest shading width"),
            .number(\.maxShadingWidth, "maxShadingWidth", in: 0...10_000, length: .pt, help: "shading width added at 90° to the azimuth"),
            .number(\.minAltitude, "minAltitude", in: 0...(Double.pi / 2), unit: "rad", help: "altitude at and below which shading is widest"),
            .number(\.shadingMaxForce, "shadingMaxForce", in: 1e-9...1000, help: "force at which shading is opaque"),
            .number(\.eraserWidth, "eraserWidth", in: 0...10_000, length: .pt, help: "eraser width when the trace has no contact radius"),
            .flag(\.eraser, "eraser", help: "on: non-stylus touches erase (the seed); off: they draw like a stylus"),
            .color(\.color, "color", help: "pencil colour"),
        ]

        /// The altitude range must not be empty.
        public func crossCheck() throws(StageParameterError) {
            guard minAltitude < tiltThreshold else {
                throw StageParameterError(parameter: "minAltitude", problem: "must be below tiltThreshold (\(minAltitude) ≥ \(tiltThreshold))")
            }
        }
    }

    /// The validated parameters.
    public let parameters: Parameters

    /// Creates the style.
    /// - Throws: ``StageParameterError`` when a constant is out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
    }

    /// The seed's width, opacity and colour for the element ending at `sample`.
    public func style(_ ink: inout InkAttributes, element: PathElement, from start: Point, sample: AttributedSample,
                      previous: AttributedSample) {
        ink = Self.ink(end: element.endPoint, from: start, sample: sample, parameters)
    }

    /// The seed's ink replaces the ink it is given.
    public static let replacesInk = true

    /// Every element, in one pass that reads only the fields the rules use (the protocol's
    /// default copies every sample and element it visits); the chord's start is the previous
    /// element's end, as the default computes it, read only where the pencil shades. An
    /// eraser's ink is written without the initialiser's checks: its width (half a positive
    /// radius, or the validated `eraserWidth`) is never NaN nor negative, so they would change
    /// nothing.
    public func style(_ ink: UnsafeMutableBufferPointer<InkAttributes>, elements e: UnsafeBufferPointer<PathElement>,
                      samples s: UnsafeBufferPointer<AttributedSample>, start: Point?, previous: AttributedSample?) {
        precondition(e.count >= ink.count && s.count >= ink.count, "fewer elements or samples than inks")
        let p = parameters
        let white = InkColor.white     // a global's accessor: read once, not per eraser element
        var eraser = InkAttributes(width: 0, opacity: 1, color: white, blend: .erase)
        for i in ink.indices {
            if s[i].kind != .stylus && p.eraser {
                eraser.width = Self.eraserWidth(radius: s[i].majorRadius, p)
                ink[i] = eraser
            } else {
                let end = e[i].endPoint
                let from = e[i].isMove ? end : i > 0 ? e[i - 1].endPoint : (start ?? end)
                ink[i] = Self.ink(end: end, from: from, sample: s[i], p, white: white)
            }
        }
    }

    /// The eraser's width: half the contact radius, or `eraserWidth` without one.
    @inline(__always)
    static func eraserWidth(radius: Double, _ p: Parameters) -> Double {
        radius > 0 ? radius / 2 : p.eraserWidth
    }

    /// The seed's ink for the element from `start` to `end` drawn with `sample`; `white` is the
    /// eraser's colour (`StrokeCore.InkColor.white`).
    @inline(__always)
    static func ink(end: Point, from start: Point, sample: AttributedSample, _ p: Parameters,
                    white: InkColor = .white) -> InkAttributes {
        if sample.kind != .stylus && p.eraser {
            return InkAttributes(width: eraserWidth(radius: sample.majorRadius, p), opacity: 1, color: white, blend: .erase)
        } else if sample.altitude < p.tiltThreshold {
            return InkAttributes(width: shadingWidth(chord: end - start, azimuth: sample.azimuth, altitude: sample.altitude, p),
                                 opacity: sample.force / p.shadingMaxForce, color: p.color)
        } else {
            return InkAttributes(width: sample.force > 0 ? sample.force * p.forceSensitivity : p.defaultWidth,
                                 opacity: 1, color: p.color)
        }
    }

    /// The seed's `lineWidthForShading`: 60 · angle/(π/2) · normalisedAltitude + 5.
    static func shadingWidth(chord v2: Vector, azimuth: Double, altitude: Double, _ p: Parameters) -> Double {
        let angle = foldedAngle(chord: v2, azimuth: azimuth)
        let normalizedAngle = angle / (Double.pi / 2)
        let a = altitude < p.minAltitude ? p.minAltitude : altitude
        let normalizedAltitude = 1 - ((a - p.minAltitude) / (p.tiltThreshold - p.minAltitude))
        return p.maxShadingWidth * normalizedAngle * normalizedAltitude + p.minShadingWidth
    }

    /// The angle between the stroke direction `v2` and the pencil's azimuth, folded into
    /// [0, π/2] exactly as the seed folds it: |atan2(v₂) − atan2(v₁)| with v₁ the azimuth's
    /// unit vector. atan2(v₁) = atan2(sin a, cos a) is the azimuth `a` itself brought into
    /// [−π, π] (``principalAngle(_:)``), so one `atan2` per element, not two plus a sine and a
    /// cosine (the same to within a few ulps of π, plus 2π's rounding per whole turn beyond ±π).
    @inlinable
    public static func foldedAngle(chord v2: Vector, azimuth: Double) -> Double {
        var angle = abs(Double.atan2(y: v2.dy, x: v2.dx) - principalAngle(azimuth))
        if angle > Double.pi { angle = 2 * Double.pi - angle }
        if angle > Double.pi / 2 { angle = Double.pi - angle }
        return angle
    }

    /// `a` brought into [−π, π] by whole turns: what atan2(sin a, cos a) gives, without
    /// the three libm calls (±π stay as they are, as atan2 keeps them: the double nearest π
    /// is below π, so its sine has its sign). O(1); NaN for a non-finite `a`, as atan2 gives.
    @inlinable
    public static func principalAngle(_ a: Double) -> Double {
        if a >= -Double.pi && a <= Double.pi { return a }
        return a.remainder(dividingBy: 2 * Double.pi)       // in [−π, π]; exact for the double 2π
    }
}
