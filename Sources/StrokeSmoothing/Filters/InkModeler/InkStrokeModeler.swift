import StrokeCore

/// google/ink-stroke-modeler's stroke modeling, reimplemented in Swift from its algorithm
/// (Apache-2.0, © 2022–2024 Google LLC; behaviour pinned to commit
/// 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78; no peer code is included).
///
/// Per input, the modeler runs ink's pipeline:
/// 1. **Wobble smoother** (`InkWobbleSmoother`): slow input is replaced by its
///    duration-weighted moving average over `wobble.timeout`, blended back to the raw input
///    as the average speed rises from `speedFloor` to `speedCeiling`.
/// 2. **Upsampling** (`InkUpsampling`): between the previous and this (corrected) input
///    the anchor moves linearly in n = ⌈Δt·minOutputRate⌉ steps (more with the angle limit).
/// 3. **Spring-mass position model** (`InkPositionModeler`): per step, A = (anchor − p)/k −
///    c·v, v += Δt·A, p += Δt·v; each step is one result.
/// 4. **End-of-stroke catch-up** (`InkEndOfStrokeCatchUp`), on `up` only: the anchor stays
///    at the last input and the tip steps on (halving overshooting steps) until it arrives.
/// 5. **Stylus state** (`InkStylusStateModeler`): each result's pressure, tilt and
///    orientation are interpolated on the raw-input polyline where the tip projects onto it.
/// 6. **Loop-contraction mitigation** (`InkLoopContractionMitigation`, optional): results
///    are blended towards that projection by a speed-dependent weight.
///
/// `down` emits the input itself (zero velocity and acceleration); `move` emits the n
/// upsampled steps (none for a repeated timestamp); `up` emits its steps plus the catch-up
/// (at least one result). ``predictStrokeEnd(into:)`` is ink's `StrokeEndPredictor`: the
/// catch-up from the current tip towards the last input; ``predictKalman(into:)`` (with
/// `parameters.kalman`) is ink's Kalman prediction from the tip (`InkKalmanPrediction`);
/// neither changes the model.
///
/// Precision: ink computes vectors and stylus values in float32 and times in float64; the
/// port does the same, operation for operation (lengths as glibc's `hypotf` computes them),
/// so its results equal the peer's built on glibc to the bit, on any platform (positions
/// are rounded to float32 on input; only the optional angle limit calls libm's `acosf`).
/// Results are widened to `Double` exactly.
///
/// Units: positions in trace units, times in seconds; the default ``Parameters`` are ink's
/// test-suite values with lengths × 50 units/cm (see ``Parameters/inkDefaults(unitsPerCentimetre:)``).
///
/// Cost: O(results) per input plus the projection scan and the mitigation window (see the
/// sub-models); no allocation per input beyond amortised growth of the caller's buffer —
/// the windows live in sliding windows preallocated at construction. A value type: a copy is a saved
/// state (ink's `Save`/`Restore`), though copying shares the windows until one side mutates.
///
/// Edge cases: a single-input stroke (`down` then `up` at the same place and time) gives the
/// input, then one result at the input one catch-up step later; bad inputs throw
/// ``InkModelerError`` and change nothing (ink's error paths could leave the wobble and
/// stylus models updated; this port validates everything first).
public struct InkStrokeModeler: Sendable {
    /// The parameters (validated).
    public let parameters: Parameters

    /// ink's `Input` in its own precision, as compared for the duplicate-input rule.
    struct FloatInput: Equatable, Sendable {
        var eventType: InkModelerInput.EventType
        var position: InkVec2
        var time: Double
        var stylus: InkStylusState
    }

    struct LastInput: Sendable {
        var input: FloatInput
        var corrected: InkVec2
    }

    /// The read positions of one batch of results being modeled.
    struct Emission {
        var cursor: InkStylusStateModeler.Cursor
        var lookahead = InkLoopContractionMitigation.Lookahead()
        var weight: Float
        var previousTime: Double
        let start: Int
    }

