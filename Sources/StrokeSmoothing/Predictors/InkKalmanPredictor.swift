import StrokeCore

/// ink-stroke-modeler's Kalman prediction as ink's `StrokeModeler::Predict` computes it
/// (google/ink-stroke-modeler `kalman_predictor.cc`, Apache-2.0, © 2022 Google LLC;
/// reimplemented): `predict:ink-kalman`, the predictor of the `ink` preset. It needs
/// `filter:ink-modeler` as the pipeline's last filter (``requiredFilter``), because ink does
/// not predict from the modeled points:
/// - its Kalman filter is fed the stroke's *inputs* (the `down`'s position, then each `move`'s
///   wobble-corrected position), which the modeler stage reports per event
///   (``InkModelerFilter``'s accepted inputs) — feeding ``KalmanPredictor`` the modeled points,
///   as `filter:ink-modeler|predict:kalman` does, would give it the spring's lagged path;
/// - the prediction starts from the modeler's tip: a cubic Hermite *connector* from the tip's
///   position and velocity to the Kalman estimate's (n = max(1, ⌈|p₁ − p₀| / max(|v₀|, |v₁|,
///   `minCatchupVelocity`) · rate⌉) points, 1/rate apart), then the estimate's constant-jerk
///   cubic every 1/rate for ⌈horizon·rate·confidence⌉ points (rate = the modeler's
///   `minOutputRate`); the samples get stylus values projected from the inputs like modeled
///   points (``InkStrokeModeler/predictKalman(into:)``, ``KalmanPredictor`` for the filter,
///   its time correction, weights and confidence).
///
/// So the drawn prediction runs from the committed ink's end (the modeled tip) through the
/// pen's estimated position to a short extrapolation beyond it: it hides the spring model's
/// lag as well as the display's. ``predictedLocation(ahead:for:)`` — where the predictor puts
/// the *pen* h after the newest input, for prediction error at fixed horizons — is the
/// estimate's cubic at h, without the confidence limit (the connector only joins the ink to it).
///
/// Parameters are ``KalmanPredictor``'s (ink's `KalmanPredictorParams` in points: lengths × 50,
/// variances × 2500) except the output rate, which is the modeler's, plus the connector's
/// `minCatchupVelocity`; the horizon defaults to ink's `prediction_interval` in the shared
/// oracles, 1/60 s. Per event O(inputs + predicted samples); no allocation once the buffers
/// have grown (the Kalman filter is rebuilt only if the modeler's output rate changes).
public struct InkKalmanPredictor: PredictorStage {
    /// `predict:ink-kalman`.
    public static let kind = StageKind.predict
    /// `ink-kalman`.
    public static let id = "ink-kalman"
    /// One line.
    public static let summary = "ink-stroke-modeler's Kalman Predict: filter on the inputs, connector from the modeled tip, damped cubic (needs filter:ink-modeler)"
    /// Where it comes from.
    public static let source = "google/ink-stroke-modeler 3fa5129e KalmanPredictor (Apache-2.0, © Google LLC)"
    /// Reads the modeler, not the samples' kinematics.
    public static let readsKinematics = false
    /// ink predicts from its modeler's state.
    public static let requiredFilter: String? = "filter:ink-modeler"

    /// ``KalmanPredictor``'s parameters (but its output rate) and the connector's minimum speed.
    public struct Parameters: StageParameters {
        /// The Kalman filter, confidence and horizon; the horizon defaults to 1000/60 ms.
        public var kalman: KalmanPredictor.Parameters
        /// Lowest speed the connector assumes, pt/s (ink `min_catchup_velocity`, 0.01 cm/s × 50 = 0.5).
        public var minCatchupVelocity = 0.5

        /// The defaults: the shared oracles' (ink's `kDefaultKalmanParams` × 50, prediction interval 1/60 s).
        public init() {
            kalman = KalmanPredictor.Parameters()
            kalman.horizonMs = 1000.0 / 60
        }

        /// ``KalmanPredictor``'s declarations on the nested parameters (without `outputRate`),
        /// then `minCatchupVelocity`.
        public static let declarations: [ParameterDeclaration<Parameters>] =
            KalmanPredictor.Parameters.declarations.filter { $0.name != "outputRate" }.map { d in
                ParameterDeclaration<Parameters>(
                    name: d.name, help: d.help, domain: d.domain, read: { d.read($0.kalman) },
                    store: { (p: inout Parameters, v: ParameterValue) throws(StageParameterError) in try d.write(&p.kalman, v) },
                    parseText: { (text: String) throws(StageParameterError) in try d.parse(text) },
                    check: { d.problem(with: $0.kalman) }, declaredCheck: { d.declaredProblem(with: $0.kalman) },
                    length: d.length, scale: nested(d.scale))
            } + [
                .number(\.minCatchupVelocity, "minCatchupVelocity", in: 1e-9...1e9, length: LengthDimension.pt.perSecondRate,
                        help: "lowest speed the connector from the modeled tip to the estimate assumes (ink's 0.01 cm/s × 50)"),
            ]

