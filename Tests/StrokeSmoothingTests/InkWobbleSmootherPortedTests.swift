// Ported from google/ink-stroke-modeler, ink_stroke_modeler/internal/wobble_smoother_test.cc
// at commit 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78.
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
// Modifications: translated to Swift/XCTest against StrokeLab's InkWobbleSmoother; numbers
// and tolerances (1e-4; Vec2Eq = 4 float ulps) are the peer's, in cm and s. Save/Restore
// are value copies (ink's "Reset clears the save point" has no counterpart: the caller owns
// the copy).

import XCTest
@testable import StrokeSmoothing

final class InkWobbleSmootherPortedTests: XCTestCase {
    private let kDefaultTol: Float = 0.0001

    private func smoother(timeout: Double = 0.04, floor: Double = 1.31, ceiling: Double = 1.44,
                          enabled: Bool = true, at position: InkVec2, _ time: Double) throws -> InkWobbleSmoother {
        var s = InkWobbleSmoother(try .init(isEnabled: enabled, timeout: timeout, speedFloor: floor, speedCeiling: ceiling))
        s.reset(position: position, time: time)
        return s
    }

    func testSlowStraightLine() throws {
        // 1 cm/s, below the floor of 1.31 cm/s.
        var filter = try smoother(at: v(3, 4), 1)
        assertVec2Eq(filter.update(position: v(3.016, 4), time: 1.016), v(3.016, 4))
        assertVec2Near(filter.update(position: v(3.032, 4), time: 1.032), v(3.024, 4), kDefaultTol)
        assertVec2Near(filter.update(position: v(3.048, 4), time: 1.048), v(3.032, 4), kDefaultTol)
        assertVec2Near(filter.update(position: v(3.064, 4), time: 1.064), v(3.048, 4), kDefaultTol)
    }

    func testSlowStraightLineEqualFloorAndCeiling() throws {
        var filter = try smoother(floor: 1.31, ceiling: 1.31, at: v(3, 4), 1)
        assertVec2Eq(filter.update(position: v(3.016, 4), time: 1.016), v(3.016, 4))
        assertVec2Near(filter.update(position: v(3.032, 4), time: 1.032), v(3.024, 4), kDefaultTol)
        assertVec2Near(filter.update(position: v(3.048, 4), time: 1.048), v(3.032, 4), kDefaultTol)
        assertVec2Near(filter.update(position: v(3.064, 4), time: 1.064), v(3.048, 4), kDefaultTol)
    }

    func testFastStraightLine() throws {
        // 1.5 cm/s, above the ceiling of 1.44 cm/s.
        var filter = try smoother(at: v(-1, 0), 0)
        assertVec2Eq(filter.update(position: v(-1, 0.024), time: 0.016), v(-1, 0.024))
        assertVec2Eq(filter.update(position: v(-1, 0.048), time: 0.032), v(-1, 0.048))
        assertVec2Eq(filter.update(position: v(-1, 0.072), time: 0.048), v(-1, 0.072))
    }

    func testFastStraightLineEqualFloorAndCeiling() throws {
        var filter = try smoother(floor: 1.41, ceiling: 1.41, at: v(-1, 0), 0)
        assertVec2Eq(filter.update(position: v(-1, 0.024), time: 0.016), v(-1, 0.024))
        assertVec2Eq(filter.update(position: v(-1, 0.048), time: 0.032), v(-1, 0.048))
        assertVec2Eq(filter.update(position: v(-1, 0.072), time: 0.048), v(-1, 0.072))
    }

    func testSlowZigZag() throws {
        var filter = try smoother(at: v(1, 2), 5)
        assertVec2Eq(filter.update(position: v(1.016, 2), time: 5.016), v(1.016, 2))
        assertVec2Near(filter.update(position: v(1.016, 2.016), time: 5.032), v(1.016, 2.008), kDefaultTol)
        assertVec2Near(filter.update(position: v(1.032, 2.016), time: 5.048), v(1.02133, 2.01067), kDefaultTol)
        assertVec2Near(filter.update(position: v(1.032, 2.032), time: 5.064), v(1.0266667, 2.0213333), kDefaultTol)
        assertVec2Near(filter.update(position: v(1.048, 2.032), time: 5.080), v(1.0373333, 2.0266667), kDefaultTol)
        assertVec2Near(filter.update(position: v(1.048, 2.048), time: 5.096), v(1.0426667, 2.0373333), kDefaultTol)
    }

    func testFastZigZag() throws {
        var filter = try smoother(at: v(7, 3), 8)
        assertVec2Eq(filter.update(position: v(7, 3.024), time: 8.016), v(7, 3.024))
        assertVec2Eq(filter.update(position: v(7.024, 3.024), time: 8.032), v(7.024, 3.024))
        assertVec2Eq(filter.update(position: v(7.024, 3.048), time: 8.048), v(7.024, 3.048))
        assertVec2Eq(filter.update(position: v(7.048, 3.048), time: 8.064), v(7.048, 3.048))
    }

    func testNoOpIfNotEnabled() throws {
        var smoother = try smoother(timeout: 10, floor: 1, ceiling: 5, enabled: false, at: v(0, 0), 0)
        assertVec2Eq(smoother.update(position: v(0.1, 0), time: 1), v(0.1, 0))
        assertVec2Eq(smoother.update(position: v(0.2, 0), time: 2), v(0.2, 0))
        assertVec2Eq(smoother.update(position: v(0.3, 0), time: 3), v(0.3, 0))
        assertVec2Eq(smoother.update(position: v(0.4, 0), time: 4), v(0.4, 0))
    }

    func testSaveAndRestore() throws {
        var filter = try smoother(at: v(1, 2), 5)
        // Below the floor of 1.31 cm/s, so the weighted average is used.
        assertVec2Eq(filter.update(position: v(1.016, 2), time: 5.016), v(1.016, 2))
        assertVec2Near(filter.update(position: v(1.016, 2.016), time: 5.032), v(1.016, 2.008), kDefaultTol)

        let saved = filter
        let afterSave = [
            filter.update(position: v(1.032, 2.016), time: 5.048),
            filter.update(position: v(1.032, 2.032), time: 5.064),
            filter.update(position: v(1.048, 2.032), time: 5.080),
            filter.update(position: v(1.048, 2.048), time: 5.096),
        ]
        // Restoring repeats the same results, and can be done twice.
        for _ in 0..<2 {
            filter = saved
            assertVec2Near(filter.update(position: v(1.032, 2.016), time: 5.048), afterSave[0], kDefaultTol)
            assertVec2Near(filter.update(position: v(1.032, 2.032), time: 5.064), afterSave[1], kDefaultTol)
            assertVec2Near(filter.update(position: v(1.048, 2.032), time: 5.080), afterSave[2], kDefaultTol)
            assertVec2Near(filter.update(position: v(1.048, 2.048), time: 5.096), afterSave[3], kDefaultTol)
        }

        // A reset starts over from the same state.
        filter.reset(position: v(1, 2), time: 5)
        assertVec2Eq(filter.update(position: v(1.016, 2), time: 5.016), v(1.016, 2))
        assertVec2Near(filter.update(position: v(1.016, 2.016), time: 5.032), v(1.016, 2.008), kDefaultTol)
        assertVec2Near(filter.update(position: v(1.032, 2.016), time: 5.048), afterSave[0], kDefaultTol)
        assertVec2Near(filter.update(position: v(1.032, 2.032), time: 5.064), afterSave[1], kDefaultTol)
    }
}
