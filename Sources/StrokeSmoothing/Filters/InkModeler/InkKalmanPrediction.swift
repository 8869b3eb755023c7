import StrokeCore

/// ink-stroke-modeler's Kalman prediction as its `StrokeModeler::Predict` builds it
/// (google/ink-stroke-modeler `kalman_predictor.cc`, Apache-2.0, © 2022 Google LLC),
/// re-derived on top of StrokeLab's ``KalmanPredictor`` (which already reproduces ink's
/// constant-jerk filters, time correction, weights and confidence).
///
/// ink feeds its Kalman predictor the stroke's (wobble-corrected) *inputs*, not the modeled
/// points, and predicts from the modeled tip in two parts:
/// 1. a **cubic connector** from the tip state (p₀, v₀) to the Kalman estimate (p₁, v₁):
///    duration T = n·h with h = 1/`minOutputRate` and n = max(1, ⌈(|p₁ − p₀| /
///    max(|v₀|, |v₁|, `minCatchupVelocity`))/h⌉); with a = 2p₀ − 2p₁ + (v₀ + v₁)T,
///    b = −3p₀ + 3p₁ − (2v₀ + v₁)T, c = v₀T, d = p₀ and s = i/n (i = 1…n):
///    position a s³ + b s² + c s + d, velocity (3a s² + 2b s + c)/T, acceleration (6a s + 2b)/T²,
///    time t₀ + T·s (Hermite interpolation of position and velocity);
/// 2. the estimate's **constant-jerk cubic** every h for ``KalmanPredictor/numberOfPointsToPredict(in:)``
///    samples (fewer when confidence is low).
/// Both parts get stylus values like modeled points. The connector is float32 as in ink; the
/// estimate comes from ``KalmanPredictor`` in float64 (ink rounds it to float32), so results
/// agree with ink's to ~1e-4 units rather than to the bit.
struct InkKalmanConnector: Sendable {
    private let a, b, c, d: InkVec2
    private let startTime: Double
    private let duration: Double
    private let floatDuration: Float
    /// Number of connector points.
    let count: Int
    private var i = 0

    /// The connector from `tip` to the estimate (`position`, `velocity`), at most `limit` points.
    init(from tip: InkTipState, toPosition p1: InkVec2, velocity v1: InkVec2, sampleInterval h: Double,
         minCatchupVelocity: Float, limit: Int) {
        let p0 = tip.position, v0 = tip.velocity
        let distance = Swift.min(InkMath.distance(p0, p1), Float.greatestFiniteMagnitude)
        let m0 = InkMath.magnitude(v0), m1 = InkMath.magnitude(v1)
        let maxVelocity = m0 < m1 ? m1 : m0
        let speed = maxVelocity < minCatchupVelocity ? minCatchupVelocity : maxVelocity
        let targetDuration = Double(distance / speed)
        let points = Swift.max(Float(targetDuration / h).rounded(.up), 1)
        count = points.isFinite ? Int(Swift.min(points, Float(limit))) : limit
        duration = Double(count) * h
        floatDuration = Float(duration)
        a = 2 * p0 - 2 * p1 + (v0 + v1) * floatDuration
        b = -3 * p0 + 3 * p1 - (2 * v0 + v1) * floatDuration
        c = v0 * floatDuration
        d = p0
        startTime = tip.time
    }

    /// The next connector point, or `nil` after the last.
    mutating func next() -> InkTipState? {
        guard i < count else { return nil }
        i += 1
        let t = Float(i) / Float(count)
        let t2 = t * t, t3 = t2 * t
        let position = a * t3 + b * t2 + c * t + d
        let velocity = 3 * a * t2 + 2 * b * t + c
        let acceleration = 6 * a * t + 2 * b
        return InkTipState(position: position, velocity: velocity / floatDuration,
                           acceleration: acceleration / (floatDuration * floatDuration),
                           time: startTime + duration * Double(t))
    }
}

/// ink's `KalmanPredictor::ConstructPrediction`: the connector from `tip` to the estimate of
/// `predictor`, then `numberOfPointsToPredict` samples of the estimate's cubic every `h`
/// (times continuing from the connector's end). Empty before the predictor is stable.
struct InkKalmanPrediction: Sendable {
    private var connector: InkKalmanConnector?
    private var state: KalmanPredictor.State?
    private var remaining = 0
    private var time: Double
    private let h: Double

