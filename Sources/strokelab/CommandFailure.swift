/// A command's failure as one line: printed as `error: <message>` (see ``CommandLineErrors``)
/// with exit status `exitCode` (1 unless said otherwise), without the usage text a usage
/// error adds.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong, naming the file, stroke or option.
    var message: String
    /// The process's exit status.
    var exitCode: Int32
    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }
    var description: String { message }
}
