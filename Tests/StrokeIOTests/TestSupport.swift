import Foundation
import StrokeCore
import StrokeIO
import XCTest

/// Helpers for the StrokeIO tests (paths, shared datasets and temporary directories come from
/// StrokeTestSupport).
enum TestSupport {
    /// Every sample of every stroke.
    static func allSamples(_ trace: Trace) -> [TouchSample] { trace.strokes.flatMap(\.samples) }

    /// Checks the invariants every imported trace must satisfy: at least one stroke; each
    /// stroke began … ended, every event non-empty, sample and delivery times non-decreasing
    /// and finite, delivery never before the event's last sample, every channel value finite.
    static func assertWellFormed(_ trace: Trace, _ label: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(trace.strokes.isEmpty, "\(label): no strokes", file: file, line: line)
        var ids = Set<String>()
        for stroke in trace.strokes {
            XCTAssertTrue(ids.insert(stroke.id).inserted, "\(label): duplicate stroke id \(stroke.id)", file: file, line: line)
            guard stroke.events.count >= 2 else {
                XCTFail("\(label): stroke \(stroke.id) has \(stroke.events.count) events", file: file, line: line)
                continue
            }
            XCTAssertEqual(stroke.events.first?.phase, .began, label, file: file, line: line)
            XCTAssertTrue(stroke.events.last!.phase.isTerminal, label, file: file, line: line)
            var previousSample = -Double.infinity, previousEvent = -Double.infinity
            for (k, event) in stroke.events.enumerated() {
                if k > 0 && k < stroke.events.count - 1 { XCTAssertEqual(event.phase, .moved, label, file: file, line: line) }
                XCTAssertFalse(event.samples.isEmpty, label, file: file, line: line)
                XCTAssertTrue(event.time.isFinite && event.time >= previousEvent && event.time >= event.main.time,
                              "\(label): stroke \(stroke.id) event \(k) time \(event.time)", file: file, line: line)
                previousEvent = event.time
                for s in event.samples {
                    XCTAssertTrue(s.time >= previousSample, "\(label): stroke \(stroke.id) time goes backwards", file: file, line: line)
                    previousSample = s.time
                    for c in Channel.allCases where !c.value(of: s).isFinite {
                        XCTFail("\(label): stroke \(stroke.id) channel \(c) is \(c.value(of: s))", file: file, line: line)
                    }
                }
            }
        }
    }

    /// Decodes `bytes` as `format` expecting a ``TraceFileError``; checks that it names
    /// `file`, the given `line` (when not nil), and that its one-line description contains
    /// every string in `contains`. Returns the error.
    @discardableResult
    static func expectError(_ bytes: [UInt8], format: TraceFormat, file: String, options: ImportOptions = ImportOptions(),
                            line expectedLine: Int?, contains: [String],
                            sourceFile: StaticString = #filePath, sourceLine: UInt = #line) -> TraceFileError? {
        do {
            let report = try TraceImport.decode(bytes, file: file, format: format, options: options)
            XCTFail("\(format.rawValue) \(file): expected an error, got \(report.traces.first?.strokes.count ?? 0) strokes", file: sourceFile, line: sourceLine)
            return nil
        } catch {
            let text = error.description
            XCTAssertEqual(error.file, file, text, file: sourceFile, line: sourceLine)
            XCTAssertTrue(text.hasPrefix(file + (expectedLine.map { ":\($0)" } ?? "")), "\(text) should start with \(file):\(expectedLine.map(String.init) ?? "")", file: sourceFile, line: sourceLine)
            if let expectedLine { XCTAssertEqual(error.line, expectedLine, text, file: sourceFile, line: sourceLine) }
            XCTAssertFalse(text.contains("\n"), "the error must be one line: \(text)", file: sourceFile, line: sourceLine)
            for s in contains {
                XCTAssertTrue(text.lowercased().contains(s.lowercased()), "«\(text)» should mention «\(s)»", file: sourceFile, line: sourceLine)
            }
            return error
        }
    }

    @discardableResult
    static func expectError(_ text: String, format: TraceFormat, file: String, options: ImportOptions = ImportOptions(),
                            line: Int?, contains: [String], sourceFile: StaticString = #filePath, sourceLine: UInt = #line) -> TraceFileError? {
        expectError(Array(text.utf8), format: format, file: file, options: options, line: line, contains: contains,
                    sourceFile: sourceFile, sourceLine: sourceLine)
    }
}
