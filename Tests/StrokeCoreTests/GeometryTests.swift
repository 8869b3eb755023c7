import RealModule
import StrokeTestSupport
import XCTest

@testable import StrokeCore

final class PolylineTests: XCTestCase {
    func testLengthOfARightTriangleWalk() {
        let p = Polyline(points: [Point(x: 0, y: 0), Point(x: 3, y: 0), Point(x: 3, y: 4)])
        XCTAssertEqual(p.length, 7, accuracy: 1e-12)
        XCTAssertEqual(p.cumulativeLengths, [0, 3, 7])
    }

    func testResamplingGivesUniformSpacingAndKeepsTheEnd() {
        let p = Polyline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 2.3)])
        let r = p.resampled(step: 0.5)
        XCTAssertEqual(r.points.first, Point(x: 0, y: 0))
        XCTAssertEqual(r.points.last, Point(x: 10, y: 2.3))
        // 12.3 / 0.5 = 24.6 → samples at 0, 0.5, …, 12.0 (25 points) plus the end.
        XCTAssertEqual(r.count, 26)
        let s = r.cumulativeLengths
        for i in 1..<(s.count - 1) {
            // Arc-length spacing is exact except across the corner, where the chord is shorter.
            XCTAssertLessThanOrEqual(s[i] - s[i - 1], 0.5 + 1e-12)
        }
        XCTAssertGreaterThan(s[s.count - 1] - s[s.count - 2], 0)
    }

    func testResamplingSkipsRepeatedVerticesWithoutNaN() {
        let a = Point(x: 1, y: 1)
        let p = Polyline(points: [a, a, a, Point(x: 2, y: 1), Point(x: 2, y: 1)])
        let r = p.resampled(step: 0.25)
        XCTAssertEqual(r.count, 5)
        XCTAssertTrue(r.points.allSatisfy(\.isFinite))
    }

    func testResamplingAZeroLengthPolylineGivesOnePoint() {
        let a = Point(x: 5, y: 5)
        XCTAssertEqual(Polyline(points: [a, a]).resampled(step: 1).points, [a])
        XCTAssertEqual(Polyline(points: []).resampled(step: 1).count, 0)
    }

    func testResamplingALongLineDoesNotDrift() {
        let p = Polyline(points: [Point(x: 0, y: 0), Point(x: 100_000, y: 0)])
        let r = p.resampled(step: 0.1, budget: 2_000_000)
        XCTAssertEqual(r.count, 1_000_001)
        XCTAssertEqual(r.points[500_000].x, 50_000, accuracy: 1e-7)
    }

    func testPointAtArcLength() {
        let p = Polyline(points: [Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 2, y: 2)])
        XCTAssertEqual(p.point(atArcLength: 3), Point(x: 2, y: 1))
        XCTAssertEqual(p.point(atArcLength: 99), Point(x: 2, y: 2))
    }
}

final class FlatteningTests: XCTestCase {
    /// A cubic approximating a quarter circle of radius 100 (k = 0.5523): the flattened
    /// polyline's vertices lie on the cubic, and every chord stays within tolerance of it.
    func testFlattenedCubicStaysWithinTolerance() {
        let r = 100.0, k = 0.552_284_749_8 * r
        var path = Path()
        path.move(to: Point(x: r, y: 0))
        path.addCurve(to: Point(x: 0, y: r), control1: Point(x: r, y: k), control2: Point(x: k, y: r))
        for tolerance in [1.0, 0.1, 0.01] {
            let line = path.flattened(tolerance: tolerance)
            // Dense evaluation of the true cubic.
            let p0 = Point(x: r, y: 0), p1 = Point(x: r, y: k), p2 = Point(x: k, y: r), p3 = Point(x: 0, y: r)
            func bezier(_ t: Double) -> Point {
                let u = 1 - t
                return Point(x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                             y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y)
            }
            var worst = WorstDifference()
            for i in 0...2000 {
                let q = bezier(Double(i) / 2000)
                var best = Double.infinity
                for j in 1..<line.count {
                    let d = segmentDistance(q, line.points[j - 1], line.points[j])
                    best = d.isNaN ? .nan : min(best, d)
                    if best.isNaN { break }
                }
                worst.add(distance: best)
            }
            XCTAssertLessThanOrEqual(worst.value, tolerance, "tolerance \(tolerance)")
            XCTAssertEqual(line.points.last, p3)
        }
    }

    func testWangCountGrowsAsTheSquareRootOfPrecision() {
        let n1 = Path.wangSegmentCount(degree: 3, maxSecondDifference: 100, tolerance: 0.01)
        let n2 = Path.wangSegmentCount(degree: 3, maxSecondDifference: 100, tolerance: 0.0001)
        XCTAssertEqual(n1, 87)   // ⌈√(0.75·100/0.01)⌉ = ⌈86.6⌉
        XCTAssertEqual(n2, 867)
        XCTAssertEqual(Path.wangSegmentCount(degree: 3, maxSecondDifference: 0, tolerance: 0.01), 1)
        XCTAssertEqual(Path.wangSegmentCount(degree: 3, maxSecondDifference: 1e300, tolerance: 1e-300), Path.maximumSegmentsPerCurve)
    }

    func testLinesAndDotsFlattenToTheirPoints() {
        var path = Path()
        path.addDot(at: Point(x: 3, y: 4))
        XCTAssertEqual(path.flattened().points, [Point(x: 3, y: 4), Point(x: 3, y: 4)])
        path.addLine(to: Point(x: 6, y: 8))
        XCTAssertEqual(path.flattened().length, 5, accuracy: 1e-12)
    }

