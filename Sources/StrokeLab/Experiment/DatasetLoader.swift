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

    /// The datasets that command-line trace paths (`--trace`, repeatable) make: with `name`,
    /// one dataset of that name holding every path; without, one dataset per distinct
    /// ``defaultName(for:)`` — so several files from one folder (`--trace dir/a.json
    /// --trace dir/b.json`) are one dataset named after the folder, in the order first
    /// given. Each path may be a file, a directory or a glob (``expand(_:relativeTo:)``).
    public static func datasets(forTracePaths paths: [String], name: String? = nil, format: String? = nil) -> [ExperimentSpec.Dataset] {
        guard !paths.isEmpty else { return [] }
        if let name { return [ExperimentSpec.Dataset(name: name, paths: paths, format: format, optional: nil)] }
        var order: [String] = []
        var grouped: [String: [String]] = [:]
        for path in paths {
            let key = defaultName(for: path)
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(path)
        }
        return order.map { ExperimentSpec.Dataset(name: $0, paths: grouped[$0]!, format: format, optional: nil) }
    }

    /// Loads every dataset of a spec. Datasets marked optional whose files are missing are
    /// skipped with a note; otherwise a missing path or a malformed file is an error that
    /// names the file. Files are read in parallel (one per core); the result, and which
    /// error is reported when several files are bad (the first in dataset and file order),
    /// do not depend on it.
    public static func load(_ datasets: [ExperimentSpec.Dataset], relativeTo base: String, progress: Progress = .silent)
        throws(ExperimentError) -> (traces: [LoadedTrace], notes: [String])
    {
        var notes: [String] = []
        var names: Set<String> = []
        struct Job: Sendable { var dataset: String; var file: String; var stem: String; var format: String? }
        var jobs: [Job] = []
        for dataset in datasets {
            guard !dataset.paths.isEmpty else { throw ExperimentError("a dataset has no paths") }
            var files: [String] = []
            var seen: Set<String> = []
            var missing: [String] = []
            for pattern in dataset.paths {
                let found = expand(pattern, relativeTo: base)
                if found.isEmpty { missing.append(pattern) }
                for f in found where seen.insert(f).inserted { files.append(f) }
            }
            let name = dataset.name ?? defaultName(for: dataset.paths[0])
            guard !name.isEmpty else { throw ExperimentError("a dataset has an empty name") }
            guard names.insert(name).inserted else {
                throw ExperimentError("two datasets are named '\(ErrorText.excerpt(name, limit: 60))'; give them different names")
            }
            if !missing.isEmpty {
                let place = "\(missing.map { ErrorText.excerpt($0, limit: 120) }.joined(separator: ", ")) (relative to \(base.isEmpty ? "." : base))"
                if dataset.optional ?? ExperimentSpec.Defaults.optional {
                    notes.append("dataset '\(name)' skipped: nothing found at \(place)")
                    continue
                }
                throw ExperimentError("dataset '\(name)': no trace file found at \(place)")
            }
            for (file, stem) in zip(files, uniqueNames(for: files)) {
                jobs.append(Job(dataset: name, file: file, stem: stem, format: dataset.format))
            }
        }
        guard !jobs.isEmpty else { return ([], notes) }
        progress.begin("reading \(jobs.count) trace file\(jobs.count == 1 ? "" : "s")", total: jobs.count)
        let results = Slots<Result<[Trace], ExperimentError>>(count: jobs.count)
        let work = jobs
        DispatchQueue.concurrentPerform(iterations: work.count) { i in
            let job = work[i]
            results[i] = Result { () throws(ExperimentError) -> [Trace] in try read(path: job.file, format: job.format) }
            progress.advance()
        }
        var traces: [LoadedTrace] = []
        for (job, result) in zip(jobs, results.values) {
            let loaded: [Trace]
            switch result! {
            case .success(let t): loaded = t
            case .failure(let e): throw e
            }
            for (k, trace) in loaded.enumerated() {
                traces.append(LoadedTrace(dataset: job.dataset, path: job.file, name: k == 0 ? job.stem : "\(job.stem)#\(k)", trace: trace))
            }
        }
        let strokes = traces.reduce(0) { $0 + $1.trace.strokes.count }
        progress.end("read \(jobs.count) trace file\(jobs.count == 1 ? "" : "s") (\(traces.count) traces, \(strokes) strokes)")
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
