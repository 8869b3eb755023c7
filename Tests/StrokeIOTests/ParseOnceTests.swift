import Foundation
import StrokeCore
import StrokeTestSupport
@testable import StrokeIO
import XCTest

/// A JSON file whose format is detected is parsed once (detection hands its document to the
/// reader): the result is the one the reader gives when told the format.
final class ParseOnceTests: XCTestCase {
    private func bytes(_ path: String) throws -> [UInt8] { try XCTUnwrap(FileManager.default.contents(atPath: path)).map { $0 } }

    func testDetectedNativeTraceIsTheTraceTheReaderGives() throws {
        let path = TestPaths.packageRoot + "/Datasets/synthetic/stylus-240hz-realistic.json"
        let data = try bytes(path)
        let detected = try TraceImport.decode(data, file: path)
        let told = try TraceImport.decode(data, file: path, format: .native)
        XCTAssertEqual(detected, told)
        XCTAssertEqual(try TraceImport.detectParsing(file: path, bytes: data).format, .native)
        XCTAssertNotNil(try TraceImport.detectParsing(file: path, bytes: data).document)
    }

    func testDetectedBDALabAndPointerEventsFilesAreWhatTheirReadersGive() throws {
        let dir = try SharedData.dataset("bdalab-sample")
        for (sub, format) in [("json_data", TraceFormat.bdalabJSON), ("html_data", .pointerEvents)] {
            let path = dir + "/\(sub)/signal.json"
            let data = try bytes(path)
            XCTAssertEqual(try TraceImport.detect(file: path, bytes: data), format, path)
            XCTAssertEqual(try TraceImport.decode(data, file: path), try TraceImport.decode(data, file: path, format: format), path)
        }
    }

    func testOptionsAreStillValidatedOnTheDetectedPath() throws {
        let path = TestPaths.packageRoot + "/Datasets/synthetic/stylus-240hz-realistic.json"
        var options = ImportOptions()
        options.device = "a device"
        let report = try TraceImport.decode(try bytes(path), file: path, options: options)
        XCTAssertEqual(report.traces.first?.metadata.device, "a device")
    }
}