    func testSubpathsAreSplitAtMoves() {
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: Point(x: 1, y: 0))
        path.move(to: Point(x: 5, y: 5))
        path.addQuadCurve(to: Point(x: 7, y: 5), control: Point(x: 6, y: 6))
        let parts = path.flattenedSubpaths()
        XCTAssertEqual(parts.count, 2)
        XCTAssertEqual(parts[0].points, [.zero, Point(x: 1, y: 0)])
        XCTAssertEqual(parts[1].points.first, Point(x: 5, y: 5))
        XCTAssertEqual(parts[1].points.last, Point(x: 7, y: 5))
    }

    private func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        CurveGeometry.segmentDistance(p, a, b)
    }

    /// The Bernstein point of integer control points at t = i/n, exactly: Σ C(d,k)(n−i)^(d−k) iᵏ Pₖ / nᵈ.
    private func exactBezier(_ controls: [ExactPoint], _ i: Int, _ n: Int) -> ExactPoint {
        let d = controls.count - 1
        let binomial = d == 2 ? [1, 2, 1] : [1, 3, 3, 1]
        var x = ExactRational.zero, y = ExactRational.zero
        var power = 1
        for _ in 0..<d { power *= n }
        for (k, c) in controls.enumerated() {
            var w = binomial[k]
            for _ in 0..<(d - k) { w *= n - i }
            for _ in 0..<k { w *= i }
            x = x + c.x * ExactRational(w, power)
            y = y + c.y * ExactRational(w, power)
        }
        return ExactPoint(x, y)
    }

    /// Flattening against exact arithmetic. A quadratic whose second difference P₀ − 2P₁ + P₂
    /// is (3, 4) (M = 5) and a cubic whose second differences are (3, 4) and (6, 8) (M = 10):
    /// Wang's count is the least n with n² ≥ d(d−1)/8 · M / tol, decided in integers (9 and 8
    /// at tol = 1/64 and 1/8), every vertex is the curve's point at i/n exactly (Bernstein
    /// form in fractions), the last is the end point itself; and for the quadratic, whose
    /// chord deviation has the closed form M/(4n²) at each piece's middle, that deviation is
    /// within the tolerance.
    func testFlatteningCutsAtWangsCountAndEveryVertexIsTheExactCurvePoint() {
        let cases: [(controls: [ExactPoint], tolerance: ExactRational, count: Int)] = [
            ([ExactPoint(0, 0), ExactPoint(10, 20), ExactPoint(23, 44)], ExactRational(1, 64), 9),
            ([ExactPoint(0, 0), ExactPoint(10, 0), ExactPoint(23, 4), ExactPoint(42, 16)], ExactRational(1, 8), 8),
        ]
        for (controls, tolerance, count) in cases {
            let d = controls.count - 1
            let m = d == 2 ? 5 : 10
            // n² ≥ d(d−1)·M / (8·tol), and (n−1)² is not.
            let bound = ExactRational(d * (d - 1) * m, 8) / tolerance
            XCTAssertTrue(ExactRational(count * count) >= bound && ExactRational((count - 1) * (count - 1)) < bound)
            var path = Path()
            path.move(to: controls[0].point)
            if d == 2 {
                path.addQuadCurve(to: controls[2].point, control: controls[1].point)
            } else {
                path.addCurve(to: controls[3].point, control1: controls[1].point, control2: controls[2].point)
            }
            let line = path.flattened(tolerance: tolerance.double)
            XCTAssertEqual(line.count, count + 1, "degree \(d): Wang's count")
            let expected = (0...count).map { exactBezier(controls, $0, count).point }
            assertClose(line.points, expected, tolerance: 1e-12, "degree \(d)")
            XCTAssertEqual(line.points.last, controls[d].point, "the end point exactly")
            if d == 2 {
                // B(t) minus its chord on a piece of parameter length h is −u(h−u)·(P₀−2P₁+P₂),
                // largest at the middle: M·h²/4.
                let deviation = ExactRational(m) / ExactRational(4 * count * count)
                XCTAssertTrue(deviation <= tolerance)
                for i in 0..<count {
                    let mid = exactBezier(controls, 2 * i + 1, 2 * count)
                    let ea = exactBezier(controls, i, count), eb = exactBezier(controls, i + 1, count)
                    let half = ExactRational(1, 2), scale = ExactRational(1, 4 * count * count)
                    XCTAssertEqual((ea.x + eb.x) * half - mid.x, ExactRational(3) * scale, "the chord's middle is Δ²P/(4n²) off the curve")
                    XCTAssertEqual((ea.y + eb.y) * half - mid.y, ExactRational(4) * scale)
                    let a = line.points[i], b = line.points[i + 1]
                    XCTAssertLessThanOrEqual(segmentDistance(mid.point, a, b), deviation.double + 1e-12)
                }
            }
        }
    }
}

final class VectorTests: XCTestCase {
    func testNormalizingTheZeroVectorGivesNil() {
        XCTAssertNil(Vector.zero.normalized)
        XCTAssertEqual(Vector(dx: 3, dy: 4).normalized!.length, 1, accuracy: 1e-15)
    }

    func testTurningAngleIsSigned() {
        let east = Vector(dx: 1, dy: 0), north = Vector(dx: 0, dy: 1)
        XCTAssertEqual(east.turningAngle(to: north), Double.pi / 2, accuracy: 1e-15)
        XCTAssertEqual(north.turningAngle(to: east), -Double.pi / 2, accuracy: 1e-15)
    }

    func testRectBoundsAndOutset() {
        let r = Rect(bounding: [Point(x: 1, y: 5), Point(x: -2, y: 3)])!
        XCTAssertEqual(r.width, 3)
        XCTAssertEqual(r.height, 2)
        XCTAssertEqual(r.outset(by: 1).width, 5)
        XCTAssertEqual(r.outset(by: -10).width, 0)
        XCTAssertNil(Rect(bounding: [Point]()))
    }
}
