import StrokeCore

/// Kalman-filter extrapolation, ported from ink-stroke-modeler's `KalmanPredictor`
/// (google/ink-stroke-modeler, Apache-2.0, © 2022 Google LLC): one constant-jerk
/// ``AxisKalmanFilter`` per axis, its state rescaled to seconds, acceleration and jerk
/// damped so predictions tend towards straight lines, and a confidence that shortens the
/// drawn prediction when the estimate is shaky.
///
/// Per observed sample both axis filters are updated with its position (unit step per
/// sample) and its time is kept (the last `maxTimeSamples`). The estimated state, once both
/// filters are stable:
/// - `Δt = (t_newest − t_oldest_kept) / kept` (ink's formula, which divides by the count,
///   not the count − 1, so with 20 kept samples velocities read 20/19 of the truth; kept as
///   published, since the oracle vectors depend on it);
/// - velocity = v/Δt, acceleration = `accelerationWeight`·a/Δt², jerk = `jerkWeight`·j/Δt³.
///
/// The pen `h` seconds after the newest sample is the cubic `p + v·h + a·h²/2 + j·h³/6` of
/// that state (``predictedLocation(ahead:for:)``; used for prediction error at any horizon).
///
/// Confidence (ink's `NumberOfPointsToPredict`, H the drawing horizon, all four factors in
/// [0, 1]): sample ratio `min(1, n/desiredNumberOfSamples)` × `1 − clamp(‖p_last − p̂‖ /
/// maxEstimationDistance)` × `clamp((‖p̂(H) − p̂‖/H − minTravelSpeed)/(maxTravelSpeed −
/// minTravelSpeed))` × `lerp(baselineLinearityConfidence, 1, 1 − clamp(‖p̂(H) − (p̂ + v̂H)‖ /
/// maxLinearDeviation))`. With `confidence` on, the drawn prediction has `⌈H·rate·c⌉` samples
/// spaced 1/`rate` (rate = 180 Hz, ink's `min_output_rate`), the last clipped to H; with it
/// off, it always reaches H. ink draws a cubic "catch-up" connector from its spring model's
/// tip to p̂ first; StrokeLab's interpolators have no such tip state, so the drawn prediction
/// starts at the committed path's end and goes straight to the first predicted sample.
///
/// Units: defaults are ink's test-suite parameters (in cm) scaled to points by S = 50 units
/// per cm (lengths ×50, speeds ×50, variances ×50²). S = 50 was chosen to match the shared
/// oracle vectors (oracles/ink_stroke_modeler), which were run with it ("50 pt is about
/// 1 cm"), so the oracle test compares like with like. StrokeLab's point is the iOS point at
/// 132 per inch (`StrokeCore.LengthUnit.pointsPerInch`), i.e. 132/2.54 = 51.97 pt per cm:
/// S is within 4 % of it (3.8 % short). The numeric defaults stay at S = 50 because the
/// oracle test depends on them. They are declared in pt (pt², pt/s), as is ink's identity
/// initial covariance (``Parameters/initialVariance``), so a pipeline built for a trace in
/// other units (px, mm) converts them.
///
/// Edge cases: no prediction until both filters are stable (4 samples by default), or when
/// every kept timestamp is equal (Δt = 0 is never divided by).
/// O(1) per sample; the time history is allocated once, at construction.
public struct KalmanPredictor: PredictorStage {
    /// `predict:kalman`.
    public static let kind = StageKind.predict
    /// `kalman`.
    public static let id = "kalman"
    /// One line.
    public static let summary = "per-axis constant-jerk Kalman filter with damped acceleration/jerk and a confidence (ink-stroke-modeler)"
    /// Where it comes from.
    public static let source = "google/ink-stroke-modeler KalmanPredictor (Apache-2.0)"
    /// Positions and channels only: no derived speed or heading.
    public static let readsKinematics = false

