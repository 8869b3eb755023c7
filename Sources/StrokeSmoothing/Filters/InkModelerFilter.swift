import StrokeCore

/// google/ink-stroke-modeler's stroke modeling as a filter stage (`filter:ink-modeler`): the
/// ``InkStrokeModeler`` port (oracle-exact; Apache-2.0, © 2022–2024 Google LLC, behaviour of
/// commit 3fa5129e) driven the way an app drives ink's `StrokeModeler`: the stroke's first
/// sample is its `kDown`, the others `kMove`, and the last sample of the stroke's terminal event
/// its `kUp`, after which the modeler catches up with the pen (``finish(_:into:)``; a stroke
/// that ends without a sample lifts the pen where its last input was).
///
/// The model, in ink's order (each step in its own type; formulas in ``InkStrokeModeler``
/// and `docs/guides/filter-ink-modeler.md`): wobble smoother (a 40 ms moving average that
/// replaces slow input), upsampling to at least `minOutputRate`, the spring-mass tip
/// (A = (anchor − p)/springMassConstant − dragConstant·v per step), the end-of-stroke catch-up,
/// stylus values projected from the raw inputs, and optional loop-contraction mitigation.
/// Each input emits 0…n samples (0 for a repeated timestamp, n upsampled steps for a move; a
/// `down` emits itself); the `up` emits its steps plus the catch-up.
///
/// Samples in and out:
/// - ink's pressure is the sample's `force / maximumPossibleForce` (the stroke's first sample's
///   maximum; `force` itself when the maximum is unknown), tilt is `π/2 − altitude` (0 upright),
///   orientation is the azimuth in [0, 2π). A channel whose value at the stroke's first sample
///   is its "unknown" default (force 0 with no maximum, altitude π/2, azimuth 0) is not passed
///   for that stroke (ink's missing stylus value: it is not modeled, which saves its work);
///   the emitted samples then carry the newest input's value;
/// - each emitted sample is the newest input's channels with the modeled time, position,
///   force (`pressure × maximum`), altitude (`π/2 − tilt`) and azimuth (orientation in
///   (−π, π]); its speed and heading are the modeled velocity's (the previous heading when the
///   tip is at rest).
///
/// Units: positions in trace units, times in seconds (label times in ms). The defaults are
/// ink's test-suite values (`kDefaultParams`, in cm and s) with lengths × S for S = 50 points
/// per cm (speeds × S; times, rates, the spring-mass constant (s²) and the drag (1/s)
/// unchanged): the shared oracles' choice, "50 pt ≈ 1 cm" (StrokeLab's point is 51.97 per
/// cm). Lengths and speeds are declared in pt (``LengthDimension/pt``), so a pipeline built
/// for a trace in other units converts them (``PipelineDescription/resolved(for:)``).
///
/// Bad inputs: an input ink rejects (an exact repeat of the previous one, a time going
/// backwards, non-finite values, an input so far after the previous one that it would need
/// more than `maxOutputsPerCall` outputs) is skipped, so the stroke continues from the last
/// accepted input (``rejectedInputs`` counts them). Cost: O(outputs) per input plus the
/// modeler's windows; no allocation per sample once its buffers have grown.
public struct InkModelerFilter: FilterStage {
    /// `filter:ink-modeler`.
    public static let kind = StageKind.filter
    /// `ink-modeler`.
    public static let id = "ink-modeler"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.smoothsSamples]
    /// One line.
    public static let summary = "ink-stroke-modeler: wobble smoother, spring-mass tip upsampled to a minimum rate, end-of-stroke catch-up, stylus values projected"
    /// Where it comes from.
    public static let source = "google/ink-stroke-modeler 3fa5129e StrokeModeler (Apache-2.0, © Google LLC)"
    /// Models speed and heading itself.
    public static let readsKinematics = false

    /// Every field of ink's params structs (`WobbleSmootherParams`, `PositionModelerParams`
    /// with its loop-contraction mitigation, `SamplingParams`, `StylusStateModelerParams`) as a
    /// label parameter in StrokeLab units (lengths in pt, ink's cm × 50; times in ms). ink's Kalman
    /// predictor parameters belong to `predict:ink-kalman`.
    public struct Parameters: StageParameters {
        /// Wobble smoother on (ink `wobble_smoother_params.is_enabled`, default on).
        public var wobble = true
        /// Wobble moving-average window, ms (ink `timeout`, 0.04 s).
        public var wobbleTimeoutMs = 40.0
        /// Speed at and below which the average replaces the input, pt/s (1.31 cm/s × 50 in float32 = 65.5).
        public var wobbleSpeedFloor = Double(Float(1.31) * 50)
        /// Speed at and above which the input passes unchanged, pt/s (1.44 cm/s × 50 = 72).
        public var wobbleSpeedCeiling = Double(Float(1.44) * 50)
        /// Mass over spring constant, s² (ink `spring_mass_constant`, 11/32400; the modeler
        /// computes in float32, where this is ink's `11.f / 32400`).
        public var springMassConstant = 11.0 / 32400
        /// Drag, 1/s (ink `drag_constant`, 72).
        public var dragConstant = 72.0
        /// Loop-contraction mitigation on (ink `is_enabled`, default off; needs `strokeNormalProjection`).
        public var loopContraction = false
        /// Speed where the mitigation's blend is `loopStrengthAtLowerBound`, pt/s (default 0).
        public var loopSpeedLowerBound = 0.0
        /// Speed where the blend is `loopStrengthAtUpperBound`, pt/s (default 500: ink's test's 10 cm/s × 50).
        public var loopSpeedUpperBound = 500.0
        /// Blend at the lower speed (1 = spring model only), default 1.
        public var loopStrengthAtLowerBound = 1.0
        /// Blend at the upper speed (0 = raw polyline only), default 0.
        public var loopStrengthAtUpperBound = 0.0
        /// Window of the modeled-speed moving average, ms (default 600: ink's params test's 0.6 s).
        public var loopSpeedWindowMs = 600.0
        /// Minimum output rate, Hz (ink `min_output_rate`, 180).
        public var minOutputRate = 180.0
        /// Catch-up stopping distance, pt (0.001 cm × 50 = 0.05; in float32 the same as ink's `.001f * 50`).
        public var endOfStrokeStoppingDistance = 0.05
        /// Most catch-up iterations (ink `end_of_stroke_max_iterations`, 20).
        public var endOfStrokeMaxIterations = 20
        /// Most outputs one input may produce (ink `max_outputs_per_call`, 100000).
        public var maxOutputsPerCall = 100_000
        /// Extra upsampling so the tip turns less than this per step, radians; 0 = off (ink's −1, the default).
        public var maxAnglePerInput = 0.0
        /// Stylus values from the stroke-normal projection instead of the nearest point (ink
        /// `use_stroke_normal_projection`, default off).
        public var strokeNormalProjection = false

        /// The defaults: the shared oracles' parameters.
        public init() {}

        /// Every parameter, in ink's struct order.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .flag(\.wobble, "wobble", help: "wobble smoother: a moving average that replaces slow input (ink's wobble_smoother_params.is_enabled)"),
            .number(\.wobbleTimeoutMs, "wobbleTimeout", in: 0...10_000, unit: "ms",
                    help: "wobble moving-average window (ink's timeout, 0.04 s)"),
            .number(\.wobbleSpeedFloor, "wobbleSpeedFloor", in: 0...1e9, length: LengthDimension.pt.perSecondRate,
                    help: "speed at and below which the average replaces the input (ink's 1.31 cm/s × 50)"),
            .number(\.wobbleSpeedCeiling, "wobbleSpeedCeiling", in: 0...1e9, length: LengthDimension.pt.perSecondRate,
                    help: "speed at and above which the input passes unchanged (ink's 1.44 cm/s × 50)"),
            .number(\.springMassConstant, "springMassConstant", in: 1e-12...1e6, unit: "s²",
                    help: "tip mass over spring constant: larger = more lag and smoothing (ink's 11/32400)"),
            .number(\.dragConstant, "dragConstant", in: 1e-9...1e9, unit: "1/s",
                    help: "drag on the tip's velocity (ink's 72)"),
            .flag(\.loopContraction, "loopContraction",
                  help: "loop-contraction mitigation: blend towards the raw polyline by speed (needs strokeNormalProjection=on)"),
            .number(\.loopSpeedLowerBound, "loopSpeedLowerBound", in: 0...1e9, length: LengthDimension.pt.perSecondRate,
                    help: "speed at which the blend is loopStrengthAtLowerBound"),
            .number(\.loopSpeedUpperBound, "loopSpeedUpperBound", in: 0...1e9, length: LengthDimension.pt.perSecondRate,
                    help: "speed at which the blend is loopStrengthAtUpperBound"),
            .number(\.loopStrengthAtLowerBound, "loopStrengthAtLowerBound", in: 0...1,
                    help: "blend at the lower speed (1 = spring model only, 0 = raw polyline)"),
            .number(\.loopStrengthAtUpperBound, "loopStrengthAtUpperBound", in: 0...1,
                    help: "blend at the upper speed (≤ loopStrengthAtLowerBound)"),
            .number(\.loopSpeedWindowMs, "loopSpeedWindow", in: 0...10_000_000, unit: "ms",
                    help: "window of the modeled-speed moving average (ink's min_speed_sampling_window)"),
            .number(\.minOutputRate, "minOutputRate", in: 0.001...1_000_000, unit: "Hz",
                    help: "minimum output rate: slower input is upsampled; also the catch-up step"),
            .number(\.endOfStrokeStoppingDistance, "endOfStrokeStoppingDistance", in: 1e-9...1e9, length: .pt,
                    help: "the end-of-stroke catch-up stops this close to the last input (ink's 0.001 cm × 50)"),
            .integer(\.endOfStrokeMaxIterations, "endOfStrokeMaxIterations", in: 1...1000,
                     help: "most end-of-stroke catch-up iterations"),
            .integer(\.maxOutputsPerCall, "maxOutputsPerCall", in: 1...Int(Int32.max),
                     help: "most outputs one input may produce; an input further in time is skipped"),
            .number(\.maxAnglePerInput, "maxAnglePerInput", in: 0...3.14159, unit: "rad",
                    help: "extra upsampling so the tip turns less than this per step; 0 = off (ink's -1)"),
            .flag(\.strokeNormalProjection, "strokeNormalProjection",
                  help: "stylus values where the stroke normal crosses the inputs, not at the nearest point"),
        ]

        /// Builds ink's parameter structs, which check the domains across fields (wobble floor
        /// ≤ ceiling, loop-contraction bounds, mitigation needs the normal projection).
        /// - Throws: ``StageParameterError`` naming the label parameter.
        public func modelerParameters() throws(StageParameterError) -> InkStrokeModeler.Parameters {
            do {
                let loop = loopContraction
                    ? try InkStrokeModeler.LoopContractionParameters(
                        speedLowerBound: loopSpeedLowerBound, speedUpperBound: loopSpeedUpperBound,
                        strengthAtSpeedLowerBound: loopStrengthAtLowerBound, strengthAtSpeedUpperBound: loopStrengthAtUpperBound,
                        minSpeedSamplingWindow: loopSpeedWindowMs / 1000)
                    : nil
                let parameters = InkStrokeModeler.Parameters(
                    wobble: try .init(isEnabled: wobble, timeout: wobbleTimeoutMs / 1000, speedFloor: wobbleSpeedFloor,
                                      speedCeiling: wobbleSpeedCeiling),
                    // ink's field is a float: the modeler computes with Float(springMassConstant).
                    position: try .init(springMassConstant: Double(Float(springMassConstant)), dragConstant: dragConstant,
                                        loopContraction: loop),
                    sampling: try .init(minOutputRate: minOutputRate, endOfStrokeStoppingDistance: endOfStrokeStoppingDistance,
                                        endOfStrokeMaxIterations: endOfStrokeMaxIterations, maxOutputsPerCall: maxOutputsPerCall,
                                        maxEstimatedAngleToTraversePerInput: maxAnglePerInput > 0 ? maxAnglePerInput : nil),
                    stylus: .init(useStrokeNormalProjection: strokeNormalProjection))
                _ = try InkStrokeModeler(parameters: parameters)
                return parameters
            } catch {
                var problem = error.problem
                for (ink, label) in Self.labelName.sorted(by: { $0.key.count > $1.key.count }) {
                    problem = problem.replacing(ink, with: label)
                }
                throw StageParameterError(parameter: Self.labelName[error.parameter] ?? error.parameter, problem: problem)
            }
        }

        /// ink's combinations: the wobble floor must not exceed the ceiling, the loop bounds
        /// must be ordered, mitigation needs the normal projection.
        public func crossCheck() throws(StageParameterError) { _ = try modelerParameters() }

        /// The label name of each ``InkStrokeModeler/Parameters`` field (for errors).
        static let labelName: [String: String] = [
            "wobble.timeout": "wobbleTimeout", "wobble.speedFloor": "wobbleSpeedFloor", "wobble.speedCeiling": "wobbleSpeedCeiling",
            "position.springMassConstant": "springMassConstant", "position.dragConstant": "dragConstant",
            "position.loopContraction": "loopContraction",
            "stylus.useStrokeNormalProjection = true": "strokeNormalProjection=on",
            "loopContraction.speedLowerBound": "loopSpeedLowerBound", "loopContraction.speedUpperBound": "loopSpeedUpperBound",
            "loopContraction.strengthAtSpeedLowerBound": "loopStrengthAtLowerBound",
            "loopContraction.strengthAtSpeedUpperBound": "loopStrengthAtUpperBound",
            "loopContraction.minSpeedSamplingWindow": "loopSpeedWindow",
            "sampling.minOutputRate": "minOutputRate", "sampling.endOfStrokeStoppingDistance": "endOfStrokeStoppingDistance",
            "sampling.endOfStrokeMaxIterations": "endOfStrokeMaxIterations", "sampling.maxOutputsPerCall": "maxOutputsPerCall",
            "sampling.maxEstimatedAngleToTraversePerInput": "maxAnglePerInput",
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    /// The modeler and its state: what ink's predictors (`predict:ink-kalman`,
    /// `predict:stroke-end`) predict from; they read it in place and never change it.
    var modeler: InkStrokeModeler
    /// What ink fed its Kalman predictor during the last ``process(_:into:)`` or
    /// ``finish(_:into:)`` call: each accepted `down`/`move` input's time and wobble-corrected
    /// position, in order.
    private(set) var kalmanInputs: [TimedPoint] = []
    /// Inputs skipped this stroke because ink rejected them (see the type's documentation).
    public private(set) var rejectedInputs = 0
    private var results: [InkModeledResult] = []
    /// The newest accepted input: the channels of emitted samples, and where an `up` without
    /// a sample lifts the pen.
    private(set) var newest = AttributedSample(time: 0, location: .zero)
    private(set) var forceScale = 1.0
    private var heading = Vector(dx: 1, dy: 0)
    /// Which stylus values this stroke passes to ink (decided at its first sample).
    private var modelsPressure = true, modelsTilt = true, modelsOrientation = true

    /// Creates the filter.
    /// - Throws: ``StageParameterError`` naming a parameter out of its domain or a bad combination.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        let modelerParameters = try parameters.modelerParameters()
        do { modeler = try InkStrokeModeler(parameters: modelerParameters) } catch {
            throw StageParameterError(parameter: "", problem: error.description)
        }
    }

    /// Abandons the stroke in progress.
    public mutating func reset() {
        modeler.reset()
        rejectedInputs = 0
        heading = Vector(dx: 1, dy: 0)
        kalmanInputs.removeAll(keepingCapacity: true)
    }

    /// Models one sample as `down` (the stroke's first) or `move`.
    public mutating func push(_ sample: AttributedSample, into output: inout [AttributedSample]) {
        if modeler.isStrokeInProgress {
            model(sample, .move, into: &output)
        } else {
            forceScale = sample.maximumPossibleForce > 0 && sample.maximumPossibleForce.isFinite ? sample.maximumPossibleForce : 1
            modelsPressure = sample.force != 0 || sample.maximumPossibleForce > 0
            modelsTilt = sample.altitude != Double.pi / 2
            modelsOrientation = sample.azimuth != 0
            heading = Vector(dx: 1, dy: 0)
            model(sample, .down, into: &output)
        }
    }

    /// Models every sample of one event (`kalmanInputs` then holds this event's).
    public mutating func process(_ input: [AttributedSample], into output: inout [AttributedSample]) {
        kalmanInputs.clearKeepingStorage()
        results.clearKeepingStorage()
        for i in input.indices { push(input[i], into: &output) }
    }

    /// The stroke's terminal event: its samples as moves, the last one as ink's `up` (the pen
    /// lifts there), then the end-of-stroke catch-up. With no sample, the pen lifts where the
    /// last accepted input was.
    public mutating func finish(_ input: [AttributedSample], into output: inout [AttributedSample]) {
        kalmanInputs.clearKeepingStorage()
        results.clearKeepingStorage()
        guard let last = input.last else { flush(into: &output); return }
        for i in input.indices.dropLast() { push(input[i], into: &output) }
        if !modeler.isStrokeInProgress {
            push(last, into: &output)           // a one-sample stroke: down, then up at once
            flush(into: &output)
        } else if !model(last, .up, into: &output) {
            flush(into: &output)
        }
    }

    /// Ends a stroke still in progress: `up` at the last accepted input, then the catch-up.
    public mutating func flush(into output: inout [AttributedSample]) {
        guard modeler.isStrokeInProgress else { return }
        if !model(newest, .up, into: &output) { modeler.reset() }
    }

    /// Feeds one input of `type`; appends its results. Returns whether ink accepted it.
    @discardableResult
    private mutating func model(_ sample: AttributedSample, _ type: InkModelerInput.EventType,
                                into output: inout [AttributedSample]) -> Bool {
        let force = sample.force / forceScale
        let input = InkModelerInput(
            eventType: type, time: sample.time, position: sample.location,
            pressure: modelsPressure ? (force.isFinite ? Swift.max(0, force) : 0) : nil,
            tilt: modelsTilt ? (sample.altitude.isFinite ? Swift.max(0, Double.pi / 2 - sample.altitude) : 0) : nil,
            orientation: modelsOrientation
                ? (sample.azimuth.isFinite ? (sample.azimuth < 0 ? sample.azimuth + 2 * Double.pi : sample.azimuth) : 0) : nil)
        // `results` is cleared once per call of process/finish, not per input.
        let start = results.count
        do { try modeler.update(input, into: &results) } catch {
            rejectedInputs += 1
            return false
        }
        newest = sample
        if type != .up, let fed = modeler.kalmanInput {
            kalmanInputs.append(TimedPoint(time: fed.time, location: fed.position))
        }
        for k in start..<results.count { output.append(attributed(results[k], heading: &heading)) }
        if results.count > 4096 { results.removeAll(keepingCapacity: true) }
        return true
    }

    /// Calls `body` with `filter` as an ``InkModelerFilter`` when it is one, in place (ink's
    /// predictors read the modeler once per event; a copy would retain its buffers and cost
    /// more than the read). Nothing when `filter` is another filter.
    @inline(__always)
    static func withModeler<F: FilterStage>(_ filter: inout F, _ body: (inout InkModelerFilter) -> Void) {
        guard F.self == InkModelerFilter.self else { return }
        withUnsafeMutablePointer(to: &filter) { pointer in
            UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: InkModelerFilter.self).withMemoryRebound(
                to: InkModelerFilter.self, capacity: 1) { body(&$0.pointee) }
        }
    }

    /// A modeled result as a sample: the newest input's channels with the result's time,
    /// position, force, altitude, azimuth, speed and heading (`heading` is kept when the tip
    /// is at rest). Also used by ink's predictors for the samples they predict.
    func attributed(_ r: InkModeledResult, heading: inout Vector) -> AttributedSample {
        Self.attributed(r, template: newest, forceScale: forceScale, heading: &heading)
    }

    /// ``attributed(_:heading:)`` from its inputs (no copy of the filter per sample).
    @inline(__always)
    static func attributed(_ r: InkModeledResult, template: AttributedSample, forceScale: Double,
                           heading: inout Vector) -> AttributedSample {
        var s = template
        s.time = r.time
        s.location = r.position
        if let p = r.pressure { s.force = p * forceScale }
        if let tilt = r.tilt { s.altitude = Double.pi / 2 - tilt }
        if let o = r.orientation { s.azimuth = o > Double.pi ? o - 2 * Double.pi : o }
        let vx = r.velocity.dx, vy = r.velocity.dy
        let speed = (vx * vx + vy * vy).squareRoot()
        if speed > 0, speed.isFinite { heading = Vector(dx: vx / speed, dy: vy / speed) }
        s.speed = speed.isFinite ? speed : 0
        s.heading = heading
        return s
    }
}
