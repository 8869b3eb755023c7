import RealModule
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// ``SignaturePadInterpolator`` as a pipeline stage: its ink follows the library's t³ width
/// profile within `widthTolerance`, its tail policies, its throttle, and the ink it draws
/// reaching style stages and the replay.
final class SignaturePadStageTests: XCTestCase {
    /// A 240 Hz stroke that speeds up and slows down, one sample per event.
    private static func varyingSpeedStroke() -> Stroke {
        var points: [Point] = []
        var x = 0.0
        for i in 0..<200 {
            x += 0.5 + 6 * (1 + Double.sin(Double(i) * 0.08))
            points.append(Point(x: x, y: 40 * Double.sin(x / 60)))
        }
        var events: [TouchEvent] = []
        for (i, p) in points.enumerated() {
            events.append(TouchEvent(phase: i == 0 ? .began : (i == points.count - 1 ? .ended : .moved),
                                     samples: [TouchSample(time: Double(i) / 240, location: p)]))
        }
        return Stroke(id: "speed", events: events)
    }

    /// Along every curve the drawn full width (linear between the pieces' ends) is within
    /// `widthTolerance` of twice the library's radius min(w₀ + t³(w₁ − w₀), maxWidth).
    /// The stage keeps no copy of the library's defaults (a copy of `velocityFilterWeight`
    /// once drifted unnoticed): its default options are ``SignaturePadOptions/defaults``,
    /// which the oracle tests check against the library's runs.
    func testTheStagesDefaultsAreTheLibraryOptions() {
        XCTAssertEqual(SignaturePadInterpolator.Parameters().options, SignaturePadOptions.defaults)
        XCTAssertEqual(SignaturePadOptions.defaults, SignaturePadOptions())
    }

    func testInkFollowsTheLibrarysCubicWidthProfileWithinTheTolerance() throws {
        let stroke = Self.varyingSpeedStroke()
        for tolerance in [0.2, 0.05, 0.01] {
            let label = "main|interp:signature-pad(throttle=0,widthTolerance=\(tolerance))"
            let r = try TestStrokes.replay(stroke, label)
            // The library's curves, from the builder alone.
            var builder = SignaturePadCurveBuilder(options: { var o = SignaturePadOptions(); o.throttle = 0; return o }())
            var curves: [SignaturePadBezier] = []
            let samples = stroke.events.map(\.main)
            for (i, s) in samples.enumerated() {
                let p = SignaturePadPoint(x: s.location.x, y: s.location.y, time: s.time * 1000)
                let emit = { (o: SignaturePadOutput) in if case .curve(let c) = o { curves.append(c) } }
                if i == 0 { builder.strokeBegin(p, emit: emit) } else if i == samples.count - 1 { builder.strokeEnd(p, emit: emit) } else {
                    builder.strokeMove(p, emit: emit)
                }
            }
            XCTAssertGreaterThan(curves.count, 50)
            // Walk the ink: after the dot (2 elements), each curve is k pieces ending at its end.
            let elements = r.ink.elements, ink = r.ink.attributes
            var index = 2
            var worst = WorstDifference(), pieces = 0
            for c in curves {
                var start = index
                while case .curve(let end, _, _) = elements[index], end != c.end { index += 1 }
                let k = index - start + 1
                pieces += k
                // Piece j covers t ∈ [(j−1)/k, j/k]; its width runs linearly from the previous ink.
                var previousWidth = ink[start - 1].width
                for j in 1...k {
                    let w = ink[start].width
                    for s in 0...10 {
                        let f = Double(s) / 10
                        let t = (Double(j - 1) + f) / Double(k)
                        let drawn = previousWidth + (w - previousWidth) * f
                        worst.add(drawn, 2 * c.width(at: t, maxWidth: 2.5))
                    }
                    previousWidth = w
                    start += 1
                }
                index += 1
                // The pieces' end is the library's end point exactly.
                XCTAssertEqual(elements[index - 1].endPoint, c.end)
            }
            XCTAssertEqual(index, elements.count)
            if tolerance < 0.05 { XCTAssertGreaterThan(pieces, 2 * curves.count, "fine tolerances split curves") }
            XCTAssertLessThanOrEqual(worst.value, tolerance + 1e-12, "widthTolerance \(tolerance): \(pieces) pieces for \(curves.count) curves")
        }
    }

