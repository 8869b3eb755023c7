import StrokeCore
import XCTest
@testable import StrokeSmoothing

/// Known answers and edge cases of ``InkStrokeModeler`` beyond ink's own tests (which are in
/// the `Ink*PortedTests` files) and its oracles (`InkStrokeModelerOracleTests`).
final class InkStrokeModelerTests: XCTestCase {
    private func move(_ t: Double, _ x: Double, _ y: Double, pressure: Double? = nil) -> InkModelerInput {
        InkModelerInput(eventType: .move, time: t, position: Point(x: x, y: y), pressure: pressure)
    }

    // MARK: - Known answers

    /// A straight line at constant speed u, sampled every Δt: the spring-mass tip settles on
    /// the line with velocity u, zero acceleration and a lag of (c·k − Δt)·u behind the input
    /// (InkPositionModeler's steady state), here (72·11/32400 − 1/240)·300 = 6.083 units.
    func testConstantVelocityLineConvergesWithTheDocumentedLag() throws {
        var modeler = try InkStrokeModeler()
        let u = 300.0, dt = 1.0 / 240
        let direction = (x: 0.6, y: 0.8)
        var results: [InkModeledResult] = []
        let n = 480  // 2 s: the transient decays as e^(−ζωt) = e^(−36 t)
        for i in 0...n {
            let t = Double(i) * dt
            let input = InkModelerInput(eventType: i == 0 ? .down : .move, time: t,
                                        position: Point(x: 10 + direction.x * u * t, y: 20 + direction.y * u * t))
            try modeler.update(input, into: &results)
        }
        XCTAssertEqual(results.count, n + 1, "one result per input: 240 Hz is above the 180 Hz minimum")
        let k = Double(Float(11) / Float(32400)), c = 72.0
        let expectedLag = (c * k - dt) * u
        XCTAssertEqual(expectedLag, 6.083, accuracy: 1e-3)
        for r in results.suffix(60) {
            let along = (r.position.x - 10) * direction.x + (r.position.y - 20) * direction.y
            let across = (r.position.x - 10) * direction.y - (r.position.y - 20) * direction.x
            XCTAssertEqual(u * r.time - along, expectedLag, accuracy: 2e-3, "lag at t = \(r.time)")
            XCTAssertEqual(across, 0, accuracy: 1e-3, "stays on the line")
            XCTAssertEqual(r.velocity.length, u, accuracy: 2e-2)
            XCTAssertEqual(r.acceleration.length, 0, accuracy: 5)
        }
        // With the pen lifted, the catch-up closes the lag: the stroke ends at the last input.
        let tEnd = Double(n + 1) * dt
        let last = Point(x: 10 + direction.x * u * tEnd, y: 20 + direction.y * u * tEnd)
        let before = results.count
        try modeler.update(InkModelerInput(eventType: .up, time: tEnd, position: last), into: &results)
        XCTAssertGreaterThan(results.count - before, 1)
        XCTAssertLessThan(results.last!.position.distance(to: last), 0.5, "within a few stopping distances")
        XCTAssertFalse(modeler.isStrokeInProgress)
    }

    /// A stroke of one sample (down and up at the same time and place): the input itself,
    /// then ink's one result at the input a catch-up step (1/180 s) later.
    func testSingleSampleStroke() throws {
        var modeler = try InkStrokeModeler()
        var results: [InkModeledResult] = []
        let p = Point(x: 12.5, y: -3)
        try modeler.update(InkModelerInput(eventType: .down, time: 1, position: p, pressure: 0.4), into: &results)
        var predicted: [InkModeledResult] = []
        modeler.predictStrokeEnd(into: &predicted)
        XCTAssertTrue(predicted.isEmpty, "the tip is already at the pen")
        try modeler.update(InkModelerInput(eventType: .up, time: 1, position: p, pressure: 0.4), into: &results)
        XCTAssertEqual(results.count, 2)
        for r in results {
            XCTAssertEqual(r.position, p)
            XCTAssertEqual(r.velocity, .zero)
            XCTAssertEqual(r.acceleration, .zero)
            XCTAssertEqual(r.pressure ?? -1, Double(Float(0.4)))
            XCTAssertNil(r.tilt)
        }
        XCTAssertEqual(results[0].time, 1)
        XCTAssertEqual(results[1].time, 1 + 1.0 / 180, accuracy: 1e-12)
    }

