/// Why a figure could not be made; its description is one line for the command line.
public struct PlotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it was, so callers can react (e.g. skip figures when gnuplot is
    /// missing) without parsing text.
    public enum Kind: String, Hashable, Sendable {
        /// The gnuplot executable was not found or could not be started.
        case gnuplotUnavailable
        /// gnuplot ran but reported an error or exited non-zero.
        case gnuplotFailed
        /// Reading or writing a file failed.
        case io
        /// The figure or its data cannot be drawn (e.g. no series, a malformed table).
        case invalidInput
    }

    /// The kind of failure.
    public var kind: Kind
    /// What went wrong, one line, naming the file or figure when there is one.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message, one line.
    public var description: String { message }
}
