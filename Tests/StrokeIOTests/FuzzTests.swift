import Foundation
import StrokeCore
import StrokeIO
import XCTest

/// A bounded, seeded fuzz test over every reader: random bytes and random mutations of
/// valid files. Errors are expected; a crash, a hang, a multi-line error, an error that does
/// not name the file, or a "successful" trace that breaks the trace invariants is a failure.
/// Deterministic: the same seed gives the same cases on every run.
final class FuzzTests: XCTestCase {
    /// SplitMix64 (Steele, Lea & Flood 2014): tiny, fast, and fully determined by its seed.
    struct SplitMix64 {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    }

    /// Text fragments that are meaningful to some reader, spliced in by the mutator.
    static let tokens: [String] = [
        "NaN", "nan", "inf", "-inf", "1e999", "-1e-999", "0", "-0", "1", "3", "-1", "99999999999999999999", "0.5", ".", "e", "E5",
        ",", ";", "\t", " ", "\n", "\r\n", "\"", "'", "!", "*", "?", "#", "#FF", "T", "F", "{", "}", "[", "]", ":", "null", "true",
        "<", ">", "</trace>", "<trace>", "<trace type=\"penUp\">", "<traceGroup>", "</traceGroup>", "&amp;", "&#0;", "<![CDATA[",
        "stroke 0", "stroke 1", "respectTo=\"#ts\"", "contextRef=\"#c\"", "\u{FEFF}", "\u{0}", "é", "\"time\"", "\"x\"", "\"buttons\"",
        "\"strokes\"", "\"events\"", "\"phase\": \"began\"", "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n", "3;", "1;",
    ]

    static func fixtures() -> [(TraceFormat, String, ImportOptions)] {
        var svc = "24\n"
        var wacom = "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n"
        var csv = "time_ms;X;Y;P;down\n"
        for i in 0..<24 {
            let down = i % 9 < 6
            svc += "\(4000 + 37 * i) \(7000 + 11 * i) \(354642400 + 8 * i) \(down ? 1 : 0) \(1190 - i) \(720 + i) \(down ? 10000 + 97 * i : 0)\n"
            wacom += "\(down ? 1 : 3);\(231207 + 5 * i - (i % 4 == 0 ? 4 : 0));\(38340 - 20 * i);\(2125 - 7 * i);\(down ? 900 * i + 1 : 0);670;\(1330 - 10 * i);\(down ? 0 : 449)\n"
            csv += "\(5 * i);\(Double(i) * 1.5);\(Double(i * i) / 7);\(i * 40);\(down ? 1 : 0)\n"
        }
        let pointer = """
            {"x": [417.35, 417.35, 416.96, 415.91, 414.98, 413.54, 410.51, 407.48], "y": [700, 701, 703.5, 706, 709, 712, 716, 720],
             "time": [3982.1, 3982.1, 3995.9, 4021, 4042.7, 4069.5, 4091.1, 4107], "pressure": [0, 0.2, 0.3, 0.35, 0.4, 0, 0.1, 0.2],
             "buttons": [0, 1, 1, 1, 1, 0, 1, 1], "button": [-1, 0, -1, -1, -1, 0, -1, -1], "twist": [0, 0, 0, 0, 0, 0, 0, 0],
             "tiltX": [0, 10, 12, 20, 30, 40, 51, 0], "tiltY": [0, -34, -20, 0, 5, 21, 10, -3], "pointerType": "pen"}
            """
        let bdalab = """
            {"meta_data": {"samples_count": 6, "column_names": ["x", "y", "time", "pen_status", "azimuth", "tilt", "pressure"]},
             "data": {"x": [52.81, 52.83, 52.855, 52.87, 52.88, 52.9], "y": [81.31, 81.31, 81.3, 81.28, 81.2, 81.1],
                      "time": [0, 0.007, 0.015, 0.022, 0.03, 0.037], "pen_status": [1, 1, 1, 0, 1, 1],
                      "azimuth": [510, 510, 510, 500, 500, 490], "tilt": [520, 520, 530, 530, 540, 540],
                      "pressure": [0, 0.01173, 0.022483, 0, 0.05, 0.06]}}
            """
        var cyn = "#\r\nVersion 0.0\r\n#\r\n\r\nphotoshop 5\r\n1\r\n../Data/Input/x.txt\r\n\r\n3\r\n"
        for k in 0..<3 {
            cyn += "stroke \(k)\r\n\(3 + k)\r\n"
            for j in 0..<(3 + k) {
                cyn += "\(j)\t\t\(Double(j) * 0.007)\t\t\(0.07 + 0.003 * Double(j))\t\t\(0.04 + 0.001 * Double(k))\t\t0.19\t\t292.8\t\t0.35\t\t-0.45\r\n"
            }
        }
        var native = Trace(metadata: TraceMetadata(source: "fuzz", sampleRateHz: 240), channels: [.t, .x, .y, .force],
                           strokes: [])
        native.strokes = [Stroke(id: "a", events: FrameGrouping.events(from: (0..<12).map {
            TouchSample(time: Double($0) / 240, location: Point(x: Double($0), y: Double($0 * $0)), force: 0.5)
        }), channels: [.t, .x, .y, .force], reference: ReferenceCurve(points: [TimedPoint(time: 0, x: 0, y: 0), TimedPoint(time: 0.05, x: 11, y: 121)]))]
        return [
            (.svc, svc, ImportOptions()),
            (.wacomCSV, wacom, ImportOptions(retimeHz: 200)),
            (.pointerEvents, pointer, ImportOptions()),
            (.bdalabJSON, bdalab, ImportOptions()),
            (.cyn, cyn, ImportOptions()),
            (.inkml, InkMLTests.otherProducer, ImportOptions()),
            (.inkml, InkMLWriter.encode(native), ImportOptions()),
            (.csv, csv, ImportOptions(csvMapping: "t=time_ms/1000, x=X, y=Y, force=P/1024, down=down==1")),
            (.native, NativeTraceWriter.encode(native), ImportOptions()),
        ]
    }

