import XCTest

@testable import StrokeCore

final class FrameGroupingTests: XCTestCase {
    private func samples(rate: Double, count: Int, start: Double = 0) -> [TouchSample] {
        (0..<count).map { TouchSample(time: start + Double($0) / rate, x: Double($0), y: 0) }
    }

    func testFirstSampleIsBeganAloneAtItsOwnTime() {
        let events = FrameGrouping.events(from: samples(rate: 240, count: 9))
        XCTAssertEqual(events[0].phase, .began)
        XCTAssertEqual(events[0].samples.count, 1)
        XCTAssertEqual(events[0].time, 0)
    }

    func test240HzSamplesGroupFourPerSixtyHzFrameOnAStrokeAlignedClock() {
        let events = FrameGrouping.events(from: samples(rate: 240, count: 121, start: 1), clockOrigin: 1)
        // began + 30 frames; the last is ended.
        XCTAssertEqual(events.count, 31)
        XCTAssertEqual(events.last?.phase, .ended)
        for (k, e) in events.enumerated().dropFirst() {
            XCTAssertEqual(e.samples.count, 4, "frame \(k)")
            XCTAssertEqual(e.time, 1 + Double(k) / 60)
            // The main sample lies exactly on the frame end: age zero.
            XCTAssertEqual(e.mainSampleAge, 0)
            if k < events.count - 1 { XCTAssertEqual(e.phase, .moved) }
        }
    }

