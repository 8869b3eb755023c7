// Ported from google/ink-stroke-modeler, ink_stroke_modeler/internal/position_modeler_test.cc
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
// Modifications: translated to Swift/XCTest against StrokeLab's InkPositionModeler,
// InkLinearPath (UpdateAlongLinearPath), InkEndOfStrokeCatchUp (ModelEndOfStroke) and
// InkUpsampling (NumberOfStepsBetweenInputs); the expected numbers and tolerance (5e-4) are
// the peer's. Save/Restore are value copies (ink's "Reset clears the save point" has no
// counterpart: the caller owns the copy).

import XCTest
@testable import StrokeSmoothing

final class InkPositionModelerPortedTests: XCTestCase {
    private let kDefaultTimeStep = 1.0 / 180
    private let kTol: Float = 0.0005

    func testStraightLine() throws {
        var modeler = InkPositionModeler(try InkStrokeModeler.PositionParameters())
        var currentTime: Double = 0
        modeler.reset(tip(time: currentTime))
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(1, 0), time: currentTime), tip(position: v(0.0909, 0), velocity: v(16.3636, 0), acceleration: v(2945.4546, 0), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(2, 0), time: currentTime), tip(position: v(0.319, 0), velocity: v(41.0579, 0), acceleration: v(4444.9590, 0), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(3, 0), time: currentTime), tip(position: v(0.6996, 0), velocity: v(68.5055, 0), acceleration: v(4940.5737, 0), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(4, 0), time: currentTime), tip(position: v(1.228, 0), velocity: v(95.1099, 0), acceleration: v(4788.8003, 0), time: currentTime), kTol)
    }

    func testZigZag() throws {
        var modeler = InkPositionModeler(try InkStrokeModeler.PositionParameters())
        var currentTime: Double = 3
        modeler.reset(tip(position: v(-1, -1), time: currentTime))
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(-0.5, -1), time: currentTime), tip(position: v(-0.9545, -1), velocity: v(8.1818, 0), acceleration: v(1472.7273, 0), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(-0.5, -0.5), time: currentTime), tip(position: v(-0.886, -0.9545), velocity: v(12.3471, 8.1818), acceleration: v(749.7521, 1472.7273), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(0, -0.5), time: currentTime), tip(position: v(-0.7643, -0.886), velocity: v(21.9056, 12.3471), acceleration: v(1720.5348, 749.7521), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(0, 0), time: currentTime), tip(position: v(-0.6218, -0.7643), velocity: v(25.6493, 21.9056), acceleration: v(673.8650, 1720.5348), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(0.5, 0), time: currentTime), tip(position: v(-0.4343, -0.6218), velocity: v(33.7456, 25.6493), acceleration: v(1457.3298, 673.8650), time: currentTime), kTol)
    }

    func testSharpTurn() throws {
        var modeler = InkPositionModeler(try InkStrokeModeler.PositionParameters())
        var currentTime: Double = 1.6
        modeler.reset(tip(time: currentTime))
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(0.25, 0.25), time: currentTime), tip(position: v(0.0227, 0.0227), velocity: v(4.0909, 4.0909), acceleration: v(736.3636, 736.3636), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(0.5, 0.5), time: currentTime), tip(position: v(0.0798, 0.0798), velocity: v(10.2645, 10.2645), acceleration: v(1111.2397, 1111.2397), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(0.75, 0.75), time: currentTime), tip(position: v(0.1749, 0.1749), velocity: v(17.1264, 17.1264), acceleration: v(1235.1434, 1235.1434), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(1, 1), time: currentTime), tip(position: v(0.307, 0.307), velocity: v(23.7775, 23.7775), acceleration: v(1197.2001, 1197.2001), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(1.25, 0.75), time: currentTime), tip(position: v(0.472, 0.4265), velocity: v(29.6975, 21.5157), acceleration: v(1065.5977, -407.1296), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(1.5, 0.5), time: currentTime), tip(position: v(0.6644, 0.5049), velocity: v(34.6406, 14.1117), acceleration: v(889.7637, -1332.7158), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(1.75, 0.25), time: currentTime), tip(position: v(0.8786, 0.5288), velocity: v(38.5482, 4.2955), acceleration: v(703.3755, -1766.9114), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(2, 0), time: currentTime), tip(position: v(1.109, 0.495), velocity: v(41.4794, -6.0756), acceleration: v(527.5996, -1866.8005), time: currentTime), kTol)
    }

    func testSmoothTurn() throws {
        func pointOnCircle(_ theta: Double) -> InkVec2 { InkVec2(Float.cos(Float(theta)), Float.sin(Float(theta))) }
        var modeler = InkPositionModeler(try InkStrokeModeler.PositionParameters())
        var currentTime: Double = 10.1
        modeler.reset(tip(position: pointOnCircle(0), time: currentTime))
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: pointOnCircle(Double.pi * 0.125), time: currentTime), tip(position: v(0.9931, 0.0348), velocity: v(-1.2456, 6.2621), acceleration: v(-224.2095, 1127.1768), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: pointOnCircle(Double.pi * 0.25), time: currentTime), tip(position: v(0.9629, 0.1168), velocity: v(-5.4269, 14.7588), acceleration: v(-752.6373, 1529.4097), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: pointOnCircle(Double.pi * 0.375), time: currentTime), tip(position: v(0.8921, 0.2394), velocity: v(-12.7511, 22.0623), acceleration: v(-1318.3523, 1314.6320), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: pointOnCircle(Double.pi * 0.5), time: currentTime), tip(position: v(0.7685, 0.3820), velocity: v(-22.2485, 25.6844), acceleration: v(-1709.5339, 651.9690), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: pointOnCircle(Double.pi * 0.625), time: currentTime), tip(position: v(0.5897, 0.5169), velocity: v(-32.1865, 24.2771), acceleration: v(-1788.8300, -253.3177), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: pointOnCircle(Double.pi * 0.75), time: currentTime), tip(position: v(0.3645, 0.6151), velocity: v(-40.5319, 17.6785), acceleration: v(-1502.1846, -1187.7462), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: pointOnCircle(Double.pi * 0.875), time: currentTime), tip(position: v(0.1123, 0.6529), velocity: v(-45.4017, 6.8034), acceleration: v(-876.5552, -1957.5056), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: pointOnCircle(Double.pi), time: currentTime), tip(position: v(-0.1402, 0.6162), velocity: v(-45.4417, -6.6022), acceleration: v(-7.2061, -2413.0093), time: currentTime), kTol)
    }

    func testUpdateAlongLinearPath() throws {
        var modeler = InkPositionModeler(try InkStrokeModeler.PositionParameters())
        modeler.reset(tip(position: v(5, 10), velocity: v(0, 0), time: 3))
        var result: [InkTipState] = []
        var path = InkLinearPath(from: v(5, 10), at: 3, to: v(15, 10), at: 3.05, steps: 5)
        while let state = path.next(&modeler) { result.append(state) }
        assertTipStatesNear(result, [
            tip(position: v(5.5891, 10), velocity: v(58.9091, 0), acceleration: v(5890.9092, 0), time: 3.01),
            tip(position: v(6.7587, 10), velocity: v(116.9613, 0), acceleration: v(5805.2231, 0), time: 3.02),
            tip(position: v(8.3355, 10), velocity: v(157.6746, 0), acceleration: v(4071.3291, 0), time: 3.03),
            tip(position: v(10.1509, 10), velocity: v(181.5411, 0), acceleration: v(2386.6475, 0), time: 3.04),
            tip(position: v(12.0875, 10), velocity: v(193.6607, 0), acceleration: v(1211.9609, 0), time: 3.05),
        ], kTol)
        result.removeAll()
        path = InkLinearPath(from: v(15, 10), at: 3.05, to: v(15, 16), at: 3.08, steps: 3)
        while let state = path.next(&modeler) { result.append(state) }
        assertTipStatesNear(result, [
            tip(position: v(13.4876, 10.5891), velocity: v(140.0123, 58.9091), acceleration: v(-5364.8398, 5890.9092), time: 3.06),
            tip(position: v(14.3251, 11.7587), velocity: v(83.7508, 116.9613), acceleration: v(-5626.1528, 5805.2217), time: 3.07),
            tip(position: v(14.7584, 13.3355), velocity: v(43.3291, 157.6746), acceleration: v(-4042.1616, 4071.3291), time: 3.08),
        ], kTol)
    }

    func testModelEndOfStrokeStationary() throws {
        var modeler = InkPositionModeler(try InkStrokeModeler.PositionParameters())
        modeler.reset(tip(position: v(4, -2)))
        var result: [InkTipState] = []
        var catchUp = InkEndOfStrokeCatchUp(anchor: v(3, -1), deltaTime: 1.0 / 180, maxIterations: 20, stopDistance: 0.01)
        while let state = catchUp.next(&modeler) { result.append(state) }
        assertTipStatesNear(result, [
            tip(position: v(3.9091, -1.9091), velocity: v(-16.3636, 16.3636), acceleration: v(-2945.4546, 2945.4546), time: 0.0056),
            tip(position: v(3.7719, -1.7719), velocity: v(-24.6942, 24.6942), acceleration: v(-1499.5044, 1499.5042), time: 0.0111),
            tip(position: v(3.6194, -1.6194), velocity: v(-27.4476, 27.4476), acceleration: v(-495.6155, 495.6150), time: 0.0167),
            tip(position: v(3.4716, -1.4716), velocity: v(-26.6045, 26.6044), acceleration: v(151.7738, -151.7742), time: 0.0222),
            tip(position: v(3.3401, -1.3401), velocity: v(-23.6799, 23.6799), acceleration: v(526.4102, -526.4102), time: 0.0278),
            tip(position: v(3.2302, -1.2302), velocity: v(-19.7725, 19.7725), acceleration: v(703.3362, -703.3359), time: 0.0333),
            tip(position: v(3.1434, -1.1434), velocity: v(-15.6306, 15.6306), acceleration: v(745.5521, -745.5518), time: 0.0389),
            tip(position: v(3.0782, -1.0782), velocity: v(-11.7244, 11.7244), acceleration: v(703.1044, -703.1039), time: 0.0444),
            tip(position: v(3.0320, -1.0320), velocity: v(-8.3149, 8.3149), acceleration: v(613.7169, -613.7166), time: 0.0500),
            tip(position: v(3.0014, -1.0014), velocity: v(-5.5133, 5.5133), acceleration: v(504.2921, -504.2918), time: 0.0556),
        ], kTol)
    }

    func testModelEndOfStrokeInMotion() throws {
        var modeler = InkPositionModeler(try InkStrokeModeler.PositionParameters())
        modeler.reset(tip(position: v(-1, 2), velocity: v(40, 10), time: 1))
        var result: [InkTipState] = []
        var catchUp = InkEndOfStrokeCatchUp(anchor: v(7, 2), deltaTime: 1.0 / 120, maxIterations: 20, stopDistance: 0.01)
        while let state = catchUp.next(&modeler) { result.append(state) }
        assertTipStatesNear(result, [
            tip(position: v(0.7697, 2.0333), velocity: v(212.3636, 4.0000), acceleration: v(20683.6367, -720.0000), time: 1.0083),
            tip(position: v(2.7520, 2.0398), velocity: v(237.8711, 0.7818), acceleration: v(3060.8916, -386.1817), time: 1.0167),
            tip(position: v(4.4138, 2.0343), velocity: v(199.4186, -0.6654), acceleration: v(-4614.2959, -173.6631), time: 1.0250),
            tip(position: v(5.6075, 2.0251), velocity: v(143.2474, -1.1081), acceleration: v(-6740.5410, -53.1330), time: 1.0333),
            tip(position: v(6.3698, 2.0162), velocity: v(91.4784, -1.0586), acceleration: v(-6212.2896, 5.9471), time: 1.0417),
            tip(position: v(6.8037, 2.0094), velocity: v(52.0592, -0.8222), acceleration: v(-4730.2935, 28.3621), time: 1.0500),
            tip(position: v(6.9655, 2.0065), velocity: v(38.8512, -0.6909), acceleration: v(-3169.9351, 31.5268), time: 1.0542),
            tip(position: v(6.9850, 2.0062), velocity: v(37.4471, -0.6750), acceleration: v(-2695.7649, 30.5478), time: 1.0547),
        ], kTol)
    }

    func testModelEndOfStrokeMaxIterationsReached() throws {
        var modeler = InkPositionModeler(try InkStrokeModeler.PositionParameters())
        modeler.reset(tip(position: v(8, -3), velocity: v(-100, -150), time: 1))
        var result: [InkTipState] = []
        var catchUp = InkEndOfStrokeCatchUp(anchor: v(-9, -10), deltaTime: 0.0001, maxIterations: 10, stopDistance: 0.001)
        while let state = catchUp.next(&modeler) { result.append(state) }
        assertTipStatesNear(result, [
            tip(position: v(7.9896, -3.0151), velocity: v(-104.2873, -150.9818), acceleration: v(-42872.7266, -9818.1816), time: 1.0001),
            tip(position: v(7.9787, -3.0303), velocity: v(-108.5406, -151.9521), acceleration: v(-42533.3242, -9703.0205), time: 1.0002),
            tip(position: v(7.9674, -3.0456), velocity: v(-112.7601, -152.9110), acceleration: v(-42195.1211, -9588.4023), time: 1.0003),
            tip(position: v(7.9557, -3.0610), velocity: v(-116.9459, -153.8584), acceleration: v(-41858.1016, -9474.3242), time: 1.0004),
            tip(position: v(7.9436, -3.0764), velocity: v(-121.0982, -154.7945), acceleration: v(-41522.2734, -9360.7930), time: 1.0005),
            tip(position: v(7.9311, -3.0920), velocity: v(-125.2169, -155.7193), acceleration: v(-41187.6445, -9247.7998), time: 1.0006),
            tip(position: v(7.9182, -3.1077), velocity: v(-129.3023, -156.6328), acceleration: v(-40854.2109, -9135.3506), time: 1.0007),
            tip(position: v(7.9048, -3.1234), velocity: v(-133.3545, -157.5351), acceleration: v(-40521.9727, -9023.4395), time: 1.0008),
            tip(position: v(7.8911, -3.1393), velocity: v(-137.3736, -158.4263), acceleration: v(-40190.9414, -8912.0703), time: 1.0009),
            tip(position: v(7.8770, -3.1552), velocity: v(-141.3597, -159.3065), acceleration: v(-39861.0977, -8801.2402), time: 1.0010),
        ], kTol)
    }

    func testSaveAndRestore() throws {
        var modeler = InkPositionModeler(try InkStrokeModeler.PositionParameters())
        var currentTime: Double = 0
        modeler.reset(tip(time: currentTime))
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(1, 0), time: currentTime), tip(position: v(0.0909, 0), velocity: v(16.3636, 0), acceleration: v(2945.4546, 0), time: currentTime), kTol)
        var saved = modeler
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(2, 0), time: currentTime), tip(position: v(0.319, 0), velocity: v(41.0579, 0), acceleration: v(4444.9590, 0), time: currentTime), kTol)
        saved = modeler
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(3, 0), time: currentTime), tip(position: v(0.6996, 0), velocity: v(68.5055, 0), acceleration: v(4940.5737, 0), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(4, 0), time: currentTime), tip(position: v(1.228, 0), velocity: v(95.1099, 0), acceleration: v(4788.8003, 0), time: currentTime), kTol)
        modeler = saved
        currentTime -= kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(3, 0), time: currentTime), tip(position: v(0.6996, 0), velocity: v(68.5055, 0), acceleration: v(4940.5737, 0), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(4, 0), time: currentTime), tip(position: v(1.228, 0), velocity: v(95.1099, 0), acceleration: v(4788.8003, 0), time: currentTime), kTol)
        modeler = saved
        currentTime -= kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(3, 0), time: currentTime), tip(position: v(0.6996, 0), velocity: v(68.5055, 0), acceleration: v(4940.5737, 0), time: currentTime), kTol)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(4, 0), time: currentTime), tip(position: v(1.228, 0), velocity: v(95.1099, 0), acceleration: v(4788.8003, 0), time: currentTime), kTol)
        currentTime = 0
        modeler.reset(tip(time: currentTime))
        // (ink: Reset clears the save point; with value semantics the copy is the caller's.)
        currentTime += kDefaultTimeStep
        assertTipStateNear(modeler.update(anchor: v(1, 0), time: currentTime), tip(position: v(0.0909, 0), velocity: v(16.3636, 0), acceleration: v(2945.4546, 0), time: currentTime), kTol)
    }

    // MARK: NumberOfStepsBetweenInputs

    private func steps(tip t: InkTipState = tip(), from start: (InkVec2, Double), to end: (InkVec2, Double),
                       minOutputRate: Double, maxOutputsPerCall: Int = 100_000, maxAngle: Double? = nil,
                       model: InkPositionModeler? = nil) throws -> Result<Int, InkUpsampling.Failure> {
        let sampling = try InkStrokeModeler.SamplingParameters(
            minOutputRate: minOutputRate, maxOutputsPerCall: maxOutputsPerCall,
            maxEstimatedAngleToTraversePerInput: maxAngle)
        let m = try model ?? InkPositionModeler(InkStrokeModeler.PositionParameters())
        return InkUpsampling.numberOfSteps(tip: t, startTime: start.1, end: end.0, endTime: end.1,
                                           sampling: sampling, model: m)
    }

    func testResolutionIsSufficient() throws {
        XCTAssertEqual(try steps(from: (v(0, 0), 0), to: (v(1, 0), 1), minOutputRate: 0.1), .success(1))
    }

    func testTimeTooLong() throws {
        XCTAssertEqual(try steps(from: (v(0, 0), 0), to: (v(1, 0), 20), minOutputRate: 0.1), .success(2))
    }

    func testTimeTooLongAvoidsIntOverflow() throws {
        let intMax = Int(Int32.max)
        XCTAssertEqual(try steps(from: (v(0, 0), 0), to: (v(1, 0), 1), minOutputRate: 1.0 + Double(intMax),
                                 maxOutputsPerCall: intMax), .success(intMax))
    }

    func testExactlyMaxOutputsPerCall() throws {
        XCTAssertEqual(try steps(from: (v(0, 0), 0), to: (v(1, 0), 20), minOutputRate: 0.1, maxOutputsPerCall: 2),
                       .success(2))
    }

    func testOverMaxOutputsPerCall() throws {
        XCTAssertEqual(try steps(from: (v(0, 0), 0), to: (v(1, 0), 20), minOutputRate: 0.1, maxOutputsPerCall: 1),
                       .failure(.tooMany(2)))
    }

    func testNanTipPositionIsError() throws {
        XCTAssertEqual(try steps(tip: tip(position: v(5, .nan), velocity: v(1, 1)), from: (v(5, 0), 0),
                                 to: (v(25, 20), 20), minOutputRate: 0.1, maxOutputsPerCall: 1), .failure(.nonFinite))
    }

    func testInfiniteTipPositionIsError() throws {
        XCTAssertEqual(try steps(tip: tip(position: v(5, .infinity), velocity: v(1, 1)), from: (v(5, 0), 0),
                                 to: (v(25, 20), 20), minOutputRate: 0.1, maxOutputsPerCall: 1), .failure(.nonFinite))
    }

    func testInfiniteTipVelocityIsError() throws {
        XCTAssertEqual(try steps(tip: tip(position: v(5, 0), velocity: v(.infinity, 1)), from: (v(5, 0), 0),
                                 to: (v(25, 20), 20), minOutputRate: 0.1, maxOutputsPerCall: 1), .failure(.nonFinite))
    }

    func testInfiniteEndPositionIsError() throws {
        XCTAssertEqual(try steps(tip: tip(position: v(5, 0), velocity: v(1, 1)), from: (v(5, 0), 0),
                                 to: (v(25, .infinity), 20), minOutputRate: 0.1, maxOutputsPerCall: 1),
                       .failure(.nonFinite))
    }

    func testHugeDifferenceBetweenTipAndEndCanOverflow() throws {
        // Dividing a huge displacement by the spring-mass constant overflows to infinity even
        // over a tiny time step: an error, not a crash.
        let model = InkPositionModeler(try InkStrokeModeler.PositionParameters(springMassConstant: 0.5))
        XCTAssertEqual(try steps(tip: tip(position: v(3.4e38, 0), velocity: v(1, 1)), from: (v(5, 0), 0),
                                 to: (v(5.0001, 0.0001), 0.0001), minOutputRate: 0.1, maxOutputsPerCall: 1,
                                 model: model), .failure(.nonFinite))
    }

    func testCanHandleBigDifferenceBetweenTipAndEnd() throws {
        let model = InkPositionModeler(try InkStrokeModeler.PositionParameters(springMassConstant: 0.5))
        XCTAssertNoThrow(try steps(tip: tip(position: v(3.4e36, 0), velocity: v(1, 1)), from: (v(5, 0), 0),
                                   to: (v(5.0001, 0.0001), 0.0001), minOutputRate: 0.1, maxOutputsPerCall: 1,
                                   model: model).get())
    }

    func testUpsampleDueToSharpTurn() throws {
        // Heading straight up, pulled hard to the right: about a 90° turn; one step per degree.
        XCTAssertEqual(try steps(tip: tip(position: v(0, 0), velocity: v(0, 1)), from: (v(0, 0), 0),
                                 to: (v(500, 0), 1), minOutputRate: 0.1, maxAngle: Double.pi / 180), .success(91))
    }

    func testUpsampleDueToSharpTurnSamePosition() throws {
        // No spring force, but the discrete drag alone reverses the velocity: 180° (or 181,
        // rounding up, depending on the platform).
        let n = try steps(tip: tip(position: v(0, 0), velocity: v(0, 1)), from: (v(0, 0), 0), to: (v(0, 0), 1),
                          minOutputRate: 0.1, maxAngle: Double.pi / 180.0).get()
        XCTAssertTrue((180...181).contains(n), "\(n)")
    }

    func testUpsampleDueToSharpTurnSmallForce() throws {
        // A sideways force that barely changes the velocity (drag 0, which ink's validation
        // would refuse, so the model is built from raw constants as ink's test does).
        let model = InkPositionModeler(springMassConstant: Float(11) / Float(32400), dragConstant: 0)
        XCTAssertEqual(try steps(tip: tip(position: v(0, 0), velocity: v(0, 1)), from: (v(0, 0), 0),
                                 to: (v(0, 0.0001), 1), minOutputRate: 0.1, maxAngle: Double.pi / 180, model: model),
                       .success(1))
    }
}
