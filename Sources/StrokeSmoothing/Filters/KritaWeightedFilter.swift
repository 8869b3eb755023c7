import RealModule
import StrokeCore

/// Krita's "Weighted" smoothing (the freehand tool's `WEIGHTED_SMOOTHING`, in
/// `KisToolFreehandHelper::paint`, libs/ui/tool/kis_tool_freehand_helper.cpp; Krita is
/// GPL-2.0-or-later and none of its code is used: this is a reimplementation from the
/// algorithm, which Krita describes as a modified version of GIMP's distance-weighted
/// smoothing, bugs.kde.org 281267): each new point is replaced by a Gaussian-weighted mean of
/// the recent (already smoothed) points, weighted by *path distance* rather than time.
///
/// For the new sample pₙ (pressure wₙ) after the stroke's first sample:
/// - dₙ = |pₙ − q| where q is the previous point as smoothed (the stroke's first sample for
///   the second); pₙ joins the history h with dₙ;
/// - once the history holds more than 3 points, with σ = `distance`/3 (the distance is Krita's
///   "3σ"): going back from the newest point i = n, n−1, …, the effective step is
///   eᵢ = dᵢ, plus, when the pressure fell from i to i+1 (gᵢ = wᵢ − wᵢ₊₁ > 0), the tail term
///   gᵢ·40·`tailAggressiveness`·(1 − wᵢ)·3σ (so points before a lift-off weigh less and the
///   stroke's tail follows the pen); Dᵢ = Σⱼ₌ᵢⁿ eⱼ; weight rᵢ = exp(−Dᵢ²/(2σ²))/(√(2π)σ); the
///   walk stops at the first point whose weight is below 1/100 of the newest point's;
/// - the output is Σ rᵢhᵢ / Σ rᵢ (and, with `smoothPressure`, Σ rᵢwᵢ / Σ rᵢ for the
///   pressure), which also replaces pₙ in the history. Krita's guard is kept: a result with a
///   coordinate exactly 0 (that is not the input itself) is discarded and pₙ passes unchanged.
///
/// One output per input; the first four samples pass unchanged (Krita smooths from the fifth
/// paint event, the first being the press). Pressure is `force / maximumPossibleForce` (`force`
/// when the maximum is unknown), clamped to [0, 1]. Krita then draws Bézier segments between
/// the smoothed points; here any curve builder can follow.
///
/// Units: `distance` in px (Krita's pixels at 100 % zoom, taken as CSS px, 1/96 in; default 50,
/// Krita's), converted to the trace's units when the pipeline is built for a trace.
/// Krita's speed-dependent distance (a "min" and "max" distance blended by drawing speed)
/// is used at its default, min = max, where speed does not matter.
///
/// Known answers: `distance=0` is the identity (Krita skips smoothing); points on a straight
/// line stay on it; a constant input stays constant. Cost: O(k) per sample for the k points
/// within reach of the Gaussian (about 3σ of path); Krita keeps the whole stroke's history,
/// this keeps the newest ``maximumHistory`` (1024) points, which only matters when more than
/// that many lie within ~3σ of path of the pen: a pen resting on one spot (where they are all
/// alike) or crawling slower than `distance` per 1024 samples.
public struct KritaWeightedFilter: FilterStage {
    /// `filter:weighted`.
    public static let kind = StageKind.filter
    /// `weighted`.
    public static let id = "weighted"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.smoothsSamples]
    /// One line.
    public static let summary = "Krita's weighted smoothing: Gaussian mean of recent points by path distance, with tail aggressiveness"
    /// Where it comes from.
    public static let source = "Krita KisToolFreehandHelper::paint, WEIGHTED_SMOOTHING (GPL-2.0-or-later; reimplemented from the algorithm)"
    /// Positions and force only.
    public static let readsKinematics = false

    /// Points of history kept at most (Krita keeps the whole stroke).
    public static let maximumHistory = 1024

    /// Parameters of ``KritaWeightedFilter``; defaults are Krita's.
    public struct Parameters: StageParameters {
        /// Reach of the smoothing, px: 3σ of the Gaussian (Krita's "Distance", default 50).
        public var distance = 50.0
        /// How strongly falling pressure shortens the smoothing at the stroke's end (Krita's
        /// "Stroke end", 0…1, default 0.15).
        public var tailAggressiveness = 0.15
        /// Whether pressure is smoothed too (Krita's "Smooth pressure", default off).
        public var smoothPressure = false

        /// The defaults.
        public init() {}
        /// The given values.
        public init(distance: Double, tailAggressiveness: Double = 0.15, smoothPressure: Bool = false) {
            self.distance = distance
            self.tailAggressiveness = tailAggressiveness
            self.smoothPressure = smoothPressure
        }

        /// Every parameter.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.distance, "distance", in: 0...100_000, length: .px,
                    help: "Krita's \"Distance\": reach of the smoothing along the path (3σ of the Gaussian), pixels at 100 % zoom; 0 = off"),
            .number(\.tailAggressiveness, "tailAggressiveness", in: 0...1,
                    help: "Krita's \"Stroke end\": how much falling pressure shortens the smoothing at the stroke's end"),
            .flag(\.smoothPressure, "smoothPressure", help: "Krita's \"Smooth pressure\": smooth the pressure (force) with the same weights"),
        ]
    }

    /// One point of the history: position, pressure in [0, 1], and its step from the point before.
    struct Entry: Sendable {
        var location: Point
        var pressure: Double
        var step: Double
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var history: [Entry]        // ring buffer, grown by doubling up to maximumHistory
    private var start = 0
    private var count = 0
    private var previous = Point.zero   // the stroke's first sample until the history has points
    private var started = false
    private var kinematics = SampleKinematics()

    /// Creates the filter.
    /// - Throws: ``StageParameterError`` for a value out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        history = Array(repeating: Entry(location: .zero, pressure: 0, step: 0), count: 64)
    }

    /// Forgets the stroke (the history keeps its storage).
    public mutating func reset() {
        started = false
        start = 0
        count = 0
        kinematics.reset()
    }

    /// Smooths one sample: always exactly one output.
    public mutating func push(_ sample: AttributedSample, into output: inout [AttributedSample]) {
        var out = sample
        defer {
            kinematics.reattribute(&out)
            output.append(out)
        }
        guard started else {
            started = true
            previous = sample.location
            return
        }
        let scale = sample.maximumPossibleForce > 0 ? sample.maximumPossibleForce : 1
        let pressure = Swift.min(Swift.max(sample.force / scale, 0), 1)
        let last = count > 0 ? self[count - 1].location : previous
        append(Entry(location: sample.location, pressure: pressure.isFinite ? pressure : 0,
                     step: last.distance(to: sample.location)))
        guard parameters.distance > 0, count > 3 else { return }

        let sigma = parameters.distance / 3
        let gaussianWeight = 1 / ((2 * Double.pi).squareRoot() * sigma)
        let sigmaSquared = sigma * sigma
        let tail = 40 * parameters.tailAggressiveness
        var x = 0.0, y = 0.0, w = 0.0, sum = 0.0, distanceSum = 0.0, baseRate = 0.0
        var i = count - 1
        while i >= 0 {
            let entry = self[i]
            var distance = entry.step
            if i < count - 1 {
                let gradient = entry.pressure - self[i + 1].pressure
                if gradient > 0 { distance += gradient * tail * (1 - entry.pressure) * 3 * sigma }
            }
            distanceSum += distance
            let rate = gaussianWeight * Double.exp(-distanceSum * distanceSum / (2 * sigmaSquared))
            if i == count - 1 {
                baseRate = rate
            } else if baseRate / rate > 100 {
                break
            }
            sum += rate
            x += rate * entry.location.x
            y += rate * entry.location.y
            if parameters.smoothPressure { w += rate * entry.pressure }
            i -= 1
        }
        if sum != 0 {
            x /= sum
            y /= sum
            w /= sum
        }
        guard (x != 0 && y != 0) || (x == sample.location.x && y == sample.location.y) else { return }
        out.location = Point(x: x, y: y)
        var entry = self[count - 1]
        entry.location = out.location
        if parameters.smoothPressure {
            out.force = w * scale
            entry.pressure = w
        }
        self[count - 1] = entry
    }

    private subscript(i: Int) -> Entry {
        get {
            let j = start + i
            return history[j < history.count ? j : j - history.count]
        }
        set {
            let j = start + i
            history[j < history.count ? j : j - history.count] = newValue
        }
    }

    private mutating func append(_ entry: Entry) {
        if count == history.count {
            if history.count < Self.maximumHistory {
                // Unroll the ring into a buffer twice as large.
                var grown: [Entry] = []
                grown.reserveCapacity(history.count * 2)
                for k in 0..<count { grown.append(self[k]) }
                grown.append(contentsOf: repeatElement(entry, count: history.count))
                history = grown
                start = 0
            } else {
                start += 1
                if start == history.count { start = 0 }
                count -= 1
            }
        }
        self[count] = entry
        count += 1
    }
}
