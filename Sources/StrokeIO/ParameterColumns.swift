/// The parameters a sweep varied, as extra columns of `results.csv` and `summary.csv`
/// after the standard ones: one column per `stage.parameter` key (`predict.horizon`),
/// holding each swept pipeline's value as written in its label and blank for pipelines no
/// sweep made, so sweep results can be plotted against their parameters without parsing
/// labels.
public struct ParameterColumns: Hashable, Sendable {
    /// The column names (`stage.parameter`), in order.
    public var names: [String]
    /// Per pipeline name, its value for each column it has.
    public var values: [String: [String: String]]

    /// Creates the columns; empty by default (a spec without sweeps).
    public init(names: [String] = [], values: [String: [String: String]] = [:]) {
        self.names = names
        self.values = values
    }

    /// The cells of `pipeline`'s row, one per column.
    func cells(_ pipeline: String) -> [String] {
        let v = values[pipeline]
        return names.map { v?[$0] ?? "" }
    }

    /// Reads the columns after the `standard` ones of a parsed table: each must look like a
    /// parameter key (`stage.parameter`) and be named once; a pipeline's values must agree
    /// on every row.
    static func parse(_ table: CSVTable, standard: [String], pipelineColumn: Int, file: String) throws(TraceFileError) -> ParameterColumns {
        guard table.header.count >= standard.count, Array(table.header.prefix(standard.count)) == standard else {
            throw TraceFileError(file: file, line: 1, problem: "columns are '\(ErrorText.excerpt(table.header.joined(separator: ","), limit: 160))', expected '\(standard.joined(separator: ","))' (and, after a sweep, its parameters)")
        }
        let extra = Array(table.header.dropFirst(standard.count))
        var seen: Set<String> = []
        for name in extra {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }), seen.insert(name).inserted else {
                throw TraceFileError(file: file, line: 1, problem: "column '\(ErrorText.excerpt(name, limit: 40))' is neither a standard column nor a swept parameter (stage.parameter), or is given twice")
            }
        }
        var columns = ParameterColumns(names: extra)
        guard !extra.isEmpty else { return columns }
        for r in table.rows {
            let pipeline = r.fields[pipelineColumn]
            var v: [String: String] = [:]
            for (k, name) in extra.enumerated() where !r.fields[standard.count + k].isEmpty { v[name] = r.fields[standard.count + k] }
            if v.isEmpty { continue }
            if let known = columns.values[pipeline], known != v {
                throw TraceFileError(file: file, line: r.line, problem: "pipeline '\(ErrorText.excerpt(pipeline, limit: 60))' has other parameter values than on an earlier row")
            }
            columns.values[pipeline] = v
        }
        return columns
    }
}
