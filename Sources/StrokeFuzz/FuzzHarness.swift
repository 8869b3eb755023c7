import StrokeCore
import StrokeIO

/// The fuzzing harness of StrokeLab's readers, shared by the bounded run in `make test`
/// (`FuzzTests`), the seeded mutation campaign of `strokelab-fuzz` and its libFuzzer build
/// (docs/fuzzing.md).
///
/// One case is a file's bytes given to one reader (``TraceImport/decode(_:file:format:options:)``).
/// The reader may refuse it or accept it; what it must never do is crash, hang, or break
/// its contract. ``check(_:format:options:name:)`` states the contract:
///
/// - **refused**: with a ``StrokeIO/TraceFileError`` that names the file, starts with it,
///   is one line of bounded length (``StrokeIO/ErrorText/maximumMessageLength`` plus the
///   file name) without raw control characters, says something, and — when it gives a line
///   number — points inside the file;
/// - **accepted**: with at least one trace, every trace well formed (strokes with unique
///   ids; began … ended/cancelled events; non-decreasing sample and delivery times; every
///   value finite and within ``StrokeCore/Channel/maximumMagnitude``), one-line notes, and a
///   native round trip that reads back equal and re-encodes byte-identically.
public enum FuzzHarness {
    /// SplitMix64 (Steele, Lea & Flood 2014): tiny, fast, and fully determined by its seed.
    public struct SplitMix64: Sendable {
        /// The state.
        public var state: UInt64
        /// Creates a generator.
        public init(seed: UInt64) { state = seed }
        /// The next 64 random bits.
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A number in 0..<n (0 when n ≤ 0).
        public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    }

    /// A broken contract: what was wrong, for the report (the case's bytes are the caller's).
    public struct Violation: Error, Sendable, CustomStringConvertible {
        /// One line.
        public var description: String
    }

    /// What a reader did with a case.
    public enum Outcome: Sendable {
        /// Read into traces.
        case accepted
        /// Refused with a located error.
        case refused
    }

    /// The import options each reader is fuzzed with (the generic CSV needs a mapping).
    public static func options(for format: TraceFormat) -> ImportOptions {
        switch format {
        case .wacomCSV: return ImportOptions(retimeHz: 200)
        case .csv: return ImportOptions(csvMapping: "t=time_ms/1000, x=X, y=Y, force=P/1024, down=down==1")
        default: return ImportOptions()
        }
    }

    /// Text fragments that are meaningful to some reader, spliced in by ``mutate(_:_:)``.
    public static let tokens: [String] = [
        "NaN", "nan", "inf", "-inf", "1e999", "-1e-999", "1e300", "9007199254740993", "0", "-0", "1", "3", "-1",
        "99999999999999999999", "0.5", ".", "e", "E5", ",", ";", "\t", " ", "\n", "\r\n", "\r", "\"", "'", "!", "*", "?", "#",
        "#FF", "T", "F", "{", "}", "[", "]", ":", "null", "true", "<", ">", "</trace>", "<trace>", "<trace type=\"penUp\">",
        "<traceGroup>", "</traceGroup>", "&amp;", "&#0;", "&foo;", "&#x1F600;", "<![CDATA[", "]]>", "<!--", "-->",
        "<!DOCTYPE ink [<!ENTITY a \"b\">]>", "<?pi x?>", "xml:id=\"a\"", "stroke 0", "stroke 1", "respectTo=\"#ts\"",
        "contextRef=\"#c\"", "\u{FEFF}", "\u{0}", "\u{1B}[31m", "é", "\u{202E}", "\"time\"", "\"x\"", "\"buttons\"",
        "\"strokes\"", "\"events\"", "\"phase\": \"began\"", "\"predicted\": [[0,0,0]]", "\"reference\": {\"samples\": [[0,1,2]]}",
        "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n", "3;", "1;",
    ]

