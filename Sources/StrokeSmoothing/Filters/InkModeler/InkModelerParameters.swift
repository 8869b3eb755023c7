/// The parameters of ``InkStrokeModeler``: ink-stroke-modeler's params structs
/// (google/ink-stroke-modeler `params.h`, Apache-2.0, © 2022 Google LLC) in StrokeLab's units.
///
/// Units. ink is unit-agnostic; its test suite (`kDefaultParams` of `stroke_modeler_test.cc`)
/// uses centimetres and seconds. StrokeLab's defaults are those values with every length
/// multiplied by S = 50 trace units per cm (the shared oracles' choice: 50 pt ≈ 1 cm; the iOS
/// point at 132 ppi is 51.97 per cm): lengths × S, speeds (length/s) × S, variances × S²;
/// times (s), rates (Hz), the spring-mass constant (s²), the drag constant (1/s), angles and
/// unitless strengths are unchanged. ``Parameters/inkDefaults(unitsPerCentimetre:)`` builds
/// the set for any S (S = 1 gives ink's own numbers, used by the ported unit tests).
///
/// Every struct validates on construction (ink's domains, plus finiteness, also as float32,
/// the precision ink computes in); the fields are `let`, so a constructed value is valid.
extension InkStrokeModeler {
    /// ink's `WobbleSmootherParams`: a moving average that removes high-frequency wobble
    /// from slow input (see `InkWobbleSmoother`).
    public struct WobbleParameters: Hashable, Sendable {
        /// Whether the smoother runs; when false the other fields are neither used nor
        /// validated (as in ink). Default true.
        public let isEnabled: Bool
        /// Length of the moving-average window, seconds (≥ 0). Default 0.04 s.
        public let timeout: Double
        /// Speed at and below which the average replaces the input entirely, units/s (≥ 0).
        /// Default 65.5 (ink 1.31 cm/s × 50).
        public let speedFloor: Double
        /// Speed at and above which the input passes unchanged, units/s (≥ `speedFloor`).
        /// Default 72 (ink 1.44 cm/s × 50).
        public let speedCeiling: Double

        /// Validates and creates the parameters.
        /// - Throws: ``InkModelerParameterError`` (`wobble.timeout`, `wobble.speedFloor`,
        ///   `wobble.speedCeiling`) when enabled and out of domain.
        public init(isEnabled: Bool = true, timeout: Double = 0.04, speedFloor: Double = 65.5,
                    speedCeiling: Double = 72) throws(InkModelerParameterError) {
            if isEnabled {
                try InkModelerParameterError.check(timeout, "wobble.timeout", "≥ 0 s") { $0 >= 0 }
                try InkModelerParameterError.check(speedFloor, "wobble.speedFloor", "≥ 0 units/s") { $0 >= 0 }
                try InkModelerParameterError.check(speedCeiling, "wobble.speedCeiling",
                                                   "≥ wobble.speedFloor (\(speedFloor)) units/s") {
                    Float($0) >= Float(speedFloor)
                }
            }
            self.isEnabled = isEnabled
            self.timeout = timeout
            self.speedFloor = speedFloor
            self.speedCeiling = speedCeiling
        }
    }

    /// ink's `LoopContractionMitigationParameters`: blends the spring model's output back
    /// towards the raw-input polyline by speed, so fast loops do not shrink (see
    /// `InkLoopContractionMitigation`). Only with ``StylusParameters/useStrokeNormalProjection``.
    public struct LoopContractionParameters: Hashable, Sendable {
        /// Speed at which the blend value is `strengthAtSpeedLowerBound`, units/s (≥ 0).
        public let speedLowerBound: Double
        /// Speed at which the blend value is `strengthAtSpeedUpperBound`, units/s
        /// (≥ `speedLowerBound`).
        public let speedUpperBound: Double
        /// Blend value at `speedLowerBound` (1 = spring model only, 0 = raw polyline only);
        /// in [`strengthAtSpeedUpperBound`, 1].
        public let strengthAtSpeedLowerBound: Double
        /// Blend value at `speedUpperBound`; in [0, `strengthAtSpeedLowerBound`].
        public let strengthAtSpeedUpperBound: Double
        /// Window of the moving average of the modeled speed, seconds, in [0, 10000].
        public let minSpeedSamplingWindow: Double

