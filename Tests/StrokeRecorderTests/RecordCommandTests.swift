#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StrokeIO
import StrokeTestSupport
import XCTest

/// `strokelab record` as a user runs it: what it prints, what it stores, how it stops and fails.
final class RecordCommandTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory("record-cli")
    }

    /// The port of a `listening on http://HOST:PORT/` line's rest.
    func port(_ url: String) throws -> Int {
        let digits = url.split(separator: ":").last?.filter(\.isNumber) ?? ""
        return try XCTUnwrap(Int(digits), url)
    }

    func testRecordServesThePageStoresUploadsAndStopsOnInterrupt() throws {
        let out = directory + "/recordings"
        let recorder = try ManagedProcess(TestPaths.strokelab, ["record", "--port", "0", "--out", out])
        defer { recorder.stop() }
        let url = try recorder.waitForLine(startingWith: "listening on ")
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), url)
        let port = try port(url)
        XCTAssertTrue(recorder.standardOutput.hasPrefix("strokelab record: saving recordings to \(out)\n"), recorder.standardOutput)

        let page = try HTTPTestClient.requestBlocking("GET", "/", port: port)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<canvas id=\"ink\""))
        let reply = try HTTPTestClient.requestBlocking("POST", "/traces", port: port, headers: [("Content-Type", "application/json")],
                                                       body: RecorderTestSupport.trace(name: "from the cli"))
        XCTAssertEqual(reply.status, 201, reply.text)
        let file = try XCTUnwrap(reply.file)
        XCTAssertEqual(TestPaths.files(out), [file])
        let refused = try HTTPTestClient.requestBlocking("POST", "/traces", port: port, headers: [("Content-Type", "application/json")],
                                                         body: Array("{".utf8))
        XCTAssertEqual(refused.status, 400)

        recorder.send(SIGINT)
        XCTAssertEqual(recorder.waitForExit(), 0, recorder.standardError)
        XCTAssertTrue(recorder.standardOutput.contains("saved \(file) (1 strokes, 7 samples) from 127.0.0.1"), recorder.standardOutput)
        XCTAssertTrue(recorder.standardOutput.hasSuffix("stopped\n"), recorder.standardOutput)
        XCTAssertTrue(recorder.standardError.contains("refused POST /traces from 127.0.0.1: 400 upload:1:2: not valid JSON"), recorder.standardError)
        XCTAssertEqual(TestPaths.files(out), [file])
    }

    func testAFileInPlaceOfTheOutputDirectoryIsAOneLineError() throws {
        let file = directory + "/not-a-directory"
        try AtomicFile.write(text: "x", to: file)
        let recorder = try ManagedProcess(TestPaths.strokelab, ["record", "--port", "0", "--out", file])
        defer { recorder.stop() }
        XCTAssertEqual(recorder.waitForExit(), 1)
        XCTAssertEqual(recorder.standardError, "error: \(file): exists and is not a directory\n")
    }

    func testAPortInUseIsAOneLineError() throws {
        let first = try ManagedProcess(TestPaths.strokelab, ["record", "--port", "0", "--out", directory + "/a"])
        defer { first.stop() }
        let port = try port(try first.waitForLine(startingWith: "listening on "))
        let second = try ManagedProcess(TestPaths.strokelab, ["record", "--port", String(port), "--out", directory + "/b"])
        defer { second.stop() }
        XCTAssertEqual(second.waitForExit(), 1)
        let message = second.standardError
        XCTAssertTrue(message.hasPrefix("error: cannot listen on 127.0.0.1:\(port): "), message)
        XCTAssertTrue(message.contains("choose another --port"), message)
        XCTAssertEqual(message.filter { $0 == "\n" }.count, 1, message)
    }

    func testHostOnAllInterfacesWarnsThatOtherDevicesCanUpload() throws {
        let recorder = try ManagedProcess(TestPaths.strokelab, ["record", "--host", "0.0.0.0", "--port", "0", "--out", directory])
        defer { recorder.stop() }
        let url = try recorder.waitForLine(startingWith: "listening on ")
        XCTAssertTrue(url.hasPrefix("http://0.0.0.0:"), url)
        let port = try port(url)
        _ = try recorder.waitForLine(startingWith: "Ctrl-C stops.")
        XCTAssertTrue(recorder.waitUntil { recorder.standardError.contains("warning: --host 0.0.0.0 serves every device that can reach port \(port) of this machine and has the address below") },
                      recorder.standardError)
        for address in NetworkAddress.nonLoopbackIPv4().map({ [$0] }) ?? [] {
            // The address printed once carries the key: http://ADDRESS:PORT/<32 hex digits>/.
            let prefix = "on the tablet, open http://\(address):\(port)/"
            let line = try XCTUnwrap(recorder.standardOutput.split(separator: "\n").first { $0.hasPrefix(prefix) }, recorder.standardOutput)
            let key = String(line.dropFirst(prefix.count).dropLast())
            XCTAssertEqual(key.count, 32, String(line))
            XCTAssertTrue(line.hasSuffix("/"))
            XCTAssertFalse(recorder.standardError.contains(key), "the key is printed once, on standard output")
            let reply = try HTTPTestClient.requestBlocking("POST", "/\(key)/traces", port: port, host: address,
                                                           headers: [("Content-Type", "application/json")], body: RecorderTestSupport.trace())
            XCTAssertEqual(reply.status, 201, "a device with the address may upload: \(reply.text)")
            let keyless = try HTTPTestClient.requestBlocking("POST", "/traces", port: port, host: address,
                                                             headers: [("Content-Type", "application/json")], body: RecorderTestSupport.trace())
            XCTAssertEqual(keyless.status, 403, "one without it may not: \(keyless.text)")
        }
        recorder.send(SIGTERM)
        XCTAssertEqual(recorder.waitForExit(), 0)
    }

    func testOptionsOutOfRangeAreRefused() throws {
        for (arguments, message) in [(["--port", "70000"], "--port must be 0…65535"), (["--max-upload-mb", "0"], "--max-upload-mb must be in (0, 1024]")] {
            let recorder = try ManagedProcess(TestPaths.strokelab, ["record", "--out", directory] + arguments)
            defer { recorder.stop() }
            XCTAssertEqual(recorder.waitForExit(), 64, "a usage error (EX_USAGE)")
            XCTAssertTrue(recorder.standardError.contains(message), recorder.standardError)
        }
    }
}