    /// Valid files of every reader: the seeds the mutations start from (a reader may have
    /// several). Small, so that mutations reach every part of the grammar.
    public static func seeds(for format: TraceFormat) -> [[UInt8]] {
        switch format {
        case .svc:
            var svc = "24\n"
            for i in 0..<24 {
                let down = i % 9 < 6
                svc += "\(4000 + 37 * i) \(7000 + 11 * i) \(354642400 + 8 * i) \(down ? 1 : 0) \(1190 - i) \(720 + i) \(down ? 10000 + 97 * i : 0)\n"
            }
            return [Array(svc.utf8), Array("3\n1.5 2.5 0 1\n1.7 2.6 0.01 1\n1.9 2.8 0.02 1\n".utf8)]
        case .wacomCSV:
            var wacom = "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n"
            for i in 0..<24 {
                let down = i % 9 < 6
                wacom += "\(down ? 1 : 3);\(231207 + 5 * i - (i % 4 == 0 ? 4 : 0));\(38340 - 20 * i);\(2125 - 7 * i);\(down ? 900 * i + 1 : 0);670;\(1330 - 10 * i);\(down ? 0 : 449)\n"
            }
            return [Array(wacom.utf8)]
        case .csv:
            var csv = "time_ms;X;Y;P;down\n"
            for i in 0..<24 { csv += "\(5 * i);\(Double(i) * 1.5);\(Double(i * i) / 7);\(i * 40);\(i % 9 < 6 ? 1 : 0)\n" }
            return [Array(csv.utf8)]
        case .pointerEvents:
            let arrays = """
                {"x": [417.35, 417.35, 416.96, 415.91, 414.98, 413.54, 410.51, 407.48], "y": [700, 701, 703.5, 706, 709, 712, 716, 720],
                 "time": [3982.1, 3982.1, 3995.9, 4021, 4042.7, 4069.5, 4091.1, 4107], "pressure": [0, 0.2, 0.3, 0.35, 0.4, 0, 0.1, 0.2],
                 "buttons": [0, 1, 1, 1, 1, 0, 1, 1], "button": [-1, 0, -1, -1, -1, 0, -1, -1], "twist": [0, 0, 0, 0, 0, 0, 0, 0],
                 "tiltX": [0, 10, 12, 20, 30, 40, 51, 0], "tiltY": [0, -34, -20, 0, 5, 21, 10, -3], "pointerType": "pen"}
                """
            let events = """
                [{"x": 1, "y": 2, "timeStamp": 10, "pressure": 0.5, "pointerType": "touch"},
                 {"x": 3, "y": 4, "timeStamp": 18, "pressure": 0.5}, {"x": 5, "y": 7, "timeStamp": 26, "pressure": 0.4}]
                """
            return [Array(arrays.utf8), Array(events.utf8)]
        case .bdalabJSON:
            let bdalab = """
                {"meta_data": {"samples_count": 6, "column_names": ["x", "y", "time", "pen_status", "azimuth", "tilt", "pressure"]},
                 "data": {"x": [52.81, 52.83, 52.855, 52.87, 52.88, 52.9], "y": [81.31, 81.31, 81.3, 81.28, 81.2, 81.1],
                          "time": [0, 0.007, 0.015, 0.022, 0.03, 0.037], "pen_status": [1, 1, 1, 0, 1, 1],
                          "azimuth": [510, 510, 510, 500, 500, 490], "tilt": [520, 520, 530, 530, 540, 540],
                          "pressure": [0, 0.01173, 0.022483, 0, 0.05, 0.06]}}
                """
            return [Array(bdalab.utf8)]
        case .cyn:
            var cyn = "#\r\nVersion 0.0\r\n#\r\n\r\nphotoshop 5\r\n1\r\n../Data/Input/x.txt\r\n\r\n3\r\n"
            for k in 0..<3 {
                cyn += "stroke \(k)\r\n\(3 + k)\r\n"
                for j in 0..<(3 + k) {
                    cyn += "\(j)\t\t\(Double(j) * 0.007)\t\t\(0.07 + 0.003 * Double(j))\t\t\(0.04 + 0.001 * Double(k))\t\t0.19\t\t292.8\t\t0.35\t\t-0.45\r\n"
                }
            }
            return [Array(cyn.utf8)]
        case .inkml:
            return [Array(otherProducerInkML.utf8), Array(InkMLWriter.encode(nativeSeed).utf8)]
        case .native:
            return [Array(NativeTraceWriter.encode(nativeSeed).utf8), Array(handWrittenNative.utf8)]
        }
    }