    /// Parameters of ``KalmanPredictor``; defaults are ink-stroke-modeler's test defaults in
    /// points (lengths × 50, variances × 50²; see the type's documentation). Every one is a
    /// label parameter.
    public struct Parameters: StageParameters {
        /// Drawing horizon in ms (ink's `prediction_interval`).
        public var horizonMs = PredictionHorizon.defaultMs
        /// q: process-noise variance (pt²) of each axis filter. Default 0.66145
        /// (ink 0.00026458 cm² × 50²).
        public var processNoise = 0.66145
        /// r: measurement-noise variance (pt²). Default 66.145 (ink 0.026458 cm² × 50²).
        public var measurementNoise = 66.145
        /// Observations before predicting (ink `min_stable_iteration`, default 4).
        public var minStableIteration = 4
        /// Timestamps kept to estimate the sample interval (ink `max_time_samples`, default 20).
        public var maxTimeSamples = 20
        /// Factor on the estimated acceleration (default 0.5).
        public var accelerationWeight = 0.5
        /// Factor on the estimated jerk (default 0.1).
        public var jerkWeight = 0.1
        /// Whether the confidence shortens the drawn prediction (default true, as ink).
        public var useConfidence = true
        /// ink's `desired_number_of_samples` (20).
        public var desiredNumberOfSamples = 20
        /// ink's `max_estimation_distance` in pt (0.04 cm × 50 = 2).
        public var maxEstimationDistance = 2.0
        /// ink's `min_travel_speed` in pt/s (3 cm/s × 50 = 150).
        public var minTravelSpeed = 150.0
        /// ink's `max_travel_speed` in pt/s (15 cm/s × 50 = 750).
        public var maxTravelSpeed = 750.0
        /// ink's `max_linear_deviation` in pt (0.2 cm × 50 = 10).
        public var maxLinearDeviation = 10.0
        /// ink's `baseline_linearity_confidence` (0.4).
        public var baselineLinearityConfidence = 0.4
        /// Rate of the drawn predicted samples in Hz (ink's `min_output_rate`, 180).
        public var outputRateHz = 180.0
        /// The variance each axis filter's state starts from, units² per component: ink's
        /// identity covariance, 1 pt² like the noises its parameters are scaled to (1 as
        /// written); ``inTraceUnits(millimetresPerUnit:)`` converts it with them. Not a label
        /// parameter.
        public var initialVariance = 1.0

        /// The defaults.
        public init() {}

        /// Declared lengths converted, and ``initialVariance`` with the noises (pt²), so the
        /// filters estimate the same physical motion in any unit.
        public func inTraceUnits(millimetresPerUnit: Double) -> Parameters {
            var p = lengthsConverted(millimetresPerUnit: millimetresPerUnit)
            p.initialVariance = initialVariance * LengthDimension.pt.squared.factor(millimetresPerUnit: millimetresPerUnit)
            return p
        }

        /// Allowed noise variances (units²): positive, so the innovation never divides by zero.
        public static let noiseRange: ClosedRange<Double> = 1e-12...1e12
        /// Allowed acceleration and jerk weights.
        public static let weightRange: ClosedRange<Double> = 0...10

