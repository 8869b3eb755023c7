import StrokeCore
import XCTest
@testable import StrokeSmoothing

// Helpers for the tests ported from google/ink-stroke-modeler (Apache-2.0, © 2022–2024
// Google LLC): they let the ported tests keep the peer's numbers and structure — its
// designated initialisers become `tip(…)`/`res(…)`, its `StrokeModeler` driving code an
// `InkPortHarness`, its matchers (`Vec2Near`, `TipStateNear`, `ResultNear`) the assertions
// below with the same tolerances.

/// A float32 vector (ink's `Vec2`).
func v(_ x: Float, _ y: Float) -> InkVec2 { InkVec2(x, y) }

/// ink's `TipState{…}` with its defaults.
func tip(position: InkVec2 = .zero, velocity: InkVec2 = .zero, acceleration: InkVec2 = .zero,
         time: Double = 0) -> InkTipState {
    InkTipState(position: position, velocity: velocity, acceleration: acceleration, time: time)
}

/// ink's `Result{…}` with its defaults (stylus fields −1 = unknown).
func res(position: InkVec2 = .zero, velocity: InkVec2 = .zero, acceleration: InkVec2 = .zero, time: Double = 0,
         pressure: Float = -1, tilt: Float = -1, orientation: Float = -1) -> InkFloatResult {
    InkFloatResult(position: position, velocity: velocity, acceleration: acceleration, time: time,
                   pressure: pressure, tilt: tilt, orientation: orientation)
}

/// ink's `StylusState{…}`.
func stylus(pressure: Float = -1, tilt: Float = -1, orientation: Float = -1) -> InkStylusState {
    InkStylusState(pressure: pressure, tilt: tilt, orientation: orientation)
}

/// gtest's `FloatEq`: within 4 ulps.
func assertFloatEq(_ a: Float, _ b: Float, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    let ok = a == b || (a.sign == b.sign && abs(Int64(a.bitPattern) - Int64(b.bitPattern)) <= 4)
    XCTAssertTrue(ok, "\(a) ≠ \(b) (4 ulps) \(message)", file: file, line: line)
}

/// ink's `Vec2Eq`.
func assertVec2Eq(_ a: InkVec2, _ b: InkVec2, file: StaticString = #filePath, line: UInt = #line) {
    assertFloatEq(a.x, b.x, "x", file: file, line: line)
    assertFloatEq(a.y, b.y, "y", file: file, line: line)
}

/// ink's `Vec2Near`.
func assertVec2Near(_ a: InkVec2, _ b: InkVec2, _ tolerance: Float, _ what: String = "",
                    file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.x, b.x, accuracy: tolerance, "\(what).x", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: tolerance, "\(what).y", file: file, line: line)
}

/// ink's `TipStateNear`: every field within `tolerance` (acceleration within
/// `accelerationTolerance` when given).
func assertTipStateNear(_ a: InkTipState, _ b: InkTipState, _ tolerance: Float, accelerationTolerance: Float? = nil,
                        file: StaticString = #filePath, line: UInt = #line) {
    assertVec2Near(a.position, b.position, tolerance, "position", file: file, line: line)
    assertVec2Near(a.velocity, b.velocity, tolerance, "velocity", file: file, line: line)
    assertVec2Near(a.acceleration, b.acceleration, accelerationTolerance ?? tolerance, "acceleration",
                   file: file, line: line)
    XCTAssertEqual(a.time, b.time, accuracy: Double(tolerance), "time", file: file, line: line)
}

/// `ElementsAre(TipStateNear(…), …)`.
func assertTipStatesNear(_ a: [InkTipState], _ b: [InkTipState], _ tolerance: Float, accelerationTolerance: Float? = nil,
                         file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, "number of tip states", file: file, line: line)
    for (x, y) in zip(a, b) {
        assertTipStateNear(x, y, tolerance, accelerationTolerance: accelerationTolerance, file: file, line: line)
    }
}

/// ink's `ResultNear`: position, velocity, time and stylus fields within `tolerance`,
/// acceleration within `accelerationTolerance`.
func assertResultNear(_ a: InkFloatResult, _ b: InkFloatResult, _ tolerance: Float, _ accelerationTolerance: Float,
                      file: StaticString = #filePath, line: UInt = #line) {
    assertVec2Near(a.position, b.position, tolerance, "position", file: file, line: line)
    assertVec2Near(a.velocity, b.velocity, tolerance, "velocity", file: file, line: line)
    assertVec2Near(a.acceleration, b.acceleration, accelerationTolerance, "acceleration", file: file, line: line)
    XCTAssertEqual(a.time, b.time, accuracy: Double(tolerance), "time", file: file, line: line)
    XCTAssertEqual(a.pressure, b.pressure, accuracy: tolerance, "pressure", file: file, line: line)
    XCTAssertEqual(a.tilt, b.tilt, accuracy: tolerance, "tilt", file: file, line: line)
    XCTAssertEqual(a.orientation, b.orientation, accuracy: tolerance, "orientation", file: file, line: line)
}

extension InkModeledResult {
    /// Back to ink's form (exact: the fields are widened float32), `nil` → −1.
    var float: InkFloatResult {
        InkFloatResult(position: InkVec2(Float(position.x), Float(position.y)),
                       velocity: InkVec2(Float(velocity.dx), Float(velocity.dy)),
                       acceleration: InkVec2(Float(acceleration.dx), Float(acceleration.dy)),
                       time: time, pressure: pressure.map(Float.init) ?? -1, tilt: tilt.map(Float.init) ?? -1,
                       orientation: orientation.map(Float.init) ?? -1)
    }
}