    /// The pieces of a curve are the curve: piece j of k at local parameter s is the
    /// library's Bézier at t = (j + s)/k.
    func testPiecesReproduceTheLibrarysCurveGeometry() throws {
        let stroke = Self.varyingSpeedStroke()
        let fine = CurveGeometry.pieces(try TestStrokes.replay(stroke, "main|interp:signature-pad(throttle=0,widthTolerance=0.001)").path)
        let whole = CurveGeometry.pieces(try TestStrokes.replay(stroke, "main|interp:signature-pad(throttle=0,widthTolerance=100)").path)
        XCTAssertGreaterThan(fine.count, whole.count)
        var f = 0, worst = WorstDifference()
        for c in whole where c.start != c.element.endPoint {
            while fine[f].start != c.start || fine[f].start == fine[f].element.endPoint { f += 1 }
            var k = 1
            while fine[f + k - 1].element.endPoint != c.element.endPoint { k += 1 }
            for i in 0...40 {
                let t = Double(i) / 40
                let j = min(Int(t * Double(k)), k - 1)
                let p = CurveGeometry.point(fine[f + j], t * Double(k) - Double(j))
                worst.add(distance: p.distance(to: CurveGeometry.point(c, t)))
            }
            f += k
        }
        XCTAssertGreaterThan(worst.count, 0)
        XCTAssertLessThan(worst.value, 1e-9)
    }

    func testPublishedDrawsNothingProvisionalAndCompleteReachesTheLastSample() throws {
        let stroke = Self.varyingSpeedStroke()
        let last = stroke.events.last!.main.location
        let published = try TestStrokes.replay(stroke, "signature-pad(throttle=0)")
        XCTAssertTrue(published.provisional.isEmpty)
        XCTAssertNotEqual(published.path.currentPoint, last)
        let complete = try TestStrokes.replay(stroke, "signature-pad(throttle=0,tail=complete)")
        XCTAssertEqual(complete.path.currentPoint, last)
        // The committed part of `complete` starts with everything `published` drew.
        XCTAssertEqual(Array(complete.path.elements.prefix(published.path.elements.count)), published.path.elements)
        // While drawing, the tail reaches the newest sample.
        for f in complete.frames.dropLast() where f.eventIndex > 2 {
            XCTAssertEqual(complete.provisional.elements[f.provisional].last?.endPoint, stroke.events[f.eventIndex].main.location)
        }
    }

    /// At 240 Hz (4.2 ms apart) a 16 ms throttle handles about one move in four; trailing calls
    /// carry the latest position with the time they run.
    func testTheThrottleHandlesOneMovePerIntervalWithATrailingCall() {
        var options = SignaturePadOptions()
        options.minDistance = 0
        var builder = SignaturePadCurveBuilder(options: options)
        var kept: [(SignaturePadPoint, Bool)] = []
        let emit = { (o: SignaturePadOutput) in if case .kept(let p, let delayed) = o { kept.append((p, delayed)) } }
        builder.strokeBegin(SignaturePadPoint(x: 0, y: 0, time: 1000), emit: emit)
        for i in 1..<48 { builder.strokeMove(SignaturePadPoint(x: Double(i), y: 0, time: 1000 + Double(i) * 1000 / 240), emit: emit) }
        builder.strokeEnd(SignaturePadPoint(x: 48, y: 0, time: 1200), emit: emit)
        // The begin (1000 ms), the first move at once (1004.17 ms), then one trailing call every
        // 16 ms up to 1196.17 ms (the last run by the lift-off at 1200 ms), and the lift-off.
        XCTAssertEqual(kept.count, 1 + 13 + 1)
        XCTAssertTrue(kept.contains { $0.1 })
        for (a, b) in zip(kept, kept.dropFirst()) { XCTAssertGreaterThan(b.0.time, a.0.time) }
        // A delayed call runs exactly 16 ms after the previous handled one.
        if let i = kept.firstIndex(where: { $0.1 }) { XCTAssertEqual(kept[i].0.time - kept[i - 1].0.time, 16, accuracy: 1e-9) }
    }

    /// Styles start from the builder's ink: `style:constant` replaces it, and a pipeline
    /// without styles draws it (the first dot is (minWidth + maxWidth) wide).
    func testStylesRefineTheInkTheBuilderDraws() throws {
        let stroke = Self.varyingSpeedStroke()
        let own = try TestStrokes.replay(stroke, "signature-pad")
        XCTAssertEqual(own.ink.attributes[0].width, 3)
        XCTAssertGreaterThan(Set(own.ink.attributes.map(\.width)).count, 10)
        let styled = try TestStrokes.replay(stroke, "signature-pad|style:constant(width=7)")
        XCTAssertEqual(Set(styled.ink.attributes.map(\.width)), [7])
        XCTAssertEqual(styled.path, own.path)
    }
}