    private(set) var wobble: InkWobbleSmoother
    private(set) var positionModel: InkPositionModeler
    private(set) var stylus: InkStylusStateModeler
    private(set) var loopMitigation: InkLoopContractionMitigation
    private(set) var strokeEnd: InkStrokeEndPredictor
    /// ink's Kalman predictor, fed the corrected inputs (only with `parameters.kalman`).
    private(set) var kalman: KalmanPredictor?
    private(set) var last: LastInput?

    /// Creates the modeler with no stroke in progress, its windows preallocated.
    /// - Throws: ``InkModelerParameterError`` (`position.loopContraction`) when
    ///   loop-contraction mitigation is on without `stylus.useStrokeNormalProjection`, as ink.
    public init(parameters: Parameters = Parameters()) throws(InkModelerParameterError) {
        if parameters.position.loopContraction != nil && !parameters.stylus.useStrokeNormalProjection {
            throw InkModelerParameterError(parameter: "position.loopContraction",
                                           problem: "needs stylus.useStrokeNormalProjection = true")
        }
        self.parameters = parameters
        wobble = InkWobbleSmoother(parameters.wobble)
        positionModel = InkPositionModeler(parameters.position)
        stylus = InkStylusStateModeler(parameters.stylus)
        loopMitigation = InkLoopContractionMitigation(parameters.position.loopContraction)
        strokeEnd = InkStrokeEndPredictor(position: parameters.position, sampling: parameters.sampling)
        if let settings = parameters.kalman {
            var predictor = settings.predictor
            predictor.outputRateHz = parameters.sampling.minOutputRate
            do { kalman = try KalmanPredictor(predictor) } catch {
                throw InkModelerParameterError(parameter: "kalman.\(error.parameter)", problem: error.problem)
            }
        }
    }

    /// True between a `down` and its `up`.
    public var isStrokeInProgress: Bool { last != nil }

    /// Abandons the stroke in progress, if any; the next input must be a `down`. O(1).
    public mutating func reset() {
        last = nil
    }

    /// Models one input, appending its results (0…n) to `results`.
    ///
    /// - Throws: ``InkModelerError`` — non-finite time or position, a NaN/infinite/negative
    ///   stylus value, an exact repeat of the previous input, time going backwards, `move`/`up`
    ///   without a stroke or `down` during one, or an input too far in time
    ///   (`sampling.maxOutputsPerCall`). On error nothing is appended and the state is unchanged.
    /// - Complexity: O(n) for n results, plus the sub-models' scans.
    public mutating func update(_ input: InkModelerInput, into results: inout [InkModeledResult]) throws(InkModelerError) {
        let f = try Self.validated(input)
        if let last {
            if last.input == f { throw .duplicateInput(time: f.time) }
            if f.time < last.input.time { throw .timeWentBackwards(time: f.time, previous: last.input.time) }
        }
        switch f.eventType {
        case .down:
            guard last == nil else { throw .strokeAlreadyInProgress(time: f.time) }
            processDown(f, into: &results)
        case .move:
            guard let last else { throw .noStrokeInProgress(.move, time: f.time) }
            try processMove(f, after: last, into: &results)
        case .up:
            guard let last else { throw .noStrokeInProgress(.up, time: f.time) }
            try processUp(f, after: last, into: &results)
        }
    }

    /// Appends ink's stroke-end prediction: the end-of-stroke catch-up from the current tip
    /// towards the last input, as if the stroke ended now (0…`endOfStrokeMaxIterations`
    /// results, each with stylus values projected as in ``update(_:into:)``). Nothing when no
    /// stroke is in progress (ink returns an error there) or the tip is already at the input.
    /// Does not change the modeler. O(results), no allocation beyond `results`' growth.
    public func predictStrokeEnd(into results: inout [InkModeledResult]) {
        guard let last else { return }
        var prediction = strokeEnd.prediction(from: positionModel.state)
        var emission = beginEmission(previousTime: last.input.time, start: results.count)
        while let tip = prediction.next() {
            Self.emit(tip, &emission, into: &results, stylus: stylus, loopMitigation: loopMitigation,
                      normalProjection: parameters.stylus.useStrokeNormalProjection)
        }
    }

    // MARK: - Events