    /// Repeated timestamps (real digitisers produce them): the repeated input produces no
    /// result (zero steps), nothing divides by zero, and the stroke goes on normally.
    func testRepeatedTimestampsProduceNoStepAndNoNaN() throws {
        var modeler = try InkStrokeModeler(parameters: InkStrokeModeler.Parameters(wobble: try .init(speedFloor: 1e4, speedCeiling: 2e4)))
        var results: [InkModeledResult] = []
        try modeler.update(InkModelerInput(eventType: .down, time: 0, position: Point(x: 0, y: 0), pressure: 0.5), into: &results)
        try modeler.update(move(0.01, 1, 0, pressure: 0.5), into: &results)
        let count = results.count
        try modeler.update(move(0.01, 2, 0, pressure: 0.6), into: &results)
        XCTAssertEqual(results.count, count, "same timestamp: no step")
        try modeler.update(move(0.01, 2, 1, pressure: 0.7), into: &results)
        try modeler.update(move(0.02, 3, 1, pressure: 0.7), into: &results)
        XCTAssertGreaterThan(results.count, count)
        try modeler.update(InkModelerInput(eventType: .up, time: 0.02, position: Point(x: 3, y: 1), pressure: 0.7),
                           into: &results)
        for r in results {
            XCTAssertTrue(r.position.isFinite && r.velocity.dx.isFinite && r.velocity.dy.isFinite
                          && r.acceleration.dx.isFinite && r.acceleration.dy.isFinite, "\(r)")
            XCTAssertNotNil(r.pressure)
        }
        XCTAssertEqual(results.map(\.time), results.map(\.time).sorted(), "times never go back")
    }

    /// Time going backwards is a one-line error that changes nothing: the stroke continues as
    /// if the bad input had not been sent.
    func testBackwardsTimeIsAOneLineErrorAndChangesNothing() throws {
        var a = try InkStrokeModeler(), b = a
        var ra: [InkModeledResult] = [], rb: [InkModeledResult] = []
        let inputs = [InkModelerInput(eventType: .down, time: 0, position: Point(x: 0, y: 0)),
                      move(0.01, 1, 1), move(0.02, 2, 1)]
        for input in inputs {
            try a.update(input, into: &ra)
            try b.update(input, into: &rb)
        }
        let before = ra.count
        XCTAssertThrowsError(try a.update(move(0.015, 5, 5), into: &ra)) { error in
            XCTAssertEqual(error as? InkModelerError, .timeWentBackwards(time: 0.015, previous: 0.02))
            let message = "\(error)"
            XCTAssertFalse(message.contains("\n"))
            XCTAssertEqual(message, "ink-modeler: input at t = 0.015 s is before the previous input (t = 0.02 s)")
        }
        XCTAssertEqual(ra.count, before)
        for input in [move(0.03, 3, 2), InkModelerInput(eventType: .up, time: 0.04, position: Point(x: 4, y: 2))] {
            try a.update(input, into: &ra)
            try b.update(input, into: &rb)
        }
        XCTAssertEqual(ra, rb)
    }

