import Foundation
import StrokeIO
import XCTest

/// A headless Chromium driven through chromedriver's HTTP API (W3C WebDriver), with DevTools
/// protocol commands sent through chromedriver's `POST /session/{id}/goog/cdp/execute` — no
/// WebSocket client needed. ``close()`` ends the browser and chromedriver (their whole process
/// group) and removes the browser profile; it also runs on deinit, so a failing test leaves
/// nothing behind.
public final class WebDriverSession {
    /// What went wrong, in one line.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    private let driver: ManagedProcess
    private let port: Int
    private let profile: String
    public private(set) var id = ""

    /// Starts chromedriver and a headless `browser` with a window of `width` × `height`.
    public init(chromedriver: String, browser: String, width: Int = 900, height: Int = 700) throws {
        port = try ManagedProcess.freePort()
        profile = try TemporaryDirectory.make("chromium-profile")
        driver = try ManagedProcess(chromedriver, ["--port=\(port)", "--allowed-ips=127.0.0.1"])
        do {
            try waitUntilReady()
            let args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                        "--no-default-browser-check", "--hide-scrollbars", "--window-size=\(width),\(height)",
                        "--user-data-dir=\(profile)"]
            let capabilities = """
                {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"binary": \(JSONText.quoted(browser)), \
                "args": [\(args.map(JSONText.quoted).joined(separator: ", "))]}}}}
                """
            let answer = try HTTPTestClient.jsonBlocking("POST", "/session", port: port, body: capabilities, timeout: 90)
            guard let session = answer["value"]?["sessionId"]?.string else {
                throw Failure(description: "chromedriver did not start a session: \(answer["value"]?["message"]?.string ?? "no message")")
            }
            id = session
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Chromium and chromedriver on PATH, or ``MissingRequirement/error(_:)`` saying they are
    /// missing and how to install them (`make test` does, as root): a skip on a developer's
    /// machine, a failure under CI. `purpose` names the test for the message.
    public static func requireTools(for purpose: String) throws -> (chromium: String, chromedriver: String) {
        let chromium = executableOnPath("chromium") ?? executableOnPath("chromium-browser")
        let driver = executableOnPath("chromedriver")
        guard let chromium, let driver else {
            let missing = [chromium == nil ? "chromium" : nil, driver == nil ? "chromedriver" : nil].compactMap { $0 }
            let message = "SKIPPED: \(purpose) needs \(missing.joined(separator: " and ")) on PATH; install them with: apt-get install chromium chromium-driver (make test does, as root)"
            FileHandle.standardError.write(Data("\(message)\n".utf8))
            throw MissingRequirement.error(message)
        }
        return (chromium, driver)
    }

    /// Sets the page's viewport to `width` × `height` CSS pixels at one device pixel per CSS
    /// pixel, whatever the window's decorations (DevTools `Emulation.setDeviceMetricsOverride`).
    public func setViewport(width: Int, height: Int) throws {
        try cdp("Emulation.setDeviceMetricsOverride", "{\"width\": \(width), \"height\": \(height), \"deviceScaleFactor\": 1, \"mobile\": false}")
    }

    /// A PNG of the viewport as it is now.
    public func screenshot() throws -> [UInt8] {
        let result = try cdp("Page.captureScreenshot", "{\"format\": \"png\"}")
        guard let text = result["data"]?.string, let data = Data(base64Encoded: text) else {
            throw Failure(description: "Page.captureScreenshot returned no image")
        }
        return [UInt8](data)
    }

    private func waitUntilReady() throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let status = try? HTTPTestClient.jsonBlocking("GET", "/status", port: port, timeout: 2),
               status["value"]?["ready"] != nil {
                return
            }
            guard driver.isRunning else { break }
            usleep(50_000)
        }
        throw Failure(description: "chromedriver did not become ready: \(driver.standardError.suffix(500))")
    }

    /// Opens `url` and waits for the page to load.
    public func open(_ url: String) throws {
        let answer = try HTTPTestClient.jsonBlocking("POST", "/session/\(id)/url", port: port, body: "{\"url\": \(JSONText.quoted(url))}")
        if let error = answer["value"]?["error"]?.string {
            throw Failure(description: "navigating to \(url): \(error): \(answer["value"]?["message"]?.string ?? "")")
        }
    }

    /// Sends a DevTools protocol command; returns its result.
    @discardableResult
    public func cdp(_ command: String, _ parameters: String = "{}") throws -> JSONNode {
        let answer = try HTTPTestClient.jsonBlocking("POST", "/session/\(id)/goog/cdp/execute", port: port,
                                                     body: "{\"cmd\": \(JSONText.quoted(command)), \"params\": \(parameters)}")
        guard let value = answer["value"] else { throw Failure(description: "\(command): no value") }
        if let error = value["error"]?.string {
            throw Failure(description: "\(command) \(parameters.prefix(200)): \(error): \(value["message"]?.string ?? "")")
        }
        return value
    }

    /// Evaluates a JavaScript expression in the page; returns its value (JSON-serialisable).
    @discardableResult
    public func evaluate(_ expression: String) throws -> JSONNode? {
        let result = try cdp("Runtime.evaluate", "{\"expression\": \(JSONText.quoted(expression)), \"returnByValue\": true}")
        if let exception = result["exceptionDetails"] {
            throw Failure(description: "\(expression.prefix(120)): \(exception["exception"]?["description"]?.string ?? exception["text"]?.string ?? "exception")")
        }
        return result["result"]?["value"]
    }

    /// Polls `expression` until it is true (JavaScript truthiness of a boolean) or `timeout`.
    public func waitFor(_ expression: String, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if case .bool(true)? = try evaluate(expression)?.value { return }
            usleep(20_000)
        }
        throw Failure(description: "timed out waiting for \(expression)")
    }

    /// Ends the session, chromedriver and the browser, and removes the profile. Idempotent.
    public func close() {
        if !id.isEmpty {
            _ = try? HTTPTestClient.jsonBlocking("DELETE", "/session/\(id)", port: port, timeout: 15)
            id = ""
        }
        driver.stop()
        try? FileManager.default.removeItem(atPath: profile)
    }
}
