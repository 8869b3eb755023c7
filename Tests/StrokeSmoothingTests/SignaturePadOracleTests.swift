import Foundation
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// ``SignaturePadCurveBuilder`` and ``SignaturePadInterpolator`` against szimek/signature_pad
/// itself: the shared oracles `signature_pad/circle240_*` hold every curve the library drew
/// on the 2000-sample noisy circle — the live pointer path (throttle 0: the points that
/// survive the minimum-distance filter, each curve's points, control points and widths) and
/// `fromData`. Acceptance: same counts, every value within 1e-9; the port repeats the
/// library's operations in its order, so the difference measured (and printed) is 0.
final class SignaturePadOracleTests: XCTestCase {
    private static let tolerance = 1e-9

    private struct Curves {
        var fields: [String: [Double]]
        var count: Int
    }

    private func curves(_ oracle: [String: Any]) throws -> Curves {
        let c = oracle["curves"] as? [String: Any]
        var fields: [String: [Double]] = [:]
        for key in ["start_x", "start_y", "control1_x", "control1_y", "control2_x", "control2_y", "end_x", "end_y",
                    "start_width", "end_width", "length_approx"] {
            fields[key] = try PeerOracles.numbers(c, key)
        }
        return Curves(fields: fields, count: Int(try XCTUnwrap(c?["count"] as? Double)))
    }

    /// Max |ours − peer| over every curve field.
    private func difference(_ ours: [SignaturePadBezier], _ peer: Curves, _ name: String) -> Double {
        XCTAssertEqual(ours.count, peer.count, "\(name): curve count")
        let columns: [(String, (SignaturePadBezier) -> Double)] = [
            ("start_x", { $0.start.x }), ("start_y", { $0.start.y }), ("control1_x", { $0.control1.x }),
            ("control1_y", { $0.control1.y }), ("control2_x", { $0.control2.x }), ("control2_y", { $0.control2.y }),
            ("end_x", { $0.end.x }), ("end_y", { $0.end.y }), ("start_width", { $0.startWidth }),
            ("end_width", { $0.endWidth }), ("length_approx", { $0.length() }),
        ]
        var worst = WorstDifference()
        for (key, value) in columns {
            var d = WorstDifference()
            d.add(ours.map(value), peer.fields[key]!)
            XCTAssertLessThanOrEqual(d.value, Self.tolerance, "\(name): \(key)")
            worst.add(d)
        }
        return worst.value
    }

    func testLivePointerPathMatchesThePeer() throws {
        let circle = try PeerOracles.circle()
        let oracle = try PeerOracles.load("signature_pad/circle240_live_throttle0.json")
        var options = SignaturePadOptions()
        options.throttle = 0
        var builder = SignaturePadCurveBuilder(options: options)
        var kept: [SignaturePadPoint] = [], dots: [SignaturePadPoint] = [], drawn: [SignaturePadBezier] = []
        let collect = { (o: SignaturePadOutput) in
            switch o {
            case .kept(let p, _): kept.append(p)
            case .dot(let p, let r): dots.append(p); XCTAssertEqual(r, 1.5)
            case .curve(let c): drawn.append(c)
            }
        }
        let n = circle.t.count
        for i in 0..<n {
            let p = SignaturePadPoint(x: circle.x[i], y: circle.y[i], time: circle.t[i] * 1000)
            if i == 0 { builder.strokeBegin(p, emit: collect) } else if i == n - 1 { builder.strokeEnd(p, emit: collect) } else {
                builder.strokeMove(p, emit: collect)
            }
        }
        let k = oracle["kept_points"] as? [String: Any]
        XCTAssertEqual(kept.count, 462)
        let dKept = max(maxAbsDifference(kept.map(\.x), try PeerOracles.numbers(k, "x")),
                        maxAbsDifference(kept.map(\.y), try PeerOracles.numbers(k, "y")),
                        maxAbsDifference(kept.map(\.time), try PeerOracles.numbers(k, "time_ms")))
        XCTAssertLessThanOrEqual(dKept, Self.tolerance, "kept points")
        let oracleDots = try XCTUnwrap(oracle["dots"] as? [Any])
        XCTAssertEqual(dots.count, oracleDots.count)
        let dCurves = difference(drawn, try curves(oracle), "live")
        print("signature_pad live: \(kept.count) kept points, \(drawn.count) curves; max |ours − peer| kept points \(dKept), curves \(dCurves)")
    }

    /// `fromData` stamps a time of 0 with `Date.now()` (`time || Date.now()`): in the oracle
    /// run the library's clock still read the live run's last time, t₁₉₉₉ × 1000 ms.
    func testFromDataMatchesThePeer() throws {
        let circle = try PeerOracles.circle()
        let oracle = try PeerOracles.load("signature_pad/circle240_fromData.json")
        let points = circle.t.indices.map { SignaturePadPoint(x: circle.x[$0], y: circle.y[$0], time: circle.t[$0] * 1000) }
        let out = SignaturePadCurveBuilder.fromData(points, now: circle.t[circle.t.count - 1] * 1000)
        let drawn = out.compactMap { if case .curve(let c) = $0 { return c } else { return nil } }
        XCTAssertEqual(out.count, drawn.count, "no dots")
        let d = difference(drawn, try curves(oracle), "fromData")
        print("signature_pad fromData: \(drawn.count) curves; max |ours − peer| \(d)")
    }

    /// The curve builder stage draws exactly the library's curves (one piece per curve with a
    /// loose width tolerance), with twice the library's end width as the ink width, and the
    /// first dot.
    func testTheStageCommitsTheLibrarysCurvesAndWidths() throws {
        let circle = try PeerOracles.circle()
        let oracle = try PeerOracles.load("signature_pad/circle240_live_throttle0.json")
        let peer = try curves(oracle)
        let samples = circle.t.indices.map { TouchSample(time: circle.t[$0], x: circle.x[$0], y: circle.y[$0]) }
        let stroke = Stroke(id: "circle", events: [TouchEvent(phase: .began, samples: [samples[0]]),
                                                   TouchEvent(phase: .moved, samples: Array(samples[1..<(samples.count - 1)])),
                                                   TouchEvent(phase: .ended, samples: [samples[samples.count - 1]])])
        let replay = try TestStrokes.replay(stroke, "coalesced|interp:signature-pad(throttle=0,widthTolerance=100)")
        let elements = replay.ink.elements, ink = replay.ink.attributes
        // move + dot line, then one cubic per curve.
        XCTAssertEqual(elements.count, 2 + peer.count)
        XCTAssertEqual(ink[0].width, 3)
        var worst = WorstDifference()
        for i in 0..<peer.count {
            guard case .curve(let end, let c1, let c2) = elements[2 + i] else { XCTFail("element \(2 + i) is not a cubic"); return }
            let f = peer.fields
            worst.add(end, Point(x: f["end_x"]![i], y: f["end_y"]![i]))
            worst.add(c1, Point(x: f["control1_x"]![i], y: f["control1_y"]![i]))
            worst.add(c2, Point(x: f["control2_x"]![i], y: f["control2_y"]![i]))
            worst.add(ink[2 + i].width, 2 * f["end_width"]![i])
        }
        XCTAssertEqual(worst.count, 4 * peer.count)
        XCTAssertLessThanOrEqual(worst.value, Self.tolerance)
    }
}
