// Ported from google/ink-stroke-modeler,
// ink_stroke_modeler/internal/loop_contraction_mitigation_modeler_test.cc at commit
// 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78.
//
// Copyright 2024 Google LLC
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
// Modifications: translated to Swift/XCTest against StrokeLab's
// InkLoopContractionMitigation; numbers and tolerances are the peer's. Save/Restore are
// value copies. Added: the prediction lookahead agrees with real updates.

import XCTest
@testable import StrokeSmoothing

final class InkLoopContractionMitigationPortedTests: XCTestCase {
    private func modeler() throws -> InkLoopContractionMitigation {
        InkLoopContractionMitigation(try .init(speedLowerBound: 0, speedUpperBound: 100, strengthAtSpeedLowerBound: 1,
                                               strengthAtSpeedUpperBound: 0, minSpeedSamplingWindow: 0.6))
    }

    func testGetInterpolationValueOnEmptyModeler() throws {
        XCTAssertEqual(try modeler().interpolationValue(), 1, accuracy: 0.01)
    }

    func testUpdateWithOneSample() throws {
        var m = try modeler()
        XCTAssertEqual(m.update(velocity: v(3, 4), time: 0), 0.95, accuracy: 0.01)
        XCTAssertEqual(m.interpolationValue(), 0.95, accuracy: 0.01)
    }

    func testIsEnabledFalseResultsInOne() throws {
        var m = InkLoopContractionMitigation(nil)
        XCTAssertEqual(m.update(velocity: v(3, 4), time: 0), 1, accuracy: 0.01)
        XCTAssertEqual(m.interpolationValue(), 1, accuracy: 0.01)
    }

    func testResetClearsModeler() throws {
        var m = try modeler()
        XCTAssertEqual(m.update(velocity: v(3, 4), time: 0), 0.95, accuracy: 0.01)
        XCTAssertEqual(m.interpolationValue(), 0.95, accuracy: 0.01)
        m.reset()
        XCTAssertEqual(m.interpolationValue(), 1, accuracy: 0.01)
    }

    func testMultipleUpdatesButLessThanDurationOrNumberOfSamples() throws {
        var m = try modeler()
        XCTAssertEqual(m.update(velocity: v(3, 4), time: 0), 0.95, accuracy: 0.01)      // average 5
        XCTAssertEqual(m.interpolationValue(), 0.95, accuracy: 0.01)
        XCTAssertEqual(m.update(velocity: v(0, 3), time: 0.1), 0.96, accuracy: 0.01)    // (5 + 3)/2 = 4
        XCTAssertEqual(m.interpolationValue(), 0.96, accuracy: 0.01)
        XCTAssertEqual(m.update(velocity: v(-10, 0), time: 0.2), 0.94, accuracy: 0.01)  // (5 + 3 + 10)/3 = 6
        XCTAssertEqual(m.interpolationValue(), 0.94, accuracy: 0.01)
    }

    func testMultipleUpdatesMoreSamplesAndOverDurationTheshold() throws {
        var m = try modeler()
        XCTAssertEqual(m.update(velocity: v(0, 5), time: 0), 0.95, accuracy: 0.01)
        XCTAssertEqual(m.update(velocity: v(0, 3), time: 0.15), 0.96, accuracy: 0.01)
        XCTAssertEqual(m.update(velocity: v(-10, 0), time: 0.3), 0.94, accuracy: 0.01)
        XCTAssertEqual(m.update(velocity: v(0, 2), time: 0.5), 0.95, accuracy: 0.01)
        XCTAssertEqual(m.update(velocity: v(0, 2), time: 0.65), 0.956, accuracy: 0.01)
        XCTAssertEqual(m.update(velocity: v(0, 2), time: 0.75), 0.964, accuracy: 0.01)
    }

    func testSaveAndRestore() throws {
        var m = try modeler()
        XCTAssertEqual(m.update(velocity: v(0, 5), time: 0), 0.95, accuracy: 0.001)
        XCTAssertEqual(m.update(velocity: v(0, 3), time: 0.15), 0.96, accuracy: 0.001)
        XCTAssertEqual(m.update(velocity: v(-10, 0), time: 0.3), 0.94, accuracy: 0.001)
        XCTAssertEqual(m.update(velocity: v(0, 2), time: 0.5), 0.95, accuracy: 0.001)
        // Drops the first value: the window from 0 to 0.65 exceeds 0.6. (3 + 10 + 2 + 2)/4.
        XCTAssertEqual(m.update(velocity: v(0, 2), time: 0.65), 0.958, accuracy: 0.001)
        let saved = m
        // Drops the second and (0.9 − 0.3 > 0.6 in float64) the third value: (2 + 2 + 5)/3.
        XCTAssertGreaterThan(0.9 - 0.3, 0.6)
        XCTAssertEqual(m.update(velocity: v(0, 5), time: 0.9), 0.97, accuracy: 0.001)
        m = saved
        XCTAssertEqual(m.interpolationValue(), 0.958, accuracy: 0.001)
    }

    /// Not in ink: what predictions use. Looking ahead over appended samples gives the same
    /// weights as updating, and committing leaves the same window.
    func testLookaheadAgreesWithUpdates() throws {
        var updated = try modeler()
        var committed = updated
        let samples: [InkLoopContractionMitigation.SpeedSample] = (0..<40).map {
            .init(speed: Float($0 % 7) * 13, time: Double($0) * 0.05)
        }
        for batch in stride(from: 0, to: samples.count, by: 9) {
            let slice = Array(samples[batch..<min(batch + 9, samples.count)])
            var lookahead = InkLoopContractionMitigation.Lookahead()
            for (j, s) in slice.enumerated() {
                let expected = updated.update(velocity: v(0, s.speed), time: s.time)
                let ahead = committed.value(afterAppending: &lookahead) { slice[$0] }
                XCTAssertEqual(ahead, expected, "sample \(batch + j)")
            }
            committed.commit(lookahead) { slice[$0] }
            XCTAssertEqual(committed.samples.count, updated.samples.count)
            XCTAssertEqual(committed.interpolationValue(), updated.interpolationValue())
        }
    }
}
