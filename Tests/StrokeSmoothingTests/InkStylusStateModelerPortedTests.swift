// Ported from google/ink-stroke-modeler,
// ink_stroke_modeler/internal/stylus_state_modeler_test.cc at commit
// 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78.
//
// Copyright 2022 Google LLC
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//      http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.
//
// Modifications: translated to Swift/XCTest against StrokeLab's InkStylusStateModeler (ink's
// `Result` is InkFloatResult, `res()` its default, the unknown result); numbers and
// tolerances (1e-5, 1e-3 on acceleration) are the peer's. Reset with other parameters is a
// new modeler; Save/Restore are value copies.

import XCTest
@testable import StrokeSmoothing

final class InkStylusStateModelerPortedTests: XCTestCase {
    private let kTol: Float = 1e-5
    private let kAccelTol: Float = 1e-3

    func testProjectEmpty() throws {
        var modeler = InkStylusStateModeler(.init())
        XCTAssertEqual(modeler.project(tip(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res())
        XCTAssertEqual(modeler.project(tip(position: v(-5, 3), velocity: v(0, 0), acceleration: v(0, 0), time: 0.1), normal: v(0, 1)), res())
    }

    func testProjectSingleInput() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0.75, tilt: 0.75, orientation: 0.75))
        assertResultNear(modeler.project(tip(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.75, tilt: 0.75, orientation: 0.75), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0.1), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0.1, pressure: 0.75, tilt: 0.75, orientation: 0.75), kTol, kAccelTol)
    }

    func testProjectSingleInputWithNormalProjection() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler = InkStylusStateModeler(.init(useStrokeNormalProjection: true))
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0.75, tilt: 0.75, orientation: 0.75))
        assertResultNear(modeler.project(tip(position: v(0, 0), velocity: v(0, 0), acceleration: v(1, 1), time: 0), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.75, tilt: 0.75, orientation: 0.75), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(1, 1), velocity: v(0, 0), acceleration: v(1, 1), time: 0.1), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0.1, pressure: 0.75, tilt: 0.75, orientation: 0.75), kTol, kAccelTol)
    }

    func testProjectMultipleInputs() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(0.5, 1.5), time: 0, state: stylus(pressure: 0.3, tilt: 0.8, orientation: 0.1))
        modeler.update(position: v(2, 1.5), time: 0.1, state: stylus(pressure: 0.6, tilt: 0.5, orientation: 0.7))
        modeler.update(position: v(3, 3.5), time: 0.2, state: stylus(pressure: 0.8, tilt: 0.1, orientation: 0.3))
        modeler.update(position: v(3.5, 4), time: 0.3, state: stylus(pressure: 0.2, tilt: 0.2, orientation: 0.2))
        assertResultNear(modeler.project(tip(position: v(0, 2), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(0.5, 1.5), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.3, tilt: 0.8, orientation: 0.1), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(1, 2), velocity: v(0, 0), acceleration: v(0, 0), time: 0.1), normal: v(0, -0.5)), res(position: v(1, 1.5), velocity: v(5, 0), acceleration: v(50, 0), time: 0.1, pressure: 0.4, tilt: 0.7, orientation: 0.3), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(2, 1.5), velocity: v(0, 0), acceleration: v(0, 0), time: 0.1), normal: v(2, 2)), res(position: v(2, 1.5), velocity: v(15, 0), acceleration: v(150, 0), time: 0.1, pressure: 0.6, tilt: 0.5, orientation: 0.7), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(2.5, 1.875), velocity: v(0, 0), acceleration: v(0, 0), time: 0.2), normal: v(-0.25, 0.125)), res(position: v(2.25, 2), velocity: v(13.75, 5), acceleration: v(100, 50), time: 0.2, pressure: 0.65, tilt: 0.4, orientation: 0.6), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(2.5, 3.125), velocity: v(0, 0), acceleration: v(0, 0), time: 0.22), normal: v(0.25, -0.125)), res(position: v(2.75, 3), velocity: v(11.25, 15), acceleration: v(0, 150), time: 0.22, pressure: 0.75, tilt: 0.2, orientation: 0.4), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(2.5, 4), velocity: v(0, 0), acceleration: v(0, 0), time: 0.25), normal: v(0.5, -0.5)), res(position: v(3, 3.5), velocity: v(10, 20), acceleration: v(-50, 200), time: 0.25, pressure: 0.8, tilt: 0.1, orientation: 0.3), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(3, 4), velocity: v(0, 0), acceleration: v(0, 0), time: 0.29), normal: v(0.25, -0.25)), res(position: v(3.25, 3.75), velocity: v(7.5, 12.5), acceleration: v(-50, 25), time: 0.29, pressure: 0.5, tilt: 0.15, orientation: 0.25), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(4, 4), velocity: v(0, 0), acceleration: v(0, 0), time: 0.31), normal: v(0, 1)), res(position: v(3.5, 4), velocity: v(5, 5), acceleration: v(-50, -150), time: 0.31, pressure: 0.2, tilt: 0.2, orientation: 0.2), kTol, kAccelTol)
    }

    func testProjectMultipleInputsWithNormalProjection() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler = InkStylusStateModeler(.init(useStrokeNormalProjection: true))
        modeler.update(position: v(0.5, 1.5), time: 0, state: stylus(pressure: 0.3, tilt: 0.8, orientation: 0.1))
        modeler.update(position: v(2, 1.5), time: 0.1, state: stylus(pressure: 0.6, tilt: 0.5, orientation: 0.7))
        modeler.update(position: v(3, 3.5), time: 0.2, state: stylus(pressure: 0.8, tilt: 0.1, orientation: 0.3))
        modeler.update(position: v(3.5, 4), time: 0.3, state: stylus(pressure: 0.2, tilt: 0.2, orientation: 0.2))
        assertResultNear(modeler.project(tip(position: v(0, 2), velocity: v(0, 0), acceleration: v(0, 1), time: 0), normal: v(0, 1)), res(position: v(0.5, 1.5), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.3, tilt: 0.8, orientation: 0.1), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(1, 2), velocity: v(0, 0), acceleration: v(0, -1), time: 0.1), normal: v(-1, 1)), res(position: v(1.5, 1.5), velocity: v(10, 0), acceleration: v(100, 0), time: 0.1, pressure: 0.5, tilt: 0.6, orientation: 0.5), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(2, 1.5), velocity: v(0, 0), acceleration: v(0, -1), time: 0.1), normal: v(-1, 2)), res(position: v(2, 1.5), velocity: v(15, 0), acceleration: v(150, 0), time: 0.1, pressure: 0.6, tilt: 0.5, orientation: 0.7), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(2.5, 2), velocity: v(0, 0), acceleration: v(0, 2), time: 0.2), normal: v(-3, 0)), res(position: v(2.25, 2), velocity: v(13.75, 5), acceleration: v(100, 50), time: 0.2, pressure: 0.65, tilt: 0.4, orientation: 0.6), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(2.5, 3), velocity: v(0, 0), acceleration: v(0, -1), time: 0.22), normal: v(-0.5, 0)), res(position: v(2.75, 3), velocity: v(11.25, 15), acceleration: v(0, 150), time: 0.22, pressure: 0.75, tilt: 0.2, orientation: 0.4), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(3.25, 4), velocity: v(0, 0), acceleration: v(0, -2), time: 0.29), normal: v(0, 0.1)), res(position: v(3.25, 3.75), velocity: v(7.5, 12.5), acceleration: v(-50, 25), time: 0.29, pressure: 0.5, tilt: 0.15, orientation: 0.25), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(3.5, 5), velocity: v(0, 0), acceleration: v(0, -0.5), time: 0.31), normal: v(0, 1)), res(position: v(3.5, 4), velocity: v(5, 5), acceleration: v(-50, -150), time: 0.31, pressure: 0.2, tilt: 0.2, orientation: 0.2), kTol, kAccelTol)
    }

    func testStrokeNormalProjectionChoosesClosestIntersectionOnSameSide() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler = InkStylusStateModeler(.init(useStrokeNormalProjection: true))
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0, tilt: 0, orientation: 0))
        modeler.update(position: v(0, 4), time: 0.1, state: stylus(pressure: 0.2, tilt: 0.2, orientation: 0.2))
        modeler.update(position: v(2, 4), time: 0.2, state: stylus(pressure: 0.4, tilt: 0.4, orientation: 0.4))
        modeler.update(position: v(2, 0), time: 0.3, state: stylus(pressure: 0.6, tilt: 0.6, orientation: 0.6))
        assertResultNear(modeler.project(tip(position: v(-1, 2), velocity: v(0, 0), acceleration: v(0, -0.5), time: 0.15), normal: v(1, 0)), res(position: v(0, 2), velocity: v(0, 20), acceleration: v(0, 200), time: 0.15, pressure: 0.1, tilt: 0.1, orientation: 0.1), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(3, 2), velocity: v(0, 0), acceleration: v(0, -0.5), time: 0.15), normal: v(1, 0)), res(position: v(2, 2), velocity: v(10, -20), acceleration: v(0, -400), time: 0.15, pressure: 0.5, tilt: 0.5, orientation: 0.5), kTol, kAccelTol)
    }

    func testStrokeNormalProjectionPrefersIntesectionOnCurveOutside() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler = InkStylusStateModeler(.init(useStrokeNormalProjection: true))
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0, tilt: 0, orientation: 0))
        modeler.update(position: v(0, 4), time: 0.1, state: stylus(pressure: 0.2, tilt: 0.2, orientation: 0.2))
        modeler.update(position: v(2, 4), time: 0.2, state: stylus(pressure: 0.4, tilt: 0.4, orientation: 0.4))
        modeler.update(position: v(2, 0), time: 0.3, state: stylus(pressure: 0.6, tilt: 0.6, orientation: 0.6))
        assertResultNear(modeler.project(tip(position: v(1, 2), velocity: v(0, 0), acceleration: v(1, -1), time: 0.15), normal: v(1, 0)), res(position: v(0, 2), velocity: v(0, 20), acceleration: v(0, 200), time: 0.15, pressure: 0.1, tilt: 0.1, orientation: 0.1), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(1, 2), velocity: v(0, 0), acceleration: v(-1, -1), time: 0.15), normal: v(1, 0)), res(position: v(2, 2), velocity: v(10, -20), acceleration: v(0, -400), time: 0.15, pressure: 0.5, tilt: 0.5, orientation: 0.5), kTol, kAccelTol)
    }

    func testStrokeNormalProjectionAvoidsBacktracking() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler = InkStylusStateModeler(.init(useStrokeNormalProjection: true))
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0, tilt: 0, orientation: 0))
        modeler.update(position: v(0, 4), time: 0.1, state: stylus(pressure: 0.2, tilt: 0.2, orientation: 0.2))
        modeler.update(position: v(2, 4), time: 0.2, state: stylus(pressure: 0.4, tilt: 0.4, orientation: 0.4))
        modeler.update(position: v(2, 0), time: 0.3, state: stylus(pressure: 0.6, tilt: 0.6, orientation: 0.6))
        assertResultNear(modeler.project(tip(position: v(3, 2), velocity: v(0, 0), acceleration: v(0, -0.5), time: 0.15), normal: v(1, 0)), res(position: v(2, 2), velocity: v(10, -20), acceleration: v(0, -400), time: 0.15, pressure: 0.5, tilt: 0.5, orientation: 0.5), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(1, 2), velocity: v(0, 0), acceleration: v(1, -1), time: 0.15), normal: v(1, 0)), res(position: v(2, 2), velocity: v(10, -20), acceleration: v(0, -400), time: 0.15, pressure: 0.5, tilt: 0.5, orientation: 0.5), kTol, kAccelTol)
    }

    func testStrokeNormalProjectionAvoidsBacktrackingSameSegment() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler = InkStylusStateModeler(.init(useStrokeNormalProjection: true))
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0, tilt: 0, orientation: 0))
        modeler.update(position: v(0, 4), time: 0.1, state: stylus(pressure: 0.2, tilt: 0.2, orientation: 0.2))
        modeler.update(position: v(2, 4), time: 0.2, state: stylus(pressure: 0.4, tilt: 0.4, orientation: 0.4))
        modeler.update(position: v(2, 0), time: 0.3, state: stylus(pressure: 0.6, tilt: 0.6, orientation: 0.6))
        assertResultNear(modeler.project(tip(position: v(3, 2), velocity: v(0, 0), acceleration: v(0, -0.5), time: 0.15), normal: v(1, 0)), res(position: v(2, 2), velocity: v(10, -20), acceleration: v(0, -400), time: 0.15, pressure: 0.5, tilt: 0.5, orientation: 0.5), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(3, 3), velocity: v(0, 0), acceleration: v(1, -1), time: 0.15), normal: v(1, 0)), res(position: v(2, 2), velocity: v(10, -20), acceleration: v(0, -400), time: 0.15, pressure: 0.5, tilt: 0.5, orientation: 0.5), kTol, kAccelTol)
    }

    func testStrokeNormalProjectionPrefersDirectIntersection() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler = InkStylusStateModeler(.init(useStrokeNormalProjection: true))
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0, tilt: 0, orientation: 0))
        modeler.update(position: v(0, 4), time: 0.1, state: stylus(pressure: 0.2, tilt: 0.2, orientation: 0.2))
        modeler.update(position: v(2, 4), time: 0.2, state: stylus(pressure: 0.4, tilt: 0.4, orientation: 0.4))
        modeler.update(position: v(2, 0), time: 0.3, state: stylus(pressure: 0.6, tilt: 0.6, orientation: 0.6))
        XCTAssertEqual(modeler.project(tip(position: v(0, 2), velocity: v(0, 0), acceleration: v(-0.5, 0), time: 0.15), normal: v(-1, 0)).pressure, 0.1, accuracy: kTol)
    }

    func testStrokeNormalProjectionCanFindLaterProjectionOnSameSegment() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler = InkStylusStateModeler(.init(useStrokeNormalProjection: true))
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0, tilt: 0, orientation: 0))
        modeler.update(position: v(1, 0), time: 0.1, state: stylus(pressure: 0.2, tilt: 0.2, orientation: 0.2))
        assertVec2Near(modeler.project(tip(position: v(0, 1)), normal: v(0, 1)).position, v(0, 0), kTol)
        assertVec2Near(modeler.project(tip(position: v(1, 1)), normal: v(0, 1)).position, v(1, 0), kTol)
    }

    func testProjectCyclicOrientationInterpolation() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0, tilt: 0, orientation: Float(1.8 * Double.pi)))
        modeler.update(position: v(0, 1), time: 1, state: stylus(pressure: 0, tilt: 0, orientation: Float(0.2 * Double.pi)))
        modeler.update(position: v(0, 2), time: 2, state: stylus(pressure: 0, tilt: 0, orientation: Float(1.6 * Double.pi)))
        XCTAssertEqual(Double(modeler.project(tip(position: v(0, 0.25), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(1, 0)).orientation), 1.9 * Double.pi, accuracy: Double(kTol))
        XCTAssertEqual(Double(modeler.project(tip(position: v(0, 0.75), velocity: v(0, 0), acceleration: v(0, 0), time: 1), normal: v(1, 0)).orientation), 0.1 * Double.pi, accuracy: Double(kTol))
        XCTAssertEqual(Double(modeler.project(tip(position: v(0, 1.25), velocity: v(0, 0), acceleration: v(0, 0), time: 1.5), normal: v(1, 0)).orientation), 0.05 * Double.pi, accuracy: Double(kTol))
        XCTAssertEqual(Double(modeler.project(tip(position: v(0, 1.75), velocity: v(0, 0), acceleration: v(0, 0), time: 2), normal: v(1, 0)).orientation), 1.75 * Double.pi, accuracy: Double(kTol))
    }

    func testProjectAndReset() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(4, 5), time: 0, state: stylus(pressure: 0.4, tilt: 0.9, orientation: 0.1))
        modeler.update(position: v(7, 8), time: 1, state: stylus(pressure: 0.1, tilt: 0.2, orientation: 0.5))
        assertResultNear(modeler.project(tip(position: v(10, 12), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0.5, -0.5)), res(position: v(7, 8), velocity: v(3, 3), acceleration: v(3, 3), time: 0, pressure: 0.1, tilt: 0.2, orientation: 0.5), kTol, kAccelTol)
        modeler.reset()
        XCTAssertEqual(modeler.project(tip(position: v(10, 12), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0.5, -0.5)), res())
        modeler.update(position: v(-1, 4), time: 2, state: stylus(pressure: 0.4, tilt: 0.6, orientation: 0.8))
        assertResultNear(modeler.project(tip(position: v(6, 7), velocity: v(0, 0), acceleration: v(0, 0), time: 2), normal: v(-7, -3)), res(position: v(-1, 4), velocity: v(0, 0), acceleration: v(0, 0), time: 2, pressure: 0.4, tilt: 0.6, orientation: 0.8), kTol, kAccelTol)
        modeler.update(position: v(-3, 0), time: 3, state: stylus(pressure: 0.7, tilt: 0.2, orientation: 0.5))
        assertResultNear(modeler.project(tip(position: v(-2, 2), velocity: v(0, 0), acceleration: v(0, 0), time: 2.5), normal: v(0, 1)), res(position: v(-2, 2), velocity: v(-1, -2), acceleration: v(-1, -2), time: 2.5, pressure: 0.55, tilt: 0.4, orientation: 0.65), kTol, kAccelTol)
        assertResultNear(modeler.project(tip(position: v(0, 5), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(-0.4, 0.2)), res(position: v(-2, 2), velocity: v(-1, -2), acceleration: v(-1, -2), time: 0, pressure: 0.55, tilt: 0.4, orientation: 0.65), kTol, kAccelTol)
    }

    func testUpdateWithUnknownState() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(1, 2), time: 0, state: stylus(pressure: 0.1, tilt: 0.2, orientation: 0.3))
        modeler.update(position: v(2, 3), time: 1, state: stylus(pressure: 0.3, tilt: 0.4, orientation: 0.5))
        assertResultNear(modeler.project(tip(position: v(2, 2), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(-0.5, 0.5)), res(position: v(1.5, 2.5), velocity: v(0.5, 0.5), acceleration: v(0.5, 0.5), time: 0, pressure: 0.2, tilt: 0.3, orientation: 0.4), kTol, kAccelTol)
        modeler.update(position: v(5, 5), time: 2, state: stylus())
        XCTAssertEqual(modeler.project(tip(position: v(5, 5), velocity: v(0, 0), acceleration: v(0, 0), time: 1), normal: v(-0.5, 0.5)), res())
        modeler.update(position: v(2, 3), time: 3, state: stylus(pressure: 0.3, tilt: 0.4, orientation: 0.5))
        XCTAssertEqual(modeler.project(tip(position: v(1, 2), velocity: v(0, 0), acceleration: v(0, 0), time: 2), normal: v(-0.5, 0.5)), res())
        modeler.update(position: v(-1, 3), time: 4, state: stylus())
        XCTAssertEqual(modeler.project(tip(position: v(7, 9), velocity: v(0, 0), acceleration: v(0, 0), time: 3), normal: v(-0.5, 0.5)), res())
        modeler.reset()
        modeler.update(position: v(3, 3), time: 5, state: stylus(pressure: 0.7, tilt: 0.6, orientation: 0.5))
        assertResultNear(modeler.project(tip(position: v(3, 3), velocity: v(0, 0), acceleration: v(0, 0), time: 0.2), normal: v(-0.5, 0.5)), res(position: v(3, 3), velocity: v(0, 0), acceleration: v(0, 0), time: 0.2, pressure: 0.7, tilt: 0.6, orientation: 0.5), kTol, kAccelTol)
    }

    func testStrokeNormalIgnored() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(4, 5), time: 0, state: stylus(pressure: 0.4, tilt: 0.9, orientation: 0.1))
        modeler.update(position: v(7, 8), time: 1, state: stylus(pressure: 0.1, tilt: 0.2, orientation: 0.5))
        let first = modeler.project(tip(position: v(5, 7), velocity: v(0, 0), acceleration: v(0, 0), time: 0.2), normal: v(0.5, -0.5))
        assertResultNear(first, modeler.project(tip(position: v(5, 7), velocity: v(0, 0), acceleration: v(0, 0), time: 0.2), normal: v(0, 1)), kTol, kAccelTol)
    }

    func testModelPressureOnly() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0.5, tilt: -2, orientation: -0.1))
        assertResultNear(modeler.project(tip(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.5, tilt: -1, orientation: -1), kTol, kAccelTol)
        modeler.update(position: v(2, 0), time: 1, state: stylus(pressure: 0.7, tilt: -2, orientation: -0.1))
        assertResultNear(modeler.project(tip(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 1), normal: v(0, -1)), res(position: v(1, 0), velocity: v(1, 0), acceleration: v(1, 0), time: 1, pressure: 0.6, tilt: -1, orientation: -1), kTol, kAccelTol)
    }

    func testModelTiltOnly() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: -2, tilt: 0.5, orientation: -0.1))
        assertResultNear(modeler.project(tip(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: -1, tilt: 0.5, orientation: -1), kTol, kAccelTol)
        modeler.update(position: v(2, 0), time: 1, state: stylus(pressure: -2, tilt: 0.3, orientation: -0.1))
        assertResultNear(modeler.project(tip(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 1), normal: v(0, -1)), res(position: v(1, 0), velocity: v(1, 0), acceleration: v(1, 0), time: 1, pressure: -1, tilt: 0.4, orientation: -1), kTol, kAccelTol)
    }

    func testModelOrientationOnly() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: -2, tilt: -0.1, orientation: 1))
        assertResultNear(modeler.project(tip(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: -1, tilt: -1, orientation: 1), kTol, kAccelTol)
        modeler.update(position: v(2, 0), time: 1, state: stylus(pressure: -2, tilt: -0.3, orientation: 2))
        assertResultNear(modeler.project(tip(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 1), normal: v(0, -1)), res(position: v(1, 0), velocity: v(1, 0), acceleration: v(1, 0), time: 1, pressure: -1, tilt: -1, orientation: 1.5), kTol, kAccelTol)
    }

    func testDropFieldsOneByOne() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(0, 0), time: 0, state: stylus(pressure: 0.5, tilt: 0.5, orientation: 0.5))
        assertResultNear(modeler.project(tip(position: v(1, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.5, tilt: 0.5, orientation: 0.5), kTol, kAccelTol)
        modeler.update(position: v(2, 0), time: 1, state: stylus(pressure: 0.3, tilt: 0.7, orientation: -1))
        assertResultNear(modeler.project(tip(position: v(1, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 1), normal: v(0, 1)), res(position: v(1, 0), velocity: v(1, 0), acceleration: v(1, 0), time: 1, pressure: 0.4, tilt: 0.6, orientation: -1), kTol, kAccelTol)
        modeler.update(position: v(4, 0), time: 2, state: stylus(pressure: 0.1, tilt: -1, orientation: 1))
        assertResultNear(modeler.project(tip(position: v(3, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 2), normal: v(0, 1)), res(position: v(3, 0), velocity: v(2, 0), acceleration: v(1, 0), time: 2, pressure: 0.2, tilt: -1, orientation: -1), kTol, kAccelTol)
        modeler.update(position: v(6, 0), time: 3, state: stylus(pressure: -1, tilt: 0.2, orientation: 0))
        assertResultNear(modeler.project(tip(position: v(5, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 3), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: -1, tilt: -1, orientation: -1), kTol, kAccelTol)
        modeler.update(position: v(8, 0), time: 4, state: stylus(pressure: 0.3, tilt: 0.4, orientation: 0.5))
        assertResultNear(modeler.project(tip(position: v(7, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 4), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: -1, tilt: -1, orientation: -1), kTol, kAccelTol)
        modeler.reset()
        assertResultNear(modeler.project(tip(position: v(1, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(), kTol, kAccelTol)
        modeler.update(position: v(0, 0), time: 5, state: stylus(pressure: 0.1, tilt: 0.8, orientation: 0.3))
        assertResultNear(modeler.project(tip(position: v(1, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 5), normal: v(0, 1)), res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 5, pressure: 0.1, tilt: 0.8, orientation: 0.3), kTol, kAccelTol)
    }

    func testSaveAndRestore() throws {
        var modeler = InkStylusStateModeler(.init())
        modeler.update(position: v(1, 1), time: 0, state: stylus(pressure: 0.6, tilt: 0.5, orientation: 0.4))
        modeler.update(position: v(-1, 2), time: 1, state: stylus(pressure: 0.3, tilt: 0.7, orientation: 0.6))
        modeler.update(position: v(-4, 0), time: 2, state: stylus(pressure: 0.9, tilt: 0.7, orientation: 0.3))
        modeler.update(position: v(-6, -3), time: 3, state: stylus(pressure: 0.4, tilt: 0.3, orientation: 0.5))
        modeler.update(position: v(-5, -5), time: 4, state: stylus(pressure: 0.3, tilt: 0.3, orientation: 0.1))
        modeler.update(position: v(-3, -4), time: 5, state: stylus(pressure: 0.6, tilt: 0.8, orientation: 0.3))
        modeler.update(position: v(-6, -7), time: 6, state: stylus(pressure: 0.9, tilt: 0.8, orientation: 0.1))
        modeler.update(position: v(-9, -8), time: 7, state: stylus(pressure: 0.8, tilt: 0.2, orientation: 0.2))
        modeler.update(position: v(-11, -5), time: 8, state: stylus(pressure: 0.2, tilt: 0.4, orientation: 0.7))
        modeler.update(position: v(-10, -2), time: 9, state: stylus(pressure: 0.7, tilt: 0.3, orientation: 0.2))
        assertResultNear(modeler.project(tip(position: v(2, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.6, tilt: 0.5, orientation: 0.4), kTol, kAccelTol)
        // (ink: Restore without a save has no effect)
        assertResultNear(modeler.project(tip(position: v(2, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.6, tilt: 0.5, orientation: 0.4), kTol, kAccelTol)
        var saved: InkStylusStateModeler? = modeler
        modeler.update(position: v(-8, 0), time: 10, state: stylus(pressure: 0.6, tilt: 0.8, orientation: 0.9))
        modeler.update(position: v(-8, 0), time: 11, state: stylus(pressure: 0.6, tilt: 0.8, orientation: 0.9))
        assertResultNear(modeler.project(tip(position: v(2, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.6, tilt: 0.5, orientation: 0.4), kTol, kAccelTol)
        if let saved { modeler = saved }
        assertResultNear(modeler.project(tip(position: v(2, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.6, tilt: 0.5, orientation: 0.4), kTol, kAccelTol)
        modeler.update(position: v(-8, 0), time: 12, state: stylus(pressure: 0.6, tilt: 0.8, orientation: 0.9))
        modeler.update(position: v(-8, 0), time: 13, state: stylus(pressure: 0.6, tilt: 0.8, orientation: 0.9))
        assertResultNear(modeler.project(tip(position: v(2, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.6, tilt: 0.5, orientation: 0.4), kTol, kAccelTol)
        if let saved { modeler = saved }
        assertResultNear(modeler.project(tip(position: v(2, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(1, 1), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.6, tilt: 0.5, orientation: 0.4), kTol, kAccelTol)
        modeler.reset()
        saved = nil  // ink: Reset clears the save point
        modeler.update(position: v(-1, 4), time: 14, state: stylus(pressure: 0.4, tilt: 0.6, orientation: 0.8))
        assertResultNear(modeler.project(tip(position: v(6, 7), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(-1, 4), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.4, tilt: 0.6, orientation: 0.8), kTol, kAccelTol)
        if let saved { modeler = saved }
        assertResultNear(modeler.project(tip(position: v(6, 7), velocity: v(0, 0), acceleration: v(0, 0), time: 0), normal: v(0, 1)), res(position: v(-1, 4), velocity: v(0, 0), acceleration: v(0, 0), time: 0, pressure: 0.4, tilt: 0.6, orientation: 0.8), kTol, kAccelTol)
    }

}
