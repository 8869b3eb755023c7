import Dispatch
import Foundation
import NIOConcurrencyHelpers
import StrokeIO
import StrokeTestSupport
@testable import StrokeRecorder
import XCTest

/// Files are created atomically under fresh names and never replace one another.
final class TraceStoreTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory("store")
    }

    /// 2026-11-23 11:45:12 UTC.
    let date = Date(timeIntervalSince1970: 1_795_434_312)

    func testNamesCarryTheStemAndTheUTCDateAndCountUpWhenTaken() throws {
        let store = try TraceStore(directory: directory)
        let a = try store.save(Array("a".utf8), stem: RecordingName("circle"), date: date)
        let b = try store.save(Array("b".utf8), stem: RecordingName("circle"), date: date)
        let c = try store.save(Array("c".utf8), stem: RecordingName("circle"), date: date)
        XCTAssertEqual([a, b, c], ["circle-20261123-114512.json", "circle-20261123-114512-2.json", "circle-20261123-114512-3.json"])
        XCTAssertEqual(try AtomicFile.read(directory + "/" + a), Array("a".utf8))
        XCTAssertEqual(try AtomicFile.read(directory + "/" + c), Array("c".utf8))
        XCTAssertEqual(TestPaths.files(directory), [a, b, c].sorted(), "no temporary file is left")
    }

    func testAnExistingFileIsNeverReplaced() throws {
        let store = try TraceStore(directory: directory)
        let existing = directory + "/circle-20261123-114512.json"
        try AtomicFile.write(text: "precious", to: existing)
        let name = try store.save(Array("new".utf8), stem: RecordingName("circle"), date: date)
        XCTAssertEqual(name, "circle-20261123-114512-2.json")
        XCTAssertEqual(String(decoding: try AtomicFile.read(existing), as: UTF8.self), "precious")
    }

    func testConcurrentSavesOfOneNameAllGetTheirOwnFile() throws {
        let store = try TraceStore(directory: directory)
        let count = 64
        let names = NIOLockedValueBox<[Int: String]>([:])
        let date = self.date
        DispatchQueue.concurrentPerform(iterations: count) { k in
            let name = try? store.save(Array("upload \(k)".utf8), stem: RecordingName("same"), date: date)
            names.withLockedValue { $0[k] = name }
        }
        let all = names.withLockedValue { $0 }
        XCTAssertEqual(all.count, count)
        XCTAssertEqual(Set(all.values).count, count, "every save got a distinct name")
        for (k, name) in all {
            XCTAssertEqual(String(decoding: try AtomicFile.read(directory + "/" + name), as: UTF8.self), "upload \(k)")
        }
        XCTAssertEqual(TestPaths.files(directory).count, count)
    }

    func testAnEmptyFileCanBeStored() throws {
        let store = try TraceStore(directory: directory)
        let name = try store.save([], stem: RecordingName(nil), date: date)
        XCTAssertEqual(name, "recording-20261123-114512.json")
        XCTAssertEqual(try AtomicFile.read(directory + "/" + name), [])
    }

    func testTheDirectoryIsCreatedButAFileInItsPlaceIsRefused() throws {
        let nested = directory + "/a/b/"
        let store = try TraceStore(directory: nested)
        XCTAssertEqual(store.directory, directory + "/a/b")
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/a/b", isDirectory: &isDirectory) && isDirectory.boolValue)

        let file = directory + "/plain"
        try AtomicFile.write(text: "x", to: file)
        XCTAssertThrowsError(try TraceStore(directory: file)) { error in
            XCTAssertEqual("\(error)", "\(file): exists and is not a directory")
        }
    }
}
