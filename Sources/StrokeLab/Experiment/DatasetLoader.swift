import Foundation
import StrokeCore
import StrokeIO

#if canImport(Glibc)
import Glibc
#endif

/// A trace file of an experiment, loaded.
public struct LoadedTrace: Sendable {
    /// The dataset it belongs to (the `dataset` column).
    public var dataset: String
    /// Its path as resolved.
    public var path: String
    /// Its name in results (the `trace` column): the file name without its extension.
    public var name: String
    /// The trace.
    public var trace: Trace
}

/// Finding and reading the trace files of an experiment's datasets.
public enum DatasetLoader {
    /// Expands `pattern` — a file, a directory (searched recursively for trace files) or a
    /// glob (`*`, `?`, `[…]`) — relative to `base` when it is not absolute. Sorted, so runs
    /// are deterministic.
    public static func expand(_ pattern: String, relativeTo base: String) -> [String] {
        let full = pattern.hasPrefix("/") ? pattern : (base.isEmpty || base == "." ? pattern : base + "/" + pattern)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { return [full] }
            return (try? TraceImport.importableFiles(in: full)) ?? []
        }
        return glob(full)
    }

    /// POSIX glob(3); no matches gives an empty list.
    static func glob(_ pattern: String) -> [String] {
        var g = glob_t()
        defer { globfree(&g) }
        guard Glibc.glob(pattern, 0, nil, &g) == 0 else { return [] }
        var paths: [String] = []
        for i in 0..<Int(g.gl_pathc) {
            if let p = g.gl_pathv[i] { paths.append(String(cString: p)) }
        }
        return paths.sorted()
    }

    /// Reads one trace file in `format` (a ``TraceFormat`` id; detected when `nil`), so real
    /// recordings run without a separate import step.
    /// - Throws: the reader's located error, as an ``ExperimentError`` line.
    public static func read(path: String, format: String?, options: ImportOptions = ImportOptions()) throws(ExperimentError) -> [Trace] {
        var chosen: TraceFormat? = nil
        if let format {
            guard let f = TraceFormat(rawValue: format) else {
                throw ExperimentError("\(path): unknown trace format '\(format)' (known: \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            chosen = f
        }
        do { return try TraceImport.load(path: path, format: chosen, options: options) } catch {
            throw ExperimentError(error.description)
        }
    }

    /// Loads every dataset of a spec. Datasets marked optional whose files are missing are
    /// skipped with a note; otherwise a missing path or a malformed file is an error that
    /// names the file.
    public static func load(_ datasets: [ExperimentSpec.Dataset], relativeTo base: String)
        throws(ExperimentError) -> (traces: [LoadedTrace], notes: [String])
    {
        var traces: [LoadedTrace] = []
        var notes: [String] = []
        var names: Set<String> = []
        for dataset in datasets {
            guard !dataset.paths.isEmpty else { throw ExperimentError("a dataset has no paths") }
            var files: [String] = []
            var missing: [String] = []
            for pattern in dataset.paths {
                let found = expand(pattern, relativeTo: base)
                if found.isEmpty { missing.append(pattern) }
                files += found
            }
            let name = dataset.name ?? defaultName(for: dataset.paths[0])
            guard names.insert(name).inserted else { throw ExperimentError("two datasets are named '\(name)'") }
            if !missing.isEmpty {
                if dataset.optional == true {
                    notes.append("dataset '\(name)' skipped: nothing found at \(missing.joined(separator: ", ")) (relative to \(base.isEmpty ? "." : base))")
                    continue
                }
                throw ExperimentError("dataset '\(name)': no trace file found at \(missing.joined(separator: ", "))")
            }
            let traceNames = uniqueNames(for: files)
            for (file, stem) in zip(files, traceNames) {
                for (k, trace) in try read(path: file, format: dataset.format).enumerated() {
                    traces.append(LoadedTrace(dataset: name, path: file, name: k == 0 ? stem : "\(stem)#\(k)", trace: trace))
                }
            }
        }
        return (traces, notes)
    }

    /// Names for the `trace` column: each file's name without its extension, extended with
    /// as many parent folders as it takes to tell files of the same name apart
    /// (`ID0001/mondat-gyors_tempoval-1` and `ID0002/mondat-gyors_tempoval-1`), so every row
    /// of the results names one file.
    static func uniqueNames(for paths: [String]) -> [String] {
        let parts = paths.map { path -> [String] in
            var components = path.split(separator: "/").map(String.init)
            if let last = components.popLast() { components.append((last as NSString).deletingPathExtension) }
            return components
        }
        var depth = [Int](repeating: 1, count: paths.count)
        func name(_ i: Int) -> String { parts[i].suffix(depth[i]).joined(separator: "/") }
        while true {
            var groups: [String: [Int]] = [:]
            for i in paths.indices { groups[name(i), default: []].append(i) }
            let clashing = groups.values.filter { $0.count > 1 }.flatMap { $0 }.filter { depth[$0] < parts[$0].count }
            if clashing.isEmpty { break }
            for i in clashing { depth[i] += 1 }
        }
        return paths.indices.map(name)
    }

    /// The dataset name a path suggests: the last directory before any glob characters or
    /// file name.
    static func defaultName(for pattern: String) -> String {
        var parts = pattern.split(separator: "/").map(String.init)
        while let last = parts.last, last.contains(where: { "*?[".contains($0) }) || last.contains(".") { parts.removeLast() }
        return parts.last ?? "traces"
    }
}