    private mutating func processDown(_ f: FloatInput, into results: inout [InkModeledResult]) {
        wobble.reset(position: f.position, time: f.time)
        positionModel.reset(InkTipState(position: f.position, time: f.time))
        stylus.reset()
        loopMitigation.reset()
        stylus.update(position: f.position, time: f.time, state: f.stylus)
        strokeEnd.reset()
        strokeEnd.update(position: f.position)
        kalman?.reset()
        kalman?.observe(time: f.time, location: Point(x: Double(f.position.x), y: Double(f.position.y)))
        last = LastInput(input: f, corrected: f.position)
        let tip = positionModel.state
        results.append(InkFloatResult(position: tip.position, velocity: tip.velocity, acceleration: tip.acceleration,
                                      time: tip.time, pressure: f.stylus.pressure, tilt: f.stylus.tilt,
                                      orientation: f.stylus.orientation).modeledResult)
    }

    private mutating func processMove(_ f: FloatInput, after previous: LastInput,
                                      into results: inout [InkModeledResult]) throws(InkModelerError) {
        let steps = try numberOfSteps(to: f, after: previous)
        let corrected = wobble.update(position: f.position, time: f.time)
        stylus.update(position: corrected, time: f.time, state: f.stylus)
        strokeEnd.update(position: corrected)
        kalman?.observe(time: f.time, location: Point(x: Double(corrected.x), y: Double(corrected.y)))
        last = LastInput(input: f, corrected: corrected)
        var path = InkLinearPath(from: previous.corrected, at: previous.input.time, to: corrected, at: f.time,
                                 steps: steps)
        // ink models the stylus after recording this input, so the first stroke normal uses
        // this input's time as the previous time.
        var emission = beginEmission(previousTime: f.time, start: results.count)
        while let tip = path.next(&positionModel) {
            Self.emit(tip, &emission, into: &results, stylus: stylus, loopMitigation: loopMitigation,
                      normalProjection: parameters.stylus.useStrokeNormalProjection)
        }
        commit(emission, results: results)
    }

    private mutating func processUp(_ f: FloatInput, after previous: LastInput,
                                    into results: inout [InkModeledResult]) throws(InkModelerError) {
        let steps = try numberOfSteps(to: f, after: previous)
        stylus.update(position: f.position, time: f.time, state: f.stylus)
        var path = InkLinearPath(from: previous.corrected, at: previous.input.time, to: f.position, at: f.time,
                                 steps: steps)
        var emission = beginEmission(previousTime: previous.input.time, start: results.count)
        var produced = 0
        while let tip = path.next(&positionModel) {
            Self.emit(tip, &emission, into: &results, stylus: stylus, loopMitigation: loopMitigation,
                      normalProjection: parameters.stylus.useStrokeNormalProjection)
            produced += 1
        }
        var catchUp = InkEndOfStrokeCatchUp(anchor: f.position, sampling: parameters.sampling)
        while let tip = catchUp.next(&positionModel) {
            Self.emit(tip, &emission, into: &results, stylus: stylus, loopMitigation: loopMitigation,
                      normalProjection: parameters.stylus.useStrokeNormalProjection)
            produced += 1
        }
        if produced == 0 {
            // E.g. an up at the last input's time and place: ink still reports the tip.
            Self.emit(positionModel.state, &emission, into: &results, stylus: stylus, loopMitigation: loopMitigation,
                      normalProjection: parameters.stylus.useStrokeNormalProjection)
        }
        commit(emission, results: results)
        last = nil
    }

    private func numberOfSteps(to f: FloatInput, after previous: LastInput) throws(InkModelerError) -> Int {
        switch InkUpsampling.numberOfSteps(tip: positionModel.state, startTime: previous.input.time, end: f.position,
                                           endTime: f.time, sampling: parameters.sampling, model: positionModel) {
        case .success(let n): return n
        case .failure(.nonFinite): throw .nonFiniteState(time: f.time)
        case .failure(.tooMany(let n)):
            throw .tooManyOutputs(requested: n, limit: parameters.sampling.maxOutputsPerCall, time: f.time)
        }
    }

