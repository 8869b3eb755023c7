import Foundation

/// The recorder page `strokelab record` serves: one self-contained HTML document with its style
/// sheet and scripts inlined — nothing is fetched from anywhere, and its Content-Security-Policy
/// forbids it to load anything or to connect anywhere but its own server.
///
/// The page draws on a full-window canvas with mouse, touch or pen, shows what the browser
/// delivers, and uploads the recording as a StrokeLab native trace to `POST /traces`. The
/// sources are ``markup``, ``style``, ``coreScript`` and ``pageScript``, one file each.
public enum RecorderPage {
    /// The whole page. Built once; about 40 kB.
    public static let html: String = markup
        .replacingPlaceholder("{{STYLE}}", with: style)
        .replacingPlaceholder("{{CORE}}", with: coreScript)
        .replacingPlaceholder("{{PAGE}}", with: pageScript)

    /// The policy sent with the page: inline scripts and styles only, `fetch` to its own
    /// origin only, no other resource of any kind, no framing.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The `200 OK` response carrying the page.
    public static let response = RecorderResponse(
        status: 200, reason: "OK",
        headers: [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-store"),
        ],
        body: Array(html.utf8))
}

extension String {
    /// The string with the one occurrence of `placeholder` replaced by `text`.
    /// - Precondition: `placeholder` occurs exactly once (the page's sources are fixed).
    func replacingPlaceholder(_ placeholder: String, with text: String) -> String {
        guard let range = range(of: placeholder) else { preconditionFailure("the page template lacks \(placeholder)") }
        return replacingCharacters(in: range, with: text)
    }
}