    func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var b = input
        let rounds = 1 + rng.below(3)
        for _ in 0..<rounds {
            let at = rng.below(b.count + 1)
            switch rng.below(8) {
            case 0 where !b.isEmpty: b[min(at, b.count - 1)] = UInt8(truncatingIfNeeded: rng.next())
            case 1: b.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
            case 2 where !b.isEmpty:
                let n = min(1 + rng.below(16), b.count - min(at, b.count - 1))
                b.removeSubrange(min(at, b.count - 1)..<(min(at, b.count - 1) + n))
            case 3: b = Array(b.prefix(at))                                   // truncation
            case 4:
                let token = Self.tokens[rng.below(Self.tokens.count)]
                b.insert(contentsOf: Array(token.utf8), at: at)
            case 5 where !b.isEmpty:                                            // duplicate a slice
                let s = rng.below(b.count), n = min(1 + rng.below(64), b.count - s)
                b.insert(contentsOf: b[s..<(s + n)], at: at)
            case 6 where !b.isEmpty:                                            // replace a digit run
                let s = rng.below(b.count)
                if let d = b[s...].firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) {
                    var e = d
                    while e < b.count, b[e] >= 0x30 && b[e] <= 0x39 { e += 1 }
                    let token = Self.tokens[rng.below(Self.tokens.count)]
                    b.replaceSubrange(d..<e, with: Array(token.utf8))
                }
            case 7 where !b.isEmpty:                                            // swap two lines
                let lines = b.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
                if lines.count > 2 {
                    var l = lines
                    l.swapAt(rng.below(l.count), rng.below(l.count))
                    b = Array(l.joined(separator: [0x0A]))
                }
            default: break
            }
        }
        return b
    }

    /// True when every number a native file would hold is finite (the writer's precondition).
    static func allFinite(_ trace: Trace) -> Bool {
        let m = trace.metadata
        let meta = [m.pixelsPerUnit, m.sampleRateHz, m.millimetresPerUnit, m.refreshRateHz].allSatisfy { $0?.isFinite ?? true }
        func finite(_ s: TouchSample) -> Bool { Channel.allCases.allSatisfy { $0.value(of: s).isFinite } }
        return meta && trace.strokes.allSatisfy { stroke in
            stroke.events.allSatisfy { $0.time.isFinite && $0.samples.allSatisfy(finite) && $0.predicted.allSatisfy(finite) }
                && (stroke.reference?.points.allSatisfy { $0.time.isFinite && $0.location.x.isFinite && $0.location.y.isFinite } ?? true)
        }
    }

    /// Decodes one fuzz case. A rejection must be a located one-line error naming the fuzzed
    /// file; an accepted trace must satisfy the trace invariants and survive the native
    /// format: written by ``NativeTraceWriter`` and read back, it must be equal. Returns
    /// whether the case was accepted.
    func check(_ bytes: [UInt8], _ format: TraceFormat, _ options: ImportOptions, case index: Int) -> Bool {
        let name = "fuzz-\(index).\(format.rawValue)"
        let report: ImportReport
        do {
            report = try TraceImport.decode(bytes, file: name, format: format, options: options)
        } catch {
            // Typed throws: `error` is a TraceFileError; check what it says.
            let text = error.description
            XCTAssertEqual(error.file, name, "error names another file: \(text)")
            XCTAssertTrue(text.hasPrefix(name + ":"), "error does not start with the file: \(text)")
            XCTAssertFalse(text.contains("\n") || text.contains("\r"), "error is not one line: \(text)")
            XCTAssertFalse(error.problem.trimmingCharacters(in: .whitespaces).isEmpty, "error says nothing: \(text)")
            if let line = error.line {
                // LF, CRLF and a lone CR each end a line for the text readers; counting every
                // CR and LF bounds the number of lines from above.
                let lines = bytes.reduce(1) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
                XCTAssertTrue(line >= 1 && line <= lines, "line \(line) outside the file's at most \(lines) lines: \(text)")
            }
            return false
        }
        XCTAssertFalse(report.traces.isEmpty, "\(name): accepted without a trace")
        for note in report.notes {
            XCTAssertFalse(note.contains("\n"), "\(name): a note is not one line: \(note)")
        }
        for trace in report.traces {
            TestSupport.assertWellFormed(trace, name)
            guard Self.allFinite(trace) else {
                XCTFail("\(name): an accepted trace holds a non-finite number")
                continue
            }
            let text = NativeTraceWriter.encode(trace)
            do {
                let back = try NativeTraceReader.decode(Array(text.utf8), file: name + ".json")
                XCTAssertEqual(back, trace, "\(name): the native round trip changed the trace")
                XCTAssertEqual(NativeTraceWriter.encode(back), text, "\(name): re-encoding is not byte-identical")
            } catch {
                XCTFail("\(name): the accepted trace, written natively, does not read back: \(error)")
            }
        }
        return true
    }

    /// Cases per fixture are multiplied by the environment variable STROKEIO_FUZZ_SCALE (default
    /// 1: about 3,800 cases, a few seconds in a debug build) and the seed can be changed with
    /// STROKEIO_FUZZ_SEED, for longer local soak runs; CI uses the fixed defaults.
    func testRandomBytesAndMutationsNeverCrashAnyReader() {
        let scale = max(1, Int(ProcessInfo.processInfo.environment["STROKEIO_FUZZ_SCALE"] ?? "") ?? 1)
        let seed = UInt64(ProcessInfo.processInfo.environment["STROKEIO_FUZZ_SEED"] ?? "") ?? 0x5EED_2026
        var rng = SplitMix64(state: seed)
        var accepted = 0, rejected = 0, index = 0
        for (format, text, options) in Self.fixtures() {
            let valid = Array(text.utf8)
            XCTAssertTrue(check(valid, format, options, case: -1), "the \(format.rawValue) fuzz fixture must be valid")
            // Random bytes: fully random, and printable noise that gets past the binary check.
            for k in 0..<(120 * scale) {
                let n = rng.below(400)
                let bytes = (0..<n).map { _ in k % 2 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : UInt8(0x20 + rng.below(95)) }
                if check(bytes, format, options, case: index) { accepted += 1 } else { rejected += 1 }
                index += 1
            }
            // Mutations of the valid file. Some must still import (a changed digit, a swapped
            // blank line) — otherwise the fuzzer only exercises the first check of each
            // reader — and some must be refused.
            var changedAccepted = 0, changedRejected = 0
            for _ in 0..<(300 * scale) {
                let bytes = mutate(valid, &rng)
                let ok = check(bytes, format, options, case: index)
                if ok { accepted += 1 } else { rejected += 1 }
                if bytes != valid {
                    if ok { changedAccepted += 1 } else { changedRejected += 1 }
                }
                index += 1
            }
            XCTAssertGreaterThan(changedAccepted, 0, "\(format.rawValue): no mutation of the valid file was accepted; the fuzzer is trivially rejecting everything")
            XCTAssertGreaterThan(changedRejected, 0, "\(format.rawValue): no mutation of the valid file was rejected")
        }
        print("fuzz: \(index) cases, \(accepted) imported, \(rejected) rejected with an error")
    }
}