    init(from tip: InkTipState, predictor: KalmanPredictor, minCatchupVelocity: Double, sampleInterval h: Double,
         limit: Int) {
        let estimate = predictor.estimatedState
        self.init(from: tip, estimate: estimate, count: estimate.map { predictor.numberOfPointsToPredict(in: $0) } ?? 0,
                  minCatchupVelocity: minCatchupVelocity, sampleInterval: h, limit: limit)
    }

    /// The prediction from `tip` to a Kalman `estimate` (none when `nil`), with `count` points
    /// of the estimate's cubic after the connector.
    init(from tip: InkTipState, estimate: KalmanPredictor.State?, count: Int, minCatchupVelocity: Double,
         sampleInterval h: Double, limit: Int) {
        self.h = h
        time = tip.time
        guard let estimate else { return }
        state = estimate
        remaining = count
        connector = InkKalmanConnector(
            from: tip, toPosition: InkVec2(Float(estimate.position.x), Float(estimate.position.y)),
            velocity: InkVec2(Float(estimate.velocity.dx), Float(estimate.velocity.dy)),
            sampleInterval: h, minCatchupVelocity: Float(minCatchupVelocity), limit: limit)
    }

    /// The next predicted tip state, or `nil` when done.
    mutating func next() -> InkTipState? {
        if connector != nil, let tip = connector!.next() {
            time = tip.time
            return tip
        }
        guard remaining > 0, let current = state else { return nil }
        remaining -= 1
        let next = current.advanced(by: h)
        state = next
        time += h
        return InkTipState(position: InkVec2(Float(next.position.x), Float(next.position.y)),
                           velocity: InkVec2(Float(next.velocity.dx), Float(next.velocity.dy)),
                           acceleration: InkVec2(Float(next.acceleration.dx), Float(next.acceleration.dy)),
                           time: time)
    }
}

extension InkStrokeModeler {
    /// ink's Kalman-predictor settings: StrokeLab's ``KalmanPredictor`` parameters plus the
    /// connector's minimum speed (ink's `KalmanPredictorParams`).
    public struct KalmanParameters: Hashable, Sendable {
        /// The filter, confidence and horizon (ink's `prediction_interval` is `horizon`); its
        /// sample rate is replaced by `sampling.minOutputRate`, as ink uses that.
        public let predictor: KalmanPredictor.Parameters
        /// Lowest speed assumed by the connector, units/s (> 0). Default 0.5 (ink 0.01 cm/s × 50).
        public let minCatchupVelocity: Double

        /// Validates and creates the settings; the default is the shared oracle's
        /// (`kDefaultKalmanParams` × 50, prediction interval 1/60 s).
        /// - Throws: ``InkModelerParameterError`` (`kalman.minCatchupVelocity`) unless > 0.
        public init(predictor: KalmanPredictor.Parameters? = nil, minCatchupVelocity: Double = 0.5)
            throws(InkModelerParameterError) {
            try InkModelerParameterError.check(minCatchupVelocity, "kalman.minCatchupVelocity", "> 0 units/s") {
                $0 > 0 && Float($0) > 0
            }
            self.predictor = predictor ?? { var p = KalmanPredictor.Parameters(); p.horizonMs = 1000.0 / 60; return p }()
            self.minCatchupVelocity = minCatchupVelocity
        }
    }

    /// Appends ink's Kalman prediction (connector from the modeled tip to the Kalman estimate,
    /// then the estimate's cubic; see `InkKalmanConnector`), with stylus values projected
    /// as for modeled points. Nothing without `parameters.kalman`, without a stroke in
    /// progress, or before the filter is stable (ink's `min_stable_iteration` inputs).
    /// Does not change the modeler. O(results), no allocation beyond `results`' growth.
    public func predictKalman(into results: inout [InkModeledResult]) {
        guard let last, let kalman, let settings = parameters.kalman else { return }
        var prediction = InkKalmanPrediction(from: positionModel.state, predictor: kalman,
                                             minCatchupVelocity: settings.minCatchupVelocity,
                                             sampleInterval: 1 / parameters.sampling.minOutputRate,
                                             limit: parameters.sampling.maxOutputsPerCall)
        var emission = beginEmission(previousTime: last.input.time, start: results.count)
        while let tip = prediction.next() {
            Self.emit(tip, &emission, into: &results, stylus: stylus, loopMitigation: loopMitigation,
                      normalProjection: parameters.stylus.useStrokeNormalProjection)
        }
    }

