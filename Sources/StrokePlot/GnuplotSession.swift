import GnuplotBridge

/// One running gnuplot process, driven through GnuplotBridge's C API (gnuplot-iostream).
///
/// Commands and binary data blocks are streamed to gnuplot's standard input; ``close()``
/// ends the input, waits for gnuplot and turns a non-zero exit or gnuplot's own error message
/// into a ``PlotError``. Not thread-safe: use one session from one task.
///
/// The executable is, in order: the `executable` argument, the `STROKELAB_GNUPLOT`
/// environment variable, `gnuplot` on `PATH`. gnuplot runs with `-d` (no user init files).
public final class GnuplotSession {
    private let handle: OpaquePointer

    /// Starts gnuplot. Throws ``PlotError/Kind-swift.enum/gnuplotUnavailable`` when it cannot
    /// be found or started.
    public init(executable: String? = nil) throws(PlotError) {
        guard let h = gb_session_create(executable) else {
            throw PlotError(.gnuplotUnavailable, "cannot allocate a gnuplot session")
        }
        // Checked before `handle` is set: a class whose initialiser throws before its stored
        // properties are initialised runs no deinit, so the session is freed here.
        if gb_session_failed(h) != 0 {
            let message = String(cString: gb_session_error(h))
            gb_session_destroy(h)
            throw PlotError(.gnuplotUnavailable, message)
        }
        handle = h
    }

    deinit { gb_session_destroy(handle) }

    /// Starts gnuplot and ends it at once: throws the same ``PlotError`` a figure would,
    /// so a command can find a missing or broken gnuplot before hours of work. About 20 ms.
    public static func checkAvailable(executable: String? = nil) throws(PlotError) {
        let session = try GnuplotSession(executable: executable)
        try session.close()
    }

    /// Sends one command line (without its newline).
    public func send(_ command: String) throws(PlotError) {
        if gb_session_command(handle, command) != 0 { throw currentError() }
    }

    /// The `format=… record=(rows)` clause for a binary block of `rows` × `columns` doubles.
    public func binaryFormat(rows: Int, columns: Int) -> String {
        String(cString: gb_session_binary_format(handle, rows, columns))
    }

    /// Sends `values.count / columns` records of `columns` doubles, row-major, in gnuplot's
    /// binary format (right after the command that reads `'-' binary …`).
    public func sendBinary(_ values: [Double], columns: Int) throws(PlotError) {
        precondition(columns > 0 && values.count % columns == 0, "values must hold whole records")
        let status = values.withUnsafeBufferPointer { buffer in
            gb_session_send_binary(handle, buffer.baseAddress, values.count / columns, columns)
        }
        if status != 0 { throw currentError() }
    }

    /// Ends gnuplot's input and waits for it to exit; throws when it failed.
    public func close() throws(PlotError) {
        if gb_session_close(handle) != 0 { throw currentError() }
    }

    /// What gnuplot wrote to stdout (after ``close()``): the figure, when the script set no
    /// output file.
    public var output: [UInt8] {
        var length = 0
        guard let bytes = gb_session_output(handle, &length), length > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// What gnuplot wrote to stderr (after ``close()``): warnings and `print` output.
    public var standardError: String { String(cString: gb_session_stderr(handle)) }

    /// The session's one-line error so far ("" when none); after ``close()`` it includes
    /// gnuplot's own message.
    public var errorMessage: String { String(cString: gb_session_error(handle)) }

    /// gnuplot's exit status after ``close()``, or -1.
    public var exitStatus: Int { Int(gb_session_exit_status(handle)) }

    private func currentError() -> PlotError {
        let message = String(cString: gb_session_error(handle))
        return PlotError(.gnuplotFailed, message.isEmpty ? "gnuplot failed" : message)
    }
}
