import Foundation
import StrokeIO
import StrokeRaster

/// Draws ``Figure``s with gnuplot (through ``GnuplotSession``) into PNG, SVG or PDF.
///
/// Output is atomic: gnuplot writes the figure to its standard output, an anonymous file
/// (`O_TMPFILE`, so no temporary ever has a name in `$TMPDIR` or anywhere else, and a
/// `kill -9` leaves nothing behind; issue 24 item 3); the bytes are checked, normalised and
/// then written to the destination with ``AtomicFile`` (temporary file beside it, then
/// rename), so a failed figure never leaves a partial file where a good one was.
/// Output is deterministic: PNG and SVG from gnuplot carry no timestamps; a PDF's creation
/// date is fixed by ``DeterministicVectorOutput``.
public enum FigureRenderer {
    /// Renders `figure` to `path`, the format taken from `format` or the path's extension.
    ///
    /// `gnuplot`: the executable; `nil` means `$STROKELAB_GNUPLOT`, then `gnuplot` on PATH.
    public static func render(_ figure: Figure, to path: String, format: OutputFormat? = nil,
                              gnuplot: String? = nil) throws(PlotError) {
        let f: OutputFormat
        if let format { f = format } else { f = try OutputFormat.of(path: path) }
        let bytes = try renderData(figure, format: f, gnuplot: gnuplot)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw PlotError(.io, error.description)
        }
    }

    /// Renders `figure` and returns the file's bytes.
    public static func renderData(_ figure: Figure, format: OutputFormat,
                                  gnuplot: String? = nil) throws(PlotError) -> [UInt8] {
        let session = try GnuplotSession(executable: gnuplot)
        let script = try GnuplotScript(figure: figure, format: format, outputPath: nil) { rows, columns in
            session.binaryFormat(rows: rows, columns: columns)
        }
        do {
            for step in script.steps {
                switch step {
                case .command(let c): try session.send(c)
                case .data(let values, let columns): try session.sendBinary(values, columns: columns)
                }
            }
            try session.close()
        } catch {
            // A broken pipe says less than gnuplot's own message: close, then prefer that.
            try? session.close()
            let detail = session.errorMessage.isEmpty ? error.message : session.errorMessage
            throw PlotError(.gnuplotFailed, "\(figureName(figure)): \(detail)")
        }
        var bytes = session.output
        guard !bytes.isEmpty else {
            throw PlotError(.gnuplotFailed, "\(figureName(figure)): gnuplot wrote no \(format.rawValue.uppercased()) output")
        }
        if format == .pdf { bytes = DeterministicVectorOutput.fixingPDFDates(bytes) }
        return bytes
    }

    static func figureName(_ figure: Figure) -> String {
        "figure '\(figure.title ?? "untitled")'"
    }
}
