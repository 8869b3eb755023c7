import StrokeCore
import XCTest
@testable import StrokeSmoothing

/// ``PerfectFreehandStyle`` in a pipeline: the replay's outline is the peer's `getStroke` of
/// the samples the curve builder received (one-shot port), at the end and at any frame, with
/// pressure from force and the `auto` simulation rule; and its parameters.
final class PerfectFreehandStyleTests: XCTestCase {
    /// The style keeps no copy of the peer's defaults: with simulated pressure and `last`
    /// as the peer's, its default options are ``PerfectFreehandOptions``'.
    func testTheStylesDefaultsAreThePeersOptions() {
        let peer = PerfectFreehandOptions()
        XCTAssertEqual(PerfectFreehandStyle.Parameters().options(simulate: peer.simulatePressure, last: peer.last), peer)
    }

    /// Coalesced events of 4 samples at 240 Hz, with force when `force`.
    private static func stroke(force: Bool) -> Stroke {
        var events: [TouchEvent] = []
        var batch: [TouchSample] = []
        for i in 0..<161 {
            let a = Double(i) * 0.04
            var s = TouchSample(time: Double(i) / 240, x: 200 + 80 * Double.sin(a) + Double(i) * 0.3, y: 150 + 60 * Double.sin(2 * a))
            if force { s.force = 1 + Double.sin(a); s.maximumPossibleForce = 4 }
            batch.append(s)
            if batch.count == 4 || i == 160 {
                events.append(TouchEvent(phase: events.isEmpty ? .began : (i == 160 ? .ended : .moved), samples: batch))
                batch = []
            }
        }
        return Stroke(id: "pf", events: events)
    }

    private static func input(_ stroke: Stroke, pressure: Bool) -> [PerfectFreehand.InputPoint] {
        stroke.events.flatMap(\.samples).map {
            PerfectFreehand.InputPoint(x: $0.location.x, y: $0.location.y, pressure: pressure ? $0.force / $0.maximumPossibleForce : nil)
        }
    }

    func testTheOutlineIsThePeersGetStrokeOfTheCoalescedSamples() throws {
        for (force, label, simulate, last) in [(false, "perfect-freehand", true, false),
                                               (true, "perfect-freehand", false, false),
                                               (true, "perfect-freehand(simulatePressure=on,last=on)", true, true),
                                               (false, "perfect-freehand(startTaper=30,endTaper=full,endCap=off,easing=easeInOutSine)", true, false)] {
            let stroke = Self.stroke(force: force)
            let frames: Set<Int> = [3, 10, 25]
            let r = try TestStrokes.replay(stroke, label, options: ReplayOptions(outlineFrames: frames))
            var o = try XCTUnwrap((try PipelineDescription(parsing: label).stages.last?.implementation)).styleOptions
            o.simulatePressure = simulate
            o.last = last
            let input = Self.input(stroke, pressure: force)
            XCTAssertEqual(r.outline.count, 1)
            XCTAssertEqual(r.outline[0], PerfectFreehand.stroke(input, o), label)
            // Each recorded frame shows the outline of the samples so far (`last: false`).
            var sampleCount = 0
            for (k, e) in stroke.events.enumerated() {
                sampleCount += e.samples.count
                guard frames.contains(k) else { continue }
                var prefix = o
                prefix.last = false
                XCTAssertEqual(r.frameOutlines[k]?.first, PerfectFreehand.stroke(Array(input[..<sampleCount]), prefix), "\(label) frame \(k)")
            }
        }
    }

    func testPresetParametersGoToTheStyle() throws {
        let d = try PipelineDescription(parsing: "perfect-freehand(simulatePressure=false,size=8)")
        XCTAssertEqual(d.canonical, "coalesced|interp:linear(tail=complete)|style:perfect-freehand(size=8,thinning=0.5,smoothing=0.5,streamline=0.5,easing=linear,simulatePressure=off,startCap=on,startTaper=0,startEasing=easeOutQuad,endCap=on,endTaper=0,endEasing=easeOutCubic,last=off,color=black)")
    }

    func testMalformedParametersAreOneLineErrorsNamingTheLabel() {
        for (label, problem) in [("perfect-freehand(startTaper=-3)", "startTaper takes a length"),
                                 ("perfect-freehand(simulatePressure=maybe)", "simulatePressure must be auto, on or off"),
                                 ("perfect-freehand(easing=bounce)", "easing must be one of"),
                                 ("perfect-freehand(thinning=2)", "thinning must be in -1…1"),
                                 ("catmull-rom(alpha=1.5)", "alpha must be in 0…1"),
                                 ("catmull-rom(ends=mirror)", "ends must be one of reflect, duplicate"),
                                 ("fit-curve(window=2)", "window must be in 4…4096"),
                                 ("fit-curve(error=0)", "error must be in"),
                                 ("signature-pad(minDistance=near)", "minDistance takes a number"),
                                 ("quad-midpoint(alpha=0.5)", "has no parameter 'alpha'")] {
            do {
                _ = try PipelineDescription(parsing: label)
                XCTFail("\(label) parsed")
            } catch {
                XCTAssertTrue(error.description.contains(label), error.description)
                XCTAssertTrue(error.description.contains(problem), error.description)
                XCTAssertFalse(error.description.contains("\n"))
            }
        }
    }
}

extension StageImplementation {
    /// The peer options of a perfect-freehand style stage (for tests).
    var styleOptions: PerfectFreehandOptions {
        get throws {
            guard case .style(let s) = self, let pf = s as? PerfectFreehandStyle else { throw CocoaErrorStandIn() }
            return pf.parameters.options(simulate: true, last: pf.parameters.last)
        }
    }
}

struct CocoaErrorStandIn: Error {}