/// ink's `kDefaultParams` of `stroke_modeler_test.cc` (cm, s: S = 1), as mutable fields the
/// ported tests change the way the C++ tests change `StrokeModelParams`.
struct InkPortParameters {
    var wobbleEnabled = true
    var minOutputRate = 180.0
    var useStrokeNormalProjection = false
    var loopContraction: InkStrokeModeler.LoopContractionParameters?

    func parameters() throws -> InkStrokeModeler.Parameters {
        let base = try InkStrokeModeler.Parameters.inkDefaults(unitsPerCentimetre: 1)
        return InkStrokeModeler.Parameters(
            wobble: try .init(isEnabled: wobbleEnabled, timeout: base.wobble.timeout, speedFloor: base.wobble.speedFloor,
                              speedCeiling: base.wobble.speedCeiling),
            position: try .init(loopContraction: loopContraction),
            sampling: try .init(minOutputRate: minOutputRate,
                                endOfStrokeStoppingDistance: base.sampling.endOfStrokeStoppingDistance),
            stylus: .init(useStrokeNormalProjection: useStrokeNormalProjection))
    }
}

/// ink's `absl::StatusCode`s the ported tests check.
enum InkStatusCode {
    case kInvalidArgument, kFailedPrecondition

    init(_ error: InkModelerError) {
        switch error {
        case .noStrokeInProgress, .strokeAlreadyInProgress: self = .kFailedPrecondition
        case .nonFiniteInput, .invalidStylusValue, .duplicateInput, .timeWentBackwards, .tooManyOutputs, .nonFiniteState:
            self = .kInvalidArgument
        }
    }
}

/// Drives an ``InkStrokeModeler`` the way ink's `StrokeModeler` tests drive theirs:
/// `update` appends to `results`, `predict` replaces them (ink's `Predict` clears its
/// output), `save`/`restore` keep a copy of the modeler (a copy is a saved state), and a
/// reset forgets the saved copy (ink's `Reset` deactivates the save).
struct InkPortHarness {
    var modeler: InkStrokeModeler?
    var results: [InkModeledResult] = []
    private var saved: InkStrokeModeler?

    /// ink's `Reset(params)`.
    mutating func reset(_ parameters: InkPortParameters) throws {
        modeler = try InkStrokeModeler(parameters: parameters.parameters())
        saved = nil
    }

    /// ink's `Reset()`: abandons the stroke, keeps the parameters.
    mutating func resetStroke() {
        modeler?.reset()
        saved = nil
    }

    mutating func update(_ type: InkModelerInput.EventType, position: InkVec2 = .zero, time: Double,
                         pressure: Float = -1, tilt: Float = -1, orientation: Float = -1) throws {
        try modeler!.update(Self.input(type, position, time, pressure, tilt, orientation), into: &results)
    }

    /// `EXPECT_EQ(Update(…).code(), code)` (and nothing appended).
    mutating func expectRejected(_ code: InkStatusCode, _ type: InkModelerInput.EventType, position: InkVec2 = .zero,
                                 time: Double, pressure: Float = -1, tilt: Float = -1, orientation: Float = -1,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let before = results.count
        do {
            try modeler!.update(Self.input(type, position, time, pressure, tilt, orientation), into: &results)
            XCTFail("expected \(code), got success", file: file, line: line)
        } catch {
            XCTAssertEqual(InkStatusCode(error), code, "\(error)", file: file, line: line)
            XCTAssertFalse(error.description.contains("\n"), "one-line message", file: file, line: line)
        }
        XCTAssertEqual(results.count, before, "nothing appended on error", file: file, line: line)
    }

    /// `ASSERT_TRUE(Predict(results).ok())`: a stroke is in progress; results replaced.
    mutating func predict(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(modeler!.isStrokeInProgress, "ink's Predict succeeds only during a stroke", file: file, line: line)
        results.removeAll()
        modeler!.predictStrokeEnd(into: &results)
    }

    /// `EXPECT_EQ(Predict(results).code(), kFailedPrecondition)`: no stroke, nothing predicted.
    func expectNoStrokeToPredict(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(modeler!.isStrokeInProgress, file: file, line: line)
        var predicted: [InkModeledResult] = []
        modeler!.predictStrokeEnd(into: &predicted)
        XCTAssertTrue(predicted.isEmpty, file: file, line: line)
    }

    mutating func save() { saved = modeler }

    mutating func restore() {
        if let saved { modeler = saved }
    }

    /// `EXPECT_THAT(results, ElementsAre(ResultNear(…, kTol = 1e-4, kAccelTol = 1e-3), …))`.
    func expect(_ expected: [InkFloatResult], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(results.count, expected.count, "number of results", file: file, line: line)
        for (a, b) in zip(results, expected) { assertResultNear(a.float, b, 1e-4, 1e-3, file: file, line: line) }
    }

    func expectNotEmpty(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(results.isEmpty, file: file, line: line)
    }

    private static func input(_ type: InkModelerInput.EventType, _ position: InkVec2, _ time: Double, _ pressure: Float,
                              _ tilt: Float, _ orientation: Float) -> InkModelerInput {
        InkModelerInput(eventType: type, time: time, position: Point(x: Double(position.x), y: Double(position.y)),
                        pressure: pressure < 0 ? nil : Double(pressure), tilt: tilt < 0 ? nil : Double(tilt),
                        orientation: orientation < 0 ? nil : Double(orientation))
    }
}
