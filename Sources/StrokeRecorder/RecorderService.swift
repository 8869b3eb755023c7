import Foundation
import StrokeCore
import StrokeIO

/// What `strokelab record` answers, independent of the server library: the page, and the
/// upload contract of `POST /traces` (docs/guides/recorder.md, "POST /traces").
///
/// Paths are below `/<key>/` when the recorder serves other machines (``ClientAccess``):
/// `GET /<key>/` and `POST /<key>/traces`.
///
/// - `GET /` (or `HEAD /`): the recorder page, ``RecorderPage/html``.
/// - `POST /traces` with `Content-Type: application/json` and a StrokeLab native trace as the
///   body: validated by the reader `strokelab run` uses (``TraceImport`` with the native
///   format), stored by ``TraceStore`` under a fresh name from `metadata.name`, answered
///   `201 Created` with `{"file": "<name>.json", "strokes": S, "samples": N}` — N counts
///   distinct input samples, as `strokelab import` does.
/// - Anything wrong is a 4xx with `{"error": "<one line>"}` and nothing written: 400 for an
///   empty body, invalid JSON or an invalid trace (the reader's located message, with the file
///   called `upload`), 403 for a client ``ClientAccess`` refuses, 404/405 for other paths and
///   methods, 413 for a body over ``maximumUploadBytes``, 415 for another content type. A
///   storage failure is a 500.
///
/// Work per upload is O(body size): one JSON parse for the name, one validating read.
public struct RecorderService: Sendable {
    /// Where uploads go.
    public let store: TraceStore
    /// Who may connect.
    public let access: ClientAccess
    /// The largest body accepted, in bytes.
    public let maximumUploadBytes: Int

    /// What the server does with a request, decided from its head.
    public enum Plan: Sendable {
        /// Answer with this response once the request's body (if any) has been read and
        /// dropped.
        case respond(RecorderResponse)
        /// Answer at once, without reading the body, and close the connection (the body is
        /// too large to be worth reading).
        case refuseBody(RecorderResponse)
        /// Collect the body (at most ``maximumUploadBytes``), then call ``upload(_:peer:)``.
        case upload
    }

    /// A service storing into `store`.
    public init(store: TraceStore, access: ClientAccess, maximumUploadBytes: Int) {
        self.store = store
        self.access = access
        self.maximumUploadBytes = maximumUploadBytes
    }

    /// The 413 response for a body over the limit.
    public var tooLarge: RecorderResponse {
        var r = RecorderResponse.error(413, "Content Too Large", "the body is larger than the recorder's limit of \(maximumUploadBytes) bytes (strokelab record --max-upload-mb)")
        r.closesConnection = true
        return r
    }

    /// The plan for a request, from its head alone. O(headers).
    public func plan(for head: RecorderRequestHead) -> Plan {
        if let refusal = access.refusal(head) { return .respond(refusal) }
        // Under `/<key>/` when other machines are served (the refusal checked it is there).
        switch access.route(head.path) ?? head.path {
        case "/", "/index.html":
            guard head.method == "GET" || head.method == "HEAD" else {
                return .respond(.error(405, "Method Not Allowed", "\(head.method) \(head.path): use GET", headers: [("Allow", "GET, HEAD")]))
            }
            return .respond(RecorderPage.response)   // the server sends no body for HEAD
        case "/traces":
            guard head.method == "POST" else {
                return .respond(.error(405, "Method Not Allowed", "\(head.method) /traces: upload a trace with POST", headers: [("Allow", "POST")]))
            }
            let type = head.header("Content-Type") ?? ""
            let media = type.split(separator: ";", maxSplits: 1).first.map { String($0).trimmingSpaces().lowercased() } ?? ""
            guard media == "application/json" else {
                return .respond(.error(415, "Unsupported Media Type", "Content-Type must be application/json, not \(type.isEmpty ? "missing" : "\"\(type)\"")"))
            }
            let lengths = head.headers("Content-Length")
            if let text = lengths.first {
                guard lengths.allSatisfy({ $0 == text }), let length = Int(text), length >= 0 else {
                    return .refuseBody(.error(400, "Bad Request", "invalid Content-Length \"\(text)\"", closing: true))
                }
                if length > maximumUploadBytes { return .refuseBody(tooLarge) }
            }
            return .upload
        default:
            return .respond(.error(404, "Not Found", "no such page: \(head.path) (the recorder serves / and POST /traces)"))
        }
    }

    /// What happened to an upload, for the server's log.
    public struct UploadResult: Sendable {
        /// The response to send.
        public var response: RecorderResponse
        /// The stored file's name, when stored.
        public var file: String?
        /// Strokes and distinct samples of the stored trace.
        public var strokes: Int = 0, samples: Int = 0
    }

    /// Validates and stores an upload's body. O(body size).
    public func upload(_ body: [UInt8], date: Date = Date()) -> UploadResult {
        guard !body.isEmpty else {
            return UploadResult(response: .error(400, "Bad Request", "the body is empty: POST a StrokeLab native trace (JSON) to /traces"))
        }
        let trace: Trace
        do {
            guard let t = try TraceImport.decode(body, file: "upload", format: .native).traces.first else {
                return UploadResult(response: .error(400, "Bad Request", "upload: the body holds no trace"))
            }
            trace = t
        } catch {
            return UploadResult(response: .error(400, "Bad Request", error.description))
        }
        // The reader accepted the JSON, so it parses; its metadata.name names the file.
        let name = (try? JSONParser.parse(body))?["metadata"]?["name"]?.string
        let strokes = trace.strokes.count
        let samples = trace.strokes.reduce(0) { $0 + $1.distinctSampleCount }
        do {
            let file = try store.save(body, stem: RecordingName(name), date: date)
            let json = "{\"file\": \(JSONText.quoted(file)), \"strokes\": \(strokes), \"samples\": \(samples)}"
            return UploadResult(response: .json(201, "Created", json), file: file, strokes: strokes, samples: samples)
        } catch {
            return UploadResult(response: .error(500, "Internal Server Error", "cannot store the trace: \(error.description)"))
        }
    }
}

extension RecorderResponse {
    /// An error response that closes the connection when `closing`.
    static func error(_ status: Int, _ reason: String, _ message: String, closing: Bool) -> RecorderResponse {
        var r = RecorderResponse.error(status, reason, message)
        r.closesConnection = closing
        return r
    }
}