        /// A Kalman declaration's scaling applied to the nested parameters.
        private static func nested(_ scale: (@Sendable (inout KalmanPredictor.Parameters, Double) -> Void)?)
            -> (@Sendable (inout Parameters, Double) -> Void)? {
            guard let scale else { return nil }
            return { (p: inout Parameters, f: Double) in scale(&p.kalman, f) }
        }

        /// The Kalman parameters as ``KalmanPredictor/Parameters/inTraceUnits(millimetresPerUnit:)``
        /// converts them (its initial variance too), and `minCatchupVelocity`.
        public func inTraceUnits(millimetresPerUnit: Double) -> Parameters {
            var p = self
            p.kalman = kalman.inTraceUnits(millimetresPerUnit: millimetresPerUnit)
            p.minCatchupVelocity *= LengthDimension.pt.perSecondRate.factor(millimetresPerUnit: millimetresPerUnit)
            return p
        }

        /// The travel speeds must be ordered (``KalmanPredictor/Parameters/crossCheck()``).
        public func crossCheck() throws(StageParameterError) { try kalman.crossCheck() }
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var kalman: KalmanPredictor
    private var results: [InkModeledResult] = []
    private var pending: [AttributedSample] = []
    private var estimate: KalmanPredictor.State?
    private var heading = Vector(dx: 1, dy: 0)

    /// Creates the predictor.
    /// - Throws: ``StageParameterError`` naming a parameter out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        kalman = try KalmanPredictor(parameters.kalman)
    }

    /// Forgets the stroke.
    public mutating func reset() {
        kalman.reset()
        pending.clearKeepingStorage()
        estimate = nil
        heading = Vector(dx: 1, dy: 0)
    }

    /// The modeled points are not what ink predicts from (see ``observe(lastFilter:)``);
    /// only their heading is kept, for the predicted samples' heading at a standstill.
    public mutating func observe(_ sample: AttributedSample) { heading = sample.heading }

    /// Keeps the newest sample's heading.
    public mutating func observe(_ samples: [AttributedSample]) {
        if let last = samples.last { heading = last.heading }
    }

    /// Feeds the Kalman filter the inputs the modeler accepted this event and computes ink's
    /// prediction from the modeler's tip.
    public mutating func observe(lastFilter: inout any FilterStage) {
        observe(lastFilterOf: &lastFilter)
    }

    /// ``observe(lastFilter:)`` with the filter's type known (read in place, no box opened).
    public mutating func observe<F: FilterStage>(lastFilterOf filter: inout F) {
        pending.clearKeepingStorage()
        estimate = nil
        InkModelerFilter.withModeler(&filter) { self.predict(from: &$0) }
    }

    private mutating func predict(from filter: inout InkModelerFilter) {
        let sampling = filter.modeler.parameters.sampling
        if kalman.parameters.outputRateHz != sampling.minOutputRate {
            var p = parameters.kalman
            p.outputRateHz = sampling.minOutputRate
            guard let rebuilt = try? KalmanPredictor(p) else { return }
            kalman = rebuilt
        }
        for input in filter.kalmanInputs {
            kalman.observe(time: input.time, location: input.location)
        }
        guard filter.modeler.isStrokeInProgress else { return }
        var h = heading
        let template = filter.newest, scale = filter.forceScale
        // Without loop-contraction mitigation the results go straight into the samples
        // (`pending` is moved into a local so the closure does not capture `self`).
        var samples: [AttributedSample] = []
        swap(&samples, &pending)
        let direct = filter.modeler.predictKalman(using: &kalman, minCatchupVelocity: parameters.minCatchupVelocity) { r in
            samples.append(InkModelerFilter.attributed(r.modeledResult, template: template, forceScale: scale, heading: &h))
        }
        swap(&samples, &pending)
        if !direct {
            results.clearKeepingStorage()
            filter.modeler.predictKalman(using: &kalman, minCatchupVelocity: parameters.minCatchupVelocity, into: &results)
            for r in results { pending.append(InkModelerFilter.attributed(r, template: template, forceScale: scale, heading: &h)) }
        }
        estimate = kalman.estimatedState
    }

    /// Appends the prediction computed for this event. Into an empty `predicted` (how the
    /// loops call it) the prediction is handed over without a copy: the two buffers are
    /// swapped, so `pending` keeps the caller's storage for the next event's prediction.
    /// Either way the prediction is handed over once: a second call for the same event (the
    /// protocol calls it once) appends nothing.
    public mutating func appendPrediction(for event: TouchEvent, tip: Point?, to predicted: inout [AttributedSample]) {
        if predicted.isEmpty {
            swap(&predicted, &pending)
        } else {
            predicted.append(contentsOf: pending)
            pending.clearKeepingStorage()
        }
    }

    /// Where ink's Kalman filter puts the pen `ahead` seconds after the newest input: the
    /// estimate's constant-jerk cubic (without the confidence limit). The drawn connector is
    /// not a claim about the pen: it joins the lagging ink to this estimate.
    public func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? {
        guard let estimate else { return nil }
        return estimate.advanced(by: ahead).position
    }
}
