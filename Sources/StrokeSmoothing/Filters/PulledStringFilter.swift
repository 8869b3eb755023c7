import StrokeCore

/// The pulled string ("lazy brush", as Lazy Nezumi and many paint programs offer it): the
/// ink is drawn by a point on a string of length L pulled behind the pen. The point moves only
/// when the pen is farther than L from it, straight toward the pen, to exactly L behind it;
/// while the pen stays within L the ink stands still, which hides hand tremor and lets a user
/// steer smooth curves.
///
/// Per input sample p with string end q: d = |p − q|; if d > L, q ← p − (p − q)·L/d and the
/// moved q is emitted (time, force, tilt… of p, position q, speed and direction re-derived);
/// otherwise nothing is emitted. The first sample of a stroke is emitted as is (the ink
/// starts where the pen touches down). At the end of the stroke, with `finish=on`, the string
/// end jumps to the last pen position (Krita's "finish line"); with `finish=off` (default, the
/// classic lazy brush) the ink ends L behind the pen.
///
/// Known answers: on a straight line at constant speed the output trails the pen by exactly L
/// once the pen is L away, and never by more than L; L = 0 is the identity (samples at the
/// same place as the string end are then dropped). O(1) per sample, no allocation.
public struct PulledStringFilter: FilterStage {
    /// `filter:pulled-string`.
    public static let kind = StageKind.filter
    /// `pulled-string`.
    public static let id = "pulled-string"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.smoothsSamples, .canDrawNothing]
    /// One line.
    public static let summary = "lazy brush: the ink follows the pen on a string of fixed length, moving only when pulled"
    /// Where it comes from.
    public static let source = "the lazy-brush/pulled-string stabilizer (Lazy Nezumi; Krita's and Paint programs' \"lazy\" modes)"
    /// Positions and channels only: no derived speed or heading.
    public static let readsKinematics = false

    /// Parameters of ``PulledStringFilter``.
    public struct Parameters: StageParameters {
        /// String length L in pt (default 10).
        public var length = 10.0
        /// Whether the ink jumps to the pen at the end of the stroke (default off).
        public var finish = false
        /// The defaults.
        public init() {}
        /// A string of `length`.
        public init(length: Double, finish: Bool = false) { self.length = length; self.finish = finish }
        /// `length`, `finish`.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.length, "length", in: 0...1_000_000, length: .pt, help: "string length: how far the ink trails the pen"),
            .flag(\.finish, "finish", help: "on: the ink jumps to the pen's last position at the end of the stroke"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var end = AttributedSample(time: 0, location: .zero)
    private var pen = AttributedSample(time: 0, location: .zero)
    private var started = false
    private var kinematics = SampleKinematics()

    /// Creates the filter.
    /// - Throws: ``StageParameterError`` when the length is negative or not finite.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
    }

    /// Forgets the stroke.
    public mutating func reset() {
        started = false
        kinematics.reset()
    }

    /// Emits the first sample, then the string end whenever the pen pulls it.
    public mutating func push(_ sample: AttributedSample, into output: inout [AttributedSample]) {
        pen = sample
        guard started else {
            started = true
            end = sample
            kinematics.reattribute(&end)
            output.append(end)
            return
        }
        let v = sample.location - end.location
        let d = v.length
        let length = parameters.length
        guard d > length, d.isFinite else { return }
        let moved = sample.location - v * (length / d)
        end = sample
        end.location = length == 0 ? sample.location : moved
        kinematics.reattribute(&end)
        output.append(end)
    }

    /// With `finish`, the pen's last position if the string end is elsewhere.
    public mutating func flush(into output: inout [AttributedSample]) {
        guard parameters.finish, started, pen.location != end.location || pen.time != end.time else { return }
        end = pen
        kinematics.reattribute(&end)
        output.append(end)
    }
}