    func testBadInputsAreOneLineErrors() throws {
        var modeler = try InkStrokeModeler()
        var results: [InkModeledResult] = []
        func expect(_ input: InkModelerInput, _ expected: InkModelerError, line: UInt = #line) {
            XCTAssertThrowsError(try modeler.update(input, into: &results), line: line) { error in
                // Compared by message: an error carrying a NaN is not equal to itself.
                XCTAssertEqual((error as? InkModelerError)?.description, expected.description, line: line)
                XCTAssertTrue("\(error)".hasPrefix("ink-modeler: "), line: line)
                XCTAssertFalse("\(error)".contains("\n"), line: line)
            }
        }
        expect(move(0, 1, 1), .noStrokeInProgress(.move, time: 0))
        expect(InkModelerInput(eventType: .up, time: 0, position: .zero), .noStrokeInProgress(.up, time: 0))
        expect(InkModelerInput(eventType: .down, time: .nan, position: .zero), .nonFiniteInput(field: "time", time: .nan))
        expect(InkModelerInput(eventType: .down, time: 0, position: Point(x: .nan, y: 0)),
               .nonFiniteInput(field: "position.x", time: 0))
        expect(InkModelerInput(eventType: .down, time: 0, position: Point(x: 0, y: 1e39)),
               .nonFiniteInput(field: "position.y", time: 0))
        expect(InkModelerInput(eventType: .down, time: 0, position: .zero, pressure: .nan),
               .invalidStylusValue(field: "pressure", value: .nan, time: 0))
        expect(InkModelerInput(eventType: .down, time: 0, position: .zero, tilt: -0.5),
               .invalidStylusValue(field: "tilt", value: -0.5, time: 0))
        expect(InkModelerInput(eventType: .down, time: 0, position: .zero, orientation: .infinity),
               .invalidStylusValue(field: "orientation", value: .infinity, time: 0))
        XCTAssertTrue(results.isEmpty)
        try modeler.update(InkModelerInput(eventType: .down, time: 0, position: .zero), into: &results)
        expect(InkModelerInput(eventType: .down, time: 1, position: .zero), .strokeAlreadyInProgress(time: 1))
        expect(InkModelerInput(eventType: .down, time: 0, position: .zero), .duplicateInput(time: 0))
        // 1000 s at 180 Hz is 180000 steps > 100000.
        expect(move(1000, 1, 1), .tooManyOutputs(requested: 180_000, limit: 100_000, time: 1000))
        expect(move(1, 3e38, 0), .nonFiniteState(time: 1))
        XCTAssertEqual(results.count, 1)
        modeler.reset()
        XCTAssertFalse(modeler.isStrokeInProgress)
        try modeler.update(InkModelerInput(eventType: .down, time: 0, position: .zero), into: &results)
    }

    /// Equal NaN-free errors compare equal; the NaN time case still names its field.
    func testNonFiniteTimeMessageNamesTheField() {
        let e = InkModelerError.nonFiniteInput(field: "time", time: .nan)
        XCTAssertEqual(e.description, "ink-modeler: input at t = nan s has a non-finite time")
    }

    /// Stylus values are carried over: a constant pressure stays constant, an unreported tilt
    /// stays unknown, and orientation interpolates across 0 the short way.
    func testStylusValuesAreInterpolatedOntoModeledPoints() throws {
        var modeler = try InkStrokeModeler()
        var results: [InkModeledResult] = []
        for i in 0...40 {
            let t = Double(i) / 120
            let orientation = (2 * Double.pi - 0.2 + 0.01 * Double(i)).truncatingRemainder(dividingBy: 2 * Double.pi)
            let input = InkModelerInput(eventType: i == 0 ? .down : (i == 40 ? .up : .move), time: t,
                                        position: Point(x: 200 * t, y: 0), pressure: 0.3, orientation: orientation)
            try modeler.update(input, into: &results)
        }
        XCTAssertGreaterThan(results.count, 41, "120 Hz input is upsampled to 180 Hz")
        for r in results {
            XCTAssertEqual(r.pressure ?? -1, Double(Float(0.3)), accuracy: 1e-7)
            XCTAssertNil(r.tilt)
            let o = try XCTUnwrap(r.orientation)
            XCTAssertTrue(o < 0.25 || o > 2 * Double.pi - 0.25, "orientation \(o) stays near 0 (mod 2π)")
        }
    }

