/// A command's failure as one line: swift-argument-parser prints it as `Error: <message>`
/// and exits with status 1, without the usage text a validation error would add.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong, naming the file, stroke or option.
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
