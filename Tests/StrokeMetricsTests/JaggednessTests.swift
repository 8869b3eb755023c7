import RealModule
import StrokeCore
import XCTest
@testable import StrokeMetrics

final class JaggednessTests: XCTestCase {
    let options = MetricOptions()   // Δs 0.5, θ 10°, w 1

    private func arc(radius r: Double, from a0: Double, to a1: Double, segments: Int, center: Point = Point(x: 0, y: 0)) -> [Point] {
        (0...segments).map { i in
            let a = a0 + (a1 - a0) * Double(i) / Double(segments)
            return Point(x: center.x + r * Double.cos(a), y: center.y + r * Double.sin(a))
        }
    }

    func testCircleBendingEnergyIsTwoPiOverRadiusAndHasNoKinks() {
        for r in [10.0, 50.0, 200.0] {
            let j = Jaggedness(polyline: Polyline(points: arc(radius: r, from: 0, to: 2 * .pi, segments: 20_000)), options: options)
            XCTAssertEqual(j.bendingEnergy, 2 * .pi / r, accuracy: 2 * .pi / r * 0.01, "r = \(r)")
            XCTAssertEqual(j.kinks, 0, "radius \(r) > w/θ = \(1 / (10 * Double.pi / 180)) has no kinks")
            XCTAssertEqual(j.signChanges, 0)
            XCTAssertLessThan(j.curvatureVariation, 0.01 * 2 * .pi / r * Double(j.vertexCount))
            print("circle r=\(r): bending energy \(j.bendingEnergy) (2π/r = \(2 * .pi / r)), kinks \(j.kinks)")
        }
    }

    func testCircleTighterThanTheWindowOverThresholdIsOneKinkedPlace() {
        // R < w/θ ≈ 5.73: every window turns by more than 10°, one continuous place.
        let j = Jaggedness(polyline: Polyline(points: arc(radius: 4, from: 0, to: .pi, segments: 2000)), options: options)
        XCTAssertEqual(j.kinks, 1)
        // Just above w/θ: none.
        let k = Jaggedness(polyline: Polyline(points: arc(radius: 6, from: 0, to: .pi, segments: 2000)), options: options)
        XCTAssertEqual(k.kinks, 0)
    }

    func testStraightLinesMeasureZeroEvenWithHugeCoordinates() {
        for origin in [0.0, 1e3, 1e6, 1e9] {
            let line = Polyline(points: (0...400).map { Point(x: origin + Double($0) * 0.37, y: origin - Double($0) * 0.21) })
            let j = Jaggedness(polyline: line, options: options)
            XCTAssertEqual(j.signChanges, 0, "dead band absorbs float noise at \(origin)")
            XCTAssertEqual(j.kinks, 0)
            XCTAssertLessThan(j.bendingEnergy, 1e-9)
        }
    }

    func testACornerCountsOnceWhereverTheGridFalls() {
        let threshold = 10 * Double.pi / 180
        for angleDegrees in [12.0, 30.0, 90.0] {
            for offset in stride(from: 0.0, to: 0.5, by: 0.0625) {
                let turn = angleDegrees * Double.pi / 180
                let corner = Point(x: 10 + offset, y: 0)
                let end = corner + Vector(angle: turn) * 10
                let j = Jaggedness(polyline: Polyline(points: [Point(x: 0, y: 0), corner, end]), step: 0.5,
                                   kinkThreshold: threshold, kinkWindow: 1)
                XCTAssertEqual(j.kinks, 1, "\(angleDegrees)° corner at grid offset \(offset)")
            }
        }
    }

    func testCornersBelowTheThresholdAreNotKinks() {
        for offset in [0.0, 0.1, 0.25, 0.4] {
            let corner = Point(x: 10 + offset, y: 0)
            let end = corner + Vector(angle: 8 * Double.pi / 180) * 10
            let j = Jaggedness(polyline: Polyline(points: [Point(x: 0, y: 0), corner, end]), options: options)
            XCTAssertEqual(j.kinks, 0)
            XCTAssertEqual(j.signChanges, 0)
        }
    }

    func testZigzagCountsEveryCornerAndEverySignChange() {
        // 20 corners of ±40°, 3 units apart: 20 kinks, 19 switches between left and right.
        var pts = [Point(x: 0, y: 0)]
        for i in 1...21 { pts.append(Point(x: Double(i) * 3, y: i % 2 == 0 ? 0 : 1.1)) }
        let j = Jaggedness(polyline: Polyline(points: pts), options: options)
        XCTAssertEqual(j.kinks, 20)
        XCTAssertEqual(j.signChanges, 19)
    }

    func testSineWaveSignChangesAreItsInflections() {
        // y = 5 sin(x/8) over x ∈ [0, 16·2π]: inflections at x = 8kπ, k = 1…3 inside → 3 changes.
        let pts = (0...4000).map { i -> Point in
            let x = Double(i) / 4000 * 16 * 2 * .pi
            return Point(x: x, y: 5 * Double.sin(x / 8))
        }
        let j = Jaggedness(polyline: Polyline(points: pts), options: options)
        XCTAssertEqual(j.signChanges, 3)
        XCTAssertEqual(j.kinks, 0)
    }

    func testFewerThanThreeVerticesMeasureNothing() {
        XCTAssertEqual(Jaggedness(polyline: Polyline(points: []), options: options).bendingEnergy, 0)
        XCTAssertEqual(Jaggedness(polyline: Polyline(points: [Point(x: 1, y: 1), Point(x: 1, y: 1)]), options: options).kinks, 0)
        XCTAssertEqual(Jaggedness(polyline: Polyline(points: [Point(x: 0, y: 0), Point(x: 0.2, y: 0)]), options: options).signChanges, 0)
    }
}

extension JaggednessTests {
    func testAnAnalyticStraightReferenceHasExactlyZeroEnergy() {
        // Sampled with float rounding at an awkward slope: the dead band must absorb it, so
        // ratios to it are undefined rather than astronomically large.
        let pts = (0...1000).map { i -> Point in
            let t = Double(i) / 1000
            return Point(x: 400 + 190.3 * t, y: 300 + 71.9 * t)
        }
        let j = Jaggedness(polyline: Polyline(points: pts), options: options)
        XCTAssertEqual(j.bendingEnergy, 0)
        XCTAssertEqual(j.curvatureVariation, 0)
        XCTAssertEqual(j.signChanges, 0)
    }
}