    /// ink's Kalman prediction from the current tip with a Kalman predictor kept by the caller,
    /// which must have observed exactly the inputs ink feeds it (``kalmanInput``) — what the
    /// `predict:ink-kalman` stage does, so the modeler stage need not carry the predictor's
    /// parameters. Nothing without a stroke in progress or before `kalman` is stable.
    ///
    /// `mutating` (and `kalman` `inout`) only so that both are read in place: it changes
    /// neither. As non-mutating calls on values held in mutable storage, each call copied the
    /// 1.6 kB modeler and the 0.9 kB predictor. O(results).
    mutating func predictKalman(using kalman: inout KalmanPredictor, minCatchupVelocity: Double,
                                into results: inout [InkModeledResult]) {
        guard let last else { return }
        var prediction = kalmanPrediction(using: &kalman, minCatchupVelocity: minCatchupVelocity)
        var emission = Emission(cursor: stylus.cursor, weight: loopMitigation.interpolationValue(),
                                previousTime: last.input.time, start: results.count)
        while let tip = prediction.next() {
            Self.emit(tip, &emission, into: &results, stylus: stylus, loopMitigation: loopMitigation,
                      normalProjection: parameters.stylus.useStrokeNormalProjection)
        }
    }

    /// `predictKalman(using:minCatchupVelocity:into:)` handing each result to `body` in
    /// ink's own precision, when loop-contraction mitigation is off: its weight is then 1 for
    /// every result and no result is read back, so none needs storing — the same results,
    /// without the array and the public form in between. Returns `false`, calling nothing,
    /// when mitigation is on (use the array form). O(results), no allocation.
    mutating func predictKalman(using kalman: inout KalmanPredictor, minCatchupVelocity: Double,
                                each body: (InkFloatResult) -> Void) -> Bool {
        guard !loopMitigation.isEnabled else { return false }
        guard let last else { return true }
        var prediction = kalmanPrediction(using: &kalman, minCatchupVelocity: minCatchupVelocity)
        var cursor = stylus.cursor
        var previousTime = last.input.time
        let normalProjection = parameters.stylus.useStrokeNormalProjection
        while let tip = prediction.next() {
            body(Self.result(tip, weight: 1, previousTime: previousTime, cursor: &cursor, stylus: stylus,
                             normalProjection: normalProjection))
            previousTime = tip.time
        }
        return true
    }

    /// The prediction from the current tip to `kalman`'s estimate (the caller's predictor,
    /// read in place).
    @inline(__always)
    private func kalmanPrediction(using kalman: inout KalmanPredictor, minCatchupVelocity: Double) -> InkKalmanPrediction {
        let estimate = kalman.estimatedState
        let count = estimate.map { kalman.numberOfPointsToPredict(in: $0) } ?? 0
        return InkKalmanPrediction(from: positionModel.state, estimate: estimate, count: count,
                                   minCatchupVelocity: minCatchupVelocity,
                                   sampleInterval: 1 / parameters.sampling.minOutputRate,
                                   limit: parameters.sampling.maxOutputsPerCall)
    }

    /// ``predictStrokeEnd(into:)``, `mutating` only so that it reads the modeler in place (it
    /// does not change it; see ``predictKalman(using:minCatchupVelocity:into:)``).
    mutating func predictStrokeEndInPlace(into results: inout [InkModeledResult]) {
        guard let last else { return }
        var prediction = strokeEnd.prediction(from: positionModel.state)
        var emission = Emission(cursor: stylus.cursor, weight: loopMitigation.interpolationValue(),
                                previousTime: last.input.time, start: results.count)
        while let tip = prediction.next() {
            Self.emit(tip, &emission, into: &results, stylus: stylus, loopMitigation: loopMitigation,
                      normalProjection: parameters.stylus.useStrokeNormalProjection)
        }
    }

    /// What ink feeds its Kalman predictor for the newest input: its time and its
    /// wobble-corrected position (the raw position for the stroke's `down`); `nil` without a
    /// stroke in progress (after `up` ink feeds nothing).
    var kalmanInput: (time: Double, position: Point)? {
        guard let last else { return nil }
        return (last.input.time, Point(x: Double(last.corrected.x), y: Double(last.corrected.y)))
    }
}