    /// A trace with a reference, written by StrokeLab's own writers for the native and InkML seeds.
    static var nativeSeed: Trace {
        var native = Trace(metadata: TraceMetadata(source: "fuzz", sampleRateHz: 240), channels: [.t, .x, .y, .force], strokes: [])
        native.strokes = [Stroke(id: "a", events: FrameGrouping.events(from: (0..<12).map {
            TouchSample(time: Double($0) / 240, location: Point(x: Double($0), y: Double($0 * $0)), force: 0.5)
        }), channels: [.t, .x, .y, .force], reference: ReferenceCurve(points: [TimedPoint(time: 0, x: 0, y: 0), TimedPoint(time: 0.05, x: 11, y: 121)]))]
        return native
    }

    /// A native trace using explicit events, predictions, a channel override and a tap.
    static let handWrittenNative = """
        {"format": "strokelab.trace", "version": 1, "metadata": {"source": "hand", "units": "px", "refreshRateHz": 120},
         "channels": ["y", "force", "t", "x"],
         "strokes": [
          {"id": "events", "kind": "finger", "events": [
            {"phase": "began", "samples": [[10, 0.5, 0.000, 10]]},
            {"phase": "moved", "time": 0.0100, "samples": [[11, 0.5, 0.004, 14], [12, 0.5, 0.008, 18]], "predicted": [[13, 0.5, 0.012, 22]]},
            {"phase": "cancelled", "samples": [[27, 0.6, 0.03, 32]]}]},
          {"id": "flat", "channels": ["t", "x", "y"], "samples": [[1.0, 1e9, 1e9], [1.004, 1000000003, 1000000001]]},
          {"id": "tap", "samples": [[7, 0.3, 2.0, 40]]}]}
        """

