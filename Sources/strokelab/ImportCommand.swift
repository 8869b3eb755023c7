import ArgumentParser
import Foundation
import StrokeCore
import StrokeIO

/// `strokelab import FORMAT PATH... --out DIR`: converts recorded traces to StrokeLab's native
/// format (or InkML).
///
/// A batch is all or nothing up to the writing step: every input is read and converted in
/// memory first, and the first bad input stops the batch with its one-line error and a
/// non-zero exit before any file is written. Only then are the outputs written, each
/// atomically (temporary file, then rename), so no output is ever a half file.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert recorded pen traces (svc, wacom-csv, pointer-events, cyn, inkml, csv, …) to StrokeLab's native format.",
        discussion: """
            FORMAT is one of: auto, \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", ")).
            'auto' detects each file's format from its extension and content.
            \(TraceFormat.allCases.map { "  \($0.rawValue.padding(15)) \($0.summary)" }.joined(separator: "\n"))

            PATH may be a file or a directory (searched recursively for importable files). \
            Each input becomes DIR/<name>.json (or .inkml); when two inputs share a name, they go to \
            DIR/<parent folder>/<name>. An output may not replace an input.

            All inputs are read and validated before anything is written: the first bad file stops \
            the batch with a one-line error naming the file and line, exit status 1, and no output \
            file at all.

            Units: StrokeLab's pt is the iOS point at an iPad Pro's 132 points per inch \
            (millimetresPerUnit = 25.4/132 = 0.19242 mm; 1 mm = 5.197 pt), the scale of the synthetic \
            traces, so a unit is the same length in every dataset. Tablets with a known physical scale \
            (svc, bdalab-json, wacom-csv) are converted from millimetres to these points; pointer-events \
            stay in CSS px; cyn's normalised coordinates are scaled to 1000 pt per unit with no physical \
            size (and the trace is marked resampled); InkML keeps px and mm and converts every other \
            physical unit to StrokeLab points - InkML's pt is the typographic 1/72 in, so 1 InkML pt = \
            132/72 = 1.833 pt; csv uses --units as given.

            Each written file is reported with its strokes and its distinct input samples: a tap (a \
            one-sample stroke), which is stored as a began and an ended event carrying the same sample, \
            counts once.

            Generic CSV (--map): comma-separated TARGET=EXPR. Targets: t (seconds), x, y (required), \
            force, maxForce, altitude, azimuth (radians), majorRadius, down (non-zero = pen down; other \
            rows are hover), stroke (a bare column; a new stroke whenever its text changes). EXPR uses \
            columns by header name, "quoted name" or $n (1-based), numbers, + - * / ( ), one comparison \
            (== != < <= > >=), and the constants pi and deg (= pi/180). Example:
              --map 't=timestamp_ms/1000, x=X, y=Y, force=P/1024, azimuth=Az*0.1*deg, down=EventType==1'

            \(WorkBudgetTable.helpText(for: "import"))
            """)

    @Argument(help: "The input format: auto, or one of \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: String

    @Argument(help: "Input files or directories.")
    var paths: [String]

    @Option(name: .long, help: "Output directory (created if missing).")
    var out: String

    @Option(name: .long, help: "Output format: native (JSON) or inkml.")
    var to: String = "native"

    @Option(name: .customLong("retime-hz"), parsing: .unconditional, help: "Re-time each stroke at this nominal sample rate (Hz) to undo host-time bursts (e.g. 200 for wacom-csv).")
    var retimeHz: Double?

    @Option(name: .customLong("refresh-hz"), parsing: .unconditional, help: "Display refresh rate (Hz) for grouping samples into events (default: the file's, else 60).")
    var refreshHz: Double?

    @Option(name: .long, help: "Column mapping for the generic csv format (see above).")
    var map: String?

    @Option(name: .long, help: "Field separator for csv (one character; default: detected).")
    var separator: String?

    @Option(name: .long, help: "Units of mapped csv x, y: pt, px or mm.")
    var units: String = "pt"

    @Option(name: .customLong("mm-per-unit"), parsing: .unconditional, help: "Millimetres per csv unit, when known.")
    var mmPerUnit: Double?

    @Option(name: .customLong("tablet-units-per-mm"), parsing: .unconditional, help: "Device units per millimetre of raw tablet coordinates (svc, wacom-csv; default 200 = 5080 lpi).")
    var tabletUnitsPerMM: Double?

    @Option(name: .customLong("pressure-max"), parsing: .unconditional, help: "Full-scale raw pressure (svc: default the file's maximum; wacom-csv: 32767).")
    var pressureMax: Double?

    @Option(name: .long, help: "Device name to record in the metadata, replacing the importer's.")
    var device: String?

    func validate() throws {
        guard format == "auto" || TraceFormat(rawValue: format) != nil else {
            throw ValidationError("unknown format '\(format)'; use auto or one of: \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard to == "native" || to == "inkml" else { throw ValidationError("--to must be native or inkml, not '\(to)'") }
        guard LengthUnit(rawValue: units) != nil else { throw ValidationError("--units must be pt, px or mm, not '\(units)'") }
        if let separator, separator.count != 1 { throw ValidationError("--separator must be one character") }
        for (name, value) in [("--retime-hz", retimeHz), ("--refresh-hz", refreshHz), ("--mm-per-unit", mmPerUnit),
                              ("--tablet-units-per-mm", tabletUnitsPerMM), ("--pressure-max", pressureMax)] {
            if let v = value, !(v > 0 && v.isFinite) { throw ValidationError("\(name) must be a positive number, not \(v)") }
        }
        if let map {
            do { _ = try CSVColumnMapping(parsing: map) } catch { throw ValidationError("--map: \(error.description)") }
        }
    }

    func run() throws {
        let options = ImportOptions(
            refreshRateHz: refreshHz, retimeHz: retimeHz, tabletUnitsPerMillimetre: tabletUnitsPerMM, pressureMax: pressureMax,
            csvMapping: map, csvSeparator: separator?.first, csvUnits: LengthUnit(rawValue: units) ?? .pt,
            csvMillimetresPerUnit: mmPerUnit, device: device)
        let chosen = format == "auto" ? nil : TraceFormat(rawValue: format)
        let inkml = to == "inkml"
        let stderr = FileHandle.standardError

        do {
            let inputs = try ImportPlan.expand(paths)
            let outputs = try ImportPlan.outputPaths(for: inputs, directory: out, extension: inkml ? "inkml" : "json")
            // Phase 1: read, convert and encode everything; stop at the first bad input.
            var encoded: [(input: String, output: String, text: String, summary: String)] = []
            for (input, output) in zip(inputs, outputs) {
                let report = try TraceImport.loadReport(path: input, format: chosen, options: options)
                for note in report.notes { stderr.write(Data("note: \(note)\n".utf8)) }
                for (k, trace) in report.traces.enumerated() {
                    let path = report.traces.count == 1 ? output : ImportPlan.numbered(output, k)
                    let text = inkml ? InkMLWriter.encode(trace) : NativeTraceWriter.encode(trace)
                    // Distinct input samples: a tap's began and ended events carry one sample.
                    let samples = trace.strokes.reduce(0) { $0 + $1.distinctSampleCount }
                    encoded.append((input, path, text, "\(trace.strokes.count) strokes, \(samples) samples"))
                }
            }
            // Phase 2: write, each file atomically.
            for item in encoded {
                do { try AtomicFile.write(text: item.text, to: item.output) } catch {
                    throw TraceFileError(file: item.output, problem: "cannot write: \(error.problem)")
                }
                print("\(item.input) -> \(item.output) (\(item.summary))")
            }
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}

/// Which files a `strokelab import` batch reads and where each output goes.
enum ImportPlan {
    /// Files in `paths` with directories expanded (recursively, sorted), duplicates removed.
    static func expand(_ paths: [String]) throws(TraceFileError) -> [String] {
        var files: [String] = []
        var seen = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw TraceFileError(file: path, problem: "no such file or directory")
            }
            let found = isDirectory.boolValue ? try TraceImport.importableFiles(in: path) : [path]
            if isDirectory.boolValue && found.isEmpty {
                throw TraceFileError(file: path, problem: "the directory holds no importable file")
            }
            for f in found where seen.insert(URL(fileURLWithPath: f).standardizedFileURL.path).inserted { files.append(f) }
        }
        return files
    }

    /// `directory/<stem>.<ext>` for each input; inputs sharing a stem go to
    /// `directory/<parent>/<stem>.<ext>`. Throws when names still collide or an output would
    /// replace an input.
    static func outputPaths(for inputs: [String], directory: String, extension ext: String) throws(TraceFileError) -> [String] {
        let urls = inputs.map { URL(fileURLWithPath: $0) }
        let stems = urls.map { $0.deletingPathExtension().lastPathComponent }
        var counts: [String: Int] = [:]
        for s in stems { counts[s, default: 0] += 1 }
        let base = URL(fileURLWithPath: directory)
        var outputs: [String] = []
        var taken: [String: String] = [:]
        let inputSet = Set(urls.map { $0.standardizedFileURL.path })
        for (k, url) in urls.enumerated() {
            var out = base
            if counts[stems[k]]! > 1 { out = out.appendingPathComponent(url.deletingLastPathComponent().lastPathComponent) }
            let path = out.appendingPathComponent(stems[k] + "." + ext).standardizedFileURL.path
            if let other = taken[path] {
                throw TraceFileError(file: inputs[k], problem: "its output \(path) would also be the output of \(other); import them separately")
            }
            if inputSet.contains(path) {
                throw TraceFileError(file: inputs[k], problem: "its output \(path) would replace an input file; choose another --out")
            }
            taken[path] = inputs[k]
            outputs.append(path)
        }
        return outputs
    }

    /// `path` with `-k` before the extension.
    static func numbered(_ path: String, _ k: Int) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingPathExtension().path + "-\(k)." + url.pathExtension
    }
}
