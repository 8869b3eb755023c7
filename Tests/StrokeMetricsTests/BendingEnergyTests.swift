import RealModule
import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Bending energy that converges to ∫κ²ds for curves, keeps polygons' corners, and measures
/// the pen's path the same whatever its speed (issue 9 items 1 and 2).
final class BendingEnergyTests: XCTestCase {
    let options = MetricOptions()   // Δs 0.5

    /// ∫κ²ds of one element, by 16-point Gauss–Legendre on 256 pieces of its parameter:
    /// κ²ds = |B′×B″|²/|B′|⁵ dt. Lines give 0.
    private func exactEnergy(_ element: PathElement, from p0: Point) -> Double {
        let c: [Point]
        switch element {
        case .move, .line: return 0
        case .quadCurve(let p, let q): c = [p0, q, p]
        case .curve(let p, let q1, let q2): c = [p0, q1, q2, p]
        }
        func derivatives(_ t: Double) -> (Vector, Vector) {
            if c.count == 3 {
                let d1 = 2 * (1 - t) * (c[1] - c[0]) + 2 * t * (c[2] - c[1])
                let d2 = 2 * ((c[2] - c[1]) - (c[1] - c[0]))
                return (d1, d2)
            }
            let a = c[1] - c[0], b = c[2] - c[1], e = c[3] - c[2]
            let u = 1 - t
            let d1 = 3 * u * u * a + 6 * u * t * b + 3 * t * t * e
            let d2 = 6 * u * (b - a) + 6 * t * (e - b)
            return (d1, d2)
        }
        // 8-point Gauss–Legendre nodes and weights on [−1, 1].
        let x = [0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363]
        let w = [0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763]
        let pieces = 256
        var total = 0.0
        for k in 0..<pieces {
            let a = Double(k) / Double(pieces), b = Double(k + 1) / Double(pieces)
            for i in 0..<4 {
                for sign in [-1.0, 1.0] {
                    let t = (a + b) / 2 + sign * x[i] * (b - a) / 2
                    let (d1, d2) = derivatives(t)
                    let speed = d1.length
                    guard speed > 0 else { continue }
                    let cross = d1.cross(d2)
                    total += w[i] * (b - a) / 2 * cross * cross / (speed * speed * speed * speed * speed)
                }
            }
        }
        return total
    }

    private func exactEnergy(of path: Path) -> Double {
        var current: Point? = nil
        var total = 0.0
        for e in path.elements {
            if let p0 = current { total += exactEnergy(e, from: p0) }
            current = e.endPoint
        }
        return total
    }

    func testMidpointBezierOnAFastAndASlowCircleMeasuresTheEnergyOfItsCubics() {
        // Two turns of r = 100 at 2 rev/s (30 main samples a turn) and at 0.25 rev/s.
        for (speed, name) in [(2.0, "fast"), (0.25, "slow")] {
            let circle = KnownAnswerStrokes.circle(radius: 100, revolutionsPerSecond: speed, revolutions: 2)
            var replayer = Fixtures.pipeline("midpoint-bezier(tail=complete)").makeReplayer()
            let path = replayer.replay(circle, options: ReplayOptions()).path
            let exact = exactEnergy(of: path)
            let measured = Jaggedness(path: path, options: options).bendingEnergy
            print("\(name) circle, midpoint-bezier(tail=complete): bending energy \(measured), exact ∫κ²ds of its curves \(exact)")
            XCTAssertEqual(measured, exact, accuracy: 0.01 * exact, name)
            // And the whole evaluation reports the same value, with a ratio near 1.
            let r = Fixtures.evaluate(circle, "midpoint-bezier(tail=complete)")
            XCTAssertEqual(r.value("jaggedness.bending_energy")!, measured, accuracy: 1e-9 * measured)
            XCTAssertEqual(r.value("jaggedness.step"), 0.5)
            XCTAssertEqual(r.value("jaggedness.bending_energy_ratio")!, exact / (4 * .pi / 100), accuracy: 0.02, name)
        }
    }

    func testTheReferenceOfAnAnalyticCircleHasFourPiOverRWhateverItsSpeed() {
        // Two turns of r = 100 sampled at 1 kHz: at 4 rev/s its points are 2.5 units apart,
        // five times the step.
        for speed in [0.5, 4.0] {
            let duration = 2 / speed
            let n = Int((duration * 1000).rounded())
            let reference = ReferenceCurve(points: (0...n).map { i in
                let t = Double(i) / 1000
                let a = 2 * Double.pi * speed * t
                return TimedPoint(time: t, x: 300 + 100 * Double.cos(a), y: 300 + 100 * Double.sin(a))
            })
            let energy = Jaggedness(reference: reference, step: 0.5, options: options).bendingEnergy
            print("reference circle at \(speed) rev/s: bending energy \(energy), 4π/r = \(4 * Double.pi / 100)")
            XCTAssertEqual(energy, 4 * .pi / 100, accuracy: 0.01 * 4 * .pi / 100, "\(speed) rev/s")
        }
    }

    func testAPolygonCornerAddsPhiSquaredOverTheStepWhereverTheGridFalls() {
        // Two straight edges longer than Δs meeting at angle φ: the corner is measured as a
        // turn spread over exactly one step, φ²/Δs, at every grid offset.
        for degrees in [5.0, 30.0, 90.0, 150.0] {
            let phi = degrees * Double.pi / 180
            for offset in stride(from: 0.0, to: 0.5, by: 0.05) {
                let corner = Point(x: 10 + offset, y: 3)
                let end = corner + Vector(angle: phi) * 7.3
                let j = Jaggedness(polyline: Polyline(points: [Point(x: 0, y: 3), corner, end]), options: options)
                XCTAssertEqual(j.bendingEnergy, phi * phi / 0.5, accuracy: 1e-9 * phi * phi, "\(degrees)° at offset \(offset)")
                XCTAssertEqual(j.curvatureVariation, 2 * phi / 0.5, accuracy: 1e-9, "κ goes 0 → φ/Δs → 0")
            }
        }
        // A polygon inscribed in a circle with chords longer than Δs: N corners of 2π/N each.
        for n in [12, 30, 60] {
            let pts = (0...n).map { i -> Point in
                let a = 2 * Double.pi * Double(i) / Double(n)
                return Point(x: 100 * Double.cos(a), y: 100 * Double.sin(a))
            }
            let j = Jaggedness(polyline: Polyline(points: pts), options: options)
            let phi = 2 * Double.pi / Double(n)
            XCTAssertEqual(j.bendingEnergy, Double(n - 1) * phi * phi / 0.5, accuracy: 1e-9, "N = \(n)")
        }
    }

    func testCornersOfEdgesShorterThanTheStepAreMeasuredAsACurve() {
        // A polyline through a circle's points 0.1 apart has no corners at scale Δs: its energy
        // is the circle's.
        let n = 6283
        let pts = (0...n).map { i -> Point in
            let a = 2 * Double.pi * Double(i) / Double(n)
            return Point(x: 100 * Double.cos(a), y: 100 * Double.sin(a))
        }
        let j = Jaggedness(polyline: Polyline(points: pts), options: options)
        XCTAssertEqual(j.bendingEnergy, 2 * .pi / 100, accuracy: 0.01 * 2 * .pi / 100)
    }
}
