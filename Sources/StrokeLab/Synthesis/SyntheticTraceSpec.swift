import StrokeCore

/// How a synthetic pen presses: the `force` channel over a stroke (UIKit scale, 1.0 = an
/// average touch; Apple Pencil's maximum is 4.17).
public enum ForceProfile: String, Sendable, Hashable, CaseIterable, Codable {
    /// No force channel (a finger, or a device without pressure).
    case none
    /// Force 1.0 throughout.
    case constant
    /// 0.3 at the ends rising to 3.0 mid-stroke: `0.3 + 2.7·sin(π·u)`, u ∈ [0, 1] the
    /// fraction of the stroke's duration.
    case bell
    /// Rising linearly from 0.3 to 3.0.
    case ramp
}

/// How a synthetic pen is held: altitude and azimuth over a stroke.
public enum TiltProfile: String, Sendable, Hashable, CaseIterable, Codable {
    /// No tilt channels.
    case none
    /// Upright pen: altitude π/2, azimuth 0.
    case upright
    /// Held at 20° (0.35 rad, below Scribble's π/6 shading threshold), azimuth π/4.
    case tilted
    /// Altitude falling from 1.3 to 0.3 rad while the azimuth turns from 0 to π/2.
    case varying
}

/// Everything that defines one synthetic trace file. Same spec → byte-identical file.
public struct SyntheticTraceSpec: Hashable, Sendable {
    /// File stem and `metadata.source` suffix.
    public var name: String
    /// The strokes drawn with the spec's pen (``kind``, ``force``, ``tilt``), in order.
    public var shapes: [SyntheticShape]
    /// Strokes each held its own way (``SyntheticStyleStroke``), drawn after ``shapes``: the
    /// style traces. Their ids must differ from the shapes' and from each other.
    public var styleStrokes: [SyntheticStyleStroke]
    /// Stylus or finger (finger: no force, contact radius ~20 pt), for ``shapes``.
    public var kind: TouchKind
    /// Digitiser rate in Hz: 240 for Apple Pencil, 120 for a finger.
    public var sampleRateHz: Double
    /// Display refresh in Hz: events are delivered at this rate (60 or 120).
    public var refreshRateHz: Double
    /// Half-width in ms of the uniform jitter on sampling instants (≤ 45% of a period).
    public var timestampJitterMs: Double
    /// Standard deviation in points of the Gaussian noise added to each coordinate.
    public var positionNoise: Double
    /// Probability that a moved event is delivered late by a main-thread stall.
    public var stallProbability: Double
    /// Length of a stall in frames; the events it swallows arrive as one event with all
    /// their samples coalesced.
    public var stallFrames: Int
    /// Force channel profile.
    public var force: ForceProfile
    /// Tilt channels profile.
    public var tilt: TiltProfile
    /// Number of predicted samples recorded with each moved event (0: none), extrapolated
    /// at the sample period from the last two coalesced samples as a simple device
    /// predictor would.
    public var predictedCount: Int
    /// Seed of the random generator.
    public var seed: UInt64

    /// Creates a spec; by default a clean 240 Hz stylus trace at 60 Hz with every shape and no
    /// style strokes.
    public init(name: String, shapes: [SyntheticShape] = SyntheticShape.allCases, kind: TouchKind = .stylus,
                sampleRateHz: Double = 240, refreshRateHz: Double = 60, timestampJitterMs: Double = 0,
                positionNoise: Double = 0, stallProbability: Double = 0, stallFrames: Int = 2,
                force: ForceProfile = .bell, tilt: TiltProfile = .upright, predictedCount: Int = 0,
                styleStrokes: [SyntheticStyleStroke] = [], seed: UInt64 = 1) {
        self.name = name
        self.shapes = shapes
        self.styleStrokes = styleStrokes
        self.kind = kind
        self.sampleRateHz = sampleRateHz
        self.refreshRateHz = refreshRateHz
        self.timestampJitterMs = timestampJitterMs
        self.positionNoise = positionNoise
        self.stallProbability = stallProbability
        self.stallFrames = stallFrames
        self.force = force
        self.tilt = tilt
        self.predictedCount = predictedCount
        self.seed = seed
    }

    /// Problems with the parameters, one line each; empty when valid.
    public var problems: [String] {
        var p: [String] = []
        if shapes.isEmpty && styleStrokes.isEmpty { p.append("no shapes") }
        for stroke in styleStrokes { p += stroke.problems }
        let ids = shapes.map(\.rawValue) + styleStrokes.map(\.id)
        if Set(ids).count != ids.count { p.append("stroke ids repeat: each shape and style stroke needs its own id") }
        let rates = WorkBudget.synthSampleRate, refreshes = WorkBudget.synthRefreshRate
        if !rates.contains(sampleRateHz) {
            p.append("sample rate \(sampleRateHz) Hz is outside \(WorkBudget.count(rates.lowerBound))…\(WorkBudget.count(rates.upperBound)) Hz")
        }
        if !refreshes.contains(refreshRateHz) {
            p.append("refresh rate \(refreshRateHz) Hz is outside \(WorkBudget.count(refreshes.lowerBound))…\(WorkBudget.count(refreshes.upperBound)) Hz")
        }
        if !(timestampJitterMs >= 0 && timestampJitterMs <= 450 / sampleRateHz) {
            p.append("jitter \(timestampJitterMs) ms must be in [0, \(450 / sampleRateHz)] (45% of a sample period) so time never goes backwards")
        }
        if !(positionNoise >= 0 && positionNoise <= WorkBudget.synthNoise) {
            p.append("position noise \(positionNoise) must be in 0…\(WorkBudget.count(WorkBudget.synthNoise)) pt (so every coordinate stays within ±2^53, the native format's limit)")
        }
        if !(stallProbability >= 0 && stallProbability <= 1) { p.append("stall probability must be in [0, 1]") }
        if stallFrames < 1 || stallFrames > 60 { p.append("stall frames must be in 1…60") }
        if predictedCount < 0 || predictedCount > 32 { p.append("predicted count must be in 0…32") }
        if kind == .mouse { p.append("kind must be stylus or finger") }
        return p
    }
}
