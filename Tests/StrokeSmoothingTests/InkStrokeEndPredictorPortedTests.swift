// Ported from google/ink-stroke-modeler,
// ink_stroke_modeler/internal/prediction/stroke_end_predictor_test.cc at commit
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
// Modifications: translated to Swift/XCTest against StrokeLab's InkStrokeEndPredictor; the
// expected numbers and tolerance (1e-4) are the peer's, in cm and s. MakeCopy is a value copy.

import XCTest
@testable import StrokeSmoothing

final class InkStrokeEndPredictorPortedTests: XCTestCase {
    private let kTol: Float = 1e-4

    private func predictor(minOutputRate: Double = 180, stoppingDistance: Double = 0.001) throws -> InkStrokeEndPredictor {
        InkStrokeEndPredictor(position: try .init(),
                              sampling: try .init(minOutputRate: minOutputRate, endOfStrokeStoppingDistance: stoppingDistance,
                                                  endOfStrokeMaxIterations: 20))
    }

    private func predict(_ p: InkStrokeEndPredictor, from state: InkTipState) -> [InkTipState] {
        var prediction = p.prediction(from: state)
        var out: [InkTipState] = []
        while let s = prediction.next() { out.append(s) }
        return out
    }

    func testEmptyPrediction() throws {
        var p = try predictor()
        XCTAssertTrue(predict(p, from: tip(position: v(4, 6), velocity: v(-1, 1), time: 5)).isEmpty)
        p.reset()
        XCTAssertTrue(predict(p, from: tip(position: v(-2, 11), velocity: v(0, 0), time: 1)).isEmpty)
    }

    func testSingleInput() throws {
        var p = try predictor()
        p.update(position: v(4, 5))
        XCTAssertTrue(predict(p, from: tip(position: v(4, 5), velocity: v(0, 0), time: 2)).isEmpty)
    }

    func testMultipleInputs() throws {
        var p = try predictor()
        p.update(position: v(-1, 1))
        XCTAssertTrue(predict(p, from: tip(position: v(-1, 1), time: 1)).isEmpty)

        p.update(position: v(-1, 1.2))
        assertTipStatesNear(predict(p, from: tip(position: v(-1, 1.1), velocity: v(0, 5), time: 1.02)), [
            tip(position: v(-1, 1.1258), velocity: v(0, 4.6364), acceleration: v(0, -65.4545), time: 1.0256),
            tip(position: v(-1, 1.1480), velocity: v(0, 3.9967), acceleration: v(0, -115.1404), time: 1.0311),
            tip(position: v(-1, 1.1660), velocity: v(0, 3.2496), acceleration: v(0, -134.4845), time: 1.0367),
            tip(position: v(-1, 1.1799), velocity: v(0, 2.5059), acceleration: v(0, -133.8652), time: 1.0422),
            tip(position: v(-1, 1.1901), velocity: v(0, 1.8318), acceleration: v(0, -121.3242), time: 1.0478),
            tip(position: v(-1, 1.1971), velocity: v(0, 1.2609), acceleration: v(0, -102.7701), time: 1.0533),
            tip(position: v(-1, 1.2000), velocity: v(0, 1.0323), acceleration: v(0, -82.2949), time: 1.0561),
        ], kTol)

        p.update(position: v(-1, 1.4))
        assertTipStatesNear(predict(p, from: tip(position: v(-1, 1.2), velocity: v(0, 5), time: 1.04)), [
            tip(position: v(-1, 1.2348), velocity: v(0, 6.2727), acceleration: v(0, 229.0907), time: 1.0455),
            tip(position: v(-1, 1.2708), velocity: v(0, 6.4661), acceleration: v(0, 34.8099), time: 1.0511),
            tip(position: v(-1, 1.3041), velocity: v(0, 5.9943), acceleration: v(0, -84.9232), time: 1.0566),
            tip(position: v(-1, 1.3328), velocity: v(0, 5.1663), acceleration: v(0, -149.0426), time: 1.0622),
            tip(position: v(-1, 1.3561), velocity: v(0, 4.1998), acceleration: v(0, -173.9650), time: 1.0677),
            tip(position: v(-1, 1.3741), velocity: v(0, 3.2381), acceleration: v(0, -173.1034), time: 1.0733),
            tip(position: v(-1, 1.3872), velocity: v(0, 2.3668), acceleration: v(0, -156.8500), time: 1.0788),
            tip(position: v(-1, 1.3963), velocity: v(0, 1.6288), acceleration: v(0, -132.8388), time: 1.0844),
            tip(position: v(-1, 1.4000), velocity: v(0, 1.3333), acceleration: v(0, -106.3558), time: 1.0872),
        ], kTol)
    }

    func testReset() throws {
        var p = try predictor()
        p.update(position: v(-9, 6))
        XCTAssertTrue(predict(p, from: tip(position: v(-9, 6), velocity: v(0, 0), time: 5)).isEmpty)
        p.update(position: v(1, 4))
        XCTAssertFalse(predict(p, from: tip(position: v(-4, 5), velocity: v(5, -1), time: 7)).isEmpty)
        p.reset()
        XCTAssertTrue(predict(p, from: tip(position: v(0, 1), velocity: v(0, 0), time: 1)).isEmpty)
    }

    func testAlternateSamplingParams() throws {
        var p = try predictor(minOutputRate: 200, stoppingDistance: 0.005)
        p.update(position: v(4, -7))
        XCTAssertTrue(predict(p, from: tip(position: v(4, -7), velocity: v(0, 0), time: 3)).isEmpty)

        p.update(position: v(4.2, -6.8))
        assertTipStatesNear(predict(p, from: tip(position: v(4.1, -6.9), velocity: v(2, 2), time: 3.01)), [
            tip(position: v(4.1138, -6.8862), velocity: v(2.7527, 2.7527), acceleration: v(150.5452, 150.5452), time: 3.015),
            tip(position: v(4.1289, -6.8711), velocity: v(3.0318, 3.0318), acceleration: v(55.8094, 55.8094), time: 3.02),
            tip(position: v(4.1439, -6.8561), velocity: v(2.9871, 2.9871), acceleration: v(-8.9311, -8.9311), time: 3.025),
            tip(position: v(4.1576, -6.8424), velocity: v(2.7386, 2.7386), acceleration: v(-49.7077, -49.7077), time: 3.03),
            tip(position: v(4.1694, -6.8306), velocity: v(2.3779, 2.3779), acceleration: v(-72.1446, -72.1446), time: 3.035),
            tip(position: v(4.1793, -6.8207), velocity: v(1.9719, 1.9719), acceleration: v(-81.1924, -81.1924), time: 3.04),
            tip(position: v(4.1871, -6.8129), velocity: v(1.5669, 1.5669), acceleration: v(-81.0040, -81.0040), time: 3.045),
            tip(position: v(4.1931, -6.8069), velocity: v(1.1923, 1.1923), acceleration: v(-74.9186, -74.9186), time: 3.05),
            tip(position: v(4.1974, -6.8026), velocity: v(0.8647, 0.8647), acceleration: v(-65.5070, -65.5070), time: 3.055),
        ], kTol)
    }

    func testMakeCopy() throws {
        var p = try predictor()
        p.update(position: v(-1, 1))
        var copy = p
        p.update(position: v(-1, 1.2))
        copy.update(position: v(-1, 1.2))
        let last = tip(position: v(-1, 1.1), velocity: v(0, 5), time: 1.02)
        let prediction = predict(p, from: last)
        XCTAssertEqual(prediction.count, 7)
        assertTipStatesNear(predict(copy, from: last), prediction, kTol)
    }
}