        /// Every parameter.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.horizonMs, "horizon", in: PredictionHorizon.rangeMs, unit: "ms",
                    help: "how far ahead of the newest sample the drawn prediction reaches"),
            .number(\.processNoise, "processNoise", in: noiseRange, length: LengthDimension.pt.squared,
                    help: "process-noise variance q per axis (ink's 0.00026458 cm² in points)"),
            .number(\.measurementNoise, "measurementNoise", in: noiseRange, length: LengthDimension.pt.squared,
                    help: "measurement-noise variance r per axis (ink's 0.026458 cm² in points)"),
            .integer(\.minStableIteration, "minStableIteration", in: 1...1000,
                     help: "observations before the filters predict (ink's min_stable_iteration)"),
            .integer(\.maxTimeSamples, "maxTimeSamples", in: 2...1000,
                     help: "timestamps kept to estimate the sample interval (ink's max_time_samples)"),
            .number(\.accelerationWeight, "accelerationWeight", in: weightRange,
                    help: "factor on the estimated acceleration (smaller = straighter predictions)"),
            .number(\.jerkWeight, "jerkWeight", in: weightRange, help: "factor on the estimated jerk"),
            .flag(\.useConfidence, "confidence",
                  help: "on: ink's confidence shortens the drawn prediction; off: always draw the full horizon"),
            .integer(\.desiredNumberOfSamples, "desiredSamples", in: 1...1000,
                     help: "observations for full confidence (ink's desired_number_of_samples)"),
            .number(\.maxEstimationDistance, "maxEstimationDistance", in: 1e-9...1e9, length: .pt,
                    help: "estimate-to-sample distance at which confidence reaches 0 (ink's max_estimation_distance)"),
            .number(\.minTravelSpeed, "minTravelSpeed", in: 0...1e9, length: LengthDimension.pt.perSecondRate,
                    help: "predicted speed at or below which confidence is 0 (ink's min_travel_speed)"),
            .number(\.maxTravelSpeed, "maxTravelSpeed", in: 0...1e9, length: LengthDimension.pt.perSecondRate,
                    help: "predicted speed at or above which the speed factor is 1 (ink's max_travel_speed)"),
            .number(\.maxLinearDeviation, "maxLinearDeviation", in: 1e-9...1e9, length: .pt,
                    help: "deviation from a straight prediction at which linearity confidence is baseline (ink's max_linear_deviation)"),
            .number(\.baselineLinearityConfidence, "baselineLinearity", in: 0...1,
                    help: "linearity confidence of a maximally curved prediction (ink's baseline_linearity_confidence)"),
            .number(\.outputRateHz, "outputRate", in: 1...10_000, unit: "Hz",
                    help: "rate of the drawn predicted samples (ink's min_output_rate)"),
        ]

        /// The travel speeds must be ordered.
        public func crossCheck() throws(StageParameterError) {
            guard minTravelSpeed <= maxTravelSpeed else {
                throw StageParameterError(parameter: "minTravelSpeed", problem: "must not exceed maxTravelSpeed (\(minTravelSpeed) > \(maxTravelSpeed))")
            }
        }

        /// Drawing horizon in seconds.
        public var horizon: Double { horizonMs / 1000 }
    }

    /// A kinematic state in seconds: what the filters estimate at the newest sample.
    public struct State: Hashable, Sendable {
        /// Position (units).
        public var position: Point
        /// Velocity (units/s).
        public var velocity: Vector
        /// Acceleration (units/s²), already weighted.
        public var acceleration: Vector
        /// Jerk (units/s³), already weighted.
        public var jerk: Vector

        /// The state `dt` seconds later under constant jerk (ink's `EvaluateCubic`).
        public func advanced(by dt: Double) -> State {
            let dt2 = dt * dt, dt3 = dt2 * dt
            return State(position: position + velocity * dt + acceleration * (dt2 / 2) + jerk * (dt3 / 6),
                         velocity: velocity + acceleration * dt + jerk * (dt2 / 2),
                         acceleration: acceleration + jerk * dt,
                         jerk: jerk)
        }
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var x: AxisKalmanFilter
    private var y: AxisKalmanFilter
    private var times: [Double]          // ring buffer of the kept timestamps, allocated once
    private var timesStart = 0
    private var timesCount = 0
    private var newest = AttributedSample(time: 0, location: .zero)

    /// Creates the predictor.
    /// - Throws: ``StageParameterError`` naming the first parameter out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        x = AxisKalmanFilter(processNoise: parameters.processNoise, measurementNoise: parameters.measurementNoise,
                             minStableIteration: parameters.minStableIteration, initialVariance: parameters.initialVariance)
        y = x
        times = [Double](repeating: 0, count: parameters.maxTimeSamples)
    }

    /// Forgets the stroke: both axis filters and the kept timestamps (the ring keeps its storage).
    public mutating func reset() {
        x.reset()
        y.reset()
        timesStart = 0
        timesCount = 0
    }

    /// Updates both axis filters with the sample's position and keeps its timestamp. O(1).
    public mutating func observe(_ sample: AttributedSample) {
        newest = sample
        record(time: sample.time, location: sample.location)
    }

    /// Observes a bare position, as ink's Kalman predictor is fed (``InkKalmanPredictor``):
    /// the newest sample takes its time and location and keeps its other channels, which only
    /// ``appendPrediction(for:tip:to:)`` copies. O(1), no copy of a whole sample.
    mutating func observe(time: Double, location: Point) {
        newest.time = time
        newest.location = location
        record(time: time, location: location)
    }

    /// Keeps the timestamp and updates both axis filters.
    @inline(__always)
    private mutating func record(time: Double, location: Point) {
        let capacity = times.count
        if timesCount < capacity {
            // Until the ring is full it starts at 0, so no wrap-around is needed.
            times[timesCount] = time
            timesCount += 1
        } else {
            times[timesStart] = time
            timesStart += 1
            if timesStart == capacity { timesStart = 0 }
        }
        // x and y share their covariance (same parameters, same number of observations).
        AxisKalmanFilter.update(&x, location.x, &y, location.y)
    }

    /// Observations since the stroke began.
    public var iterations: Int { x.iterations }

    /// The estimated state at the newest sample, in seconds, with acceleration and jerk
    /// weighted; `nil` until both filters are stable or when the kept timestamps span no time.
    @inline(__always)
    public var estimatedState: State? {
        guard x.isStable, y.isStable, timesCount > 0 else { return nil }
        let oldest = times[timesStart]
        let latest = times[timesStart == 0 ? timesCount - 1 : timesStart - 1]
        let dt = (latest - oldest) / Double(timesCount)
        guard dt > 0, dt.isFinite else { return nil }
        let sx = x.state, sy = y.state
        return State(position: Point(x: sx[0], y: sy[0]),
                     velocity: Vector(dx: sx[1], dy: sy[1]) / dt,
                     acceleration: Vector(dx: sx[2], dy: sy[2]) * (parameters.accelerationWeight / (dt * dt)),
                     jerk: Vector(dx: sx[3], dy: sy[3]) * (parameters.jerkWeight / (dt * dt * dt)))
    }

    /// ink's confidence in `state` for a prediction over the drawing horizon, in [0, 1].
    @inline(__always)
    public func confidence(in state: State) -> Double {
        let p = parameters
        let h = p.horizon
        guard h > 0 else { return 0 }
        let sampleRatio = Swift.min(1, Double(x.iterations) / Double(p.desiredNumberOfSamples))
        let error = newest.location.distance(to: state.position)
        let normalizedError = 1 - Self.normalize01(0, p.maxEstimationDistance, error)
        let end = state.advanced(by: h)
        let travelSpeed = state.position.distance(to: end.position) / h
        let normalizedSpeed = Self.normalize01(p.minTravelSpeed, p.maxTravelSpeed, travelSpeed)
        let deviation = end.position.distance(to: state.position + state.velocity * h)
        let straightness = 1 - Self.normalize01(0, p.maxLinearDeviation, deviation)
        let linearity = p.baselineLinearityConfidence + (1 - p.baselineLinearityConfidence) * straightness
        return sampleRatio * normalizedError * normalizedSpeed * linearity
    }

    /// How many samples ink would draw: `max(0, ⌈H·rate·confidence⌉)`, or `⌈H·rate⌉` with
    /// confidence off.
    @inline(__always)
    public func numberOfPointsToPredict(in state: State) -> Int {
        let target = parameters.horizon * parameters.outputRateHz
        let c = parameters.useConfidence ? confidence(in: state) : 1
        let n = (target * c).rounded(.up)
        return n.isFinite ? Swift.max(0, Int(Swift.min(n, 10_000))) : 0
    }

    /// Appends the estimated cubic's samples every 1/`outputRateHz` up to the horizon (fewer with
    /// confidence on); nothing before the filters are stable.
    public mutating func appendPrediction(for event: TouchEvent, tip: Point?, to predicted: inout [AttributedSample]) {
        guard let state = estimatedState else { return }
        let n = numberOfPointsToPredict(in: state)
        guard n > 0 else { return }
        let step = 1 / parameters.outputRateHz
        for j in 1...n {
            let ahead = Swift.min(Double(j) * step, parameters.horizon)
            var s = newest
            s.time += ahead
            s.location = state.advanced(by: ahead).position
            predicted.append(s)
        }
    }

    /// The estimated cubic `ahead` seconds after the newest sample, without confidence clipping.
    public func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? {
        estimatedState?.advanced(by: ahead).position
    }

    /// ink's `Normalize01`: where `value` lies between `start` and `end`, clamped to [0, 1];
    /// a step at `start` when the two are equal.
    static func normalize01(_ start: Double, _ end: Double, _ value: Double) -> Double {
        if start == end { return value > start ? 1 : 0 }
        return Swift.min(Swift.max((value - start) / (end - start), 0), 1)
    }
}