        /// Validates and creates the parameters (no defaults: ink has none).
        /// - Throws: ``InkModelerParameterError`` naming the first field out of domain.
        public init(speedLowerBound: Double, speedUpperBound: Double, strengthAtSpeedLowerBound: Double,
                    strengthAtSpeedUpperBound: Double, minSpeedSamplingWindow: Double) throws(InkModelerParameterError) {
            try InkModelerParameterError.check(speedLowerBound, "loopContraction.speedLowerBound", "≥ 0 units/s") { $0 >= 0 }
            try InkModelerParameterError.check(speedUpperBound, "loopContraction.speedUpperBound",
                                               "≥ loopContraction.speedLowerBound (\(speedLowerBound)) units/s") {
                Float($0) >= Float(speedLowerBound)
            }
            try InkModelerParameterError.check(strengthAtSpeedUpperBound, "loopContraction.strengthAtSpeedUpperBound",
                                               "in 0…1") { $0 >= 0 && $0 <= 1 }
            try InkModelerParameterError.check(strengthAtSpeedLowerBound, "loopContraction.strengthAtSpeedLowerBound",
                                               "in loopContraction.strengthAtSpeedUpperBound (\(strengthAtSpeedUpperBound))…1") {
                $0 <= 1 && Float($0) >= Float(strengthAtSpeedUpperBound)
            }
            try InkModelerParameterError.check(minSpeedSamplingWindow, "loopContraction.minSpeedSamplingWindow",
                                               "in 0…10000 s") { $0 >= 0 && $0 <= 10000 }
            self.speedLowerBound = speedLowerBound
            self.speedUpperBound = speedUpperBound
            self.strengthAtSpeedLowerBound = strengthAtSpeedLowerBound
            self.strengthAtSpeedUpperBound = strengthAtSpeedUpperBound
            self.minSpeedSamplingWindow = minSpeedSamplingWindow
        }
    }

    /// ink's `PositionModelerParams`: the spring-mass model of the pen tip (see
    /// `InkPositionModeler`).
    public struct PositionParameters: Hashable, Sendable {
        /// Mass over spring constant, s² (> 0): the tip accelerates towards the anchor by
        /// displacement / this. Default 11/32400 ≈ 3.395e-4 s² (ink's; no length in it).
        public let springMassConstant: Double
        /// Drag, 1/s (> 0): the acceleration loses this times the velocity. Default 72.
        public let dragConstant: Double
        /// Loop-contraction mitigation; `nil` (ink's `is_enabled = false`, the default) turns
        /// it off.
        public let loopContraction: LoopContractionParameters?

        /// ink's default spring-mass constant, `11.f / 32400` as float32.
        public static let defaultSpringMassConstant = Double(Float(11) / Float(32400))

        /// Validates and creates the parameters.
        /// - Throws: ``InkModelerParameterError`` (`position.springMassConstant`,
        ///   `position.dragConstant`) when not > 0.
        public init(springMassConstant: Double = defaultSpringMassConstant, dragConstant: Double = 72,
                    loopContraction: LoopContractionParameters? = nil) throws(InkModelerParameterError) {
            try InkModelerParameterError.check(springMassConstant, "position.springMassConstant", "> 0 s²") { $0 > 0 && Float($0) > 0 }
            try InkModelerParameterError.check(dragConstant, "position.dragConstant", "> 0 1/s") { $0 > 0 && Float($0) > 0 }
            self.springMassConstant = springMassConstant
            self.dragConstant = dragConstant
            self.loopContraction = loopContraction
        }
    }

    /// ink's `SamplingParams`: upsampling, the end-of-stroke catch-up and the output bound.
    public struct SamplingParameters: Hashable, Sendable {
        /// Minimum output rate, Hz (> 0): slower input is upsampled to at least this; also
        /// the step of the end-of-stroke catch-up (1/rate). Default 180.
        public let minOutputRate: Double
        /// The catch-up stops within this distance of the last input, or when a step moves
        /// less than it, units (> 0). Default 0.05 (ink 0.001 cm × 50).
        public let endOfStrokeStoppingDistance: Double
        /// Most catch-up iterations, discarded (halved) steps included, in 1…1000. Default 20.
        public let endOfStrokeMaxIterations: Int
        /// Most results one input may produce (> 0); an input further in time than this many
        /// output steps is rejected (``InkModelerError/tooManyOutputs(requested:limit:time:)``).
        /// Default 100000.
        public let maxOutputsPerCall: Int
        /// Extra upsampling so the tip's estimated turn per step stays below this angle,
        /// radians in (0, π); `nil` (ink's −1, the default) turns it off.
        public let maxEstimatedAngleToTraversePerInput: Double?

