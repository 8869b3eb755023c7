import StrokeIO

/// A response of the recorder, independent of the server library.
public struct RecorderResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The reason phrase.
    public var reason: String
    /// Header fields (Content-Length is added by the server).
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]
    /// True when the server must close the connection after this response (the request's
    /// body was not read to its end).
    public var closesConnection: Bool

    /// Creates a response.
    public init(status: Int, reason: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                closesConnection: Bool = false) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection
    }

    /// A JSON response whose body is `json` followed by a newline.
    public static func json(_ status: Int, _ reason: String, _ json: String, headers: [(name: String, value: String)] = []) -> RecorderResponse {
        RecorderResponse(status: status, reason: reason,
                         headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")] + headers,
                         body: Array((json + "\n").utf8))
    }

    /// An error: `{"error": "<message>"}` — the message is one line (control characters are
    /// escaped by the JSON quoting).
    public static func error(_ status: Int, _ reason: String, _ message: String, headers: [(name: String, value: String)] = []) -> RecorderResponse {
        json(status, reason, "{\"error\": \(JSONText.quoted(message))}", headers: headers)
    }

    /// The message of an error response, or `nil`.
    public var errorMessage: String? {
        guard status >= 400, let root = try? JSONParser.parse(body) else { return nil }
        return root["error"]?.string
    }
}