    /// InkML as another producer writes it: definitions, timestamps, contexts, difference
    /// encoding, a hover trace.
    static let otherProducerInkML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ink xmlns="http://www.w3.org/2003/InkML">
          <definitions>
            <timestamp xml:id="ts0" time="1700000000000"/>
            <timestamp xml:id="ts1" timestampRef="#ts0" timeOffset="2500"/>
            <traceFormat xml:id="fmtA">
              <channel name="T" type="integer" units="ms" respectTo="#ts0"/>
              <channel name="F" type="integer" max="1023"/>
              <channel name="Y" type="decimal" units="mm"/>
              <channel name="X" type="decimal" units="mm"/>
              <channel name="OTy" type="integer" units="deg"/>
              <channel name="OTx" type="integer" units="deg"/>
            </traceFormat>
            <inkSource xml:id="pen" manufacturer="Acme" model="Slate 2">
              <sampleRate uniform="true" value="100"/>
            </inkSource>
            <context xml:id="ctxA" inkSourceRef="#pen" traceFormatRef="#fmtA"/>
          </definitions>
          <traceGroup contextRef="#ctxA">
            <trace xml:id="first">
              0 512 20 10 0 30,
              '10 '-2 '0.5 '1 '0 '0,
              10 -2 0.5 1 0 0,
              !30 !500 !22 !13 !5 !30
            </trace>
            <trace type="penUp">40 0 23 14 0 0, '10 '0 '1 '1 '0 '0</trace>
            <!-- a comment --><trace xml:id="second">0 1023 30 40 0 0, '8 '0 '1 '1 '0 '0</trace>
          </traceGroup>
        </ink>
        """

    /// A mutation of `input`: one to three byte flips, insertions, deletions, truncations,
    /// spliced tokens, duplicated slices, replaced digit runs or swapped lines — and, rarely,
    /// a hostile size (a run of 4 KiB to 256 KiB digits or blanks, a thousand attributes).
    public static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var b = input
        let rounds = 1 + rng.below(3)
        for _ in 0..<rounds {
            let at = rng.below(b.count + 1)
            switch rng.below(9) {
            case 0 where !b.isEmpty: b[min(at, b.count - 1)] = UInt8(truncatingIfNeeded: rng.next())
            case 1: b.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
            case 2 where !b.isEmpty:
                let s = min(at, b.count - 1)
                let n = min(1 + rng.below(16), b.count - s)
                b.removeSubrange(s..<(s + n))
            case 3: b = Array(b.prefix(at))                                   // truncation
            case 4:
                let token = tokens[rng.below(tokens.count)]
                b.insert(contentsOf: Array(token.utf8), at: at)
            case 5 where !b.isEmpty:                                            // duplicate a slice
                let s = rng.below(b.count), n = min(1 + rng.below(64), b.count - s)
                b.insert(contentsOf: b[s..<(s + n)], at: at)
            case 6 where !b.isEmpty:                                            // replace a digit run
                let s = rng.below(b.count)
                if let d = b[s...].firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) {
                    var e = d
                    while e < b.count, b[e] >= 0x30 && b[e] <= 0x39 { e += 1 }
                    let token = tokens[rng.below(tokens.count)]
                    b.replaceSubrange(d..<e, with: Array(token.utf8))
                }
            case 7 where !b.isEmpty:                                            // swap two lines
                var lines = b.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
                if lines.count > 2 {
                    lines.swapAt(rng.below(lines.count), rng.below(lines.count))
                    b = Array(lines.joined(separator: [0x0A]))
                }
            case 8 where rng.below(16) == 0:                                    // a hostile size
                let n = 4096 << rng.below(7)
                switch rng.below(3) {
                case 0: b.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "7"), count: n), at: at)
                case 1: b.insert(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: n), at: at)
                default: b.insert(contentsOf: Array((0..<1000).map { " a\($0)=\"1\"" }.joined().utf8), at: at)
                }
            default: break
            }
        }
        return b
    }

    /// Runs one case and checks the contract (see the type's documentation).
    public static func check(_ bytes: [UInt8], format: TraceFormat, options: ImportOptions, name: String) -> Result<Outcome, Violation> {
        func violation(_ text: String) -> Result<Outcome, Violation> {
            .failure(Violation(description: "\(name) (\(format.rawValue)): " + ErrorText.bounded(text, limit: 400)))
        }
        let report: ImportReport
        do {
            report = try TraceImport.decode(bytes, file: name, format: format, options: options)
        } catch {
            let text = error.description
            if error.file != name { return violation("the error names another file: \(text)") }
            if !text.hasPrefix(name + ":") { return violation("the error does not start with the file: \(text)") }
            if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) }) {
                return violation("the error is not one line of visible text: \(text)")
            }
            if text.count > ErrorText.maximumMessageLength + name.count {
                return violation("the error is \(text.count) characters long: \(text.prefix(200))")
            }
            if error.problem.allSatisfy({ $0 == " " }) { return violation("the error says nothing: \(text)") }
            if let line = error.line {
                // LF, CRLF and a lone CR each end a line for the text readers; counting every
                // CR and LF bounds the number of lines from above.
                let lines = bytes.reduce(1) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
                if !(line >= 1 && line <= lines) { return violation("line \(line) outside the file's at most \(lines) lines: \(text)") }
            }
            return .success(.refused)
        }
        if report.traces.isEmpty { return violation("accepted without a trace") }
        for note in report.notes where note.contains("\n") { return violation("a note is not one line: \(note)") }
        for trace in report.traces {
            if let problem = wellFormedProblem(trace) { return violation(problem) }
            let text = NativeTraceWriter.encode(trace)
            do {
                let back = try NativeTraceReader.decode(Array(text.utf8), file: name + ".json")
                if back != trace { return violation("the native round trip changed the trace") }
                if NativeTraceWriter.encode(back) != text { return violation("re-encoding is not byte-identical") }
            } catch {
                return violation("the accepted trace, written natively, does not read back: \(error)")
            }
        }
        return .success(.accepted)
    }

    /// Why `trace` is not well formed, or `nil` (see the type's documentation).
    public static func wellFormedProblem(_ trace: Trace) -> String? {
        guard !trace.strokes.isEmpty else { return "no strokes" }
        let m = trace.metadata
        for v in [m.pixelsPerUnit, m.sampleRateHz, m.millimetresPerUnit, m.refreshRateHz] where !(v?.isFinite ?? true) {
            return "metadata holds a non-finite number"
        }
        var ids = Set<String>()
        func representable(_ s: TouchSample) -> String? {
            for c in Channel.allCases where c.problem(with: c.value(of: s)) != nil { return "channel \(c.rawValue) is \(c.value(of: s))" }
            return nil
        }
        for stroke in trace.strokes {
            guard ids.insert(stroke.id).inserted else { return "duplicate stroke id \(stroke.id)" }
            guard stroke.events.count >= 2 else { return "stroke \(stroke.id) has \(stroke.events.count) events" }
            guard stroke.events.first?.phase == .began, stroke.events.last!.phase.isTerminal else { return "stroke \(stroke.id): bad phases" }
            var previousSample = -Double.infinity, previousEvent = -Double.infinity
            for (k, event) in stroke.events.enumerated() {
                if k > 0 && k < stroke.events.count - 1 && event.phase != .moved { return "stroke \(stroke.id) event \(k) is not moved" }
                guard !event.samples.isEmpty else { return "stroke \(stroke.id) event \(k) has no samples" }
                guard event.time.isFinite, event.time >= previousEvent, event.time >= event.main.time else {
                    return "stroke \(stroke.id) event \(k) time \(event.time)"
                }
                previousEvent = event.time
                for s in event.samples {
                    guard s.time >= previousSample else { return "stroke \(stroke.id): time goes backwards" }
                    previousSample = s.time
                    if let p = representable(s) { return "stroke \(stroke.id): \(p)" }
                }
                for s in event.predicted { if let p = representable(s) { return "stroke \(stroke.id) prediction: \(p)" } }
            }
            if let r = stroke.reference,
               !r.points.allSatisfy({ $0.time.isFinite && Channel.x.problem(with: $0.location.x) == nil && Channel.y.problem(with: $0.location.y) == nil }) {
                return "stroke \(stroke.id): the reference holds an unrepresentable value"
            }
        }
        return nil
    }

    /// Counts of a campaign.
    public struct Statistics: Sendable {
        /// Cases run.
        public var executions = 0
        /// Cases read into traces.
        public var accepted = 0
        /// Cases refused with a located error.
        public var refused = 0
        /// Mutated (changed) seeds that were accepted and refused: both must be > 0, or the
        /// fuzzer exercises only the first check of a reader.
        public var changedAccepted = 0, changedRefused = 0
        /// Broken contracts, with the case that broke it (base64-free: the bytes).
        public var violations: [(Violation, [UInt8])] = []
        /// Creates empty statistics.
        public init() {}
    }

    /// A seeded campaign against one reader: `executions` cases, a tenth random bytes (half
    /// printable), the rest mutations of its seeds. Deterministic for a given seed. Stops
    /// collecting violations after `maximumViolations`.
    public static func campaign(format: TraceFormat, executions: Int, seed: UInt64, maximumViolations: Int = 20,
                                caseStarted: (Int) -> Void = { _ in }) -> Statistics {
        var rng = SplitMix64(seed: seed ^ UInt64(truncatingIfNeeded: format.rawValue.hashValueStable))
        let options = options(for: format)
        let seeds = seeds(for: format)
        var stats = Statistics()
        for k in 0..<executions {
            caseStarted(k)
            let bytes: [UInt8]
            var mutated = false
            if k % 10 == 0 {
                let n = rng.below(400)
                bytes = (0..<n).map { _ in k % 20 == 0 ? UInt8(truncatingIfNeeded: rng.next()) : UInt8(0x20 + rng.below(95)) }
            } else {
                let base = seeds[rng.below(seeds.count)]
                bytes = mutate(base, &rng)
                mutated = bytes != base
            }
            let name = "fuzz-\(k).\(format.extensions.first ?? "txt")"
            switch check(bytes, format: format, options: options, name: name) {
            case .success(.accepted):
                stats.accepted += 1
                if mutated { stats.changedAccepted += 1 }
            case .success(.refused):
                stats.refused += 1
                if mutated { stats.changedRefused += 1 }
            case .failure(let v):
                if stats.violations.count < maximumViolations { stats.violations.append((v, bytes)) }
            }
            stats.executions += 1
        }
        return stats
    }
}

extension String {
    /// A hash of the UTF-8 bytes that is the same in every process (FNV-1a, 64 bits);
    /// `hashValue` is randomised per process.
    var hashValueStable: UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}
