// Ported from google/ink-stroke-modeler, ink_stroke_modeler/stroke_modeler_test.cc at commit
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
// Modifications: translated to Swift/XCTest against StrokeLab's InkStrokeModeler (through
// InkPortHarness, InkPortSupport.swift); the expected numbers and tolerances (1e-4, 1e-3 on
// acceleration) are the peer's, in its units (cm, s: the S = 1 parameters). ink's
// StrokeEndPredictor is `predictStrokeEnd(into:)`; ink's `Save`/`Restore` are copies of the
// value type. Not ported: FirstResetMustPassParams (a Swift modeler cannot exist without
// parameters) and NoPredictionWithDisabledPredictor (StrokeLab chooses predictors outside
// the modeler; its no-stroke case is NoPredictionUponInit).

import StrokeCore
import XCTest
@testable import StrokeSmoothing

final class InkStrokeModelerPortedTests: XCTestCase {
    func testNoPredictionUponInit() throws {
        var m = InkPortHarness()
        try m.reset(InkPortParameters())
        m.expectNoStrokeToPredict()
    }

    func testInputRateSlowerThanMinOutputRate() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 1.0 / 30
        try m.reset(InkPortParameters())
        var time: Double = 0
        try m.update(.down, position: v(3, 4), time: time)
        m.expect([res(position: v(3, 4), time: 0)])
        m.predict()
        m.expect([])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(3.2, 4.2), time: time)
        m.expect([
            res(position: v(3.0019, 4.0019), velocity: v(0.4007, 0.4007), acceleration: v(84.1557, 84.1564), time: 0.0048),
            res(position: v(3.0069, 4.0069), velocity: v(1.0381, 1.0381), acceleration: v(133.8378, 133.8369), time: 0.0095),
            res(position: v(3.0154, 4.0154), velocity: v(1.7883, 1.7883), acceleration: v(157.5465, 157.5459), time: 0.0143),
            res(position: v(3.0276, 4.0276), velocity: v(2.5626, 2.5626), acceleration: v(162.6039, 162.6021), time: 0.0190),
            res(position: v(3.0433, 4.0433), velocity: v(3.3010, 3.3010), acceleration: v(155.0670, 155.0666), time: 0.0238),
            res(position: v(3.0622, 4.0622), velocity: v(3.9665, 3.9665), acceleration: v(139.7575, 139.7564), time: 0.0286),
            res(position: v(3.0838, 4.0838), velocity: v(4.5397, 4.5397), acceleration: v(120.3618, 120.3625), time: 0.0333),
        ])
        m.predict()
        m.expect([
            res(position: v(3.1095, 4.1095), velocity: v(4.6253, 4.6253), acceleration: v(15.4218, 15.4223), time: 0.0389),
            res(position: v(3.1331, 4.1331), velocity: v(4.2563, 4.2563), acceleration: v(-66.4341, -66.4339), time: 0.0444),
            res(position: v(3.1534, 4.1534), velocity: v(3.6479, 3.6479), acceleration: v(-109.5083, -109.5081), time: 0.0500),
            res(position: v(3.1698, 4.1698), velocity: v(2.9512, 2.9512), acceleration: v(-125.3978, -125.3976), time: 0.0556),
            res(position: v(3.1824, 4.1824), velocity: v(2.2649, 2.2649), acceleration: v(-123.5318, -123.5310), time: 0.0611),
            res(position: v(3.1915, 4.1915), velocity: v(1.6473, 1.6473), acceleration: v(-111.1818, -111.1806), time: 0.0667),
            res(position: v(3.1978, 4.1978), velocity: v(1.1269, 1.1269), acceleration: v(-93.6643, -93.6636), time: 0.0722),
            res(position: v(3.1992, 4.1992), velocity: v(1.0232, 1.0232), acceleration: v(-74.6390, -74.6392), time: 0.0736),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(3.5, 4.2), time: time)
        m.expect([
            res(position: v(3.1086, 4.1058), velocity: v(5.2142, 4.6131), acceleration: v(141.6557, 15.4223), time: 0.0381),
            res(position: v(3.1368, 4.1265), velocity: v(5.9103, 4.3532), acceleration: v(146.1873, -54.5680), time: 0.0429),
            res(position: v(3.1681, 4.1450), velocity: v(6.5742, 3.8917), acceleration: v(139.4012, -96.9169), time: 0.0476),
            res(position: v(3.2022, 4.1609), velocity: v(7.1724, 3.3285), acceleration: v(125.6306, -118.2742), time: 0.0524),
            res(position: v(3.2388, 4.1739), velocity: v(7.6876, 2.7361), acceleration: v(108.1908, -124.4087), time: 0.0571),
            res(position: v(3.2775, 4.1842), velocity: v(8.1138, 2.1640), acceleration: v(89.5049, -120.1309), time: 0.0619),
            res(position: v(3.3177, 4.1920), velocity: v(8.4531, 1.6436), acceleration: v(71.2473, -109.2959), time: 0.0667),
        ])
        m.predict()
        m.expect([
            res(position: v(3.3625, 4.1982), velocity: v(8.0545, 1.1165), acceleration: v(-71.7427, -94.8765), time: 0.0722),
            res(position: v(3.4018, 4.2021), velocity: v(7.0831, 0.6987), acceleration: v(-174.8469, -75.1957), time: 0.0778),
            res(position: v(3.4344, 4.2043), velocity: v(5.8564, 0.3846), acceleration: v(-220.8140, -56.5515), time: 0.0833),
            res(position: v(3.4598, 4.2052), velocity: v(4.5880, 0.1611), acceleration: v(-228.3204, -40.2244), time: 0.0889),
            res(position: v(3.4788, 4.2052), velocity: v(3.4098, 0.0124), acceleration: v(-212.0678, -26.7709), time: 0.0944),
            res(position: v(3.4921, 4.2048), velocity: v(2.3929, -0.0780), acceleration: v(-183.0373, -16.2648), time: 0.1000),
            res(position: v(3.4976, 4.2045), velocity: v(1.9791, -0.1015), acceleration: v(-148.9792, -8.4822), time: 0.1028),
            res(position: v(3.5001, 4.2044), velocity: v(1.7911, -0.1098), acceleration: v(-135.3759, -5.9543), time: 0.1042),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.up, position: v(3.7, 4.4), time: time)
        m.expect([
            res(position: v(3.3583, 4.1996), velocity: v(8.5122, 1.5925), acceleration: v(12.4129, -10.7201), time: 0.0714),
            res(position: v(3.3982, 4.2084), velocity: v(8.3832, 1.8534), acceleration: v(-27.0783, 54.7731), time: 0.0762),
            res(position: v(3.4369, 4.2194), velocity: v(8.1393, 2.3017), acceleration: v(-51.2222, 94.1542), time: 0.0810),
            res(position: v(3.4743, 4.2329), velocity: v(7.8362, 2.8434), acceleration: v(-63.6668, 113.7452), time: 0.0857),
            res(position: v(3.5100, 4.2492), velocity: v(7.5143, 3.4101), acceleration: v(-67.5926, 119.0224), time: 0.0905),
            res(position: v(3.5443, 4.2680), velocity: v(7.2016, 3.9556), acceleration: v(-65.6568, 114.5394), time: 0.0952),
            res(position: v(3.5773, 4.2892), velocity: v(6.9159, 4.4505), acceleration: v(-59.9999, 103.9444), time: 0.1000),
            res(position: v(3.6115, 4.3141), velocity: v(6.1580, 4.4832), acceleration: v(-136.4312, 5.8833), time: 0.1056),
            res(position: v(3.6400, 4.3369), velocity: v(5.1434, 4.0953), acceleration: v(-182.6254, -69.8314), time: 0.1111),
            res(position: v(3.6626, 4.3563), velocity: v(4.0671, 3.4902), acceleration: v(-193.7401, -108.9119), time: 0.1167),
            res(position: v(3.6796, 4.3719), velocity: v(3.0515, 2.8099), acceleration: v(-182.7957, -122.4598), time: 0.1222),
            res(position: v(3.6916, 4.3838), velocity: v(2.1648, 2.1462), acceleration: v(-159.6116, -119.4551), time: 0.1278),
            res(position: v(3.6996, 4.3924), velocity: v(1.4360, 1.5529), acceleration: v(-131.1906, -106.7926), time: 0.1333),
            res(position: v(3.7028, 4.3960), velocity: v(1.1520, 1.3044), acceleration: v(-102.2117, -89.4872), time: 0.1361),
        ])
        m.expectNoStrokeToPredict()
    }

    func testInputRateSlowerThanMinOutputRateNormalProjection() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 1.0 / 30
        var params = InkPortParameters()
        params.useStrokeNormalProjection = true
        try m.reset(params)
        var time: Double = 0
        try m.update(.down, position: v(3, 4), time: time)
        m.expect([res(position: v(3, 4), time: 0)])
        m.predict()
        m.expect([])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(3.2, 4.2), time: time)
        m.expect([
            res(position: v(3.0019, 4.0019), velocity: v(0.4007, 0.4007), acceleration: v(84.1557, 84.1564), time: 0.0048),
            res(position: v(3.0069, 4.0069), velocity: v(1.0381, 1.0381), acceleration: v(133.8378, 133.8369), time: 0.0095),
            res(position: v(3.0154, 4.0154), velocity: v(1.7883, 1.7883), acceleration: v(157.5465, 157.5459), time: 0.0143),
            res(position: v(3.0276, 4.0276), velocity: v(2.5626, 2.5626), acceleration: v(162.6039, 162.6021), time: 0.0190),
            res(position: v(3.0433, 4.0433), velocity: v(3.3010, 3.3010), acceleration: v(155.0670, 155.0666), time: 0.0238),
            res(position: v(3.0622, 4.0622), velocity: v(3.9665, 3.9665), acceleration: v(139.7575, 139.7564), time: 0.0286),
            res(position: v(3.0838, 4.0838), velocity: v(4.5397, 4.5397), acceleration: v(120.3618, 120.3625), time: 0.0333),
        ])
        m.predict()
        m.expect([
            res(position: v(3.1095, 4.1095), velocity: v(4.6253, 4.6253), acceleration: v(15.4218, 15.4223), time: 0.0389),
            res(position: v(3.1331, 4.1331), velocity: v(4.2563, 4.2563), acceleration: v(-66.4341, -66.4339), time: 0.0444),
            res(position: v(3.1534, 4.1534), velocity: v(3.6479, 3.6479), acceleration: v(-109.5083, -109.5081), time: 0.0500),
            res(position: v(3.1698, 4.1698), velocity: v(2.9512, 2.9512), acceleration: v(-125.3978, -125.3976), time: 0.0556),
            res(position: v(3.1824, 4.1824), velocity: v(2.2649, 2.2649), acceleration: v(-123.5318, -123.5310), time: 0.0611),
            res(position: v(3.1915, 4.1915), velocity: v(1.6473, 1.6473), acceleration: v(-111.1818, -111.1806), time: 0.0667),
            res(position: v(3.1978, 4.1978), velocity: v(1.1269, 1.1269), acceleration: v(-93.6643, -93.6636), time: 0.0722),
            res(position: v(3.1992, 4.1992), velocity: v(1.0232, 1.0232), acceleration: v(-74.6390, -74.6392), time: 0.0736),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(3.5, 4.2), time: time)
        m.expect([
            res(position: v(3.1086, 4.1058), velocity: v(5.2142, 4.6131), acceleration: v(141.6557, 15.4223), time: 0.0381),
            res(position: v(3.1368, 4.1265), velocity: v(5.9103, 4.3532), acceleration: v(146.1873, -54.5680), time: 0.0429),
            res(position: v(3.1681, 4.1450), velocity: v(6.5742, 3.8917), acceleration: v(139.4012, -96.9169), time: 0.0476),
            res(position: v(3.2022, 4.1609), velocity: v(7.1724, 3.3285), acceleration: v(125.6306, -118.2742), time: 0.0524),
            res(position: v(3.2388, 4.1739), velocity: v(7.6876, 2.7361), acceleration: v(108.1908, -124.4087), time: 0.0571),
            res(position: v(3.2775, 4.1842), velocity: v(8.1138, 2.1640), acceleration: v(89.5049, -120.1309), time: 0.0619),
            res(position: v(3.3177, 4.1920), velocity: v(8.4531, 1.6436), acceleration: v(71.2473, -109.2959), time: 0.0667),
        ])
        m.predict()
        m.expect([
            res(position: v(3.3625, 4.1982), velocity: v(8.0545, 1.1165), acceleration: v(-71.7427, -94.8765), time: 0.0722),
            res(position: v(3.4018, 4.2021), velocity: v(7.0831, 0.6987), acceleration: v(-174.8469, -75.1957), time: 0.0778),
            res(position: v(3.4344, 4.2043), velocity: v(5.8564, 0.3846), acceleration: v(-220.8140, -56.5515), time: 0.0833),
            res(position: v(3.4598, 4.2052), velocity: v(4.5880, 0.1611), acceleration: v(-228.3204, -40.2244), time: 0.0889),
            res(position: v(3.4788, 4.2052), velocity: v(3.4098, 0.0124), acceleration: v(-212.0678, -26.7709), time: 0.0944),
            res(position: v(3.4921, 4.2048), velocity: v(2.3929, -0.0780), acceleration: v(-183.0373, -16.2648), time: 0.1000),
            res(position: v(3.4976, 4.2045), velocity: v(1.9791, -0.1015), acceleration: v(-148.9792, -8.4822), time: 0.1028),
            res(position: v(3.5001, 4.2044), velocity: v(1.7911, -0.1098), acceleration: v(-135.3759, -5.9543), time: 0.1042),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.up, position: v(3.7, 4.4), time: time)
        m.expect([
            res(position: v(3.3583, 4.1996), velocity: v(8.5122, 1.5925), acceleration: v(12.4129, -10.7201), time: 0.0714),
            res(position: v(3.3982, 4.2084), velocity: v(8.3832, 1.8534), acceleration: v(-27.0783, 54.7731), time: 0.0762),
            res(position: v(3.4369, 4.2194), velocity: v(8.1393, 2.3017), acceleration: v(-51.2222, 94.1542), time: 0.0810),
            res(position: v(3.4743, 4.2329), velocity: v(7.8362, 2.8434), acceleration: v(-63.6668, 113.7452), time: 0.0857),
            res(position: v(3.5100, 4.2492), velocity: v(7.5143, 3.4101), acceleration: v(-67.5926, 119.0224), time: 0.0905),
            res(position: v(3.5443, 4.2680), velocity: v(7.2016, 3.9556), acceleration: v(-65.6568, 114.5394), time: 0.0952),
            res(position: v(3.5773, 4.2892), velocity: v(6.9159, 4.4505), acceleration: v(-59.9999, 103.9444), time: 0.1000),
            res(position: v(3.6115, 4.3141), velocity: v(6.1580, 4.4832), acceleration: v(-136.4312, 5.8833), time: 0.1056),
            res(position: v(3.6400, 4.3369), velocity: v(5.1434, 4.0953), acceleration: v(-182.6254, -69.8314), time: 0.1111),
            res(position: v(3.6626, 4.3563), velocity: v(4.0671, 3.4902), acceleration: v(-193.7401, -108.9119), time: 0.1167),
            res(position: v(3.6796, 4.3719), velocity: v(3.0515, 2.8099), acceleration: v(-182.7957, -122.4598), time: 0.1222),
            res(position: v(3.6916, 4.3838), velocity: v(2.1648, 2.1462), acceleration: v(-159.6116, -119.4551), time: 0.1278),
            res(position: v(3.6996, 4.3924), velocity: v(1.4360, 1.5529), acceleration: v(-131.1906, -106.7926), time: 0.1333),
            res(position: v(3.7028, 4.3960), velocity: v(1.1520, 1.3044), acceleration: v(-102.2117, -89.4872), time: 0.1361),
        ])
        m.expectNoStrokeToPredict()
    }

    func testInputRateSlowerThanMinOutputRateNormalProjectionWithLoopMitigation() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 1.0 / 30
        var params = InkPortParameters()
        params.useStrokeNormalProjection = true
        params.loopContraction = try .init(speedLowerBound: 0, speedUpperBound: 10, strengthAtSpeedLowerBound: 1, strengthAtSpeedUpperBound: 0, minSpeedSamplingWindow: 20)
        try m.reset(params)
        var time: Double = 0
        try m.update(.down, position: v(3, 4), time: time)
        m.expect([res(position: v(3, 4), time: 0)])
        m.predict()
        m.expect([])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(3.2, 4.2), time: time)
        m.expect([
            res(position: v(3.0019, 4.0019), velocity: v(0.4007, 0.4007), acceleration: v(84.1557, 84.1564), time: 0.0047619),
            res(position: v(3.0069, 4.0069), velocity: v(0.9909, 0.9909), acceleration: v(126.6022, 126.6014), time: 0.00952381),
            res(position: v(3.0154, 4.0154), velocity: v(1.6577, 1.6577), acceleration: v(143.4044, 143.4039), time: 0.0142857),
            res(position: v(3.0276, 4.0276), velocity: v(2.3131, 2.3131), acceleration: v(142.7971, 142.7955), time: 0.0190476),
            res(position: v(3.0433, 4.0433), velocity: v(2.9214, 2.9214), acceleration: v(133.0543, 133.0539), time: 0.0238095),
            res(position: v(3.0622, 4.0622), velocity: v(3.4742, 3.4742), acceleration: v(120.1235, 120.1227), time: 0.0285714),
            res(position: v(3.0838, 4.0838), velocity: v(3.9782, 3.9782), acceleration: v(107.9054, 107.9059), time: 0.0333333),
        ])
        m.predict()
        m.expect([
            res(position: v(3.10949, 4.10949), velocity: v(4.19914, 4.19913), acceleration: v(41.8473, 41.8476), time: 0.0388889),
            res(position: v(3.13314, 4.13314), velocity: v(4.16388, 4.16387), acceleration: v(-0.79512, -0.795006), time: 0.0444444),
            res(position: v(3.1534, 4.1534), velocity: v(4.00923, 4.00922), acceleration: v(-15.7575, -15.7574), time: 0.05),
            res(position: v(3.1698, 4.1698), velocity: v(3.80299, 3.80299), acceleration: v(-14.803, -14.803), time: 0.0555556),
            res(position: v(3.18238, 4.18238), velocity: v(3.58047, 3.58046), acceleration: v(-5.50763, -5.50725), time: 0.0611111),
            res(position: v(3.19153, 4.19153), velocity: v(3.36166, 3.36166), acceleration: v(7.42517, 7.42575), time: 0.0666667),
            res(position: v(3.19779, 4.19779), velocity: v(3.15865, 3.15865), acceleration: v(21.1664, 21.1667), time: 0.0722222),
            res(position: v(3.19921, 4.19921), velocity: v(3.12532, 3.12532), acceleration: v(33.1267, 33.1264), time: 0.0736111),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(3.5, 4.2), time: time)
        m.expect([
            res(position: v(3.10806, 4.10611), velocity: v(4.57574, 4.16572), acceleration: v(127.197, 41.096), time: 0.0380952, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.13529, 4.12867), velocity: v(5.22357, 4.22006), acceleration: v(136.649, 7.26822), time: 0.0428571, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.16495, 4.1509), velocity: v(5.88198, 4.24741), acceleration: v(141.224, -2.77902), time: 0.047619, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.19714, 4.17332), velocity: v(6.55079, 4.3372), acceleration: v(144.959, 4.50102), time: 0.052381, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.23516, 4.18583), velocity: v(7.05712, 3.94619), acceleration: v(136.785, -2.18567), time: 0.0571429, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.27574, 4.19189), velocity: v(7.44526, 3.31069), acceleration: v(122.731, -17.3051), time: 0.0619048, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.31707, 4.19611), velocity: v(7.79387, 2.68079), acceleration: v(109.01, -32.7855), time: 0.0666667, pressure: -1, tilt: -1, orientation: -1),
        ])
        m.predict()
        m.expect([
            res(position: v(3.36237, 4.19918), velocity: v(7.82404, 1.99092), acceleration: v(36.6682, -52.0924), time: 0.0722222, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.40191, 4.20095), velocity: v(7.60028, 1.39536), acceleration: v(-12.3829, -68.1158), time: 0.0777778, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.43446, 4.20185), velocity: v(7.2649, 0.907921), acceleration: v(-33.8065, -81.9532), time: 0.0833333, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.45987, 4.20219), velocity: v(6.89701, 0.530171), acceleration: v(-38.1399, -92.9828), time: 0.0888889, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.4787, 4.20218), velocity: v(6.53972, 0.253838), acceleration: v(-32.4934, -101.051), time: 0.0944444, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.49187, 4.20198), velocity: v(6.21575, 0.0647929), acceleration: v(-21.597, -106.379), time: 0.1, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.49741, 4.20186), velocity: v(6.08952, -0.00998237), acceleration: v(-8.04681, -107.375), time: 0.102778, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.4999, 4.20179), velocity: v(6.03392, -0.0425394), acceleration: v(-2.64958, -108.264), time: 0.104167, pressure: -1, tilt: -1, orientation: -1),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.up, position: v(3.7, 4.4), time: time)
        m.expect([
            res(position: v(3.35822, 4.19982), velocity: v(8.01552, 2.25652), acceleration: v(76.5494, -10.244), time: 0.0714286, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.3993, 4.20377), velocity: v(8.17208, 1.93242), acceleration: v(54.3432, -8.91926), time: 0.0761905, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.44044, 4.20831), velocity: v(8.30583, 1.63694), acceleration: v(39.2784, -23.511), time: 0.0809524, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.48211, 4.21358), velocity: v(8.4475, 1.31753), acceleration: v(28.8514, -50.195), time: 0.0857143, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.51793, 4.23348), velocity: v(8.20064, 1.77303), acceleration: v(14.8426, -36.1067), time: 0.0904762, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.5498, 4.25891), velocity: v(7.81686, 2.5044), acceleration: v(0.631893, -7.71963), time: 0.0952381, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.58032, 4.2848), velocity: v(7.44861, 3.20856), acceleration: v(-12.4313, 18.8486), time: 0.1, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.61221, 4.31318), velocity: v(6.88897, 3.78287), acceleration: v(-57.1107, 16.5751), time: 0.105556, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.63911, 4.33797), velocity: v(6.28318, 4.13534), acceleration: v(-87.8043, 19.4788), time: 0.111111, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.66068, 4.35842), velocity: v(5.70713, 4.32859), acceleration: v(-103.24, 30.7454), time: 0.116667, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.67711, 4.3744), velocity: v(5.20066, 4.40827), acceleration: v(-108.429, 45.5063), time: 0.122222, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.68899, 4.38625), velocity: v(4.77974, 4.4096), acceleration: v(-107.076, 60.7109), time: 0.127778, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.69704, 4.39453), velocity: v(4.44584, 4.36005), acceleration: v(-101.873, 74.6184), time: 0.133333, pressure: -1, tilt: -1, orientation: -1),
            res(position: v(3.70043, 4.39806), velocity: v(4.30761, 4.33629), acceleration: v(-93.7887, 84.475), time: 0.136111, pressure: -1, tilt: -1, orientation: -1),
        ])
        m.expectNoStrokeToPredict()
    }

    func testInputRateFasterThanMinOutputRate() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 1.0 / 300
        try m.reset(InkPortParameters())
        var time: Double = 2
        try m.update(.down, position: v(5, -3), time: time)
        m.expect([res(position: v(5, -3), time: 2)])
        m.predict()
        m.expect([])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(5, -3.1), time: time)
        m.expect([res(position: v(5, -3.0033), velocity: v(0, -0.9818), acceleration: v(0, -294.5452), time: 2.0033)])
        m.predict()
        m.expect([
            res(position: v(5, -3.0153), velocity: v(0, -2.1719), acceleration: v(0, -214.2145), time: 2.0089),
            res(position: v(5, -3.0303), velocity: v(0, -2.6885), acceleration: v(0, -92.9885), time: 2.0144),
            res(position: v(5, -3.0456), velocity: v(0, -2.7541), acceleration: v(0, -11.7992), time: 2.0200),
            res(position: v(5, -3.0597), velocity: v(0, -2.5430), acceleration: v(0, 37.9868), time: 2.0256),
            res(position: v(5, -3.0718), velocity: v(0, -2.1852), acceleration: v(0, 64.4053), time: 2.0311),
            res(position: v(5, -3.0817), velocity: v(0, -1.7719), acceleration: v(0, 74.4011), time: 2.0367),
            res(position: v(5, -3.0893), velocity: v(0, -1.3628), acceleration: v(0, 73.6345), time: 2.0422),
            res(position: v(5, -3.0948), velocity: v(0, -0.9934), acceleration: v(0, 66.4807), time: 2.0478),
            res(position: v(5, -3.0986), velocity: v(0, -0.6815), acceleration: v(0, 56.1448), time: 2.0533),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(4.975, -3.175), time: time)
        m.expect([res(position: v(4.9992, -3.0114), velocity: v(-0.2455, -2.4322), acceleration: v(-73.6366, -435.1238), time: 2.0067)])
        m.predict()
        m.expect([
            res(position: v(4.9962, -3.0344), velocity: v(-0.5430, -4.1368), acceleration: v(-53.5537, -306.8140), time: 2.0122),
            res(position: v(4.9924, -3.0609), velocity: v(-0.6721, -4.7834), acceleration: v(-23.2474, -116.3963), time: 2.0178),
            res(position: v(4.9886, -3.0873), velocity: v(-0.6885, -4.7365), acceleration: v(-2.9498, 8.4358), time: 2.0233),
            res(position: v(4.9851, -3.1110), velocity: v(-0.6358, -4.2778), acceleration: v(9.4971, 82.5682), time: 2.0289),
            res(position: v(4.9820, -3.1311), velocity: v(-0.5463, -3.6137), acceleration: v(16.1014, 119.5413), time: 2.0344),
            res(position: v(4.9796, -3.1471), velocity: v(-0.4430, -2.8867), acceleration: v(18.6005, 130.8578), time: 2.0400),
            res(position: v(4.9777, -3.1593), velocity: v(-0.3407, -2.1881), acceleration: v(18.4089, 125.7516), time: 2.0456),
            res(position: v(4.9763, -3.1680), velocity: v(-0.2484, -1.5700), acceleration: v(16.6198, 111.2560), time: 2.0511),
            res(position: v(4.9754, -3.1739), velocity: v(-0.1704, -1.0564), acceleration: v(14.0365, 92.4447), time: 2.0567),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(4.9, -3.2), time: time)
        m.expect([res(position: v(4.9953, -3.0237), velocity: v(-1.1603, -3.7004), acceleration: v(-274.4622, -380.4507), time: 2.0100)])
        m.predict()
        m.expect([
            res(position: v(4.9828, -3.0521), velocity: v(-2.2559, -5.1049), acceleration: v(-197.1994, -252.8115), time: 2.0156),
            res(position: v(4.9677, -3.0825), velocity: v(-2.7081, -5.4835), acceleration: v(-81.4051, -68.1520), time: 2.0211),
            res(position: v(4.9526, -3.1115), velocity: v(-2.7333, -5.2122), acceleration: v(-4.5282, 48.8396), time: 2.0267),
            res(position: v(4.9387, -3.1369), velocity: v(-2.4999, -4.5756), acceleration: v(42.0094, 114.5943), time: 2.0322),
            res(position: v(4.9268, -3.1579), velocity: v(-2.1326, -3.7776), acceleration: v(66.1132, 143.6292), time: 2.0378),
            res(position: v(4.9173, -3.1743), velocity: v(-1.7184, -2.9554), acceleration: v(74.5656, 147.9932), time: 2.0433),
            res(position: v(4.9100, -3.1865), velocity: v(-1.3136, -2.1935), acceleration: v(72.8575, 137.1578), time: 2.0489),
            res(position: v(4.9047, -3.1950), velocity: v(-0.9513, -1.5369), acceleration: v(65.2090, 118.1874), time: 2.0544),
            res(position: v(4.9011, -3.2006), velocity: v(-0.6475, -1.0032), acceleration: v(54.6929, 96.0608), time: 2.0600),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(4.825, -3.2), time: time)
        m.expect([res(position: v(4.9868, -3.0389), velocity: v(-2.5540, -4.5431), acceleration: v(-418.1093, -252.8115), time: 2.0133)])
        m.predict()
        m.expect([
            res(position: v(4.9636, -3.0687), velocity: v(-4.1801, -5.3627), acceleration: v(-292.6871, -147.5319), time: 2.0189),
            res(position: v(4.9370, -3.0985), velocity: v(-4.7757, -5.3670), acceleration: v(-107.2116, -0.7651), time: 2.0244),
            res(position: v(4.9109, -3.1256), velocity: v(-4.6989, -4.8816), acceleration: v(13.8210, 87.3644), time: 2.0300),
            res(position: v(4.8875, -3.1486), velocity: v(-4.2257, -4.1466), acceleration: v(85.1835, 132.2997), time: 2.0356),
            res(position: v(4.8677, -3.1671), velocity: v(-3.5576, -3.3287), acceleration: v(120.2579, 147.2335), time: 2.0411),
            res(position: v(4.8520, -3.1812), velocity: v(-2.8333, -2.5353), acceleration: v(130.3700, 142.8088), time: 2.0467),
            res(position: v(4.8401, -3.1914), velocity: v(-2.1411, -1.8288), acceleration: v(124.5846, 127.1714), time: 2.0522),
            res(position: v(4.8316, -3.1982), velocity: v(-1.5312, -1.2386), acceleration: v(109.7874, 106.2279), time: 2.0578),
            res(position: v(4.8280, -3.2010), velocity: v(-1.2786, -1.0053), acceleration: v(90.9288, 84.0051), time: 2.0606),
            res(position: v(4.8272, -3.2017), velocity: v(-1.2209, -0.9529), acceleration: v(83.2052, 75.4288), time: 2.0613),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(4.75, -3.225), time: time)
        m.expect([res(position: v(4.9726, -3.0565), velocity: v(-4.2660, -5.2803), acceleration: v(-513.5957, -221.1678), time: 2.0167)])
        m.predict()
        m.expect([
            res(position: v(4.9381, -3.0894), velocity: v(-6.2018, -5.9261), acceleration: v(-348.4476, -116.2445), time: 2.0222),
            res(position: v(4.9004, -3.1215), velocity: v(-6.7995, -5.7749), acceleration: v(-107.5834, 27.2264), time: 2.0278),
            res(position: v(4.8640, -3.1501), velocity: v(-6.5400, -5.1591), acceleration: v(46.7146, 110.8336), time: 2.0333),
            res(position: v(4.8319, -3.1741), velocity: v(-5.7897, -4.3207), acceleration: v(135.0462, 150.9226), time: 2.0389),
            res(position: v(4.8051, -3.1932), velocity: v(-4.8132, -3.4248), acceleration: v(175.7684, 161.2555), time: 2.0444),
            res(position: v(4.7841, -3.2075), velocity: v(-3.7898, -2.5759), acceleration: v(184.2227, 152.7958), time: 2.0500),
            res(position: v(4.7683, -3.2176), velocity: v(-2.8312, -1.8324), acceleration: v(172.5480, 133.8294), time: 2.0556),
            res(position: v(4.7572, -3.2244), velocity: v(-1.9986, -1.2198), acceleration: v(149.8577, 110.2830), time: 2.0611),
            res(position: v(4.7526, -3.2271), velocity: v(-1.6580, -0.9805), acceleration: v(122.6198, 86.1299), time: 2.0639),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(4.7, -3.3), time: time)
        m.expect([res(position: v(4.9529, -3.0778), velocity: v(-5.9184, -6.4042), acceleration: v(-495.7209, -337.1538), time: 2.0200)])
        m.predict()
        m.expect([
            res(position: v(4.9101, -3.1194), velocity: v(-7.6886, -7.4784), acceleration: v(-318.6394, -193.3594), time: 2.0256),
            res(position: v(4.8654, -3.1607), velocity: v(-8.0518, -7.4431), acceleration: v(-65.3698, 6.3579), time: 2.0311),
            res(position: v(4.8235, -3.1982), velocity: v(-7.5377, -6.7452), acceleration: v(92.5345, 125.6104), time: 2.0367),
            res(position: v(4.7872, -3.2299), velocity: v(-6.5440, -5.7133), acceleration: v(178.8654, 185.7426), time: 2.0422),
            res(position: v(4.7574, -3.2553), velocity: v(-5.3529, -4.5748), acceleration: v(214.4027, 204.9362), time: 2.0478),
            res(position: v(4.7344, -3.2746), velocity: v(-4.1516, -3.4758), acceleration: v(216.2348, 197.8224), time: 2.0533),
            res(position: v(4.7174, -3.2885), velocity: v(-3.0534, -2.5004), acceleration: v(197.6767, 175.5702), time: 2.0589),
            res(position: v(4.7056, -3.2979), velocity: v(-2.1169, -1.6879), acceleration: v(168.5711, 146.2573), time: 2.0644),
            res(position: v(4.7030, -3.3000), velocity: v(-1.9283, -1.5276), acceleration: v(135.7820, 115.3739), time: 2.0658),
            res(position: v(4.7017, -3.3010), velocity: v(-1.8380, -1.4512), acceleration: v(130.0928, 110.0859), time: 2.0665),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(4.675, -3.4), time: time)
        m.expect([res(position: v(4.9288, -3.1046), velocity: v(-7.2260, -8.0305), acceleration: v(-392.2747, -487.9053), time: 2.0233)])
        m.predict()
        m.expect([
            res(position: v(4.8816, -3.1582), velocity: v(-8.4881, -9.6525), acceleration: v(-227.1831, -291.9628), time: 2.0289),
            res(position: v(4.8345, -3.2124), velocity: v(-8.4738, -9.7482), acceleration: v(2.5870, -17.2266), time: 2.0344),
            res(position: v(4.7918, -3.2619), velocity: v(-7.6948, -8.9195), acceleration: v(140.2131, 149.1810), time: 2.0400),
            res(position: v(4.7555, -3.3042), velocity: v(-6.5279, -7.6113), acceleration: v(210.0428, 235.4638), time: 2.0456),
            res(position: v(4.7264, -3.3383), velocity: v(-5.2343, -6.1345), acceleration: v(232.8451, 265.8274), time: 2.0511),
            res(position: v(4.7043, -3.3643), velocity: v(-3.9823, -4.6907), acceleration: v(225.3593, 259.8790), time: 2.0567),
            res(position: v(4.6884, -3.3832), velocity: v(-2.8691, -3.3980), acceleration: v(200.3802, 232.6849), time: 2.0622),
            res(position: v(4.6776, -3.3961), velocity: v(-1.9403, -2.3135), acceleration: v(167.1764, 195.2152), time: 2.0678),
            res(position: v(4.6752, -3.3990), velocity: v(-1.7569, -2.0983), acceleration: v(132.0560, 154.9868), time: 2.0692),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(4.675, -3.525), time: time)
        m.expect([res(position: v(4.9022, -3.1387), velocity: v(-7.9833, -10.2310), acceleration: v(-227.1831, -660.1446), time: 2.0267)])
        m.predict()
        m.expect([
            res(position: v(4.8549, -3.2079), velocity: v(-8.5070, -12.4602), acceleration: v(-94.2781, -401.2599), time: 2.0322),
            res(position: v(4.8102, -3.2783), velocity: v(-8.0479, -12.6650), acceleration: v(82.6390, -36.8616), time: 2.0378),
            res(position: v(4.7711, -3.3429), velocity: v(-7.0408, -11.6365), acceleration: v(181.2765, 185.1286), time: 2.0433),
            res(position: v(4.7389, -3.3983), velocity: v(-5.7965, -9.9616), acceleration: v(223.9801, 301.4933), time: 2.0489),
            res(position: v(4.7137, -3.4430), velocity: v(-4.5230, -8.0510), acceleration: v(229.2397, 343.9032), time: 2.0544),
            res(position: v(4.6951, -3.4773), velocity: v(-3.3477, -6.1727), acceleration: v(211.5554, 338.0856), time: 2.0600),
            res(position: v(4.6821, -3.5022), velocity: v(-2.3381, -4.4846), acceleration: v(181.7131, 303.8597), time: 2.0656),
            res(position: v(4.6737, -3.5192), velocity: v(-1.5199, -3.0641), acceleration: v(147.2879, 255.7003), time: 2.0711),
            res(position: v(4.6718, -3.5231), velocity: v(-1.3626, -2.7813), acceleration: v(113.2437, 203.5595), time: 2.0725),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.up, position: v(4.7, -3.6), time: time)
        m.expect([
            res(position: v(4.8753, -3.1797), velocity: v(-8.0521, -12.3049), acceleration: v(-20.6429, -622.1685), time: 2.0300),
            res(position: v(4.8325, -3.2589), velocity: v(-7.7000, -14.2607), acceleration: v(63.3680, -352.0363), time: 2.0356),
            res(position: v(4.7948, -3.3375), velocity: v(-6.7888, -14.1377), acceleration: v(164.0215, 22.1350), time: 2.0411),
            res(position: v(4.7636, -3.4085), velocity: v(-5.6249, -12.7787), acceleration: v(209.5020, 244.6249), time: 2.0467),
            res(position: v(4.7390, -3.4685), velocity: v(-4.4152, -10.8015), acceleration: v(217.7452, 355.8801), time: 2.0522),
            res(position: v(4.7208, -3.5164), velocity: v(-3.2880, -8.6333), acceleration: v(202.8961, 390.2804), time: 2.0578),
            res(position: v(4.7079, -3.5528), velocity: v(-2.3128, -6.5475), acceleration: v(175.5414, 375.4407), time: 2.0633),
            res(position: v(4.6995, -3.5789), velocity: v(-1.5174, -4.7008), acceleration: v(143.1705, 332.4062), time: 2.0689),
            res(position: v(4.6945, -3.5965), velocity: v(-0.9022, -3.1655), acceleration: v(110.7325, 276.3669), time: 2.0744),
            res(position: v(4.6942, -3.5976), velocity: v(-0.8740, -3.0899), acceleration: v(81.2036, 217.6189), time: 2.0748),
        ])
        m.expectNoStrokeToPredict()
    }

    func testWobbleSmoothed() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 0.0167
        try m.reset(InkPortParameters())
        var time: Double = 4
        try m.update(.down, position: v(-6, -2), time: time)
        m.expect([res(position: v(-6, -2), time: 4)])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(-6.02, -2), time: time)
        m.expect([
            res(position: v(-6.0003, -2), velocity: v(-0.0615, 0), acceleration: v(-14.7276, 0), time: 4.0042),
            res(position: v(-6.0009, -2), velocity: v(-0.1628, 0), acceleration: v(-24.2725, 0), time: 4.0084),
            res(position: v(-6.0021, -2), velocity: v(-0.2868, 0), acceleration: v(-29.6996, 0), time: 4.0125),
            res(position: v(-6.0039, -2), velocity: v(-0.4203, 0), acceleration: v(-31.9728, 0), time: 4.0167),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(-6.02, -2.02), time: time)
        m.expect([
            res(position: v(-6.0059, -2.0001), velocity: v(-0.4921, -0.0307), acceleration: v(-17.1932, -7.3638), time: 4.0209),
            res(position: v(-6.0081, -2.0005), velocity: v(-0.5170, -0.0814), acceleration: v(-5.9729, -12.1355), time: 4.0251),
            res(position: v(-6.0102, -2.0010), velocity: v(-0.5079, -0.1434), acceleration: v(2.1807, -14.8493), time: 4.0292),
            res(position: v(-6.0122, -2.0019), velocity: v(-0.4755, -0.2101), acceleration: v(7.7710, -15.9860), time: 4.0334),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(-6.04, -2.02), time: time)
        m.expect([
            res(position: v(-6.0141, -2.0030), velocity: v(-0.4489, -0.2563), acceleration: v(6.3733, -11.0507), time: 4.0376),
            res(position: v(-6.0159, -2.0042), velocity: v(-0.4277, -0.2856), acceleration: v(5.0670, -7.0315), time: 4.0418),
            res(position: v(-6.0176, -2.0055), velocity: v(-0.4115, -0.3018), acceleration: v(3.8950, -3.8603), time: 4.0459),
            res(position: v(-6.0193, -2.0067), velocity: v(-0.3994, -0.3078), acceleration: v(2.8758, -1.4435), time: 4.0501),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(-6.04, -2.04), time: time)
        m.expect([
            res(position: v(-6.0209, -2.0082), velocity: v(-0.3910, -0.3372), acceleration: v(2.0142, -7.0427), time: 4.0543),
            res(position: v(-6.0225, -2.0098), velocity: v(-0.3856, -0.3814), acceleration: v(1.3090, -10.5977), time: 4.0585),
            res(position: v(-6.0241, -2.0116), velocity: v(-0.3825, -0.4338), acceleration: v(0.7470, -12.5399), time: 4.0626),
            res(position: v(-6.0257, -2.0136), velocity: v(-0.3811, -0.4891), acceleration: v(0.3174, -13.2543), time: 4.0668),
        ])
    }

    func testWobbleNotSmoothedIfNotEnabled() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 0.0167
        var params = InkPortParameters()
        params.wobbleEnabled = false
        try m.reset(params)
        var time: Double = 4
        try m.update(.down, position: v(-6, -2), time: time)
        m.expect([res(position: v(-6, -2), time: 4)])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(-6.02, -2), time: time)
        m.expect([
            res(position: v(-6.0003, -2), velocity: v(-0.0615, 0), acceleration: v(-14.7276, 0), time: 4.0042),
            res(position: v(-6.0009, -2), velocity: v(-0.1628, 0), acceleration: v(-24.2725, 0), time: 4.0084),
            res(position: v(-6.0021, -2), velocity: v(-0.2868, 0), acceleration: v(-29.6996, 0), time: 4.0125),
            res(position: v(-6.0039, -2), velocity: v(-0.4203, 0), acceleration: v(-31.9728, 0), time: 4.0167),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(-6.02, -2.02), time: time)
        m.expect([
            res(position: v(-6.0059, -2.0003), velocity: v(-0.4921, -0.0615), acceleration: v(-17.1932, -14.7276), time: 4.0209),
            res(position: v(-6.0081, -2.0009), velocity: v(-0.5170, -0.1628), acceleration: v(-5.9729, -24.2711), time: 4.0251),
            res(position: v(-6.0102, -2.0021), velocity: v(-0.5079, -0.2868), acceleration: v(2.1807, -29.7000), time: 4.0292),
            res(position: v(-6.0122, -2.0039), velocity: v(-0.4755, -0.4203), acceleration: v(7.7710, -31.9724), time: 4.0334),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(-6.04, -2.02), time: time)
        m.expect([
            res(position: v(-6.0143, -2.0059), velocity: v(-0.4899, -0.4921), acceleration: v(-3.4456, -17.1929), time: 4.0376),
            res(position: v(-6.0165, -2.0081), velocity: v(-0.5363, -0.5170), acceleration: v(-11.1122, -5.9734), time: 4.0418),
            res(position: v(-6.0190, -2.0102), velocity: v(-0.6027, -0.5079), acceleration: v(-15.9053, 2.1804), time: 4.0459),
            res(position: v(-6.0218, -2.0122), velocity: v(-0.6796, -0.4755), acceleration: v(-18.4402, 7.7708), time: 4.0501),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(-6.04, -2.04), time: time)
        m.expect([
            res(position: v(-6.0248, -2.0143), velocity: v(-0.6986, -0.4899), acceleration: v(-4.5389, -3.4458), time: 4.0543),
            res(position: v(-6.0276, -2.0165), velocity: v(-0.6760, -0.5363), acceleration: v(5.4168, -11.1130), time: 4.0585),
            res(position: v(-6.0302, -2.0190), velocity: v(-0.6255, -0.6027), acceleration: v(12.1018, -15.9045), time: 4.0626),
            res(position: v(-6.0325, -2.0218), velocity: v(-0.5580, -0.6796), acceleration: v(16.1550, -18.4404), time: 4.0668),
        ])
    }

    func testUpdateAppendsToResults() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 1.0 / 300
        try m.reset(InkPortParameters())
        var time: Double = 2
        try m.update(.down, position: v(5, -3), time: time)
        let firstResult = res(position: v(5, -3), time: 2)
        m.expect([firstResult])
        time += kDeltaTime
        try m.update(.move, position: v(5, -3.1), time: time)
        m.expect([
            firstResult,
            res(position: v(5, -3.0033), velocity: v(0, -0.9818), acceleration: v(0, -294.5452), time: 2.0033),
        ])
    }

    func testReset() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 1.0 / 50
        try m.reset(InkPortParameters())
        var time: Double = 0
        try m.update(.down, position: v(-8, -10), time: time)
        m.expectNotEmpty()
        m.predict()
        m.expect([])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, time: time)
        m.expectNotEmpty()
        m.predict()
        m.expectNotEmpty()
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(-11, -5), time: time)
        m.expectNotEmpty()
        m.predict()
        m.expectNotEmpty()
        try m.reset(InkPortParameters())
        m.expectNoStrokeToPredict()
    }

    func testIgnoreInputsBeforeTDown() throws {
        var m = InkPortHarness()
        try m.reset(InkPortParameters())
        m.expectRejected(.kFailedPrecondition, .move, position: v(0, 0), time: 0)
        m.expect([])
        m.results.removeAll()
        m.expectRejected(.kFailedPrecondition, .up, position: v(0, 0), time: 1)
        m.expect([])
    }

    func testIgnoreTDownWhileStrokeIsInProgress() throws {
        var m = InkPortHarness()
        try m.reset(InkPortParameters())
        try m.update(.down, position: v(0, 0), time: 0)
        m.expectNotEmpty()
        m.results.removeAll()
        m.expectRejected(.kFailedPrecondition, .down, position: v(1, 1), time: 1)
        m.expect([])
        m.results.removeAll()
        try m.update(.move, position: v(1, 1), time: 1)
        m.expectNotEmpty()
        m.results.removeAll()
        m.expectRejected(.kFailedPrecondition, .down, position: v(2, 2), time: 2)
        m.expect([])
    }

    func testAlternateParams() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 1.0 / 50
        var stroke_model_params = InkPortParameters()
        stroke_model_params.minOutputRate = 70
        try m.reset(stroke_model_params)
        var time: Double = 3
        try m.update(.down, position: v(0, 0), time: time, pressure: 0.5, tilt: 0.2, orientation: 0.4)
        m.expect([res(position: v(0, 0), velocity: v(0, 0), acceleration: v(0, 0), time: 3, pressure: 0.5, tilt: 0.2, orientation: 0.4)])
        m.predict()
        m.expect([])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(0, 0.5), time: time, pressure: 0.4, tilt: 0.3, orientation: 0.3)
        m.expect([
            res(position: v(0, 0.0736), velocity: v(0, 7.3636), acceleration: v(0, 736.3636), time: 3.0100, pressure: 0.4853, tilt: 0.2147, orientation: 0.3853),
            res(position: v(0, 0.2198), velocity: v(0, 14.6202), acceleration: v(0, 725.6529), time: 3.0200, pressure: 0.4560, tilt: 0.2440, orientation: 0.3560),
        ])
        m.predict()
        m.expect([
            res(position: v(0, 0.3823), velocity: v(0, 11.3709), acceleration: v(0, -227.4474), time: 3.0343, pressure: 0.4235, tilt: 0.2765, orientation: 0.3235),
            res(position: v(0, 0.4484), velocity: v(0, 4.6285), acceleration: v(0, -471.9660), time: 3.0486, pressure: 0.4103, tilt: 0.2897, orientation: 0.3103),
            res(position: v(0, 0.4775), velocity: v(0, 2.0389), acceleration: v(0, -181.2747), time: 3.0629, pressure: 0.4045, tilt: 0.2955, orientation: 0.3045),
            res(position: v(0, 0.4902), velocity: v(0, 0.8873), acceleration: v(0, -80.6136), time: 3.0771, pressure: 0.4020, tilt: 0.2980, orientation: 0.3020),
            res(position: v(0, 0.4957), velocity: v(0, 0.3868), acceleration: v(0, -35.0318), time: 3.0914, pressure: 0.4009, tilt: 0.2991, orientation: 0.3009),
            res(position: v(0, 0.4981), velocity: v(0, 0.1686), acceleration: v(0, -15.2760), time: 3.1057, pressure: 0.4004, tilt: 0.2996, orientation: 0.3004),
            res(position: v(0, 0.4992), velocity: v(0, 0.0735), acceleration: v(0, -6.6579), time: 3.1200, pressure: 0.4002, tilt: 0.2998, orientation: 0.3002),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(0.2, 1), time: time, pressure: 0.3, tilt: 0.4, orientation: 0.2)
        m.expect([
            res(position: v(0.0295, 0.4169), velocity: v(2.9455, 19.7093), acceleration: v(294.5455, 508.9161), time: 3.0300, pressure: 0.4166, tilt: 0.2834, orientation: 0.3166),
            res(position: v(0.0879, 0.6439), velocity: v(5.8481, 22.6926), acceleration: v(290.2612, 298.3311), time: 3.0400, pressure: 0.3691, tilt: 0.3309, orientation: 0.2691),
        ])
        m.predict()
        m.expect([
            res(position: v(0.1529, 0.8487), velocity: v(4.5484, 14.3374), acceleration: v(-90.9790, -584.8687), time: 3.0543, pressure: 0.3293, tilt: 0.3707, orientation: 0.2293),
            res(position: v(0.1794, 0.9338), velocity: v(1.8514, 5.9577), acceleration: v(-188.7864, -586.5760), time: 3.0686, pressure: 0.3128, tilt: 0.3872, orientation: 0.2128),
            res(position: v(0.1910, 0.9712), velocity: v(0.8156, 2.6159), acceleration: v(-72.5099, -233.9289), time: 3.0829, pressure: 0.3056, tilt: 0.3944, orientation: 0.2056),
            res(position: v(0.1961, 0.9874), velocity: v(0.3549, 1.1389), acceleration: v(-32.2455, -103.3868), time: 3.0971, pressure: 0.3024, tilt: 0.3976, orientation: 0.2024),
            res(position: v(0.1983, 0.9945), velocity: v(0.1547, 0.4965), acceleration: v(-14.0127, -44.9693), time: 3.1114, pressure: 0.3011, tilt: 0.3989, orientation: 0.2011),
            res(position: v(0.1993, 0.9976), velocity: v(0.0674, 0.2164), acceleration: v(-6.1104, -19.6068), time: 3.1257, pressure: 0.3005, tilt: 0.3995, orientation: 0.2005),
            res(position: v(0.1997, 0.9990), velocity: v(0.0294, 0.0943), acceleration: v(-2.6631, -8.5455), time: 3.1400, pressure: 0.3002, tilt: 0.3998, orientation: 0.2002),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(0.4, 1.4), time: time, pressure: 0.2, tilt: 0.7, orientation: 0)
        m.expect([
            res(position: v(0.1668, 0.8712), velocity: v(7.8837, 22.7349), acceleration: v(203.5665, 4.2224), time: 3.0500, pressure: 0.3245, tilt: 0.3755, orientation: 0.2245),
            res(position: v(0.2575, 1.0906), velocity: v(9.0771, 21.9411), acceleration: v(119.3324, -79.3721), time: 3.0600, pressure: 0.2761, tilt: 0.4716, orientation: 0.1522),
        ])
        m.predict()
        m.expect([
            res(position: v(0.3395, 1.2676), velocity: v(5.7349, 12.3913), acceleration: v(-233.9475, -668.4906), time: 3.0743, pressure: 0.2325, tilt: 0.6024, orientation: 0.0651),
            res(position: v(0.3735, 1.3421), velocity: v(2.3831, 5.2156), acceleration: v(-234.6304, -502.2992), time: 3.0886, pressure: 0.2142, tilt: 0.6573, orientation: 0.0284),
            res(position: v(0.3885, 1.3748), velocity: v(1.0463, 2.2854), acceleration: v(-93.5716, -205.1091), time: 3.1029, pressure: 0.2062, tilt: 0.6814, orientation: 0.0124),
            res(position: v(0.3950, 1.3890), velocity: v(0.4556, 0.9954), acceleration: v(-41.3547, -90.3064), time: 3.1171, pressure: 0.2027, tilt: 0.6919, orientation: 0.0054),
            res(position: v(0.3978, 1.3952), velocity: v(0.1986, 0.4339), acceleration: v(-17.9877, -39.3021), time: 3.1314, pressure: 0.2012, tilt: 0.6965, orientation: 0.0024),
            res(position: v(0.3990, 1.3979), velocity: v(0.0866, 0.1891), acceleration: v(-7.8428, -17.1346), time: 3.1457, pressure: 0.2005, tilt: 0.6985, orientation: 0.0010),
            res(position: v(0.3996, 1.3991), velocity: v(0.0377, 0.0824), acceleration: v(-3.4182, -7.4680), time: 3.1600, pressure: 0.2002, tilt: 0.6993, orientation: 0.0004),
        ])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.up, position: v(0.7, 1.7), time: time, pressure: 0.1, tilt: 1, orientation: 0)
        m.expect([
            res(position: v(0.3691, 1.2874), velocity: v(11.1558, 19.6744), acceleration: v(207.8707, -226.6725), time: 3.0700, pressure: 0.2256, tilt: 0.6231, orientation: 0.0512),
            res(position: v(0.4978, 1.4640), velocity: v(12.8701, 17.6629), acceleration: v(171.4340, -201.1508), time: 3.0800, pressure: 0.1730, tilt: 0.7809, orientation: 0),
            res(position: v(0.6141, 1.5986), velocity: v(8.1404, 9.4261), acceleration: v(-331.0815, -576.5752), time: 3.0943, pressure: 0.1312, tilt: 0.9064, orientation: 0),
            res(position: v(0.6624, 1.6557), velocity: v(3.3822, 3.9953), acceleration: v(-333.0701, -380.1579), time: 3.1086, pressure: 0.1136, tilt: 0.9591, orientation: 0),
            res(position: v(0.6836, 1.6807), velocity: v(1.4851, 1.7488), acceleration: v(-132.8005, -157.2520), time: 3.1229, pressure: 0.1059, tilt: 0.9822, orientation: 0),
            res(position: v(0.6929, 1.6916), velocity: v(0.6466, 0.7618), acceleration: v(-58.6943, -69.0946), time: 3.1371, pressure: 0.1026, tilt: 0.9922, orientation: 0),
            res(position: v(0.6969, 1.6963), velocity: v(0.2819, 0.3321), acceleration: v(-25.5298, -30.0794), time: 3.1514, pressure: 0.1011, tilt: 0.9966, orientation: 0),
            res(position: v(0.6986, 1.6984), velocity: v(0.1229, 0.1447), acceleration: v(-11.1311, -13.1133), time: 3.1657, pressure: 0.1005, tilt: 0.9985, orientation: 0),
            res(position: v(0.6994, 1.6993), velocity: v(0.0535, 0.0631), acceleration: v(-4.8514, -5.7153), time: 3.1800, pressure: 0.1002, tilt: 0.9994, orientation: 0),
        ])
        m.expectNoStrokeToPredict()
    }

    func testGenerateOutputOnTUpEvenIfNoTimeDelta() throws {
        var m = InkPortHarness()
        let kDeltaTime: Double = 1.0 / 500
        try m.reset(InkPortParameters())
        var time: Double = 0
        m.results.removeAll()
        try m.update(.down, position: v(5, 5), time: time)
        m.expect([res(position: v(5, 5), time: 0)])
        time += kDeltaTime
        m.results.removeAll()
        try m.update(.move, position: v(5, 5), time: time)
        m.expect([res(position: v(5, 5), time: 0.002)])
        m.results.removeAll()
        try m.update(.up, position: v(5, 5), time: time)
        m.expect([res(position: v(5, 5), time: 0.0076)])
    }

    func testRejectInputIfNegativeTimeDelta() throws {
        var m = InkPortHarness()
        try m.reset(InkPortParameters())
        try m.update(.down, position: v(0, 0), time: 0)
        m.expectNotEmpty()
        m.results.removeAll()
        m.expectRejected(.kInvalidArgument, .move, position: v(1, 1), time: -0.1)
        m.expect([])
        m.results.removeAll()
        try m.update(.move, position: v(1, 1), time: 1)
        m.expectNotEmpty()
        m.results.removeAll()
        m.expectRejected(.kInvalidArgument, .up, position: v(1, 1), time: 0.9)
        m.expect([])
    }

    func testRejectDuplicateInput() throws {
        var m = InkPortHarness()
        try m.reset(InkPortParameters())
        try m.update(.down, position: v(0, 0), time: 0, pressure: 0.2, tilt: 0.3, orientation: 0.4)
        m.expectNotEmpty()
        m.results.removeAll()
        m.expectRejected(.kInvalidArgument, .down, position: v(0, 0), time: 0, pressure: 0.2, tilt: 0.3, orientation: 0.4)
        m.expect([])
        m.results.removeAll()
        try m.update(.move, position: v(1, 2), time: 1, pressure: 0.1, tilt: 0.2, orientation: 0.3)
        m.expectNotEmpty()
        m.results.removeAll()
        m.expectRejected(.kInvalidArgument, .move, position: v(1, 2), time: 1, pressure: 0.1, tilt: 0.2, orientation: 0.3)
        m.expect([])
    }

    func testFarApartTimesDoNotCrashForMove() throws {
        var m = InkPortHarness()
        try m.reset(InkPortParameters())
        try m.update(.down, position: v(0, 0), time: 0, pressure: 0.2, tilt: 0.3, orientation: 0.4)
        m.expectNotEmpty()
        m.results.removeAll()
        m.expectRejected(.kInvalidArgument, .move, position: v(0, 0), time: Double(Int32.max), pressure: 0.2, tilt: 0.3, orientation: 0.4)
        m.expect([])
    }

    func testFarApartTimesDoNotCrashForUp() throws {
        var m = InkPortHarness()
        try m.reset(InkPortParameters())
        try m.update(.down, position: v(0, 0), time: 0, pressure: 0.2, tilt: 0.3, orientation: 0.4)
        m.expectNotEmpty()
        m.results.removeAll()
        m.expectRejected(.kInvalidArgument, .up, position: v(0, 0), time: Double(Int32.max), pressure: 0.2, tilt: 0.3, orientation: 0.4)
        m.expect([])
    }

    func testSaveAndRestore() throws {
        var m = InkPortHarness()
        try m.reset(InkPortParameters())
        m.save()
        try m.update(.down, position: v(-6, -2), time: 4)
        m.expect([res(position: v(-6, -2), time: 4)])
        m.save()
        m.results.removeAll()
        try m.update(.up, position: v(-6.02, -2), time: 4.0167)
        m.expect([
            res(position: v(-6.0003, -2), velocity: v(-0.0615, 0), acceleration: v(-14.7276, 0), time: 4.0042),
            res(position: v(-6.0009, -2), velocity: v(-0.1628, 0), acceleration: v(-24.2725, 0), time: 4.0084),
            res(position: v(-6.0021, -2), velocity: v(-0.2868, 0), acceleration: v(-29.6996, 0), time: 4.0125),
            res(position: v(-6.0039, -2), velocity: v(-0.4203, 0), acceleration: v(-31.9728, 0), time: 4.0167),
            res(position: v(-6.0068, -2), velocity: v(-0.5158, 0), acceleration: v(-17.1932, 0), time: 4.0223),
            res(position: v(-6.0097, -2), velocity: v(-0.5262, 0), acceleration: v(-1.8749, 0), time: 4.0278),
            res(position: v(-6.0124, -2), velocity: v(-0.4847, 0), acceleration: v(7.4861, 0), time: 4.0334),
            res(position: v(-6.0147, -2), velocity: v(-0.4156, 0), acceleration: v(12.4229, 0), time: 4.0389),
            res(position: v(-6.0165, -2), velocity: v(-0.3364, 0), acceleration: v(14.2557, 0), time: 4.0445),
            res(position: v(-6.0180, -2), velocity: v(-0.2583, 0), acceleration: v(14.0591, 0), time: 4.0500),
            res(position: v(-6.0190, -2), velocity: v(-0.1880, 0), acceleration: v(12.6630, 0), time: 4.0556),
        ])
        m.restore()
        m.results.removeAll()
        try m.update(.up, position: v(-6.02, -2), time: 4.0167)
        m.expect([
            res(position: v(-6.0003, -2), velocity: v(-0.0615, 0), acceleration: v(-14.7276, 0), time: 4.0042),
            res(position: v(-6.0009, -2), velocity: v(-0.1628, 0), acceleration: v(-24.2725, 0), time: 4.0084),
            res(position: v(-6.0021, -2), velocity: v(-0.2868, 0), acceleration: v(-29.6996, 0), time: 4.0125),
            res(position: v(-6.0039, -2), velocity: v(-0.4203, 0), acceleration: v(-31.9728, 0), time: 4.0167),
            res(position: v(-6.0068, -2), velocity: v(-0.5158, 0), acceleration: v(-17.1932, 0), time: 4.0223),
            res(position: v(-6.0097, -2), velocity: v(-0.5262, 0), acceleration: v(-1.8749, 0), time: 4.0278),
            res(position: v(-6.0124, -2), velocity: v(-0.4847, 0), acceleration: v(7.4861, 0), time: 4.0334),
            res(position: v(-6.0147, -2), velocity: v(-0.4156, 0), acceleration: v(12.4229, 0), time: 4.0389),
            res(position: v(-6.0165, -2), velocity: v(-0.3364, 0), acceleration: v(14.2557, 0), time: 4.0445),
            res(position: v(-6.0180, -2), velocity: v(-0.2583, 0), acceleration: v(14.0591, 0), time: 4.0500),
            res(position: v(-6.0190, -2), velocity: v(-0.1880, 0), acceleration: v(12.6630, 0), time: 4.0556),
        ])
        m.restore()
        m.results.removeAll()
        try m.update(.up, position: v(-6.02, -2), time: 4.0167)
        m.expect([
            res(position: v(-6.0003, -2), velocity: v(-0.0615, 0), acceleration: v(-14.7276, 0), time: 4.0042),
            res(position: v(-6.0009, -2), velocity: v(-0.1628, 0), acceleration: v(-24.2725, 0), time: 4.0084),
            res(position: v(-6.0021, -2), velocity: v(-0.2868, 0), acceleration: v(-29.6996, 0), time: 4.0125),
            res(position: v(-6.0039, -2), velocity: v(-0.4203, 0), acceleration: v(-31.9728, 0), time: 4.0167),
            res(position: v(-6.0068, -2), velocity: v(-0.5158, 0), acceleration: v(-17.1932, 0), time: 4.0223),
            res(position: v(-6.0097, -2), velocity: v(-0.5262, 0), acceleration: v(-1.8749, 0), time: 4.0278),
            res(position: v(-6.0124, -2), velocity: v(-0.4847, 0), acceleration: v(7.4861, 0), time: 4.0334),
            res(position: v(-6.0147, -2), velocity: v(-0.4156, 0), acceleration: v(12.4229, 0), time: 4.0389),
            res(position: v(-6.0165, -2), velocity: v(-0.3364, 0), acceleration: v(14.2557, 0), time: 4.0445),
            res(position: v(-6.0180, -2), velocity: v(-0.2583, 0), acceleration: v(14.0591, 0), time: 4.0500),
            res(position: v(-6.0190, -2), velocity: v(-0.1880, 0), acceleration: v(12.6630, 0), time: 4.0556),
        ])
        m.resetStroke()
        m.results.removeAll()
        try m.update(.down, position: v(-6, -2), time: 4)
        m.expect([res(position: v(-6, -2), time: 4)])
        m.results.removeAll()
        try m.update(.up, position: v(-6.02, -2), time: 4.0167)
        m.restore()
        m.results.removeAll()
        m.expectRejected(.kFailedPrecondition, .up, position: v(-6.02, -2), time: 4.0167)
    }
    func testResetKeepsParamsAndResetsStroke() throws {
        var m = InkPortHarness()
        try m.reset(InkPortParameters())
        try m.update(.down, position: v(3, 4), time: 0)
        m.resetStroke()
        // Neither a duplicate nor a second down: the stroke was abandoned by the reset.
        m.results.removeAll()
        try m.update(.down, position: v(3, 4), time: 0)
    }

    func testUpdateUpdateIdenticalToUpdatePredictUpdate() throws {
        let input1 = InkModelerInput(eventType: .down, time: 0, position: Point(x: -6, y: -2),
                                     pressure: 0.5, tilt: 0.5, orientation: 0.5)
        let input2 = InkModelerInput(eventType: .move, time: 0.0167, position: Point(x: -6.2, y: -2),
                                     pressure: 0.48, tilt: 0.4, orientation: 0.4)
        let input3 = InkModelerInput(eventType: .move, time: 0.0334, position: Point(x: -6.2, y: -2.2),
                                     pressure: 0.48, tilt: 0.4, orientation: 0.4)
        let parameters = try InkPortParameters().parameters()
        var modeler = try InkStrokeModeler(parameters: parameters)
        var withPredict: [InkModeledResult] = []
        var withoutPredict: [InkModeledResult] = []
        try modeler.update(input1, into: &withPredict)
        withPredict.removeAll()
        try modeler.update(input2, into: &withPredict)
        withPredict.removeAll()
        modeler.predictStrokeEnd(into: &withPredict)
        XCTAssertFalse(withPredict.isEmpty)
        withPredict.removeAll()
        try modeler.update(input3, into: &withPredict)

        modeler = try InkStrokeModeler(parameters: parameters)
        try modeler.update(input1, into: &withoutPredict)
        withoutPredict.removeAll()
        try modeler.update(input2, into: &withoutPredict)
        withoutPredict.removeAll()
        try modeler.update(input3, into: &withoutPredict)
        XCTAssertEqual(withPredict, withoutPredict)
    }
}