        /// Validates and creates the parameters.
        /// - Throws: ``InkModelerParameterError`` naming the first field out of domain.
        public init(minOutputRate: Double = 180, endOfStrokeStoppingDistance: Double = 0.05,
                    endOfStrokeMaxIterations: Int = 20, maxOutputsPerCall: Int = 100_000,
                    maxEstimatedAngleToTraversePerInput: Double? = nil) throws(InkModelerParameterError) {
            try InkModelerParameterError.check(minOutputRate, "sampling.minOutputRate", "> 0 Hz") { $0 > 0 }
            try InkModelerParameterError.check(endOfStrokeStoppingDistance, "sampling.endOfStrokeStoppingDistance",
                                               "> 0 units") { $0 > 0 && Float($0) > 0 }
            try InkModelerParameterError.check(Double(endOfStrokeMaxIterations), "sampling.endOfStrokeMaxIterations",
                                               "in 1…1000") { $0 >= 1 && $0 <= 1000 }
            try InkModelerParameterError.check(Double(maxOutputsPerCall), "sampling.maxOutputsPerCall",
                                               "in 1…\(Int32.max)") { $0 >= 1 && $0 <= Double(Int32.max) }
            if let angle = maxEstimatedAngleToTraversePerInput {
                try InkModelerParameterError.check(angle, "sampling.maxEstimatedAngleToTraversePerInput",
                                                   "in (0, π) rad") { $0 > 0 && $0 < Double.pi }
            }
            self.minOutputRate = minOutputRate
            self.endOfStrokeStoppingDistance = endOfStrokeStoppingDistance
            self.endOfStrokeMaxIterations = endOfStrokeMaxIterations
            self.maxOutputsPerCall = maxOutputsPerCall
            self.maxEstimatedAngleToTraversePerInput = maxEstimatedAngleToTraversePerInput
        }
    }

    /// ink's `StylusStateModelerParams`: how modeled points find their pressure, tilt and
    /// orientation on the raw-input polyline (see `InkStylusStateModeler`).
    public struct StylusParameters: Hashable, Sendable {
        /// false (default): the closest point of the polyline; true: where the stroke normal
        /// through the modeled point crosses it (required by loop-contraction mitigation).
        public let useStrokeNormalProjection: Bool

        /// Creates the parameters (any value is valid).
        public init(useStrokeNormalProjection: Bool = false) {
            self.useStrokeNormalProjection = useStrokeNormalProjection
        }
    }

    /// ink's `StrokeModelParams`: wobble smoother, position modeler, sampling, stylus-state
    /// modeler, and optionally the Kalman predictor (ink's stroke-end predictor needs no
    /// parameters of its own, so both predictions are available at once).
    ///
    /// The default value is the shared oracles' `params`: ink's test-suite defaults with
    /// lengths × 50. The one rule across structs (loop-contraction mitigation needs the
    /// stroke-normal projection) is checked by ``InkStrokeModeler/init(parameters:)``.
    public struct Parameters: Hashable, Sendable {
        /// Wobble smoother.
        public var wobble: WobbleParameters
        /// Spring-mass position model and loop-contraction mitigation.
        public var position: PositionParameters
        /// Upsampling, end of stroke, output bound.
        public var sampling: SamplingParameters
        /// Stylus-state (pressure, tilt, orientation) projection.
        public var stylus: StylusParameters
        /// ink's Kalman predictor for ``InkStrokeModeler/predictKalman(into:)``; `nil` (the
        /// default) leaves it out, so updates do not pay for it.
        public var kalman: KalmanParameters?

        /// Creates the set from validated parts; each defaults to its struct's defaults.
        public init(wobble: WobbleParameters? = nil, position: PositionParameters? = nil,
                    sampling: SamplingParameters? = nil, stylus: StylusParameters = StylusParameters(),
                    kalman: KalmanParameters? = nil) {
            // The defaults are in domain, so constructing them cannot throw.
            self.wobble = wobble ?? (try! WobbleParameters())
            self.position = position ?? (try! PositionParameters())
            self.sampling = sampling ?? (try! SamplingParameters())
            self.stylus = stylus
            self.kalman = kalman
        }

        /// ink's test-suite defaults (`kDefaultParams`, in cm and s) with every length scaled
        /// by `s` trace units per cm: wobble floor/ceiling `1.31f·s`/`1.44f·s`, stopping
        /// distance `0.001f·s` (products in float32, as the oracles computed them), times,
        /// rates and the spring and drag constants unchanged. `s = 50` is ``init(wobble:position:sampling:stylus:kalman:)``'s
        /// default; `s = 1` gives ink's own numbers.
        /// - Throws: ``InkModelerParameterError`` (`unitsPerCentimetre`) unless `s` > 0 and the
        ///   scaled values are finite.
        public static func inkDefaults(unitsPerCentimetre s: Double) throws(InkModelerParameterError) -> Parameters {
            try InkModelerParameterError.check(s, "unitsPerCentimetre", "> 0") { $0 > 0 }
            let scale = Float(s)
            return Parameters(
                wobble: try WobbleParameters(timeout: 0.04, speedFloor: Double(Float(1.31) * scale),
                                             speedCeiling: Double(Float(1.44) * scale)),
                position: try PositionParameters(),
                sampling: try SamplingParameters(endOfStrokeStoppingDistance: Double(Float(0.001) * scale)))
        }
    }
}
