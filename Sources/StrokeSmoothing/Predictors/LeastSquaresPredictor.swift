import StrokeCore

/// Chromium's least-squares input predictor (`ui/base/prediction/least_squares_predictor.cc`
/// with `input_predictor.h`, BSD-3-Clause, © The Chromium Authors; reimplemented), which Blink
/// uses for the pointer events' `getPredictedEvents()`: a quadratic
/// x(τ) = b₀ + b₁τ + b₂τ², y likewise, fitted by least squares to the last `window` samples
/// (Chromium's `kSize` = 3, where the fit passes through all three), extrapolated.
///
/// Chromium's time handling, kept:
/// - a sample more than `maxGap` after the previous one (`kMaxTimeDelta`, 20 ms) starts a new
///   window ("the input is discontinuous");
/// - no prediction until the window is full; none when its timestamps are (nearly) equal:
///   Chromium inverts XᵀX (τ in ms from the window's oldest sample) and gives up when its
///   determinant is below float32 epsilon (1.19e-7), which this checks the same way;
/// - an axis whose values all equal (within double epsilon) predicts that value;
/// - the drawn prediction (Blink's `AddPredictedEvents`) has samples every Δ = max(2.5 ms, mean
///   interval of the window) (`TimeInterval`, `kMinTimeInterval`), up to `horizon` after the
///   newest sample (`kMaxPredictionTime`, 25 ms).
///
/// Chromium solves the normal equations in float32 (`gfx::Matrix3F`); this solves them in
/// float64 with τ measured from the newest sample (in ms), so a quadratic motion is extrapolated
/// exactly (to rounding). ``predictedLocation(ahead:for:)`` evaluates the fit at any horizon.
/// O(`window`) per prediction, O(1) per observed sample; the window is allocated once.
public struct LeastSquaresPredictor: PredictorStage {
    /// `predict:least-squares`.
    public static let kind = StageKind.predict
    /// `least-squares`.
    public static let id = "least-squares"
    /// One line.
    public static let summary = "Chromium's least-squares predictor: quadratic fit to the last samples, reset after 20 ms gaps"
    /// Where it comes from.
    public static let source = "Chromium ui/base/prediction LeastSquaresPredictor + Blink AddPredictedEvents (BSD-3-Clause)"
    /// Positions and times only.
    public static let readsKinematics = false

    /// Parameters of ``LeastSquaresPredictor``; defaults are Chromium's constants.
    public struct Parameters: StageParameters {
        /// How far ahead the drawn prediction reaches, ms (Chromium's `kMaxPredictionTime`, 25).
        public var horizonMs = 25.0
        /// Samples fitted (Chromium's `kSize`, 3).
        public var window = 3
        /// A longer pause starts a new window, ms (Chromium's `kMaxTimeDelta`, 20).
        public var maxGapMs = 20.0

        /// The defaults.
        public init() {}
        /// The given values.
        public init(horizonMs: Double, window: Int = 3, maxGapMs: Double = 20) {
            self.horizonMs = horizonMs
            self.window = window
            self.maxGapMs = maxGapMs
        }