    // MARK: - Results (ink's ModelStylus)

    func beginEmission(previousTime: Double, start: Int) -> Emission {
        Emission(cursor: stylus.cursor, weight: loopMitigation.interpolationValue(), previousTime: previousTime,
                 start: start)
    }

    /// Projects `tip` for its stylus values, blends by the mitigation weight and appends the
    /// result; reads the model without changing it (the emission carries the read positions).
    ///
    /// Static, with the two sub-models it reads as arguments: as an instance method it was
    /// called with a copy of the whole modeler (1.6 kB) for every result of a `move`.
    @inline(__always)
    static func emit(_ tip: InkTipState, _ emission: inout Emission, into results: inout [InkModeledResult],
                     stylus: borrowing InkStylusStateModeler, loopMitigation: borrowing InkLoopContractionMitigation,
                     normalProjection: Bool) {
        results.append(result(tip, weight: emission.weight, previousTime: emission.previousTime,
                              cursor: &emission.cursor, stylus: stylus, normalProjection: normalProjection).modeledResult)
        let start = emission.start
        emission.weight = loopMitigation.value(afterAppending: &emission.lookahead) { j in
            Self.speedSample(results[start + j])
        }
        emission.previousTime = tip.time
    }

    /// One result (ink's `ModelStylus` step): `tip` projected onto the raw inputs from
    /// `cursor` (advancing it) for its stylus values, then blended from that projection
    /// towards the tip by `weight` (the mitigation's; 1 when it is off). Reads the model
    /// without changing it. Transparent: `@inline(__always)` left it a call in the prediction
    /// loop, where the weight is the constant 1.
    @_transparent
    static func result(_ tip: InkTipState, weight: Float, previousTime: Double, cursor: inout InkStylusStateModeler.Cursor,
                       stylus: borrowing InkStylusStateModeler, normalProjection: Bool) -> InkFloatResult {
        let normal = normalProjection ? InkMath.strokeNormal(tip, previousTime: previousTime) : nil
        let projected = stylus.project(tip, normal: normal, cursor: &cursor)
        let modeled = InkFloatResult(position: tip.position, velocity: tip.velocity, acceleration: tip.acceleration,
                                     time: tip.time, pressure: projected.pressure, tilt: projected.tilt,
                                     orientation: projected.orientation)
        return InkFloatResult.interpolate(projected, modeled, weight)
    }

    private mutating func commit(_ emission: Emission, results: [InkModeledResult]) {
        stylus.commit(emission.cursor)
        loopMitigation.commit(emission.lookahead) { j in Self.speedSample(results[emission.start + j]) }
    }

    /// The mitigation's speed sample of a result (its float32 velocity, recovered exactly).
    private static func speedSample(_ r: InkModeledResult) -> InkLoopContractionMitigation.SpeedSample {
        InkLoopContractionMitigation.SpeedSample(
            speed: InkMath.magnitude(InkVec2(Float(r.velocity.dx), Float(r.velocity.dy))), time: r.time)
    }

    // MARK: - Input validation

    private static func validated(_ input: InkModelerInput) throws(InkModelerError) -> FloatInput {
        let t = input.time
        guard t.isFinite else { throw .nonFiniteInput(field: "time", time: t) }
        let position = InkVec2(Float(input.position.x), Float(input.position.y))
        guard position.x.isFinite else { throw .nonFiniteInput(field: "position.x", time: t) }
        guard position.y.isFinite else { throw .nonFiniteInput(field: "position.y", time: t) }
        func stylusValue(_ v: Double?, _ field: String) throws(InkModelerError) -> Float {
            guard let v else { return -1 }
            let f = Float(v)
            guard f.isFinite, f >= 0 else { throw .invalidStylusValue(field: field, value: v, time: t) }
            return f
        }
        let stylus = InkStylusState(pressure: try stylusValue(input.pressure, "pressure"),
                                    tilt: try stylusValue(input.tilt, "tilt"),
                                    orientation: try stylusValue(input.orientation, "orientation"))
        return FloatInput(eventType: input.eventType, position: position, time: t, stylus: stylus)
    }
}
