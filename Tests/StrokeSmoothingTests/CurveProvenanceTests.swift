import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// Every committed element knows the stretch of input samples it was built from (issue 21
/// item 3): the frame that commits it records the builder's origin — the input sample at or
/// just before where its next element starts — however late the element is committed: after a
/// rest, a silent pause, a long fitting window or at the stroke's end.
final class CurveProvenanceTests: XCTestCase {
    /// 120 Hz: a wiggle, a 0.3 s rest reported sample by sample, a wiggle, a 0.5 s pause with no
    /// samples, a wiggle (grouped into 60 Hz events).
    private var stroke: Stroke {
        var samples: [TouchSample] = []
        var t = 0.0
        var x = 0.0
        func wiggle(_ n: Int) {
            for _ in 0..<n {
                t += 1 / 120
                x += 1.5
                samples.append(TouchSample(time: t, x: x, y: 12 * sin(x / 9)))
            }
        }
        samples.append(TouchSample(time: 0, x: 0, y: 0))
        wiggle(40)
        let rest = samples[samples.count - 1].location
        for _ in 0..<36 { t += 1 / 120; samples.append(TouchSample(time: t, location: rest)) }
        wiggle(30)
        t += 0.5
        wiggle(50)
        return Stroke(id: "rest and pause", events: FrameGrouping.events(from: samples))
    }

    private let labels = ["linear", "coalesced-only", "bezier4(tail=complete)", "midpoint-bezier(tail=complete)",
                          "coalesced|interp:catmull-rom", "coalesced|interp:quad-midpoint", "fit-curve", "fit-curve(window=8)",
                          "signature-pad(throttle=0,tail=complete)"]
    func testTheFirstElementAFrameCommitsStartsAtTheFramesOriginSample() throws {
        // Where each builder starts an element: at a sample (straight segments, bezier4,
        // Catmull-Rom, fitted cubics, a signature_pad curve), or at the midpoint of a sample
        // and a later one (the midpoint joins). The frame's origin is that first sample.
        let stroke = self.stroke
        for label in labels {
            let replay = try TestStrokes.replay(stroke, label, options: ReplayOptions(recordsCurveInput: true))
            let input = replay.curveInput
            let elements = replay.ink.elements
            let joins = label.contains("midpoint")
            var committed = 0, checked = 0
            for (k, frame) in replay.frames.enumerated() {
                if k > 0 { XCTAssertGreaterThanOrEqual(frame.origin, replay.frames[k - 1].origin, "\(label): origins in order") }
                XCTAssertLessThanOrEqual(frame.origin, frame.newestSampleTime, label)
                defer { committed = frame.committedCount }
                guard frame.committedCount > committed else { continue }
                for e in committed..<frame.committedCount {
                    XCTAssertEqual(replay.sampleSpan(ofElement: e), frame.origin...frame.newestSampleTime, "\(label): element \(e)")
                }
                let e = committed
                guard let i = input.firstIndex(where: { $0.time == frame.origin }) else {
                    XCTFail("\(label): frame \(k)'s origin \(frame.origin) is no input sample's time"); continue
                }
                let start: Point
                if case .move(let p) = elements[e] { start = p } else { start = elements[e - 1].endPoint }
                let at = input[i].location
                var candidates = [at]
                if joins {
                    for j in (i + 1)..<input.count where input[j].time <= frame.newestSampleTime {
                        candidates.append(at.midpoint(input[j].location))
                    }
                }
                let nearest = candidates.map { $0.distance(to: start) }.min()!
                XCTAssertLessThan(nearest, 1e-9, "\(label): element \(e), committed by frame \(k), starts at \(start), not at its origin sample \(at) (t = \(frame.origin))\(joins ? " or a join from it" : "")")
                checked += 1
            }
            XCTAssertGreaterThan(checked, 3, label)
        }
    }

    func testOriginsDoNotDependOnStylesOrOnWhatElseIsRecorded() throws {
        let stroke = self.stroke
        for label in labels {
            let plain = try TestStrokes.replay(stroke, label).frames.map(\.origin)
            let recorded = try TestStrokes.replay(stroke, label, options: ReplayOptions(recordsCurveInput: true)).frames.map(\.origin)
            let styled = try TestStrokes.replay(stroke, label + "|style:scribble").frames.map(\.origin)
            XCTAssertEqual(plain, recorded, label)
            XCTAssertEqual(plain, styled, label)
        }
    }

    func testACurveCommittedAfterAPauseKeepsTheOriginBeforeIt() throws {
        // fit-curve commits the cubic spanning the silent pause only after it: it was built
        // from samples before the pause, though none was fed during it.
        let replay = try TestStrokes.replay(stroke, "fit-curve")
        let pauseEnd = stroke.samples.indices.first { i in i > 0 && stroke.samples[i].time - stroke.samples[i - 1].time > 0.4 }!
        let resumed = stroke.samples[pauseEnd].time
        let late = replay.ink.elements.indices.filter { e in
            guard let span = replay.sampleSpan(ofElement: e) else { return false }
            return span.upperBound >= resumed && span.lowerBound < resumed - 0.4
        }
        XCTAssertFalse(late.isEmpty, "an element committed after the pause was built from samples before it")
    }
}