        /// Every parameter.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.horizonMs, "horizon", in: PredictionHorizon.rangeMs, unit: "ms",
                    help: "how far ahead of the newest sample the drawn prediction reaches (Chromium's kMaxPredictionTime)"),
            .integer(\.window, "window", in: 3...256, help: "samples the quadratic is fitted to (Chromium's kSize)"),
            .number(\.maxGapMs, "maxGap", in: 0...100_000, unit: "ms",
                    help: "a longer pause between samples starts a new window (Chromium's kMaxTimeDelta)"),
        ]
    }

    /// Shortest spacing of the drawn predicted samples, s (Chromium's `kMinTimeInterval`).
    public static let minimumInterval = 0.0025

    /// A fitted quadratic per axis in τ = (t − `origin`) in ms.
    struct Fit {
        var origin: Double
        var x: (Double, Double, Double)
        var y: (Double, Double, Double)
        func location(at t: Double) -> Point {
            let u = (t - origin) * 1000
            return Point(x: x.0 + u * (x.1 + u * x.2), y: y.0 + u * (y.1 + u * y.2))
        }
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var times: [Double]
    private var xs: [Double]
    private var ys: [Double]
    private var start = 0
    private var count = 0
    private var newest = AttributedSample(time: 0, location: .zero)

    /// Creates the predictor.
    /// - Throws: ``StageParameterError`` for a value out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        times = Array(repeating: 0, count: parameters.window)
        xs = times
        ys = times
    }

    /// Forgets the stroke.
    public mutating func reset() {
        start = 0
        count = 0
    }

    /// Adds the sample to the window (restarting it after a pause longer than `maxGap`).
    public mutating func observe(_ sample: AttributedSample) {
        if count > 0, sample.time - newest.time > parameters.maxGapMs / 1000 { reset() }
        newest = sample
        let n = times.count
        var j = start + count
        if count == n {
            j = start
            start += 1
            if start == n { start = 0 }
        } else {
            count += 1
        }
        if j >= n { j -= n }
        times[j] = sample.time
        xs[j] = sample.location.x
        ys[j] = sample.location.y
    }

    private func index(_ i: Int) -> Int {
        let j = start + i
        return j < times.count ? j : j - times.count
    }

    /// The least-squares quadratics of the full window, or `nil` (window not full, singular).
    func fit() -> Fit? {
        let n = times.count
        guard count == n else { return nil }
        let oldest = times[index(0)]
        let origin = times[index(n - 1)]
        // Chromium's singularity test: det(XᵀX) with τ in ms from the oldest sample.
        var m = (s0: 0.0, s1: 0.0, s2: 0.0, s3: 0.0, s4: 0.0)
        for i in 0..<n {
            let v = (times[index(i)] - oldest) * 1000
            let v2 = v * v
            m.s0 += 1; m.s1 += v; m.s2 += v2; m.s3 += v2 * v; m.s4 += v2 * v2
        }
        let chromiumDeterminant = Self.determinant(m.s0, m.s1, m.s2, m.s1, m.s2, m.s3, m.s2, m.s3, m.s4)
        guard chromiumDeterminant.isFinite, abs(chromiumDeterminant) >= Double(Float.ulpOfOne) else { return nil }
        // The fit itself, with τ in ms from the newest sample (well scaled at pen rates).
        var a = (s1: 0.0, s2: 0.0, s3: 0.0, s4: 0.0)
        var bx = (0.0, 0.0, 0.0), by = (0.0, 0.0, 0.0)
        var constantX = true, constantY = true
        let x0 = xs[index(0)], y0 = ys[index(0)]
        for i in 0..<n {
            let k = index(i)
            let u = (times[k] - origin) * 1000
            let u2 = u * u
            a.s1 += u; a.s2 += u2; a.s3 += u2 * u; a.s4 += u2 * u2
            bx.0 += xs[k]; bx.1 += u * xs[k]; bx.2 += u2 * xs[k]
            by.0 += ys[k]; by.1 += u * ys[k]; by.2 += u2 * ys[k]
            if abs(xs[k] - x0) >= Double.ulpOfOne { constantX = false }
            if abs(ys[k] - y0) >= Double.ulpOfOne { constantY = false }
        }
        let s0 = Double(n)
        let det = Self.determinant(s0, a.s1, a.s2, a.s1, a.s2, a.s3, a.s2, a.s3, a.s4)
        guard det != 0, det.isFinite else { return nil }
        func solve(_ b: (Double, Double, Double)) -> (Double, Double, Double) {
            (Self.determinant(b.0, a.s1, a.s2, b.1, a.s2, a.s3, b.2, a.s3, a.s4) / det,
             Self.determinant(s0, b.0, a.s2, a.s1, b.1, a.s3, a.s2, b.2, a.s4) / det,
             Self.determinant(s0, a.s1, b.0, a.s1, a.s2, b.1, a.s2, a.s3, b.2) / det)
        }
        let fx = constantX ? (xs[index(n - 1)], 0.0, 0.0) : solve(bx)
        let fy = constantY ? (ys[index(n - 1)], 0.0, 0.0) : solve(by)
        guard fx.0.isFinite, fx.1.isFinite, fx.2.isFinite, fy.0.isFinite, fy.1.isFinite, fy.2.isFinite else { return nil }
        return Fit(origin: origin, x: fx, y: fy)
    }

    /// The 3×3 determinant of the rows (a b c), (d e f), (g h i).
    private static func determinant(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double,
                                    _ g: Double, _ h: Double, _ i: Double) -> Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// Chromium's `TimeInterval()`: the window's mean sample interval, at least 2.5 ms.
    var interval: Double {
        guard count > 1 else { return 0.008 }
        let span = times[index(count - 1)] - times[index(0)]
        return Swift.max(Self.minimumInterval, span / Double(count - 1))
    }

    /// Appends the fit every `interval` (the window's mean sample interval) after the newest sample, up to the horizon.
    public mutating func appendPrediction(for event: TouchEvent, tip: Point?, to predicted: inout [AttributedSample]) {
        let horizon = parameters.horizonMs / 1000
        guard horizon > 0, let fit = fit() else { return }
        let step = interval
        guard step.isFinite, step > 0 else { return }
        var k = 1
        while Double(k) * step <= horizon * (1 + 1e-12) {
            var s = newest
            s.time = newest.time + Double(k) * step
            s.location = fit.location(at: s.time)
            predicted.append(s)
            k += 1
        }
    }

    /// The fit `ahead` seconds after the newest sample.
    public func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? {
        fit()?.location(at: newest.time + ahead)
    }
}