    func testTheDisplayClockDoesNotStartWithTheStroke() {
        // Refreshes at whole multiples of 1/60 s on the trace's clock: a stroke starting
        // 0.3 frame after a refresh has its first sample delivered 0.7 frame later, and at
        // 60 Hz sampling every sample is 0.7 frame old.
        let start = 5 + 0.3 / 60
        let events = FrameGrouping.events(from: samples(rate: 60, count: 30, start: start))
        XCTAssertEqual(events[0].time, 5 + 1.0 / 60, accuracy: 1e-12)
        for e in events {
            XCTAssertEqual(e.samples.count, 1)
            XCTAssertEqual(e.mainSampleAge * 60, 0.7, accuracy: 1e-9)
        }
        // The same samples on a clock with its origin at the first sample: age 0.
        for e in FrameGrouping.events(from: samples(rate: 60, count: 30, start: start), clockOrigin: start) {
            XCTAssertEqual(e.mainSampleAge, 0, accuracy: 1e-12)
        }
        // Other samples of the first frame follow `began` at the same refresh.
        let two = FrameGrouping.events(from: [TouchSample(time: 0.001, x: 0, y: 0), TouchSample(time: 0.002, x: 1, y: 0),
                                              TouchSample(time: 0.03, x: 2, y: 0)])
        XCTAssertEqual(two.map(\.phase), [.began, .moved, .ended])
        XCTAssertEqual(two[0].time, 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(two[1].time, 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(two[2].time, 2.0 / 60, accuracy: 1e-12)
    }

    func testAbsurdTimestampsAndOriginsStayBounded() {
        let s = [TouchSample(time: 0, x: 0, y: 0), TouchSample(time: 1e300, x: 1, y: 0), TouchSample(time: 1e300, x: 2, y: 0)]
        let events = FrameGrouping.events(from: s, clockOrigin: .nan)
        XCTAssertEqual(events.first?.phase, .began)
        XCTAssertEqual(events.last?.phase, .ended)
        XCTAssertTrue(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    func testSamplesAreAtMostOneFrameOldWhenDelivered() {
        let s = samples(rate: 200, count: 400, start: 0.0031)
        for e in FrameGrouping.events(from: s) {
            for x in e.samples {
                XCTAssertGreaterThanOrEqual(e.time - x.time, 0)
                XCTAssertLessThan(e.time - x.time, 1.0 / 60 + 1e-12)
            }
        }
    }

    func testFramesWithoutSamplesDeliverNoEvent() {
        var s = samples(rate: 240, count: 5)
        s.append(TouchSample(time: 1.0, x: 9, y: 0))  // a pause of ~1 s
        let events = FrameGrouping.events(from: s)
        XCTAssertEqual(events.map(\.samples.count), [1, 4, 1])
        XCTAssertEqual(events[2].time, 1.0, accuracy: 1e-12)
    }

    func testATapIsBeganAndEndedWithTheSameSample() {
        let tap = [TouchSample(time: 2, x: 1, y: 1)]
        let events = FrameGrouping.events(from: tap)
        XCTAssertEqual(events.map(\.phase), [.began, .ended])
        XCTAssertEqual(events[1].main, tap[0])
    }

    func testATapCountsOneDistinctSampleAndLongerStrokesCountEachOnce() {
        let tap = Stroke(id: "tap", events: FrameGrouping.events(from: [TouchSample(time: 2, x: 1, y: 1)]))
        XCTAssertEqual(tap.sampleCount, 2, "began and ended both carry the tap's sample")
        XCTAssertEqual(tap.distinctSampleCount, 1)
        let line = Stroke(id: "line", events: FrameGrouping.events(from: samples(rate: 240, count: 18)))
        XCTAssertEqual(line.sampleCount, 18)
        XCTAssertEqual(line.distinctSampleCount, 18)
        // Repeated timestamps with different positions are distinct samples, even where one
        // of them is alone in `began` and the next opens the first `moved` event.
        // (The second sample shares the first's frame, so it follows `began` as a `moved` event
        // delivered at the same refresh.)
        let times = [0, 0, 0.001, 0.001]
        let repeated = Stroke(id: "r", events: FrameGrouping.events(from: times.indices.map { TouchSample(time: times[$0], x: Double($0), y: 0) }))
        XCTAssertEqual(repeated.events.map(\.samples.count), [1, 1, 2])
        XCTAssertEqual(repeated.distinctSampleCount, 4)
        // An explicit event stream that re-delivers its last moved sample on lift-off.
        let a = TouchSample(time: 0, x: 0, y: 0), b = TouchSample(time: 0.01, x: 1, y: 0)
        let lifted = Stroke(id: "l", events: [TouchEvent(phase: .began, samples: [a]), TouchEvent(phase: .moved, samples: [b]),
                                              TouchEvent(phase: .ended, samples: [b])])
        XCTAssertEqual(lifted.sampleCount, 3)
        XCTAssertEqual(lifted.distinctSampleCount, 2)
    }

    func testTheStoredSampleCountFollowsEveryChangeOfTheEvents() {
        // `sampleCount` is counted when the events are set, not on each read: a whole new
        // list, an event's samples changed in place, an event appended and one removed.
        let a = TouchSample(time: 0, x: 0, y: 0), b = TouchSample(time: 0.01, x: 1, y: 0), c = TouchSample(time: 0.02, x: 2, y: 0)
        var s = Stroke(id: "s", events: [TouchEvent(phase: .began, samples: [a]), TouchEvent(phase: .moved, samples: [b, c])])
        XCTAssertEqual(s.sampleCount, 3)
        s.events[1].samples.append(TouchSample(time: 0.03, x: 3, y: 0))
        XCTAssertEqual(s.sampleCount, 4)
        s.events.append(TouchEvent(phase: .ended, samples: [c, c]))
        XCTAssertEqual(s.sampleCount, 6)
        s.events.removeFirst()
        XCTAssertEqual(s.sampleCount, 5)
        s.events = [TouchEvent(phase: .began, samples: [a])]
        XCTAssertEqual(s.sampleCount, 1)
        XCTAssertEqual(s, Stroke(id: "s", events: [TouchEvent(phase: .began, samples: [a])]), "equal strokes stay equal")
    }

    func testRepeatedTimestampsStayInOneFrame() {
        let s = [0, 0.001, 0.001, 0.001, 0.02].map { TouchSample(time: $0, x: $0, y: 0) }
        let events = FrameGrouping.events(from: s)
        XCTAssertEqual(events.map(\.samples.count), [1, 3, 1])
    }

    func testAbsurdTimestampsDoNotHang() {
        let s = [TouchSample(time: 0, x: 0, y: 0), TouchSample(time: 1e300, x: 1, y: 1), TouchSample(time: 1e301, x: 2, y: 2)]
        let events = FrameGrouping.events(from: s)
        XCTAssertEqual(events.count, 3)
        for e in events { XCTAssertGreaterThanOrEqual(e.time, e.main.time) }
    }

    func testCancelledTerminalPhase() {
        let events = FrameGrouping.events(from: samples(rate: 240, count: 9), terminalPhase: .cancelled)
        XCTAssertEqual(events.last?.phase, .cancelled)
    }

    func testEachEventHoldsItsSamplesWithoutSpareCapacity() {
        // A trace's events are most of a loaded trace's memory. One busy frame early in a stroke
        // (here 8 samples: a burst of repeated timestamps) used to leave every later event with
        // that frame's capacity: 8 slots for a 240 Hz pen's 4 samples, nearly twice the memory.
        var s = samples(rate: 240, count: 4001)
        s.insert(contentsOf: Array(repeating: s[1], count: 4), at: 1)
        let events = FrameGrouping.events(from: s)
        XCTAssertEqual(events.count, 1 + 1000)
        XCTAssertEqual(events.dropFirst().map(\.samples.count), [8] + Array(repeating: 4, count: 999))
        for (i, e) in events.enumerated() {
            XCTAssertEqual(e.samples.capacity, e.samples.count, "event \(i)")
        }
        XCTAssertEqual(events.flatMap(\.samples), s)
    }
}

final class ReferenceCurveTests: XCTestCase {
    func testPositionInterpolatesAndClamps() {
        let r = ReferenceCurve(points: [TimedPoint(time: 0, x: 0, y: 0), TimedPoint(time: 1, x: 10, y: 0),
                                        TimedPoint(time: 2, x: 10, y: 10)])
        XCTAssertEqual(r.position(at: 0.25), Point(x: 2.5, y: 0))
        XCTAssertEqual(r.position(at: 1.5), Point(x: 10, y: 5))
        XCTAssertEqual(r.position(at: -1), Point(x: 0, y: 0))
        XCTAssertEqual(r.position(at: 9), Point(x: 10, y: 10))
    }

    func testRepeatedTimesNeverDivideByZero() {
        let r = ReferenceCurve(points: [TimedPoint(time: 0, x: 0, y: 0), TimedPoint(time: 1, x: 1, y: 0),
                                        TimedPoint(time: 1, x: 5, y: 0), TimedPoint(time: 2, x: 6, y: 0)])
        let p = r.position(at: 1)
        XCTAssertTrue(p.isFinite)
        XCTAssertEqual(r.position(at: 1.5), Point(x: 5.5, y: 0))
    }
}

final class SeededGeneratorTests: XCTestCase {
    func testSameSeedSameSequence() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42), c = SeededGenerator(seed: 43)
        let sa = (0..<5).map { _ in a.next() }
        XCTAssertEqual(sa, (0..<5).map { _ in b.next() })
        XCTAssertNotEqual(sa, (0..<5).map { _ in c.next() })
    }

    func testKnownSplitMix64Output() {
        // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        var g = SeededGenerator(seed: 0)
        XCTAssertEqual(g.next(), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(g.next(), 0x6E78_9E6A_A1B9_65F4)
    }

    func testGaussianMomentsAreStandard() {
        var g = SeededGenerator(seed: 7)
        let n = 100_000
        var sum = 0.0, sumSq = 0.0
        for _ in 0..<n {
            let x = g.nextGaussian()
            sum += x
            sumSq += x * x
        }
        XCTAssertEqual(sum / Double(n), 0, accuracy: 0.02)
        XCTAssertEqual(sumSq / Double(n), 1, accuracy: 0.02)
    }
}