    /// Equally close segments (a pen held still repeats its position) resolve to the later
    /// one, as ink's `<=` does: the projection keeps advancing and the polyline stays short.
    func testClosestPointTiesGoToTheLaterSegment() {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0.1))
        modeler.update(position: v(1, 0), time: 1, state: stylus(pressure: 0.2))
        modeler.update(position: v(1, 0), time: 2, state: stylus(pressure: 0.3))
        modeler.update(position: v(1, 0), time: 3, state: stylus(pressure: 0.4))
        let projected = modeler.project(tip(position: v(2, 0), time: 3), normal: nil)
        XCTAssertEqual(projected.pressure, 0.3, accuracy: 1e-6, "segment 2 (0.3 → 0.4) at ratio 0")
        XCTAssertEqual(modeler.states.count, 2, "the two earlier inputs are discarded")
    }

    /// The windows are preallocated: a long stroke at a steady rate never grows them.
    func testLongStrokeDoesNotGrowTheWindows() throws {
        var modeler = try InkStrokeModeler()
        var results: [InkModeledResult] = []
        results.reserveCapacity(20_100)
        let capacities = (modeler.wobble.samples.capacity, modeler.stylus.states.capacity)
        for i in 0..<20_000 {
            let t = Double(i) / 240
            try modeler.update(InkModelerInput(eventType: i == 0 ? .down : .move, time: t,
                                               position: Point(x: 100 + 50 * cos(t), y: 100 + 50 * sin(t)),
                                               pressure: 0.5), into: &results)
        }
        XCTAssertEqual(modeler.wobble.samples.capacity, capacities.0)
        XCTAssertEqual(modeler.stylus.states.capacity, capacities.1)
        // The polyline keeps the inputs from the tip's projection on: the tip lags ~20 ms, 5 inputs.
        XCTAssertLessThanOrEqual(modeler.stylus.states.count, 8)
    }

    /// Lengths are glibc's `hypotf`, computed in float64 and rounded once to float32;
    /// non-finite components follow hypot's rules (an infinity wins over a NaN).
    func testMagnitudeIsHypotf() {
        XCTAssertEqual(InkMath.magnitude(v(3, 4)), 5)
        XCTAssertEqual(InkMath.magnitude(v(-1e-30, 0)), 1e-30)
        XCTAssertEqual(InkMath.magnitude(v(3e38, 3e38)), .infinity, "overflows only in the final rounding")
        XCTAssertEqual(InkMath.magnitude(v(1e-3, 1e-3)), Float((2e-6 as Double).squareRoot()), accuracy: 1e-9)
        XCTAssertEqual(InkMath.magnitude(v(.infinity, .nan)), .infinity)
        XCTAssertTrue(InkMath.magnitude(v(.nan, 1)).isNaN)
    }

    // MARK: - Parameters

    func testDefaultsAreTheOracleParametersAndInkDefaultsAtFiftyUnitsPerCentimetre() throws {
        let p = InkStrokeModeler.Parameters()
        let scaled = try InkStrokeModeler.Parameters.inkDefaults(unitsPerCentimetre: 50)
        // Equal as the float32 values ink computes with (the scaled ones are float products).
        XCTAssertEqual(Float(scaled.wobble.speedFloor), Float(p.wobble.speedFloor))
        XCTAssertEqual(Float(scaled.wobble.speedCeiling), Float(p.wobble.speedCeiling))
        XCTAssertEqual(Float(scaled.sampling.endOfStrokeStoppingDistance), Float(p.sampling.endOfStrokeStoppingDistance))
        XCTAssertEqual(scaled.position, p.position)
        XCTAssertEqual(scaled.wobble.timeout, p.wobble.timeout)
        XCTAssertEqual(scaled.sampling.minOutputRate, p.sampling.minOutputRate)
        XCTAssertEqual(p.wobble.timeout, 0.04)
        XCTAssertEqual(p.wobble.speedFloor, 65.5)
        XCTAssertEqual(p.wobble.speedCeiling, 72)
        XCTAssertEqual(Float(p.position.springMassConstant), Float(11) / Float(32400))
        XCTAssertEqual(p.position.dragConstant, 72)
        XCTAssertNil(p.position.loopContraction)
        XCTAssertEqual(p.sampling.minOutputRate, 180)
        XCTAssertEqual(Float(p.sampling.endOfStrokeStoppingDistance), Float(0.001) * 50)
        XCTAssertEqual(p.sampling.endOfStrokeMaxIterations, 20)
        XCTAssertEqual(p.sampling.maxOutputsPerCall, 100_000)
        XCTAssertNil(p.sampling.maxEstimatedAngleToTraversePerInput)
        XCTAssertFalse(p.stylus.useStrokeNormalProjection)
        let ink = try InkStrokeModeler.Parameters.inkDefaults(unitsPerCentimetre: 1)
        XCTAssertEqual(Float(ink.wobble.speedFloor), 1.31)
        XCTAssertEqual(Float(ink.wobble.speedCeiling), 1.44)
        XCTAssertEqual(Float(ink.sampling.endOfStrokeStoppingDistance), 0.001)
    }

    func testParametersOutOfDomainAreOneLineErrorsNamingTheParameter() {
        typealias M = InkStrokeModeler
        func expect(_ parameter: String, line: UInt = #line, _ make: () throws -> Void) {
            XCTAssertThrowsError(try make(), line: line) { error in
                let e = error as? InkModelerParameterError
                XCTAssertEqual(e?.parameter, parameter, line: line)
                XCTAssertTrue("\(error)".hasPrefix("ink-modeler: \(parameter) "), "\(error)", line: line)
                XCTAssertFalse("\(error)".contains("\n"), line: line)
            }
        }
        expect("wobble.timeout") { _ = try M.WobbleParameters(timeout: -1) }
        expect("wobble.speedFloor") { _ = try M.WobbleParameters(speedFloor: .nan) }
        expect("wobble.speedCeiling") { _ = try M.WobbleParameters(speedFloor: 10, speedCeiling: 5) }
        expect("wobble.speedCeiling") { _ = try M.WobbleParameters(speedCeiling: 1e39) }
        XCTAssertNoThrow(try M.WobbleParameters(isEnabled: false, timeout: -1), "disabled: not validated, as ink")
        expect("position.springMassConstant") { _ = try M.PositionParameters(springMassConstant: 0) }
        expect("position.dragConstant") { _ = try M.PositionParameters(dragConstant: -72) }
        expect("sampling.minOutputRate") { _ = try M.SamplingParameters(minOutputRate: 0) }
        expect("sampling.endOfStrokeStoppingDistance") { _ = try M.SamplingParameters(endOfStrokeStoppingDistance: 0) }
        expect("sampling.endOfStrokeMaxIterations") { _ = try M.SamplingParameters(endOfStrokeMaxIterations: 1001) }
        expect("sampling.maxOutputsPerCall") { _ = try M.SamplingParameters(maxOutputsPerCall: 0) }
        expect("sampling.maxEstimatedAngleToTraversePerInput") {
            _ = try M.SamplingParameters(maxEstimatedAngleToTraversePerInput: Double.pi)
        }
        expect("loopContraction.speedLowerBound") {
            _ = try M.LoopContractionParameters(speedLowerBound: -1, speedUpperBound: 1, strengthAtSpeedLowerBound: 1,
                                                strengthAtSpeedUpperBound: 0, minSpeedSamplingWindow: 1)
        }
        expect("loopContraction.speedUpperBound") {
            _ = try M.LoopContractionParameters(speedLowerBound: 2, speedUpperBound: 1, strengthAtSpeedLowerBound: 1,
                                                strengthAtSpeedUpperBound: 0, minSpeedSamplingWindow: 1)
        }
        expect("loopContraction.strengthAtSpeedLowerBound") {
            _ = try M.LoopContractionParameters(speedLowerBound: 0, speedUpperBound: 1, strengthAtSpeedLowerBound: 0.2,
                                                strengthAtSpeedUpperBound: 0.5, minSpeedSamplingWindow: 1)
        }
        expect("loopContraction.minSpeedSamplingWindow") {
            _ = try M.LoopContractionParameters(speedLowerBound: 0, speedUpperBound: 1, strengthAtSpeedLowerBound: 1,
                                                strengthAtSpeedUpperBound: 0, minSpeedSamplingWindow: 20_000)
        }
        expect("unitsPerCentimetre") { _ = try M.Parameters.inkDefaults(unitsPerCentimetre: 0) }
        expect("position.loopContraction") {
            let loop = try M.LoopContractionParameters(speedLowerBound: 0, speedUpperBound: 10, strengthAtSpeedLowerBound: 1,
                                                       strengthAtSpeedUpperBound: 0, minSpeedSamplingWindow: 1)
            _ = try M(parameters: M.Parameters(position: try .init(loopContraction: loop)))
        }
    }
}
